/**
 * The benchmark's data sets. Each database gets the demo world (`seedDemoData`: staff, coaches,
 * the demo logins) plus one heavy player: `years` of 3 sessions a day with 10 heart-rate rises,
 * 5 cooldowns and 10 cooldown events each, with 30 other players' sessions interleaved so its rows
 * are spread over the tables as in real life. On PostgreSQL the demo world has 100 000 accounts.
 *
 * A data set is kept for the next run (a PostgreSQL database `grove_bench_<key>`, a PGlite folder
 * .tmp/bench/pglite-<key>): building 100 000 accounts takes minutes, and the runs only add sign-in
 * rows. The key changes with the migrations and the data set's size, so a stale one is never used.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { MIGRATIONS_DIR, openDatabase, type Database } from '../src/db/client.ts';
import { rowsOf } from '../src/db/raw.ts';
import { accounts, appMeta } from '../src/db/schema/index.ts';
import { seedDemoData } from '../src/db/seed/index.ts';
import { createParent, issueAccessToken } from '../test/factories.ts';
import { BENCH_DIR, localUrl } from './lib.ts';

export interface DataSet {
  /** The heavy player, its parent and their account. */
  playerId: number;
  parentUserId: number;
  accountId: number;
  staffUserId: number;
  accounts: number;
  sessions: number;
  hrRises: number;
  /** A player's name and a mistyped last name that the admin search will look for. */
  searchName: string;
  searchTypo: string;
}

export interface DataSpec {
  accounts: number;
  years: number;
}

const SESSIONS_A_DAY = 3;
const RISES_PER_SESSION = 10;
const OTHER_PLAYERS = 30;
const META_KEY = 'bench_data_set';

/** The heavy player, its parent and their account. */
export interface Heavy {
  playerId: number;
  parentUserId: number;
  accountId: number;
}

function dataKey(spec: DataSpec): string {
  const migrations = fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'));
  const hash = crypto.createHash('sha256');
  hash.update(JSON.stringify({ spec, migrations, version: 1 }));
  for (const file of migrations) hash.update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
  return hash.digest('hex').slice(0, 10);
}

/**
 * The heavy player's sessions and events over `years`, generated in SQL, with OTHER_PLAYERS
 * neighbours' sessions interleaved (bench/scale-data.ts builds its base with it too).
 */
export async function addHeavyPlayer(database: Database, years: number): Promise<Heavy> {
  const { db } = database;
  const family = await createParent(db, {
    players: ['Bench'],
    user: { email: 'bench.parent@example.com', firstName: 'Bench', lastName: 'Parent' },
  });
  await db.update(accounts).set({ timeZone: 'America/New_York' }).where(eq(accounts.id, family.account.id));
  const others = await createParent(db, {
    players: Array.from({ length: OTHER_PLAYERS }, (_, i) => `Other ${i + 1}`),
    user: { email: 'bench.others@example.com' },
  });
  const player = family.players[0]!;
  const days = Math.round(years * 365);
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
  const sessions = sql`from play_sessions s cross join lateral generate_series(1, s.hr_rise_count) g(n)
    where s.account_id in (${family.account.id}, ${others.account.id}) order by s.period_datetime, s.player_id, g.n`;
  await db.execute(sql`
    insert into hr_rises (player_id, session_id, occurred_at, start_bpm, peak_bpm)
    select s.player_id, s.id, s.period_datetime + g.n * interval '50 seconds', 85 + g.n, 120 + g.n ${sessions}`);
  await db.execute(sql`
    insert into cool_downs (player_id, session_id, started_at, ended_at, start_bpm, end_bpm)
    select s.player_id, s.id, s.period_datetime + g.n * interval '100 seconds', s.period_datetime + (g.n * 100 + 60) * interval '1 second', 125, 95
      from play_sessions s cross join lateral generate_series(1, s.cool_down_count) g(n)
     where s.account_id in (${family.account.id}, ${others.account.id}) order by s.period_datetime, s.player_id, g.n`);
  await db.execute(sql`
    insert into cooldown_events (player_id, session_id, occurred_at, event_type, bpm)
    select s.player_id, s.id, s.period_datetime + g.n * interval '50 seconds', case when g.n % 2 = 0 then 'completed' else 'prompted' end, 100
    ${sessions}`);
  return { playerId: player.id, parentUserId: family.user.id, accountId: family.account.id };
}

async function describe(database: Database, heavy: Heavy): Promise<DataSet> {
  const { db } = database;
  const [figures] = rowsOf<{ accounts: number; sessions: number; rises: number; staff: number }>(
    await db.execute(sql`
      select (select count(*)::int from accounts) as accounts,
             (select count(*)::int from play_sessions where player_id = ${heavy.playerId}) as sessions,
             (select count(*)::int from hr_rises where player_id = ${heavy.playerId}) as rises,
             (select min(id) from users where is_staff) as staff`),
  );
  const [sample] = rowsOf<{ player: string; last_name: string }>(
    await db.execute(sql`
      select p.name as player, u.last_name
        from players p join users u on u.account_id = p.account_id and u.is_billing_user
       where u.email not like 'bench.%' and length(u.last_name) >= 4
       order by p.id desc limit 1`),
  );
  const last = sample!.last_name;
  return {
    ...heavy,
    staffUserId: figures!.staff,
    accounts: figures!.accounts,
    sessions: figures!.sessions,
    hrRises: figures!.rises,
    searchName: sample!.player,
    searchTypo: `${last.slice(0, -2)}${last.at(-1)}${last.at(-2)}`,
  };
}

