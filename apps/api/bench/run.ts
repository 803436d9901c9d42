/**
 * npm run bench — server time of the play-data reads on a heavy player, on PGlite and on
 * PostgreSQL. Prints figures; it is not a test.
 *
 * The player has 3 years of 3 sessions a day (3,285 sessions) with 10 heart-rate rises, 5 cooldowns
 * and 10 cooldown events each (33 pages of 1000 rises); 30 other players' data is interleaved so
 * that the player's rows are spread over the tables as in real life. Each request runs over real
 * HTTP on 127.0.0.1 with autocannon (1 connection, BENCH_SECONDS seconds after a warm-up); the
 * server time is Fastify's own reply.elapsedTime (request in → response sent).
 *
 * PostgreSQL: BENCH_DATABASE_URL, else postgres://root@127.0.0.1:5432/test when it answers. A fresh
 * database is created for the run and dropped after. Only 127.0.0.1 / localhost is used.
 */
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { ADMIN_TARGET_P95_MS, measureAdmin } from './admin.ts';
import { printTable, timeRequests, withPostgres, type BenchRequest, type Row } from './lib.ts';
import { accounts } from '../src/db/schema/index.ts';
import { createParent } from '../test/factories.ts';

const TARGET_P95_MS = 20;
const YEARS = 3;
const SESSIONS_A_DAY = 3;
const RISES_PER_SESSION = 10;
const OTHER_PLAYERS = 30;

/** The heavy player and its neighbours, generated in SQL, then vacuumed so statistics are fresh. */
async function loadData(database: Database) {
  const { db } = database;
  const family = await createParent(db, { players: ['Bench'] });
  await db.update(accounts).set({ timeZone: 'America/New_York' }).where(eq(accounts.id, family.account.id));
  const others = await createParent(db, { players: Array.from({ length: OTHER_PLAYERS }, (_, i) => `Other ${i + 1}`) });
  const player = family.players[0]!;
  const days = YEARS * 365;
  const started = Date.now();

  await db.execute(sql`
    insert into play_sessions (account_id, player_id, game_session_id, period_datetime, seconds_played, acorns_earned,
                               hr_rise_count, cool_down_count, cool_down_seconds, cooldown_event_count)
    select x.account_id, x.player_id, 'bench-' || x.player_id || '-' || x.d || '-' || x.k, x.at,
           600 + (x.d * 7 + x.k * 13) % 1200, 10, ${RISES_PER_SESSION}, 5, 300, ${RISES_PER_SESSION}
      from (
        select ${family.account.id}::int as account_id, ${player.id}::int as player_id, d, k,
               now() - interval '${sql.raw(String(days))} days' + d * interval '1 day' + (8 + k * 5) * interval '1 hour' as at
          from generate_series(0, ${days - 1}) d, generate_series(0, ${SESSIONS_A_DAY - 1}) k
        union all
        select ${others.account.id}, p.id, d, 0,
               now() - interval '${sql.raw(String(days))} days' + d * interval '1 day' + interval '17 hours' + p.id * interval '1 second'
          from generate_series(0, ${days - 1}) d, players p where p.account_id = ${others.account.id}
      ) x
     where x.at < now() - interval '1 hour'
     order by x.at`);
  const fromSessions = sql`from play_sessions s cross join lateral generate_series(1, s.hr_rise_count) g(n) order by s.period_datetime, s.player_id, g.n`;
  await db.execute(sql`
    insert into hr_rises (player_id, session_id, occurred_at, start_bpm, peak_bpm)
    select s.player_id, s.id, s.period_datetime + g.n * interval '50 seconds', 85 + g.n, 120 + g.n ${fromSessions}`);
  await db.execute(sql`
    insert into cool_downs (player_id, session_id, started_at, ended_at, start_bpm, end_bpm)
    select s.player_id, s.id, s.period_datetime + g.n * interval '100 seconds', s.period_datetime + (g.n * 100 + 60) * interval '1 second', 125, 95
      from play_sessions s cross join lateral generate_series(1, s.cool_down_count) g(n) order by s.period_datetime, s.player_id, g.n`);
  await db.execute(sql`
    insert into cooldown_events (player_id, session_id, occurred_at, event_type, bpm)
    select s.player_id, s.id, s.period_datetime + g.n * interval '50 seconds', case when g.n % 2 = 0 then 'completed' else 'prompted' end, 100
    ${fromSessions}`);
  await db.execute(sql`vacuum analyze`);

  const [counts] = await db
    .select({
      sessions: sql<number>`(select count(*) from play_sessions where player_id = ${player.id})`.mapWith(Number),
      rises: sql<number>`(select count(*) from hr_rises where player_id = ${player.id})`.mapWith(Number),
    })
    .from(accounts)
    .where(eq(accounts.id, family.account.id));
  return {
    player,
    headers: family.headers,
    sessions: counts!.sessions,
    rises: counts!.rises,
    seconds: (Date.now() - started) / 1000,
  };
}

