/**
 * What the benchmarks share (npm run bench): timing requests over real HTTP on 127.0.0.1 with
 * autocannon against the real server, a fresh PostgreSQL database for a run, and the table of
 * figures. The server time is Fastify's own reply.elapsedTime (request in → response sent).
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';
import type { App } from '../src/lib/types.ts';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export interface Row {
  database: string;
  request: string;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  clientP50: number;
  clientP97: number;
  errors: number;
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;

/** A request to time: its name, path, and a check of its answer (null when right). */
export type BenchRequest = [string, string, (body: Record<string, unknown>) => string | null];

/** Listens on 127.0.0.1, checks each request once, warms up, then times it for SECONDS. */
export async function timeRequests(
  app: App,
  label: string,
  authHeaders: Record<string, string>,
  requests: BenchRequest[],
): Promise<Row[]> {
  const serverTimes = new Map<string, number[]>();
  app.addHook('onResponse', async (request, reply) => {
    const times = serverTimes.get(request.url);
    if (times) times.push(reply.elapsedTime);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // A csrftoken cookie so the server does not set one on every answer.
  const headers = { ...authHeaders, cookie: 'csrftoken=bench' };
  const rows: Row[] = [];
  for (const [name, path, check] of requests) {
    const url = `http://127.0.0.1:${port}${path}`;
    const probe = await fetch(url, { headers });
    const problem = probe.ok ? check((await probe.json()) as Record<string, unknown>) : `HTTP ${probe.status}`;
    if (problem) throw new Error(`${name}: ${problem}`);
    await autocannon({ url, connections: 1, duration: 1, headers });
    serverTimes.set(path, []);
    const result = await autocannon({ url, connections: 1, duration: SECONDS, headers });
    const times = (serverTimes.get(path) ?? []).sort((a, b) => a - b);
    serverTimes.delete(path);
    rows.push({
      database: label,
      request: name,
      requests: times.length,
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      p99: percentile(times, 0.99),
      clientP50: result.latency.p50,
      clientP97: result.latency.p97_5,
      errors: result.errors + result.non2xx + result.timeouts,
    });
  }
  return rows;
}

export function localUrl(raw: string): string {
  const url = new URL(raw);
  if (!LOCAL_HOSTS.has(url.hostname))
    throw new Error(`The benchmark only talks to 127.0.0.1; ${url.hostname} is not local.`);
  return raw;
}

export async function withPostgres(run: (database: Database) => Promise<Row[]>): Promise<Row[] | string> {
  const base = localUrl(process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test');
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    return `PostgreSQL skipped: ${base.replace(/\/\/[^@]*@/, '//…@')} does not answer (${(error as Error).message})`;
  }
  const name = `grove_bench_${process.pid}`;
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const target = new URL(base);
  target.pathname = `/${name}`;
  try {
    const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 4 });
    try {
      await database.migrate();
      return await run(database);
    } finally {
      await database.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export function printTable(rows: Row[], targetMs: number) {
  const fmt = (ms: number) => ms.toFixed(2);
  const table = [
    [
      'database',
      'request',
      'requests',
      'server p50 ms',
      'server p95 ms',
      'server p99 ms',
      'client p50 ms',
      'client p97.5 ms',
      'errors',
      `p95 ≤ ${targetMs} ms`,
    ],
    ...rows.map((r) => [
      r.database,
      r.request,
      String(r.requests),
      fmt(r.p50),
      fmt(r.p95),
      fmt(r.p99),
      String(r.clientP50),
      String(r.clientP97),
      String(r.errors),
      r.p95 <= targetMs && r.errors === 0 ? 'yes' : 'NO',
    ]),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  console.log('');
  console.log(line(table[0]!));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of table.slice(1)) console.log(line(row));
  console.log('');
  console.log(
    `server = Fastify reply.elapsedTime (request in → response sent); client = autocannon latency over HTTP on 127.0.0.1 (whole ms). ${SECONDS} s per request, 1 connection.`,
  );
}