/** Fills a migrated, empty database with the data set. */
async function build(database: Database, spec: DataSpec, log: (line: string) => void) {
  const started = Date.now();
  await seedDemoData(database.db, { accounts: spec.accounts, withoutPlay: spec.accounts > 1000, log: () => {} });
  log(`  demo world of ${spec.accounts} accounts in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const heavy = await addHeavyPlayer(database, spec.years);
  await database.db.execute(sql`vacuum analyze`);
  await database.db.insert(appMeta).values({ key: META_KEY, value: heavy });
  log(`  heavy player in ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
}

async function stored(database: Database): Promise<Heavy | null> {
  const [row] = await database.db.select().from(appMeta).where(eq(appMeta.key, META_KEY));
  return (row?.value as Heavy | undefined) ?? null;
}

export interface Prepared {
  data: DataSet;
  /** What the server is started with: DATABASE_URL or DATA_DIR. */
  env: Record<string, string>;
  /** Opens the data set in this process (close it before a PGlite server starts). */
  open(): Promise<Database>;
  /** Fresh sign-in tokens: the heavy player's parent and a staff member. */
  tokens(): Promise<{ parent: string; staff: string }>;
}

async function finish(open: () => Promise<Database>, env: Record<string, string>): Promise<Prepared> {
  const database = await open();
  try {
    const heavy = await stored(database);
    if (!heavy) throw new Error('the data set is incomplete');
    const data = await describe(database, heavy);
    return {
      data,
      env,
      open,
      tokens: async () => {
        const db = await open();
        try {
          return {
            parent: await issueAccessToken(db.db, data.parentUserId, 4 * 3600),
            staff: await issueAccessToken(db.db, data.staffUserId, 4 * 3600),
          };
        } finally {
          await db.close();
        }
      },
    };
  } finally {
    await database.close();
  }
}

/** The PGlite data set in its folder, built on first use. */
export async function preparePglite(spec: DataSpec, log: (line: string) => void): Promise<Prepared> {
  const dataDir = path.join(BENCH_DIR, `pglite-${spec.accounts}-${dataKey(spec)}`);
  const open = async () => openDatabase({ dataDir });
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION')) || !(await hasMarker(open))) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    log(`PGlite: building the data set in ${path.relative(process.cwd(), dataDir)}`);
    const database = await open();
    try {
      await database.migrate();
      await build(database, spec, log);
    } finally {
      await database.close();
    }
  }
  return finish(open, { DATA_DIR: dataDir, DATABASE_URL: '' });
}

async function hasMarker(open: () => Promise<Database>) {
  const database = await open();
  try {
    return (await stored(database)) !== null;
  } catch {
    return false;
  } finally {
    await database.close();
  }
}

/** The PostgreSQL data set in its own database on the local server, built on first use; null when no server answers. */
export async function preparePostgres(
  baseUrl: string,
  spec: DataSpec,
  log: (line: string) => void,
): Promise<Prepared | string> {
  const base = localUrl(baseUrl);
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    return `PostgreSQL skipped: ${base.replace(/\/\/[^@]*@/, '//…@')} does not answer (${(error as Error).message})`;
  }
  // The size in the name: a quick run's small data set and the full one live side by side.
  const prefix = `grove_bench_${spec.accounts}_`;
  const name = `${prefix}${dataKey(spec)}`;
  const target = new URL(base);
  target.pathname = `/${name}`;
  const url = target.toString();
  const open = async () => openDatabase({ databaseUrl: url, poolSize: 4 });
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (!exists || !(await hasMarker(open))) {
      // The same size built for older migrations goes.
      const old = await admin.query(`select datname from pg_database where starts_with(datname, $1)`, [prefix]);
      for (const row of old.rows as { datname: string }[]) {
        await admin.query(`drop database if exists "${row.datname}" with (force)`);
      }
      await admin.query(`create database "${name}"`);
      log(`PostgreSQL: building the data set in database ${name} (kept for the next run)`);
      const database = await open();
      try {
        await database.migrate();
        await build(database, spec, log);
      } catch (error) {
        await database.close();
        await admin.query(`drop database if exists "${name}" with (force)`);
        throw error;
      }
      await database.close();
    }
  } finally {
    await admin.end();
  }
  return finish(open, { DATABASE_URL: url });
}

/** A brand-new empty PostgreSQL database for the first-start measurement, and its removal. */
export async function emptyPostgres(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: localUrl(baseUrl) });
  await admin.connect();
  const name = `grove_bench_first_${process.pid}`;
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const target = new URL(baseUrl);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
