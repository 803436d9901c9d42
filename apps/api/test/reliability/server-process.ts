/**
 * The real server as a child process (`node --import tsx apps/api/src/server.ts`), for tests that
 * need what `app.inject` cannot give: several processes, signals, crashes and restarts.
 *
 * `spawnServer` starts one on a free port of 127.0.0.1 and returns at once; `ready()` waits until
 * GET /api/health answers 200 (or the process exits: its output is in the error). The environment
 * starts from a quiet test configuration; pass DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT_DIR } from '../../src/config.ts';

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Settles when the process has exited (and been reaped: its pid is free). */
  exited: Promise<ServerExit>;
  /** Waits until GET /api/health answers 200; throws with the output if the process exits first. */
  ready(timeoutMs?: number): Promise<void>;
  /** SIGKILL: no shutdown code runs. Resolves once the process is gone. */
  kill(): Promise<ServerExit>;
  /** SIGTERM (a graceful shutdown), SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<ServerExit>;
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const SERVER_ENTRY = path.join(ROOT_DIR, 'apps/api/src/server.ts');

/** A quiet server without demo data, on PGlite unless DATABASE_URL is given. */
const BASE_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  LOG_FORMAT: 'json',
  SEED_DEMO_DATA: 'false',
  WEB_DIST_DIR: '.tmp/no-web',
  // Empty means unset (config.ts): the parent's own settings must not leak in.
  DATABASE_URL: '',
  PUBLIC_URL: '',
};

export async function spawnServer(
  env: Record<string, string>,
  options: { port?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: ROOT_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...BASE_ENV, ...env, PORT: String(port) },
  });
  let text = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  const exited = new Promise<ServerExit>((resolve) => {
    // 'close': exited and its output read to the end.
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
  let exit: ServerExit | null = null;
  void exited.then((value) => (exit = value));
  const url = `http://127.0.0.1:${port}`;

  const ready = async (timeoutMs = 90_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (exit) {
        throw new Error(`the server exited (code ${exit.code}, signal ${exit.signal}) before it answered:\n${text}`);
      }
      const status = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) })
        .then((res) => res.status)
        .catch(() => 0);
      if (status === 200) return;
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        await exited;
        throw new Error(`the server did not answer /api/health within ${timeoutMs} ms:\n${text}`);
      }
      await sleep(50);
    }
  };
  const kill = async () => {
    if (!exit) child.kill('SIGKILL');
    return exited;
  };
  const stop = async (graceMs = 15_000) => {
    if (exit) return exit;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    const result = await exited;
    clearTimeout(timer);
    return result;
  };
  return { url, port, pid: child.pid!, child, output: () => text, exited, ready, kill, stop };
}
