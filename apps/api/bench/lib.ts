/**
 * What the benchmark's parts share: child processes (the production server and the ceilings) on
 * 127.0.0.1, closed-loop load with autocannon, open-loop load with a fixed schedule, percentiles
 * and the local-only guard. Every figure is measured over real HTTP from this process.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { ROOT_DIR } from '../src/config.ts';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
export const BENCH_DIR = path.join(ROOT_DIR, '.tmp/bench');

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** Builds the production bundle the benchmarks serve (what `npm run build` does); throws when it fails. */
export function buildBundle(log: (line: string) => void) {
  log('Building the production bundle (npm run build)…');
  const build = spawnSync(process.execPath, [path.join(ROOT_DIR, 'scripts/build.mjs')], {
    cwd: ROOT_DIR,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('npm run build failed');
}

/** `raw` when it points at this machine; the benchmark never talks to anything else. */
export function localUrl(raw: string): string {
  const url = new URL(raw);
  if (!LOCAL_HOSTS.has(url.hostname))
    throw new Error(`The benchmark only talks to 127.0.0.1; ${url.hostname} is not local.`);
  return raw;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A process serving HTTP on 127.0.0.1, started by `startServer`. */
export interface Served {
  url: string;
  pid: number;
  /** Milliseconds from spawning the process until `readyPath` answered 200. */
  startMs: number;
  /** Resident memory now, in MB (Linux /proc). */
  rssMb(): number;
  /** Sends a signal to the process (SIGWINCH: the event-loop monitor's report). */
  signal(name: NodeJS.Signals): void;
  stop(): Promise<void>;
}

function rssOf(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

/**
 * Starts `node <args>` with `env` on a free port of 127.0.0.1 and waits until `readyPath` answers
 * 200. Its output goes to .tmp/bench/<name>.log.
 */
export async function startServer(
  name: string,
  args: string[],
  env: Record<string, string>,
  options: { readyPath?: string; timeoutMs?: number } = {},
): Promise<Served> {
  const port = await freePort();
  fs.mkdirSync(BENCH_DIR, { recursive: true });
  const log = fs.openSync(path.join(BENCH_DIR, `${name}.log`), 'w');
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT_DIR,
    stdio: ['ignore', log, log],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let dead = false;
  void exited.then(() => {
    dead = true;
    fs.closeSync(log);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = started + (options.timeoutMs ?? 120_000);
  const stop = async () => {
    if (!dead) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  for (;;) {
    if (dead) throw new Error(`${name} stopped while starting (see .tmp/bench/${name}.log)`);
    if (performance.now() > deadline) {
      await stop();
      throw new Error(`${name} did not answer within ${options.timeoutMs ?? 120_000} ms`);
    }
    const status = await fetch(`${url}${options.readyPath ?? '/api/health'}`)
      .then((res) => res.status)
      .catch(() => 0);
    if (status === 200) break;
    await sleep(10);
  }
  return {
    url,
    pid: child.pid!,
    startMs: performance.now() - started,
    rssMb: () => rssOf(child.pid!),
    signal: (signal) => child.kill(signal),
    stop,
  };
}

export interface ClosedLoop {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

/** `connections` clients each sending the next request when the last one is answered, for `seconds`. */
export async function closedLoop(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<ClosedLoop> {
  await autocannon({ url, connections, amount: connections * 50, headers }); // warm-up
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // A 304 is the answer a conditional read wants; any other answer outside 2xx is an error.
    errors: result.errors + result.non2xx - result['3xx'] + result.timeouts,
  };
}

export interface OpenLoop {
  rate: number;
  sent: number;
  answered: number;
  /** Achieved answers per second. */
  throughput: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
}

/** One request of an open loop: a GET, or a write with its body. */
export interface OpenRequest {
  path: string;
  headers: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
}

/**
 * Open loop: request i is due at start + i / rate whatever happened to the others, and its latency
 * counts from that due time (so queueing in the client or the server is counted, unlike
 * autocannon's -R which waits for answers and bunches requests). Paths are taken in turn.
 */
export async function openLoop(
  base: string,
  requests: OpenRequest[],
  rate: number,
  seconds: number,
  onAnswer?: (index: number, status: number, body: string) => void,
): Promise<OpenLoop> {
  const target = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const pending = new Set<Promise<void>>();
  const start = performance.now() + 20;
  const send = (index: number, due: number) => {
    const request = requests[index % requests.length]!;
    const done = new Promise<void>((resolve) => {
      const req = http.request(
        {
          agent,
          method: request.method ?? 'GET',
          host: target.hostname,
          port: target.port,
          path: request.path,
          headers: request.headers,
          timeout: 30_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          if (onAnswer) res.on('data', (chunk: Buffer) => chunks.push(chunk));
          else res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) latencies.push(performance.now() - due);
            else errors += 1;
            onAnswer?.(index, res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'));
            resolve();
          });
          res.on('error', () => {
            errors += 1;
            resolve();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(request.body);
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + (sent * 1000) / rate <= now) {
        send(sent, start + (sent * 1000) / rate);
        sent += 1;
      }
      if (sent >= total) resolve();
      else setTimeout(tick, 1);
    };
    setTimeout(tick, 20);
  });
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rate,
    sent,
    answered: latencies.length,
    throughput: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? Number.NaN,
    errors,
  };
}

/** p50 and p95 of `runs` calls of `work`, in ms, after 5 calls to warm up. */
export async function timeCalls(runs: number, work: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 5; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

/** A text table: the first column left-aligned, the others right-aligned. */
export function formatTable(header: string[], rows: string[][]): string {
  const table = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...table.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((w, i) => (i === 0 ? '-' : '').padEnd(w + 1, '-') + (i === 0 ? '-' : ':')).join('|')}|`,
  ]
    .concat(rows.map(line))
    .join('\n');
}
