/**
 * npm run bench [-- --quick] — how fast Grove is for the people who use it, on this machine,
 * against ceilings measured in the same run. Prints one table and writes apps/api/bench/results.json
 * (--quick: .tmp/bench/results.quick.json). It asserts nothing: the budgets are in the table.
 *
 * 1. Builds the production bundle (npm run build: the web app with its precompressed copies, the
 *    API compiled to apps/api/dist/server.mjs).
 * 2. For PostgreSQL (BENCH_DATABASE_URL, by default the local server at 127.0.0.1:5432; its own
 *    database) and for PGlite (its own folder): prepares the data set (bench/data.ts: 100 000
 *    accounts on PostgreSQL, the demo world on PGlite, and a player with 3 years of 3 sessions a
 *    day), then
 *    - the ceilings (bench/ceiling.mjs): a bare Fastify JSON route, and a bare Fastify route that
 *      runs one prepared query on the same database;
 *    - the production server, as `npm start` runs it: cold start, memory at rest;
 *    - each read at 10 connections (req/s, and as a share of the ceilings), and the home screen's
 *      read repeated by a client that holds it (If-None-Match: 304);
 *    - an open loop: a mix of signed-in reads at a constant 500 req/s for 30 s, 3 times (latency
 *      from each request's due time), on PostgreSQL once more at 1 000 req/s, with the event
 *      loop's delays (bench/loop-monitor.mjs);
 *    - on PostgreSQL, the game's uploads at 500 sessions/s for 30 s and the count of what was
 *      stored (bench/ingest.ts);
 *    - memory after the load; server-side query times (bench/queries.ts);
 *    - the first start on an empty database until the first page answers (demo data included).
 * 3. The web (bench/web.ts): the JavaScript each page makes the browser download, and Lighthouse.
 *
 * Only 127.0.0.1 is used; every process it starts is stopped.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT_DIR } from '../src/config.ts';
import { authHeaders } from '../test/factories.ts';
import { emptyPostgres, preparePglite, preparePostgres, type DataSpec, type Prepared } from './data.ts';
import {
  BENCH_DIR,
  buildBundle,
  closedLoop,
  formatTable,
  openLoop,
  round,
  startServer,
  type ClosedLoop,
  type OpenLoop,
  type Served,
} from './lib.ts';
import { measureIngest, type IngestFigures } from './ingest.ts';
import { measureQueries, type QueryFigure } from './queries.ts';
import { measureWeb, type WebPageFigures } from './web.ts';

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    // Only build the data sets (kept for the next runs), e.g. ahead of a measurement.
    'prepare-only': { type: 'boolean', default: false },
  },
});
const quick = flags.quick;
const S = quick
  ? { closed: 1, open: 3, openRuns: 1, queries: 30, starts: 1, rest: 500, lighthouse: false, firstStartPg: false }
  : { closed: 5, open: 30, openRuns: 3, queries: 200, starts: 3, rest: 2000, lighthouse: true, firstStartPg: true };
const OPEN_RATE = 500;
const OPEN_RATE_HIGH = 1000;
/** Game uploads (bench/ingest.ts): a million families' after-school peak, from this many tablets. */
const INGEST = quick ? { rate: 100, seconds: 3, devices: 100 } : { rate: 500, seconds: 30, devices: 2000 };
const CONNECTIONS = 10;
const SPECS: Record<'PostgreSQL' | 'PGlite', DataSpec> = quick
  ? { PostgreSQL: { accounts: 200, years: 0.5 }, PGlite: { accounts: 200, years: 0.5 } }
  : {
      PostgreSQL: { accounts: Number(process.env.BENCH_ACCOUNTS ?? 100_000), years: 3 },
      PGlite: { accounts: 200, years: 3 },
    };
const DEMO = { email: 'parent@example.com', password: 'GroveDemo!2026' };
const DEMO_STAFF = { email: 'staff@example.com', password: 'GroveDemo!2026' };
const SERVER = path.join(ROOT_DIR, 'apps/api/dist/server.mjs');
const LOOP_MONITOR = pathToFileURL(path.join(ROOT_DIR, 'apps/api/bench/loop-monitor.mjs')).href;
const CEILING = path.join(ROOT_DIR, 'apps/api/bench/ceiling.mjs');

const log = (line: string) => console.log(line);
const began = Date.now();
const elapsed = () => `${((Date.now() - began) / 1000).toFixed(0)} s`;

interface ReadFigure extends ClosedLoop {
  name: string;
  path: string;
}

