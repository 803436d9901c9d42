/**
 * npm run soak [-- --minutes 10] — a steady mixed load on the production server for a while, to
 * find what only time shows: errors that come with load, memory that grows (issue 16, test 7).
 * Not part of CI.
 *
 * 1. Builds the API bundle (apps/api/dist/server.mjs; --skip-build to use the one there is).
 * 2. Prepares its own data set (bench/data.ts; PostgreSQL when DATABASE_URL or TEST_DATABASE_URL is
 *    set — a database `grove_bench_300_…` of its own on that server — else PGlite in .tmp/bench/),
 *    and 20 soak families, each with a player, a tablet and a staff member to write notes.
 * 3. Starts the server as `npm start` does (NODE_ENV=production) on 127.0.0.1, loads it for a
 *    warm-up, then for --minutes at --rate requests a second: parents reading their home and stats
 *    screens, tablets uploading play sessions, staff writing and reading notes.
 * 4. Prints the answers by kind, the errors (anything but the expected status; must be 0) and the
 *    server's resident memory after the warm-up and at the end (growth must stay under 10 %);
 *    PASS or FAIL, and exits non-zero on FAIL.
 *
 * Only 127.0.0.1 is used; the server it starts is stopped at the end.
 */
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT_DIR } from '../src/config.ts';
import { devices } from '../src/db/schema/index.ts';
import { authHeaders, createParent, createStaff, issueAccessToken } from '../test/factories.ts';
import { preparePglite, preparePostgres, type DataSpec, type Prepared } from './data.ts';
import { localUrl, percentile, round, startServer } from './lib.ts';

const { values: flags } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string', default: '100' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const minutes = Number(flags.minutes);
const rate = Number(flags.rate);
if (!(minutes > 0 && minutes <= 24 * 60) || !(rate > 0 && rate <= 2000)) {
  console.error('usage: npm run soak -- [--minutes 10] [--rate 100] [--skip-build]');
  process.exit(2);
}
/** The warm-up before the first memory reading: JIT, pools and caches fill up. */
const WARM_UP_S = Math.min(60, Math.max(15, minutes * 6));
const MAX_RSS_GROWTH = 0.1;
const FAMILIES = 20;
const IN_FLIGHT = 32;
const SPEC: DataSpec = { accounts: 300, years: 0.25 };
const SERVER = path.join(ROOT_DIR, 'apps/api/dist/server.mjs');
const log = (line: string) => console.log(line);

