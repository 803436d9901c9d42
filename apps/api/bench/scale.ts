/**
 * npm run bench:scale -w @grove/api — Grove's play screens on a year of a 100 000-family program
 * on PostgreSQL (issue 27 item 6), next to the same figures on the same 100 000 accounts without
 * that year of play, started in the same run. Prints a table and writes bench/scale-results.json. It
 * asserts nothing.
 *
 * 1. The production bundle when apps/api/dist/server.mjs is missing (npm run build).
 * 2. The data sets, each built when missing and kept: the base (100 000 demo accounts with their
 *    people and players, and bench/data.ts's heavy player; grove_scale_base) and its copy
 *    with 10 M sessions and 50 M heart-rate rows (bench/scale-data.ts; resumable: a stopped build
 *    goes on where it stopped).
 * 3. On each, the production server as `npm start` runs it, over HTTP on 127.0.0.1: each screen's
 *    read at 10 connections in a closed loop (p50, p99, req/s) for bench/data.ts's heavy player
 *    (3 years of 3 sessions a day: the same rows on both) and, on the scale set, for a typical
 *    player with a year of play; the game's uploads at 100/s for 10 s (bench/ingest.ts).
 * 4. In this process: the nightly retention run and the erasure of one family (rolled back, so
 *    the data set stays the same), the screens' queries under EXPLAIN (ANALYZE, BUFFERS)
 *    (written to .tmp/bench/scale-explain.txt), and the play tables' sizes.
 *
 * BENCH_DATABASE_URL: the PostgreSQL server (default postgres://root@127.0.0.1:5432/test).
 * --build-only builds the data sets and stops; --seconds N sets each closed loop's length (5);
 * --build-minutes N stops starting chunks after N minutes and measures the data set as it is (the
 * figures then say PARTIAL; the next run resumes the build).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ROOT_DIR } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { rowsOf } from '../src/db/raw.ts';
import { authHeaders, issueAccessToken } from '../test/factories.ts';
import { measureIngest, type IngestFigures } from './ingest.ts';
import { BENCH_DIR, buildBundle, closedLoop, formatTable, round, startServer, type ClosedLoop } from './lib.ts';
import { buildScale, ensureBase, ensureScaleDatabase, SCALE, type BuildFigures } from './scale-data.ts';
import {
  explainScreens,
  tableSizes,
  timeErasure,
  timeRetention,
  type ErasureFigure,
  type ExplainFigure,
  type RetentionFigure,
  type TableSize,
} from './scale-measure.ts';

const { values: flags } = parseArgs({
  options: {
    'build-only': { type: 'boolean', default: false },
    seconds: { type: 'string', default: '5' },
    // Minutes the build may take in this run; then the data set is finished as it is (resumed next run).
    'build-minutes': { type: 'string' },
  },
});
const SECONDS = Number(flags.seconds);
const CONNECTIONS = 10;
const INGEST = { rate: 100, seconds: 10, devices: 200 };
const SERVER = path.join(ROOT_DIR, 'apps/api/dist/server.mjs');
const RESULTS = path.join(ROOT_DIR, 'apps/api/bench/scale-results.json');
const EXPLAIN_FILE = path.join(BENCH_DIR, 'scale-explain.txt');
const postgresBase = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

const began = Date.now();
const elapsed = () => `${((Date.now() - began) / 1000).toFixed(0)} s`;
const log = (line: string) => console.log(line);

/** A player whose screens are read, with the parent who reads them. */
interface Subject {
  label: string;
  playerId: number;
  accountId: number;
  parentUserId: number;
  sessions: number;
  hrRises: number;
}

interface ReadFigure extends ClosedLoop {
  dataSet: string;
  player: string;
  name: string;
}

interface DataSetFigures {
  name: string;
  url: string;
  subjects: Subject[];
  reads: ReadFigure[];
  ingest: IngestFigures;
  retention: RetentionFigure;
  erasure: ErasureFigure[];
  sizes: { tables: TableSize[]; databaseBytes: number };
}

async function subjectOf(database: Database, label: string, playerId: number): Promise<Subject> {
  const [row] = rowsOf<{ account_id: number; user_id: number; sessions: number; rises: number }>(
    await database.db.execute(sql`
      select p.account_id, (select min(u.id) from users u where u.account_id = p.account_id and u.is_billing_user) as user_id,
             (select count(*)::int from play_sessions s where s.player_id = p.id) as sessions,
             (select count(*)::int from hr_rises r where r.player_id = p.id) as rises
        from players p where p.id = ${playerId}`),
  );
  return {
    label,
    playerId,
    accountId: row!.account_id,
    parentUserId: row!.user_id,
    sessions: row!.sessions,
    hrRises: row!.rises,
  };
}

