/**
 * The scale data set (issue 27 item 6): a year of a 100 000-family program on PostgreSQL. A base
 * of 100 000 demo accounts and bench/data.ts's heavy player (`ensureBase`) is copied (`CREATE
 * DATABASE … TEMPLATE`, the base is never touched) and its ~165 000 players get about a year of play: 10 million
 * sessions and 50 million heart-rate rows (rises, cooldowns, cooldown events in the demo data's
 * ratio of 2.8 : 2.1 : 2.8).
 *
 * Generated in SQL (INSERT … SELECT generate_series) one chunk of player ids at a time, each chunk
 * its own transaction that also records itself in `bench_scale_chunks`: a stopped build loses at
 * most one chunk and the next run resumes after the last one recorded. The plan (its clock, the
 * rate, the players) is written once in `bench_scale_plan`, so a resumed build makes exactly the
 * rows an uninterrupted one would.
 *
 * The first chunk is written as production writes; the rest in bulk (see buildScale).
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { appMeta } from '../src/db/schema/index.ts';
import { seedDemoData } from '../src/db/seed/index.ts';
import { addHeavyPlayer, type Heavy } from './data.ts';
import { localUrl } from './lib.ts';

export const SCALE = {
  database: 'grove_scale_10m',
  sessions: 10_000_000,
  /** Heart-rate rows per session, 2.8 : 2.1 : 2.8 as in the demo data, scaled to 50 M in all. */
  rowsPerSession: 5,
  /** Player ids per chunk (one transaction). */
  chunkWidth: 2000,
  /** Players start between 365 and 146 days before the plan's clock. */
  yearDays: 365,
} as const;

export interface BuildFigures {
  chunks: number;
  /** Fewer than `chunks` when the build's time ran out: the figures are then of a partial data set. */
  chunksDone: number;
  /** Milliseconds per chunk and sessions per second, per way of loading. */
  modes: Record<string, { chunks: number; ms: number; sessions: number; sessionsPerSecond: number }>;
  /** Sum of the chunks' times (they run two at a time), the indexes' rebuild, the rollups', VACUUM ANALYZE. */
  chunksMs: number;
  indexesMs: number;
  rollupsMs: number;
  analyzeMs: number;
  rows: Record<string, number>;
}

const urlOf = (base: string, database: string) => {
  const url = new URL(localUrl(base));
  url.pathname = `/${database}`;
  return url.toString();
};

async function connect(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Lowers the priority of this connection's backend, so the server stays usable for others. */
async function renice(client: pg.Client) {
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  const { spawnSync } = await import('node:child_process');
  spawnSync('renice', ['-n', '5', '-p', String(rows[0]!.pid)], { stdio: 'ignore' });
}

export const BASE = {
  database: 'grove_scale_base',
  accounts: 100_000,
  /** bench/data.ts's heavy player: 3 years of 3 sessions a day, 10 rises each, 30 neighbours. */
  heavyYears: 3,
} as const;
const BASE_MARKER = 'bench_scale_base';

export type { Heavy };

/**
 * The base data set, built when missing: 100 000 demo accounts with their people, players and
 * tablets (the demo seed's core; its feature seeders — billing, coaching, … — are left out, they
 * take half an hour on 2 cores and no play screen reads them) and bench/data.ts's heavy player.
 * It is the comparison and the template of the scale database.
 */
export async function ensureBase(baseUrl: string, log: (line: string) => void): Promise<{ url: string; heavy: Heavy }> {
  const url = urlOf(baseUrl, BASE.database);
  const open = () => openDatabase({ databaseUrl: url, poolSize: 2 });
  const admin = await connect(urlOf(baseUrl, 'postgres'));
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [BASE.database])).rowCount === 1;
    if (exists) {
      const database = await open();
      try {
        const [row] = await database.db.select().from(appMeta).where(eq(appMeta.key, BASE_MARKER));
        if (row) return { url, heavy: row.value as Heavy };
      } finally {
        await database.close();
      }
      await admin.query(`drop database "${BASE.database}" with (force)`);
    }
    log(`Scale: building the base data set in ${BASE.database}`);
    const started = Date.now();
    await admin.query(`create database "${BASE.database}"`);
    const database = await open();
    try {
      await database.migrate();
      await seedDemoData(database.db, { accounts: BASE.accounts, withoutPlay: true, seeders: [], log: () => {} });
      log(`  ${BASE.accounts} accounts in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      const heavy = await addHeavyPlayer(database, BASE.heavyYears);
      await database.db.execute(sql`vacuum analyze`);
      await database.db.insert(appMeta).values({ key: BASE_MARKER, value: heavy });
      log(`  heavy player, VACUUM ANALYZE: ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
      return { url, heavy };
    } finally {
      await database.close();
    }
  } finally {
    await admin.end();
  }
}