if (!flags['skip-build']) {
  log('Building the API bundle (scripts/build.mjs api)…');
  const build = spawnSync(process.execPath, [path.join(ROOT_DIR, 'scripts/build.mjs'), 'api'], {
    cwd: ROOT_DIR,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the API build failed');
}

const postgresBase = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
let prepared: Prepared;
if (postgresBase) {
  const result = await preparePostgres(localUrl(postgresBase), SPEC, log);
  if (typeof result === 'string') throw new Error(result);
  prepared = result;
} else {
  prepared = await preparePglite(SPEC, log);
}

interface Family {
  accountId: number;
  playerId: number;
  deviceId: number;
  parent: Record<string, string>;
  deviceToken?: string;
  /** The next free 25-minute slot of the player's play, counted from `playBase`. */
  slot: number;
}

// Tokens that outlive the run; the families' plays go back in time far enough for every upload.
const ttl = Math.round(WARM_UP_S + minutes * 60 + 600);
const families: Family[] = [];
let staff: Record<string, string>;
{
  const database = await prepared.open();
  try {
    for (let i = 0; i < FAMILIES; i++) {
      const family = await createParent(database.db, { players: [`Soak ${i + 1}`] });
      const [device] = await database.db
        .insert(devices)
        .values({ accountId: family.account.id, name: 'Soak tablet' })
        .returning();
      families.push({
        accountId: family.account.id,
        playerId: family.players[0]!.id,
        deviceId: device!.id,
        parent: authHeaders(await issueAccessToken(database.db, family.user.id, ttl)),
        slot: 0,
      });
    }
    staff = authHeaders(await issueAccessToken(database.db, (await createStaff(database.db)).user.id, ttl));
  } finally {
    await database.close();
  }
}

const SLOT_MS = 25 * 60_000;
const uploadsPerFamily = Math.ceil(((WARM_UP_S + minutes * 60) * rate * 0.1) / FAMILIES) + 10;
const playBase = Date.now() - (uploadsPerFamily + 2) * SLOT_MS;
let sequence = 0;

/** One 20-minute session in the family's next free slot, with its rises, cooldown and events. */
function playSession(family: Family) {
  const start = playBase + family.slot++ * SLOT_MS;
  const at = (minute: number) => new Date(start + minute * 60_000).toISOString();
  return {
    game_session_id: `soak-${process.pid}-${family.playerId}-${sequence++}`,
    player_id: family.playerId,
    period_datetime: at(0),
    seconds_played: 1200,
    acorns_earned: 12,
    hr_rises: [
      { occurred_at: at(2), start_bpm: 92, peak_bpm: 131 },
      { occurred_at: at(9), start_bpm: 95, peak_bpm: 124 },
    ],
    cool_downs: [{ started_at: at(3), ended_at: at(4), start_bpm: 131, end_bpm: 98 }],
    cooldown_events: [
      { occurred_at: at(3), event_type: 'prompted', bpm: 131 },
      { occurred_at: at(4), event_type: 'completed' },
    ],
  };
}

interface Call {
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: unknown;
  /** The statuses that are not errors. */
  ok: number[];
}

/** The mix: mostly parents reading, some tablets uploading, some staff writing and reading notes. */
function nextCall(i: number): Call {
  const family = families[i % families.length]!;
  const roll = i % 20;
  const id = family.playerId;
  if (roll < 2 && family.deviceToken) {
    return {
      kind: 'upload a session',
      method: 'POST',
      path: '/api/v1/game/sessions/',
      headers: { authorization: `Bearer ${family.deviceToken}` },
      body: { sessions: [playSession(family)] },
      ok: [200],
    };
  }
  if (roll === 2) {
    return {
      kind: 'write a note',
      method: 'POST',
      path: `/api/v2/admin/accounts/${family.accountId}/notes`,
      headers: staff,
      body: { text: `Soak note ${i}: called the family about their week.` },
      ok: [201],
    };
  }
  if (roll === 3) {
    const path = `/api/v2/admin/accounts/${family.accountId}/notes`;
    return { kind: 'read notes', method: 'GET', path, headers: staff, ok: [200] };
  }
  const reads: [string, string][] = [
    ['user info', '/api/v2/user/info/'],
    ['player list', `/api/v2/player/accounts/${family.accountId}/`],
    ['overview (home)', `/api/v1/dashboard/player/${id}/overview/`],
    ['activity, 3 months', `/api/v2/player/${id}/activity/?time_frame=3Mos`],
    ['weekly chart', `/api/v2/player/${id}/activity/weekly/?time_frame=all`],
  ];
  const [kind, path] = reads[i % reads.length]!;
  return { kind, method: 'GET', path, headers: family.parent, ok: [200] };
}

interface Tally {
  sent: number;
  errors: number;
  latencies: number[];
  /** A few error answers, to say what went wrong. */
  samples: string[];
}

const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });

function send(base: URL, call: Call): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: call.method,
        path: call.path,
        timeout: 30_000,
        headers: { ...call.headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (error) => resolve({ status: 0, body: error.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout after 30 s')));
    req.on('error', (error) => resolve({ status: 0, body: error.message }));
    req.end(payload);
  });
}