async function measure(label: string, database: Database): Promise<Row[]> {
  const data = await loadData(database);
  const lastPage = Math.ceil(data.rises / 1000);
  console.log(
    `${label}: player ${data.player.id} with ${data.sessions} sessions and ${data.rises} rises (${lastPage} pages of 1000), ` +
      `+${OTHER_PLAYERS} other players; loaded in ${data.seconds.toFixed(1)} s`,
  );

  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST_DIR: '.tmp/no-web' });
  const app = await buildApp(config, database, { logger: false });
  const id = data.player.id;
  const requests: BenchRequest[] = [
    [
      'weekly chart, all time',
      `/api/v2/player/${id}/activity/weekly/?time_frame=all`,
      (b) => ((b.weeks as unknown[]).length >= 156 ? null : 'too few weeks'),
    ],
    [
      'hr_rises first page (1000)',
      `/api/v2/player/${id}/hr_rises/?page=1&page_size=1000`,
      (b) => ((b.results as unknown[]).length === 1000 ? null : 'not 1000 rows'),
    ],
    [
      `hr_rises middle page (${Math.ceil(lastPage / 2)})`,
      `/api/v2/player/${id}/hr_rises/?page=${Math.ceil(lastPage / 2)}&page_size=1000`,
      (b) => ((b.results as unknown[]).length === 1000 ? null : 'not 1000 rows'),
    ],
    [
      `hr_rises last page (${lastPage})`,
      `/api/v2/player/${id}/hr_rises/?page=${lastPage}&page_size=1000`,
      (b) => ((b.results as unknown[]).length > 0 && b.next === null ? null : 'not the last page'),
    ],
    [
      'overview (home)',
      `/api/v1/dashboard/player/${id}/overview/`,
      (b) => (b.player_id === id ? null : 'wrong player'),
    ],
  ];
  try {
    return await timeRequests(app, label, data.headers, requests);
  } finally {
    await app.close();
  }
}

// npm run bench [play|admin]: both by default.
const only = process.argv[2];
const started = Date.now();

if (only !== 'admin') {
  const rows: Row[] = [];
  const notes: string[] = [];
  const pglite = await openDatabase({});
  try {
    await pglite.migrate();
    rows.push(...(await measure('PGlite', pglite)));
  } finally {
    await pglite.close();
  }
  const postgres = await withPostgres((database) => measure('PostgreSQL', database));
  if (typeof postgres === 'string') notes.push(postgres);
  else rows.push(...postgres);
  console.log('\nPlay data of a heavy player');
  printTable(rows, TARGET_P95_MS);
  for (const note of notes) console.log(note);
}

if (only !== 'play') {
  const admin = await measureAdmin();
  if (typeof admin === 'string') console.log(admin);
  else {
    console.log('\nAdmin accounts list (issue 14)');
    printTable(admin, ADMIN_TARGET_P95_MS);
  }
}
console.log(`Done in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