interface DatabaseFigures {
  database: 'PostgreSQL' | 'PGlite';
  accounts: number;
  heavyPlayer: { sessions: number; hrRises: number };
  ceilings: { bare: ClosedLoop; oneQuery: ClosedLoop };
  reads: ReadFigure[];
  openLoop: OpenLoop[];
  eventLoop: LoopReport | null;
  rssMb: { atRest: number; afterLoad: number; afterFirstStart: number };
  coldStartMs: number[];
  firstStartMs: number;
  queries: QueryFigure[];
  /** The game's uploads at the peak (PostgreSQL). */
  ingest: IngestFigures | null;
}

async function ceiling(kind: 'bare' | 'query', env: Record<string, string>, userId: number): Promise<ClosedLoop> {
  const served = await startServer(`ceiling-${kind}`, [CEILING], {
    ...env,
    CEILING: kind,
    CEILING_USER_ID: String(userId),
  });
  try {
    return await closedLoop(`${served.url}/ceiling`, {}, CONNECTIONS, S.closed);
  } finally {
    await served.stop();
  }
}

const serverEnv = (prepared: Prepared, loopFile: string) => ({
  ...prepared.env,
  NODE_ENV: 'production',
  LOOP_MONITOR_FILE: loopFile,
});

const startGrove = (name: string, env: Record<string, string>, readyPath?: string) =>
  startServer(name, ['--import', LOOP_MONITOR, SERVER], env, { readyPath, timeoutMs: 300_000 });

/** What bench/loop-monitor.mjs writes: the event loop's delays (ms) and the memory's parts (MB). */
interface LoopReport {
  p50: number;
  p99: number;
  max: number;
  memory?: { rss: number; heapTotal: number; heapUsed: number; external: number; rest: number };
}

async function loopReport(served: Served, file: string) {
  fs.rmSync(file, { force: true });
  served.signal('SIGWINCH');
  for (let i = 0; i < 100 && !fs.existsSync(file); i++) await sleep(20);
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as LoopReport;
  } catch {
    return null;
  }
}