/** `rate` calls a second for `seconds` (at most IN_FLIGHT at once), tallied by kind. */
async function load(base: URL, seconds: number, tallies: Map<string, Tally>, first: number): Promise<number> {
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const pending = new Set<Promise<void>>();
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    while (pending.size >= IN_FLIGHT) await Promise.race(pending);
    const call = nextCall(first + n);
    const tally = tallies.get(call.kind) ?? { sent: 0, errors: 0, latencies: [], samples: [] };
    tallies.set(call.kind, tally);
    const at = performance.now();
    const done = send(base, call).then(({ status, body }) => {
      tally.sent += 1;
      tally.latencies.push(performance.now() - at);
      if (!call.ok.includes(status)) {
        tally.errors += 1;
        if (tally.samples.length < 3)
          tally.samples.push(`${status} ${call.method} ${call.path}: ${body.slice(0, 200)}`);
      }
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  }
  await Promise.all(pending);
  return first + total;
}

const served = await startServer('soak', [SERVER], { ...prepared.env, NODE_ENV: 'production' }, { timeoutMs: 300_000 });
let failed = true;
try {
  const base = new URL(served.url);
  for (const family of families) {
    const res = await send(base, {
      kind: 'device token',
      method: 'POST',
      path: `/api/v2/user/accounts/${family.accountId}/devices/${family.deviceId}/token/`,
      headers: family.parent,
      ok: [201],
    });
    if (res.status !== 201) throw new Error(`could not issue a device token: ${res.status} ${res.body}`);
    family.deviceToken = (JSON.parse(res.body) as { device_token: string }).device_token;
  }
  log(
    `Soak: ${prepared.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${rate} req/s, warm-up ${WARM_UP_S} s, then ${minutes} min (server ${served.url}, pid ${served.pid})`,
  );
  const warmTallies = new Map<string, Tally>();
  let next = await load(base, WARM_UP_S, warmTallies, 0);
  const rssStart = served.rssMb();
  log(`  RSS after the warm-up: ${round(rssStart)} MB`);

  const tallies = new Map<string, Tally>();
  const rssSamples: number[] = [rssStart];
  const began = performance.now();
  for (let minute = 0; minute < minutes; minute++) {
    const seconds = Math.min(60, minutes * 60 - minute * 60);
    next = await load(base, seconds, tallies, next);
    rssSamples.push(served.rssMb());
    const sent = [...tallies.values()].reduce((sum, t) => sum + t.sent, 0);
    const errors = [...tallies.values()].reduce((sum, t) => sum + t.errors, 0);
    log(`  minute ${minute + 1}: ${sent} requests so far, ${errors} errors, RSS ${round(rssSamples.at(-1)!)} MB`);
  }
  const elapsed = (performance.now() - began) / 1000;
  const rssEnd = served.rssMb();

  log('');
  log('| requests            |  sent | errors | p50 ms | p99 ms |');
  log('|---------------------|------:|-------:|-------:|-------:|');
  let sent = 0;
  let errors = 0;
  for (const [kind, tally] of [...tallies.entries()].sort()) {
    const sorted = [...tally.latencies].sort((a, b) => a - b);
    sent += tally.sent;
    errors += tally.errors;
    log(
      `| ${kind.padEnd(19)} | ${String(tally.sent).padStart(5)} | ${String(tally.errors).padStart(6)} | ${String(round(percentile(sorted, 0.5))).padStart(6)} | ${String(round(percentile(sorted, 0.99))).padStart(6)} |`,
    );
  }
  const warmErrors = [...warmTallies.values()].reduce((sum, t) => sum + t.errors, 0);
  const growth = (rssEnd - rssStart) / rssStart;
  log('');
  log(
    `Requests: ${sent} in ${round(elapsed)} s (${round(sent / elapsed)} req/s); errors: ${errors} (warm-up: ${warmErrors})`,
  );
  log(`RSS: ${round(rssStart)} MB after the warm-up, ${round(rssEnd)} MB at the end (${round(growth * 100)} %)`);
  for (const tally of [...warmTallies.values(), ...tallies.values()])
    for (const sample of tally.samples) log(`  ${sample}`);
  const problems = [
    ...(errors + warmErrors > 0 ? [`${errors + warmErrors} errors`] : []),
    ...(growth >= MAX_RSS_GROWTH ? [`memory grew ${round(growth * 100)} % (limit ${MAX_RSS_GROWTH * 100} %)`] : []),
  ];
  failed = problems.length > 0;
  log(failed ? `FAIL: ${problems.join('; ')}` : 'PASS: no errors, memory growth under 10 %');
} finally {
  agent.destroy();
  await served.stop();
}
process.exit(failed ? 1 : 0);