/** The copy of the base database, made when missing. */
export async function ensureScaleDatabase(baseUrl: string, log: (line: string) => void) {
  const template = BASE.database;
  const admin = await connect(urlOf(baseUrl, 'postgres'));
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [SCALE.database]);
    if (exists.rowCount === 0) {
      log(`Scale: copying ${template} into ${SCALE.database}`);
      const started = Date.now();
      // The template must have no other session; a bench run elsewhere may hold one for a moment.
      for (let attempt = 1; ; attempt++) {
        try {
          await admin.query(`create database "${SCALE.database}" template "${template}"`);
          break;
        } catch (error) {
          if (attempt >= 30 || !/being accessed by other users/.test((error as Error).message)) throw error;
          await new Promise((resolve) => setTimeout(resolve, 2000));
        }
      }
      log(`  copied in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
  } finally {
    await admin.end();
  }
  return urlOf(baseUrl, SCALE.database);
}

const PLAN_DDL = `
  create table if not exists bench_scale_plan (
    id int primary key default 1 check (id = 1),
    clock timestamptz not null,
    max_player_id int not null,
    excluded int[] not null,
    players int not null,
    rate float8 not null,
    rows_per_session float8 not null,
    chunk_width int not null,
    dropped_indexes text[],
    indexes_ms bigint,
    rollups_ms bigint,
    built_at timestamptz,
    build_ms bigint,
    analyze_ms bigint,
    rows jsonb
  );
  create table if not exists bench_scale_chunks (
    chunk int primary key,
    mode text not null,
    sessions int not null,
    detail_rows bigint not null,
    ms int not null,
    rollups_ms int not null,
    done_at timestamptz not null default now()
  );`;

interface Plan {
  clock: Date;
  max_player_id: number;
  excluded: number[];
  players: number;
  rate: number;
  rows_per_session: number;
  chunk_width: number;
  dropped_indexes: string[] | null;
  indexes_ms: string | null;
  rollups_ms: string | null;
  built_at: Date | null;
  build_ms: string | null;
  analyze_ms: string | null;
  rows: Record<string, number> | null;
}

export async function planOf(
  client: pg.Client,
  target: number = SCALE.sessions,
  chunkWidth: number = SCALE.chunkWidth,
): Promise<Plan> {
  await client.query(PLAN_DDL);
  const existing = await client.query<Plan>('select * from bench_scale_plan');
  if (existing.rows[0]) return existing.rows[0];
  // The players that have play already (bench/data.ts's heavy player and its 30 neighbours) keep it.
  const { rows } = await client.query<{ max: number; excluded: number[]; players: number }>(`
    select max(id)::int as max,
           coalesce((select array_agg(distinct player_id) from play_sessions), '{}') as excluded,
           count(*)::int as players
      from players`);
  const { max, excluded, players } = rows[0]!;
  const playing = players - excluded.length;
  // A player starts r days ago, r uniform in [0.4, 1] × 365 (mean 0.7 × 365), and plays
  // rate × (0.5 + u) sessions a day, u uniform in [0, 1): the expected total is the target.
  const rate = target / playing / (0.7 * SCALE.yearDays);
  await client.query(
    `insert into bench_scale_plan (clock, max_player_id, excluded, players, rate, rows_per_session, chunk_width)
     values (date_trunc('day', now()), $1, $2, $3, $4, $5, $6)`,
    [max, excluded, playing, rate, SCALE.rowsPerSession, chunkWidth],
  );
  return (await client.query<Plan>('select * from bench_scale_plan')).rows[0]!;
}

/** A uniform number in [0, 1) from an integer expression and a salt. */
const rnd = (expr: string, salt: number) =>
  `((hashint8((${expr})::bigint * 1000003 + ${salt}) & 2147483647)::float8 / 2147483648.0)`;

/**
 * One chunk's play, as one statement: its sessions, then their rises, cooldowns and cooldown
 * events, in each player's time order. $1, $2: the chunk's player ids (lo, hi]; $3 the plan's
 * clock; $4 the rate; $5 the excluded players; $6 rises per session.
 */
export const CHUNK_SQL = `
  with pl as materialized (
    select p.id as player_id, p.account_id,
           round(${SCALE.yearDays} * (1 - 0.6 * ${rnd('p.id', 1)}))::int as span_days,
           ${rnd('p.id', 2)} as r_rate
      from players p
     where p.id > $1 and p.id <= $2 and p.id <> all($5::int[])
  ),
  n as (
    select pl.*, greatest(1, round(pl.span_days * $4::float8 * (0.5 + pl.r_rate)))::int as sessions from pl
  ),
  g as (
    select n.player_id, n.account_id, k,
           date_trunc('day', $3::timestamptz) - n.span_days * interval '1 day'
             + floor((k + 0.5) * n.span_days / n.sessions) * interval '1 day'
             + interval '19 hours' + floor(${rnd('n.player_id::bigint * 4096 + k', 3)} * 300) * interval '1 minute' as at,
           (600 + floor(${rnd('n.player_id::bigint * 4096 + k', 4)} * 1201))::int as secs,
           round(${rnd('n.player_id::bigint * 4096 + k', 5)} * 2 * $6::float8)::int as rises,
           ${rnd('n.player_id::bigint * 4096 + k', 6)} as r_cool
      from n cross join generate_series(0, n.sessions - 1) as k
  ),
  c as (select g.*, least(g.rises, floor(g.rises * 0.75 + g.r_cool)::int) as cools from g),
  s as (
    insert into play_sessions
      (account_id, player_id, game_session_id, period_datetime, seconds_played, acorns_earned,
       hr_rise_count, cool_down_count, cool_down_seconds, cooldown_event_count, created_at)
    select account_id, player_id, 'scale-' || player_id || '-' || k, at, secs, secs / 60 + 3 * cools,
           rises, cools, cools * 45, rises, at + secs * interval '1 second'
      from c order by at, player_id
    returning id, player_id, period_datetime, seconds_played, hr_rise_count, cool_down_count
  ),
  d as (
    select s.id, s.player_id, g.n, s.cool_down_count, s.period_datetime,
           s.period_datetime + floor(s.seconds_played * (g.n - 0.5) / s.hr_rise_count) * interval '1 second' as rise_at
      from s cross join generate_series(1, s.hr_rise_count) as g(n)
  ),
  r as (
    insert into hr_rises (player_id, session_id, occurred_at, start_bpm, peak_bpm)
    select player_id, id, rise_at, 82 + (id * 7 + n) % 16, 110 + (id * 13 + n) % 40
      from d order by period_datetime, player_id, n
    returning 1
  ),
  cd as (
    insert into cool_downs (player_id, session_id, started_at, ended_at, start_bpm, end_bpm)
    select player_id, id, rise_at + interval '12 seconds', rise_at + interval '57 seconds',
           110 + (id * 3 + n) % 25, 84 + (id * 5 + n) % 12
      from d where n <= cool_down_count order by period_datetime, player_id, n
    returning 1
  ),
  ev as (
    insert into cooldown_events (player_id, session_id, occurred_at, event_type, bpm)
    select player_id, id,
           case when n <= cool_down_count then rise_at + interval '57 seconds' else rise_at + interval '30 seconds' end,
           case when n <= cool_down_count then 'completed' else 'skipped' end,
           88 + (id * 11 + n) % 20
      from d order by period_datetime, player_id, n
    returning 1
  )
  select (select count(*) from s)::int as sessions,
         ((select count(*) from r) + (select count(*) from cd) + (select count(*) from ev))::bigint as detail_rows`;

export async function runChunk(url: string, plan: Plan, chunk: number, mode: 'triggers' | 'bulk') {
  const client = await connect(url);
  try {
    await renice(client);
    const started = Date.now();
    await client.query('begin');
    await client.query(`set local synchronous_commit = off`);
    await client.query(`set local work_mem = '64MB'`);
    if (mode === 'bulk') await client.query(`set local session_replication_role = replica`);
    const lo = chunk * plan.chunk_width;
    const hi = Math.min(lo + plan.chunk_width, plan.max_player_id);
    const { rows } = await client.query<{ sessions: number; detail_rows: string }>(CHUNK_SQL, [
      lo,
      hi,
      plan.clock,
      plan.rate,
      plan.excluded,
      (plan.rows_per_session * 2.8) / 7.7,
    ]);
    const ms = Date.now() - started;
    await client.query(
      `insert into bench_scale_chunks (chunk, mode, sessions, detail_rows, ms, rollups_ms) values ($1, $2, $3, $4, $5, 0)`,
      [chunk, mode, rows[0]!.sessions, rows[0]!.detail_rows, ms],
    );
    await client.query('commit');
    return { sessions: rows[0]!.sessions, detailRows: Number(rows[0]!.detail_rows), ms };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

export const PLAY_TABLES = [
  'play_sessions',
  'hr_rises',
  'cool_downs',
  'cooldown_events',
  'play_day_rollups',
  'play_week_rollups',
] as const;

/** The play tables' secondary indexes (not the primary keys), dropped for the bulk load. */
const BULK_TABLES = ['play_sessions', 'hr_rises', 'cool_downs', 'cooldown_events'];

/** How many chunks load at once (each its own connection and transaction). */
const WORKERS = 3;

/**
 * Fills the scale database up to its plan; resumes after the last finished chunk.
 *
 * The first chunk is written as production writes (every index, foreign keys checked, the rollup
 * triggers run). Then the play tables' secondary indexes are dropped (their definitions kept in
 * the plan) and the other chunks load in bulk (session_replication_role = replica: no foreign key
 * checks, no triggers), three at a time. At the end the indexes are built again, the rollups
 * computed once (`rebuild_play_rollups(null)`), the play tables vacuumed and analyzed, the rows
 * counted and the build recorded as done.
 */
export async function buildScale(
  url: string,
  log: (line: string) => void,
  target: number = SCALE.sessions,
  chunkWidth: number = SCALE.chunkWidth,
  /** No new chunk starts after this time (epoch ms): the data set is finished as it is, and the next run resumes. */
  deadline: number = Number.POSITIVE_INFINITY,
): Promise<BuildFigures> {
  const client = await connect(url);
  const step = async (what: string, work: () => Promise<unknown>) => {
    const started = Date.now();
    log(`  ${what}`);
    await work();
    const ms = Date.now() - started;
    log(`    ${(ms / 1000).toFixed(0)} s`);
    return ms;
  };
  try {
    await renice(client);
    let plan = await planOf(client, target, chunkWidth);
    let partial = false;
    const partialMs = { indexes: Number.NaN, rollups: Number.NaN };
    const chunks = Math.ceil(plan.max_player_id / plan.chunk_width);
    if (!plan.built_at) {
      const done = new Set(
        (await client.query<{ chunk: number }>('select chunk from bench_scale_chunks')).rows.map((r) => r.chunk),
      );
      log(
        `Scale: ${plan.players} players, ${chunks} chunks of ${plan.chunk_width} player ids, ${done.size} done; resuming`,
      );
      const run = async (chunk: number, mode: 'triggers' | 'bulk') => {
        const figures = await runChunk(url, plan, chunk, mode);
        log(
          `  chunk ${chunk + 1}/${chunks} (${mode}): ${figures.sessions} sessions, ${figures.detailRows} rows in ${(figures.ms / 1000).toFixed(1)} s`,
        );
      };
      if (!done.has(0)) await run(0, 'triggers');
      if (!plan.dropped_indexes) {
        const { rows } = await client.query<{ indexname: string; indexdef: string }>(
          `select i.indexname, i.indexdef from pg_indexes i
            where i.schemaname = 'public' and i.tablename = any($1::text[])
              and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.contype = 'p')`,
          [BULK_TABLES],
        );
        await client.query('begin');
        await client.query('update bench_scale_plan set dropped_indexes = $1', [rows.map((r) => r.indexdef)]);
        for (const row of rows) await client.query(`drop index if exists "${row.indexname}"`);
        await client.query('commit');
        plan = await planOf(client, target, chunkWidth);
      }
      const queue = Array.from({ length: chunks }, (_, i) => i).filter((i) => i > 0 && !done.has(i));
      await Promise.all(
        Array.from({ length: WORKERS }, async () => {
          for (let chunk = queue.shift(); chunk !== undefined && Date.now() < deadline; chunk = queue.shift())
            await run(chunk, 'bulk');
        }),
      );
      const left = chunks - Number((await client.query('select count(*) from bench_scale_chunks')).rows[0].count);
      partial = left > 0;
      if (partial) log(`  the time is up with ${left} chunks left: finishing the data set as it is (resumable)`);
      await client.query(`set maintenance_work_mem = '1GB'`);
      await client.query(`set max_parallel_maintenance_workers = 2`);
      // A partial data set records none of its finishing steps: the next run does them again.
      if (!plan.indexes_ms) {
        const ms = await step('building the secondary indexes again', async () => {
          for (const definition of plan.dropped_indexes ?? []) {
            await client.query(definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
          }
        });
        await client.query('update bench_scale_plan set indexes_ms = $1', [partial ? null : ms]);
        partialMs.indexes = ms;
      }
      if (!plan.rollups_ms) {
        const ms = await step('rebuild_play_rollups(null)', () => client.query('select rebuild_play_rollups(null)'));
        await client.query('update bench_scale_plan set rollups_ms = $1', [partial ? null : ms]);
        partialMs.rollups = ms;
      }
      const analyzeMs = await step('VACUUM ANALYZE of the play tables, ANALYZE of the rest', async () => {
        for (const table of PLAY_TABLES) await client.query(`vacuum analyze ${table}`);
        await client.query('analyze');
      });
      const rows: Record<string, number> = {};
      for (const table of [...PLAY_TABLES, 'players', 'accounts']) {
        const { rows: counted } = await client.query<{ n: string }>(`select count(*) as n from ${table}`);
        rows[table] = Number(counted[0]!.n);
      }
      const { rows: total } = await client.query<{ ms: string }>('select sum(ms) as ms from bench_scale_chunks');
      if (partial) {
        const { rows: done } = await client.query<{ n: number }>('select count(*)::int as n from bench_scale_chunks');
        return {
          chunks,
          chunksDone: done[0]!.n,
          modes: await modeFigures(client),
          indexesMs: partialMs.indexes,
          rollupsMs: partialMs.rollups,
          chunksMs: Number(total[0]!.ms),
          analyzeMs,
          rows,
        };
      }
      await client.query(`update bench_scale_plan set built_at = now(), build_ms = $1, analyze_ms = $2, rows = $3`, [
        total[0]!.ms,
        analyzeMs,
        rows,
      ]);
    }
    const final = await planOf(client, target, chunkWidth);
    return {
      chunks,
      chunksDone: chunks,
      modes: await modeFigures(client),
      indexesMs: Number(final.indexes_ms),
      rollupsMs: Number(final.rollups_ms),
      chunksMs: Number(final.build_ms),
      analyzeMs: Number(final.analyze_ms),
      rows: final.rows ?? {},
    };
  } finally {
    await client.end();
  }
}

async function modeFigures(client: pg.Client) {
  const { rows } = await client.query<{ mode: string; chunks: number; ms: string; sessions: string }>(
    `select mode, count(*)::int as chunks, sum(ms) as ms, sum(sessions) as sessions from bench_scale_chunks group by mode`,
  );
  const modes: BuildFigures['modes'] = {};
  for (const row of rows) {
    const ms = Number(row.ms);
    const sessions = Number(row.sessions);
    modes[row.mode] = { chunks: row.chunks, ms, sessions, sessionsPerSecond: sessions / (ms / 1000) };
  }
  return modes;
}