async function measureDatabase(
  database: 'PostgreSQL' | 'PGlite',
  prepared: Prepared,
  bare: ClosedLoop,
  web: (served: Served) => Promise<void>,
): Promise<DatabaseFigures> {
  const { data } = prepared;
  log(
    `${database}: ${data.accounts} accounts; player ${data.playerId} with ${data.sessions} sessions, ${data.hrRises} rises (${elapsed()})`,
  );
  const oneQuery = await ceiling('query', prepared.env, data.parentUserId);
  log(`  ceilings: bare ${Math.round(bare.reqPerSec)} req/s, one query ${Math.round(oneQuery.reqPerSec)} req/s`);

  const tokens = await prepared.tokens();
  const parent = authHeaders(tokens.parent);
  const staff = authHeaders(tokens.staff);
  const loopFile = path.join(BENCH_DIR, `loop-${database}.json`);
  const env = serverEnv(prepared, loopFile);

  const coldStartMs: number[] = [];
  for (let i = 1; i < S.starts; i++) {
    const served = await startGrove(`server-${database}`, env);
    coldStartMs.push(served.startMs);
    await served.stop();
  }
  const served = await startGrove(`server-${database}`, env);
  coldStartMs.push(served.startMs);
  try {
    await sleep(S.rest);
    const atRest = served.rssMb();
    const id = data.playerId;
    const reads: [string, string, Record<string, string>][] = [
      ['health', '/api/health', {}],
      ['user info', '/api/v2/user/info/', parent],
      ['player list', `/api/v2/player/accounts/${data.accountId}/`, parent],
      ['overview (home)', `/api/v1/dashboard/player/${id}/overview/`, parent],
      ['activity, 3 months', `/api/v2/player/${id}/activity/?time_frame=3Mos`, parent],
      ['weekly chart, all time', `/api/v2/player/${id}/activity/weekly/?time_frame=all`, parent],
      ['hr_rises, 1000-row page', `/api/v2/player/${id}/hr_rises/?page=1&page_size=1000`, parent],
      ['admin account search', `/api/v2/admin/accounts/?search=${encodeURIComponent(data.searchName)}`, staff],
    ];
    for (const [, url, headers] of reads) {
      const res = await fetch(`${served.url}${url}`, { headers });
      if (!res.ok) throw new Error(`${database}: ${url} answered ${res.status}`);
    }
    // The home screen read again by a client that holds it: 304 after the access check.
    const tagged = await fetch(`${served.url}/api/v1/dashboard/player/${id}/overview/`, { headers: parent });
    const etag = tagged.headers.get('etag');
    if (!etag) throw new Error(`${database}: the overview answered without an ETag`);
    reads.push([
      'overview, repeated (304)',
      `/api/v1/dashboard/player/${id}/overview/`,
      { ...parent, 'if-none-match': etag },
    ]);
    await loopReport(served, loopFile); // from here on: the load only
    const figures: ReadFigure[] = [];
    for (const [name, url, headers] of reads) {
      const result = await closedLoop(`${served.url}${url}`, headers, CONNECTIONS, S.closed);
      figures.push({ name, path: url, ...result });
      log(`  ${name}: ${Math.round(result.reqPerSec)} req/s, p99 ${result.p99} ms`);
    }
    // The open loop: what a parent's home and stats screens read, in turn.
    const mix = reads
      .filter(([name]) =>
        ['user info', 'player list', 'overview (home)', 'activity, 3 months', 'weekly chart, all time'].includes(name),
      )
      .map(([, url, headers]) => ({ path: url, headers }));
    const open: OpenLoop[] = [];
    for (let run = 0; run < S.openRuns; run++) {
      const result = await openLoop(served.url, mix, OPEN_RATE, S.open);
      open.push(result);
      log(
        `  open loop ${OPEN_RATE} req/s for ${S.open} s: p50 ${round(result.p50)} ms, p99 ${round(result.p99)} ms, ${result.errors} errors`,
      );
    }
    // PostgreSQL serves several instances' worth of parents: twice the rate, once.
    if (database === 'PostgreSQL') {
      const result = await openLoop(served.url, mix, OPEN_RATE_HIGH, S.open);
      open.push(result);
      log(
        `  open loop ${OPEN_RATE_HIGH} req/s for ${S.open} s: p50 ${round(result.p50)} ms, p99 ${round(result.p99)} ms, ${result.errors} errors`,
      );
    }
    const eventLoop = await loopReport(served, loopFile);
    const afterLoad = served.rssMb();
    await web(served);
    // PGlite is one process: the count needs the database from here while the server runs.
    let ingest: IngestFigures | null = null;
    if (database === 'PostgreSQL') {
      const db = await prepared.open();
      try {
        ingest = await measureIngest(served.url, db, INGEST);
      } finally {
        await db.close();
      }
      log(
        `  ingest ${INGEST.rate} uploads/s for ${INGEST.seconds} s: ${round(ingest.throughput)} sessions/s, p99 ${round(ingest.p99)} ms, ${ingest.errors} errors, ${ingest.problems.length ? ingest.problems.join('; ') : 'every acknowledged session stored once'}`,
      );
    }
    await served.stop();

    const db = await prepared.open();
    let queries: QueryFigure[];
    try {
      queries = await measureQueries(db, data, S.queries);
    } finally {
      await db.close();
    }

    const first = await firstStart(database);
    return {
      database,
      accounts: data.accounts,
      heavyPlayer: { sessions: data.sessions, hrRises: data.hrRises },
      ceilings: { bare, oneQuery },
      reads: figures,
      openLoop: open,
      eventLoop,
      rssMb: { atRest, afterLoad, afterFirstStart: first.rss },
      coldStartMs,
      firstStartMs: first.ms,
      queries,
      ingest,
    };
  } finally {
    await served.stop();
  }
}