/** A generated player whose play started a year before the plan's clock, with the typical count of sessions. */
async function yearPlayer(database: Database): Promise<number> {
  const [row] = rowsOf<{ player_id: number }>(
    await database.db.execute(sql`
      with plan as (select clock, rate from bench_scale_plan),
           firsts as (
             select s.player_id, count(*) as n, min(s.period_datetime) as first
               from play_sessions s
              where s.player_id <= ${SCALE.chunkWidth} and s.game_session_id like 'scale-%'
              group by s.player_id)
      select f.player_id from firsts f, plan
       where f.first < plan.clock - interval '355 days'
         and exists (select 1 from players p join users u on u.account_id = p.account_id and u.is_billing_user
                      where p.id = f.player_id)
       order by abs(f.n - plan.rate * 365), f.player_id limit 1`),
  );
  if (!row) throw new Error('no player with a year of play in the scale data set');
  return row.player_id;
}

function readsOf(subject: Subject): [string, string][] {
  const id = subject.playerId;
  return [
    ['health', '/api/health'],
    ['user info', '/api/v2/user/info/'],
    ['player list', `/api/v2/player/accounts/${subject.accountId}/`],
    ['overview (home)', `/api/v1/dashboard/player/${id}/overview/`],
    ['activity, 3 months', `/api/v2/player/${id}/activity/?time_frame=3Mos`],
    ['weekly chart, all time', `/api/v2/player/${id}/activity/weekly/?time_frame=all`],
    ['hr_rises, 1000-row page', `/api/v2/player/${id}/hr_rises/?page=1&page_size=1000`],
  ];
}

