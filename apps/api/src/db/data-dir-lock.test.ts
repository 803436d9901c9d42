/**
 * One process per PGlite data directory (issue 16, defect 1): the lock file's rules one by one,
 * several processes racing for a stale lock, and two real servers started on one DATA_DIR.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../../test/reliability/server-process.ts';
import {
  acquireDataDirLock,
  DataDirLockedError,
  LOCK_FILE_NAME,
  systemProbe,
  type LockOwner,
} from './data-dir-lock.ts';

const dirs: string[] = [];
const servers: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.kill()));
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grove-lock-'));
  dirs.push(dir);
  return path.join(dir, 'data');
}

const lockFile = (dir: string) => path.join(dir, LOCK_FILE_NAME);
const readLock = (dir: string) => JSON.parse(fs.readFileSync(lockFile(dir), 'utf8')) as LockOwner;

/** A lock as another process would have left it. */
function writeLock(dir: string, owner: Partial<LockOwner>) {
  fs.mkdirSync(dir, { recursive: true });
  const full: LockOwner = {
    pid: 1,
    host: os.hostname(),
    bootId: systemProbe.bootId,
    startTicks: null,
    since: '2026-01-01T00:00:00.000Z',
    nonce: 'someone-else',
    ...owner,
  };
  fs.writeFileSync(lockFile(dir), JSON.stringify(full));
  return full;
}

/** The pid of a process that has exited (and been reaped). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  const pid = Number(child.stdout);
  expect(systemProbe.exists(pid)).toBe(false);
  return pid;
}

describe('the data directory lock', () => {
  it('is taken by the first process, names it, and is gone after release', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir, { releaseOnExit: false });
    const owner = readLock(dir);
    expect(owner).toMatchObject({ pid: process.pid, host: os.hostname(), nonce: lock.owner.nonce });
    expect(Date.parse(owner.since)).not.toBeNaN();
    // Only the lock file is left beside the data: no temporary files.
    expect(fs.readdirSync(dir)).toEqual([LOCK_FILE_NAME]);

    lock.release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
    lock.release(); // twice is harmless
    const again = acquireDataDirLock(dir, { releaseOnExit: false });
    expect(readLock(dir).nonce).toBe(again.owner.nonce);
    again.release();
  });

  it('refuses while another live process holds it, naming the directory and its pid', () => {
    const dir = tempDir();
    // The process that started this test runner is alive, on this host, in this boot.
    const other = writeLock(dir, { pid: process.ppid, startTicks: systemProbe.startTicks(process.ppid) });
    let refusal: unknown;
    try {
      acquireDataDirLock(dir, { releaseOnExit: false });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    const message = (refusal as Error).message;
    expect(message).toContain(dir);
    expect(message).toContain(`pid ${process.ppid}`);
    expect(message).toContain('Stop that process first');
    // The owner's lock is untouched.
    expect(readLock(dir)).toEqual(other);
  });

  it('refuses a lock written on another host (it cannot be checked) and says how to clear it', () => {
    const dir = tempDir();
    writeLock(dir, { pid: deadPid(), host: 'another-machine' });
    expect(() => acquireDataDirLock(dir, { releaseOnExit: false })).toThrow(
      `pid ${readLock(dir).pid} on host another-machine`,
    );
    expect(() => acquireDataDirLock(dir, { releaseOnExit: false })).toThrow(`delete ${lockFile(dir)}`);
  });

  it.each([
    ['the pid has exited', () => ({ pid: deadPid() })],
    ['the lock has our own pid (a previous process of ours, pid 1 in a container)', () => ({ pid: process.pid })],
    ...(systemProbe.bootId
      ? [['it was written before a reboot', () => ({ pid: process.ppid, bootId: 'an-earlier-boot' })]]
      : []),
    ...(systemProbe.startTicks(process.pid)
      ? [['the pid now belongs to a process that started later', () => ({ pid: process.ppid, startTicks: '1' })]]
      : []),
  ] as [string, () => Partial<LockOwner>][])('is taken over when %s', (_, owner) => {
    const dir = tempDir();
    writeLock(dir, owner());
    const lock = acquireDataDirLock(dir, { releaseOnExit: false });
    expect(readLock(dir)).toMatchObject({ pid: process.pid, nonce: lock.owner.nonce });
    expect(fs.readdirSync(dir)).toEqual([LOCK_FILE_NAME]);
    lock.release();
  });

  it('is taken over when the file is not a lock at all (a lock is never half-written)', () => {
    const dir = tempDir();
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(lockFile(dir), '');
    const lock = acquireDataDirLock(dir, { releaseOnExit: false });
    expect(readLock(dir).nonce).toBe(lock.owner.nonce);
    lock.release();
  });

  it('goes to exactly one of several processes taking over a stale lock at once, and is released on exit', async () => {
    const dir = tempDir();
    writeLock(dir, { pid: deadPid() });
    const module = JSON.stringify(path.join(import.meta.dirname, 'data-dir-lock.ts'));
    // Each process waits for the others to be ready (a file per process), then tries; the winner
    // holds the lock for a moment so that the others see a live owner.
    const script = `
      const { acquireDataDirLock } = await import(${module});
      const fs = await import('node:fs');
      const dir = ${JSON.stringify(dir)};
      fs.writeFileSync(dir + '/ready-' + process.pid, '');
      while (fs.readdirSync(dir).filter((f) => f.startsWith('ready-')).length < 4) await new Promise((r) => setTimeout(r, 5));
      try {
        acquireDataDirLock(dir);
        console.log('won');
        await new Promise((r) => setTimeout(r, 1500));
      } catch (error) {
        console.log(error.name === 'DataDirLockedError' ? 'refused' : 'error ' + error.message);
      }`;
    const outcomes = await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          new Promise<string>((resolve) => {
            const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
              stdio: ['ignore', 'pipe', 'inherit'],
            });
            let out = '';
            child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
            child.on('close', () => resolve(out.trim()));
          }),
      ),
    );
    expect(outcomes.sort()).toEqual(['refused', 'refused', 'refused', 'won']);
    // The winner exited normally: its lock went with it.
    expect(fs.readdirSync(dir).filter((f) => !f.startsWith('ready-'))).toEqual([]);
  });
});

describe.skipIf(process.env.TEST_DATABASE_URL)('two servers on one PGlite data directory', () => {
  it('the second refuses to start (exit code 1, naming the directory and the first one); a stop releases the lock', async () => {
    const dataDir = tempDir();
    const first = await spawnServer({ DATA_DIR: dataDir });
    servers.push(first);
    await first.ready();

    const second = await spawnServer({ DATA_DIR: dataDir });
    servers.push(second);
    const started = await second.ready().then(
      () => true,
      () => false,
    );
    expect(started, 'a second server started on the same data directory').toBe(false);
    const exit = await second.exited;
    expect(exit.code).toBe(1);
    expect(second.output()).toContain(
      `grove: the PGlite data directory ${dataDir} is in use by another Grove process (pid ${first.pid}`,
    );
    // The first one never noticed.
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);

    expect(readLock(dataDir).pid).toBe(first.pid);

    // A graceful stop releases the lock (a restart after SIGKILL takes it over: crash.test.ts).
    expect(await first.stop()).toMatchObject({ code: 0 });
    expect(fs.existsSync(lockFile(dataDir))).toBe(false);
  }, 120_000);
});