/** A brand-new database: the server migrates, loads the demo data and serves; until `/` answers. */
async function firstStart(database: 'PostgreSQL' | 'PGlite'): Promise<{ ms: number; rss: number }> {
  if (database === 'PGlite') {
    const dataDir = path.join(BENCH_DIR, 'first-start');
    fs.rmSync(dataDir, { recursive: true, force: true });
    try {
      const served = await startGrove(
        'first-start-PGlite',
        { DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production' },
        '/',
      );
      const rss = served.rssMb();
      await served.stop();
      return { ms: served.startMs, rss };
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (!S.firstStartPg) return { ms: Number.NaN, rss: Number.NaN };
  const empty = await emptyPostgres(postgresBase);
  try {
    const served = await startGrove('first-start-PostgreSQL', { DATABASE_URL: empty.url, NODE_ENV: 'production' }, '/');
    const rss = served.rssMb();
    await served.stop();
    return { ms: served.startMs, rss };
  } finally {
    await empty.drop();
  }
}

// ---------------------------------------------------------------------------------------------

const postgresBase = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
fs.mkdirSync(BENCH_DIR, { recursive: true });

if (!flags['skip-build']) {
  buildBundle(log);
}

const notes: string[] = [];
const results: DatabaseFigures[] = [];
let webFigures: WebPageFigures[] = [];

if (flags['prepare-only']) {
  const postgres = await preparePostgres(postgresBase, SPECS.PostgreSQL, log);
  if (typeof postgres === 'string') log(postgres);
  await preparePglite(SPECS.PGlite, log);
  log(`Data sets ready (${elapsed()}).`);
  process.exit(0);
}

log(`Ceiling: a bare Fastify JSON route (${elapsed()})`);
const bare = await ceiling('bare', {}, 1);

const postgres = await preparePostgres(postgresBase, SPECS.PostgreSQL, log);
if (typeof postgres === 'string') notes.push(postgres);
else results.push(await measureDatabase('PostgreSQL', postgres, bare, async () => {}));

const pglite = await preparePglite(SPECS.PGlite, log);
results.push(
  await measureDatabase('PGlite', pglite, bare, async (served) => {
    log(`Web: the JavaScript of four pages${S.lighthouse ? ' and Lighthouse' : ''} (${elapsed()})`);
    webFigures = await measureWeb({
      baseUrl: served.url,
      distDir: path.join(ROOT_DIR, 'apps/web/dist'),
      parent: DEMO,
      staff: DEMO_STAFF,
      lighthouse: S.lighthouse,
      log,
    });
  }),
);

// ---------------------------------------------------------------------------------------------
// The table.

const pg = results.find((r) => r.database === 'PostgreSQL');
const pgl = results.find((r) => r.database === 'PGlite')!;
const ms = (value: number) => `${round(value, value < 10 ? 1 : 0)}`;
const rps = (value: number) => Math.round(value).toLocaleString('en-US');
const pct = (part: number, whole: number) => `${round((part / whole) * 100)} %`;
const read = (r: DatabaseFigures | undefined, name: string) => r?.reads.find((f) => f.name === name);
const query = (r: DatabaseFigures | undefined, prefix: string) => r?.queries.find((q) => q.query.startsWith(prefix));
const worst = (runs: OpenLoop[] | undefined) =>
  runs?.length ? runs.reduce((a, b) => (b.p99 > a.p99 ? b : a)) : undefined;

/** Met or not; a text when the databases differ ("PostgreSQL yes, PGlite NO"). */
type Verdict = boolean | string | null;
const rows: { measure: string; pg: string; pglite: string; budget: string; met: Verdict }[] = [];
const add = (measure: string, pgValue: string, pgliteValue: string, budget = '', met: Verdict = null) =>
  rows.push({ measure, pg: pgValue, pglite: pgliteValue, budget, met });
const both = (check: (r: DatabaseFigures) => boolean): Verdict => {
  if (results.length === 0) return null;
  const verdicts = results.map((r) => [r.database, check(r)] as const);
  if (verdicts.every(([, ok]) => ok)) return true;
  if (verdicts.every(([, ok]) => !ok)) return false;
  return verdicts.map(([database, ok]) => `${database} ${ok ? 'yes' : 'NO'}`).join(', ');
};

add(
  'ceiling: bare Fastify JSON route, req/s',
  pg ? rps(pg.ceilings.bare.reqPerSec) : '—',
  rps(pgl.ceilings.bare.reqPerSec),
);
add(
  'ceiling: one prepared query, req/s',
  pg ? rps(pg.ceilings.oneQuery.reqPerSec) : '—',
  rps(pgl.ceilings.oneQuery.reqPerSec),
);
for (const { name } of pg?.reads ?? pgl.reads) {
  const cell = (r: DatabaseFigures | undefined) => {
    const f = read(r, name);
    return f && r
      ? `${rps(f.reqPerSec)} = ${pct(f.reqPerSec, r.ceilings.oneQuery.reqPerSec)} (${pct(f.reqPerSec, r.ceilings.bare.reqPerSec)} of bare), p99 ${f.p99} ms`
      : '—';
  };
  // Issue 27's budgets: a share of the one-query route on the same database, and p99 (PostgreSQL).
  const share = (r: DatabaseFigures, minimum: number) =>
    read(r, name)!.reqPerSec >= minimum * r.ceilings.oneQuery.reqPerSec;
  const onPostgres = (minimum: number, p99: number): Verdict =>
    pg ? share(pg, minimum) && read(pg, name)!.p99 <= p99 : null;
  const screen: [string, Verdict] = ['≥ 50 % of one query, p99 ≤ 15 ms (PostgreSQL)', onPostgres(0.5, 15)];
  const budgets: Record<string, [string, Verdict]> = {
    health: ['≥ 85 % of one query (PostgreSQL)', pg ? share(pg, 0.85) : null],
    'user info': ['≥ 70 % of one query (PostgreSQL)', pg ? share(pg, 0.7) : null],
    'player list': screen,
    'overview (home)': screen,
    'activity, 3 months': screen,
    'weekly chart, all time': screen,
    'overview, repeated (304)': screen,
    'hr_rises, 1000-row page': ['≥ 25 % of one query, p99 ≤ 25 ms (PostgreSQL)', onPostgres(0.25, 25)],
  };
  const [budget, met] = budgets[name] ?? ['', null];
  add(`${name}, req/s at ${CONNECTIONS} connections`, cell(pg), cell(pgl), budget, met);
}
const openCell = (r: DatabaseFigures | undefined) => {
  const w = worst(r?.openLoop);
  return w
    ? `p50 ${ms(w.p50)} ms, p99 ${ms(w.p99)} ms, ${w.errors} errors, ${rps(w.throughput)} answered/s (worst of ${r!.openLoop.length})`
    : '—';
};
const atRate = (r: DatabaseFigures | undefined, rate: number) =>
  r ? { ...r, openLoop: r.openLoop.filter((o) => o.rate === rate) } : undefined;
add(
  `open loop: parent reads at ${OPEN_RATE} req/s for ${S.open} s`,
  openCell(atRate(pg, OPEN_RATE)),
  openCell(atRate(pgl, OPEN_RATE)),
  'p99 ≤ 25 ms (PostgreSQL), ≤ 60 ms (PGlite), 0 errors, every run',
  both((r) =>
    r.openLoop
      .filter((o) => o.rate === OPEN_RATE)
      .every((o) => o.errors === 0 && o.p99 <= (r.database === 'PostgreSQL' ? 25 : 60)),
  ),
);
const high = atRate(pg, OPEN_RATE_HIGH);
add(
  `open loop: parent reads at ${OPEN_RATE_HIGH} req/s for ${S.open} s`,
  openCell(high),
  '',
  'p99 ≤ 50 ms, 0 errors (PostgreSQL)',
  high?.openLoop.length ? high.openLoop.every((o) => o.errors === 0 && o.p99 <= 50) : null,
);
const ingestCell = (i: IngestFigures | null | undefined) =>
  i
    ? `${round(i.throughput)} sessions/s sustained, p99 ${ms(i.p99)} ms, ${i.errors} errors; ${i.acknowledged} acknowledged, ${i.retriesAnsweredDuplicate} retries answered duplicate; ${i.problems.length ? i.problems.join('; ') : 'each stored once, whole'}`
    : '—';
add(
  `ingest: game uploads at ${INGEST.rate}/s for ${INGEST.seconds} s from ${INGEST.devices} tablets`,
  ingestCell(pg?.ingest),
  '',
  '≥ 500 sessions/s sustained, p99 ≤ 50 ms, 0 errors, every acknowledged session stored once (PostgreSQL)',
  pg?.ingest
    ? pg.ingest.throughput >= 0.98 * 500 &&
        pg.ingest.p99 <= 50 &&
        pg.ingest.errors === 0 &&
        pg.ingest.problems.length === 0
    : null,
);
const loopCell = (r: DatabaseFigures | undefined) =>
  r?.eventLoop ? `p99 ${r.eventLoop.p99} ms, max ${r.eventLoop.max} ms` : '—';
add(
  'event loop delay during the load',
  loopCell(pg),
  loopCell(pgl),
  'max ≤ 20 ms',
  both((r) => (r.eventLoop?.max ?? Infinity) <= 20),
);
for (const prefix of ['weekly chart', 'hr_rises first', 'hr_rises last', 'accounts search']) {
  const cell = (r: DatabaseFigures | undefined) => {
    const q = query(r, prefix);
    return q ? `p50 ${ms(q.p50)} ms, p95 ${ms(q.p95)} ms` : '—';
  };
  const name = query(pgl, prefix)?.query ?? prefix;
  const playData = !prefix.startsWith('accounts');
  add(
    `query time: ${name.replace(/ \(\d+ accounts\)$/, '')} (${S.queries} runs)`,
    cell(pg),
    cell(pgl),
    playData ? 'p95 ≤ 20 ms' : '',
    playData ? both((r) => query(r, prefix)!.p95 <= 20) : null,
  );
}
const rssCell = (r: DatabaseFigures | undefined) =>
  r
    ? `${Number.isFinite(r.rssMb.afterFirstStart) ? `${Math.round(r.rssMb.afterFirstStart)} after first start, ` : ''}${Math.round(r.rssMb.atRest)} at rest, ${Math.round(r.rssMb.afterLoad)} after load`
    : '—';
add(
  'server memory (RSS), MB',
  rssCell(pg),
  rssCell(pgl),
  '≤ 200 (PostgreSQL), ≤ 300 (PGlite) after load',
  both((r) => r.rssMb.afterLoad <= (r.database === 'PostgreSQL' ? 200 : 300)),
);
const memoryCell = (r: DatabaseFigures | undefined) => {
  const m = r?.eventLoop?.memory;
  return m ? `V8 heap ${m.heapTotal} (${m.heapUsed} used), Buffers ${m.external}, rest ${m.rest}` : '—';
};
add('  after load: where it is, MB', memoryCell(pg), memoryCell(pgl), '', null);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
add(
  `cold start with existing data, ms (median of ${S.starts})`,
  pg ? ms(median(pg.coldStartMs)) : '—',
  ms(median(pgl.coldStartMs)),
  '≤ 1000',
  both((r) => median(r.coldStartMs) <= 1000),
);
const firstCell = (r: DatabaseFigures | undefined) =>
  r && Number.isFinite(r.firstStartMs) ? `${round(r.firstStartMs / 1000)}` : '—';
add(
  'first start on an empty database until the first page answers, s',
  firstCell(pg),
  firstCell(pgl),
  '≤ 8',
  both((r) => !Number.isFinite(r.firstStartMs) || r.firstStartMs <= 8000),
);
const kb = (bytes: number) => `${round(bytes / 1024)} KB`;
for (const page of webFigures) {
  add(
    `web: JavaScript for ${page.path} (${page.jsFiles} files), gzip / brotli`,
    '',
    `${kb(page.jsGzipBytes)} / ${kb(page.jsBrotliBytes)}`,
    page.page === 'login' ? '≤ 100 KB gzip' : '',
    page.page === 'login' ? page.jsGzipBytes <= 100 * 1024 : null,
  );
}
for (const page of webFigures) {
  if (!page.lighthouse) continue;
  const l = page.lighthouse;
  add(
    `web: Lighthouse mobile ${page.path}`,
    '',
    `performance ${l.performance}, accessibility ${l.accessibility}, CLS ${round(l.cls, 3)}, LCP ${Math.round(l.lcpMs)} ms, TBT ${Math.round(l.tbtMs)} ms`,
    '≥ 95, 100, CLS ≤ 0.05',
    l.performance >= 95 && l.accessibility === 100 && l.cls <= 0.05,
  );
}

const machine = {
  cpus: os.cpus().length,
  cpu: os.cpus()[0]?.model ?? 'unknown',
  memoryGb: round(os.totalmem() / 2 ** 30),
  node: process.version,
  os: `${os.type()} ${os.release()}`,
};
const table = formatTable(
  ['measure', 'PostgreSQL', 'PGlite', 'budget', 'met'],
  rows.map((r) => [
    r.measure,
    r.pg,
    r.pglite,
    r.budget,
    typeof r.met === 'string' ? r.met : r.met === null ? '' : r.met ? 'yes' : 'NO',
  ]),
);
console.log(
  `\nGrove benchmark${quick ? ' (quick)' : ''}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — ${machine.cpus} × ${machine.cpu}, ${machine.memoryGb} GiB, Node ${machine.node}\n`,
);
console.log(table);
for (const note of notes) console.log(note);
const output = quick ? path.join(BENCH_DIR, 'results.quick.json') : path.join(ROOT_DIR, 'apps/api/bench/results.json');
fs.writeFileSync(
  output,
  `${JSON.stringify({ at: new Date().toISOString(), quick, machine, settings: { ...S, openRate: OPEN_RATE, connections: CONNECTIONS, specs: SPECS }, databases: results, web: webFigures, table: rows, notes }, null, 2)}\n`,
);
console.log(`\nWritten to ${path.relative(process.cwd(), output)}. Done in ${elapsed()}.`);