async function measure(name: string, url: string, subjects: Subject[]): Promise<DataSetFigures> {
  log(`${name}: the production server on ${new URL(url).pathname.slice(1)} (${elapsed()})`);
  const served = await startServer(
    `scale-${name}`,
    [SERVER],
    { DATABASE_URL: url, NODE_ENV: 'production' },
    {
      timeoutMs: 300_000,
    },
  );
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  try {
    const reads: ReadFigure[] = [];
    for (const subject of subjects) {
      const headers = authHeaders(await issueAccessToken(database.db, subject.parentUserId, 4 * 3600));
      for (const [read, route] of readsOf(subject)) {
        if (read === 'health' && subject !== subjects[0]) continue;
        const check = await fetch(`${served.url}${route}`, { headers });
        if (!check.ok) throw new Error(`${name}: ${route} answered ${check.status}`);
        const result = await closedLoop(
          `${served.url}${route}`,
          read === 'health' ? {} : headers,
          CONNECTIONS,
          SECONDS,
        );
        reads.push({ dataSet: name, player: subject.label, name: read, ...result });
        log(
          `  ${subject.label}: ${read}: p50 ${result.p50} ms, p99 ${result.p99} ms, ${Math.round(result.reqPerSec)} req/s`,
        );
      }
    }
    const ingest = await measureIngest(served.url, database, INGEST);
    log(
      `  ingest ${INGEST.rate} uploads/s for ${INGEST.seconds} s: p50 ${round(ingest.p50)} ms, p99 ${round(ingest.p99)} ms, ${ingest.errors} errors`,
    );
    await served.stop();
    const retention = await timeRetention(database);
    log(
      `  retention run: ${round(retention.ms)} ms (${retention.purged} accounts purged, ${retention.removedRows} rows)`,
    );
    const erasure: ErasureFigure[] = [];
    for (const subject of subjects) {
      const figure = await timeErasure(database, subject.accountId, subject.parentUserId);
      erasure.push(figure);
      log(`  erasure of ${subject.label}'s family: ${round(figure.ms)} ms (${figure.removedRows} rows)`);
    }
    const sizes = await tableSizes(database);
    return { name, url, subjects, reads, ingest, retention, erasure, sizes };
  } finally {
    await served.stop();
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------

if (!fs.existsSync(SERVER)) {
  buildBundle(log);
}

const base = await ensureBase(postgresBase, log);
const scaleUrl = await ensureScaleDatabase(postgresBase, log);
const build: BuildFigures = await buildScale(
  scaleUrl,
  log,
  SCALE.sessions,
  SCALE.chunkWidth,
  flags['build-minutes'] ? began + Number(flags['build-minutes']) * 60_000 : Number.POSITIVE_INFINITY,
);
if (build.chunksDone < build.chunks)
  log(`PARTIAL data set: ${build.chunksDone} of ${build.chunks} chunks; run again to finish it.`);
log(`Scale data set ready (${elapsed()}): ${JSON.stringify(build.rows)}`);
if (flags['build-only']) process.exit(0);

const heavy = (database: Database) => subjectOf(database, 'heavy player (3 years)', base.heavy.playerId);
const benchDb = await openDatabase({ databaseUrl: base.url, poolSize: 2 });
const scaleDb = await openDatabase({ databaseUrl: scaleUrl, poolSize: 2 });
let benchSubjects: Subject[];
let scaleSubjects: Subject[];
try {
  benchSubjects = [await heavy(benchDb)];
  scaleSubjects = [await heavy(scaleDb), await subjectOf(scaleDb, 'year player', await yearPlayer(scaleDb))];
} finally {
  await benchDb.close();
  await scaleDb.close();
}

const figures = [
  await measure('base 100k', base.url, benchSubjects),
  await measure('scale 10M', scaleUrl, scaleSubjects),
];

log(`EXPLAIN (ANALYZE, BUFFERS) of the screens' queries on the scale set (${elapsed()})`);
const explains: { player: string; figures: ExplainFigure[] }[] = [];
{
  const database = await openDatabase({ databaseUrl: scaleUrl, poolSize: 2 });
  try {
    for (const subject of scaleSubjects)
      explains.push({ player: subject.label, figures: await explainScreens(database, scaleUrl, subject.playerId) });
  } finally {
    await database.close();
  }
}
fs.mkdirSync(BENCH_DIR, { recursive: true });
fs.writeFileSync(
  EXPLAIN_FILE,
  explains.flatMap(({ player, figures: list }) => list.map((f) => `-- ${player}: ${f.query}\n${f.plan}\n`)).join('\n'),
);

// ---------------------------------------------------------------------------------------------

const fmt = (value: number) => (Number.isFinite(value) ? String(round(value)) : '–');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const [benchFigures, scaleFigures] = figures as [DataSetFigures, DataSetFigures];
const cell = (figure: ReadFigure | undefined) =>
  figure ? [fmt(figure.p50), fmt(figure.p99), String(Math.round(figure.reqPerSec))] : ['–', '–', '–'];
const readNames = readsOf(benchSubjects[0]!).map(([name]) => name);
const find = (set: DataSetFigures, player: string, name: string) =>
  set.reads.find((r) => r.name === name && (r.player === player || name === 'health'));

log('');
log(`Screens at ${CONNECTIONS} connections, ${SECONDS} s each (p50 ms, p99 ms, req/s)`);
log(
  formatTable(
    ['read', '100k: p50', 'p99', 'req/s', '10M heavy: p50', 'p99', 'req/s', '10M year player: p50', 'p99', 'req/s'],
    readNames.map((name) => [
      name,
      ...cell(find(benchFigures, 'heavy player (3 years)', name)),
      ...cell(find(scaleFigures, 'heavy player (3 years)', name)),
      ...cell(find(scaleFigures, 'year player', name)),
    ]),
  ),
);
log('');
log(
  formatTable(
    ['work', 'base 100k', 'scale 10M'],
    [
      ['upload, p50 ms (100/s open loop)', fmt(benchFigures.ingest.p50), fmt(scaleFigures.ingest.p50)],
      ['upload, p99 ms', fmt(benchFigures.ingest.p99), fmt(scaleFigures.ingest.p99)],
      ['retention run, ms', fmt(benchFigures.retention.ms), fmt(scaleFigures.retention.ms)],
      ['erasure, heavy family, ms', fmt(benchFigures.erasure[0]!.ms), fmt(scaleFigures.erasure[0]!.ms)],
      ['erasure, year family, ms', '–', fmt(scaleFigures.erasure[1]?.ms ?? Number.NaN)],
      ['database size', mb(benchFigures.sizes.databaseBytes), mb(scaleFigures.sizes.databaseBytes)],
    ],
  ),
);
log('');
log('Play tables at 10 M sessions');
log(
  formatTable(
    ['table', 'rows', 'heap', 'indexes', 'total', 'bytes/row'],
    scaleFigures.sizes.tables.map((t) => [
      t.table,
      String(t.rows),
      mb(t.tableBytes),
      mb(t.indexBytes),
      mb(t.totalBytes),
      t.rows ? String(Math.round(t.totalBytes / t.rows)) : '–',
    ]),
  ),
);
log('');
log(`Screen queries on the scale set (EXPLAIN ANALYZE; plans in ${path.relative(process.cwd(), EXPLAIN_FILE)})`);
log(
  formatTable(
    ['player: query', 'ms', 'buffers hit', 'read', 'plan'],
    explains.flatMap(({ player, figures: list }) =>
      list.map((f) => [
        `${player}: ${f.query}`,
        String(round(f.ms, 2)),
        String(f.sharedHit),
        String(f.sharedRead),
        f.nodes.slice(0, 90),
      ]),
    ),
  ),
);
log('');
log(
  `Build: ${build.chunks} chunks (${Math.round(build.chunksMs / 1000)} s of chunk time, three at a time), indexes ${Math.round(build.indexesMs / 1000)} s, ` +
    `rollups ${Math.round(build.rollupsMs / 1000)} s, VACUUM ANALYZE ${Math.round(build.analyzeMs / 1000)} s; ` +
    Object.entries(build.modes)
      .map(([mode, m]) => `${mode}: ${m.chunks} chunks at ${Math.round(m.sessionsPerSecond)} sessions/s each`)
      .join(', '),
);

fs.writeFileSync(
  RESULTS,
  `${JSON.stringify(
    {
      when: new Date().toISOString(),
      connections: CONNECTIONS,
      seconds: SECONDS,
      build,
      dataSets: figures.map((f) => ({ ...f, url: new URL(f.url).pathname.slice(1) })),
      explains: explains.map(({ player, figures: list }) => ({
        player,
        figures: list.map((f) => ({ ...f, plan: undefined })),
      })),
    },
    null,
    2,
  )}\n`,
);
log(`Written to ${path.relative(process.cwd(), RESULTS)} (${elapsed()})`);
