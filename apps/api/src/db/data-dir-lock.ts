/**
 * One process per PGlite data directory (docs/decisions/0030-data-dir-lock-and-seeding.md).
 *
 * PGlite is PostgreSQL inside this process: a second process on the same directory would run a
 * second database engine over the same files, and each would silently overwrite what the other
 * acknowledged. So the process that opens the directory first leaves a lock file in it naming
 * itself (pid, host, boot, start time and a random nonce); another process refuses to start while
 * that owner lives.
 *
 * - The lock file is created whole and atomically: its content is written to a file of our own,
 *   then hard-linked to the lock's name, which fails when the name exists (no half-written lock).
 * - A lock whose owner is gone (a crash, SIGKILL, a reboot) is taken over. Only one taker may remove
 *   it: the removal happens under a short-lived guard file (taken the same way), and only when the
 *   lock still holds the dead owner's nonce. Then every taker tries to create the lock again; one
 *   wins, the others see a live owner and refuse.
 * - The owner is judged alive when its pid runs on this host, in this boot, and (on Linux) started
 *   when the lock says. A lock written on another host (another container on a shared volume)
 *   cannot be checked: it counts as alive, and the message says how to remove it.
 * - The owner deletes the lock when it exits (release(), and synchronously on 'exit').
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE_NAME = 'grove.lock';
const GUARD_SUFFIX = '.takeover';
/** How long to keep trying while other processes take over a stale lock at the same moment. */
const TAKEOVER_TIMEOUT_MS = 10_000;

/** What the lock file holds (JSON). */
export interface LockOwner {
  pid: number;
  host: string;
  /** The kernel's boot id (Linux), so that a lock left before a reboot is known to be stale. */
  bootId: string | null;
  /** The process's start time in clock ticks since boot (Linux), so that a reused pid is not taken for the owner. */
  startTicks: string | null;
  /** When the owner took the lock (ISO 8601). */
  since: string;
  nonce: string;
}

export interface DataDirLock {
  readonly file: string;
  readonly owner: LockOwner;
  /** Deletes the lock file if it is still ours. Synchronous and idempotent (safe in an 'exit' handler). */
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly file: string,
    readonly owner: LockOwner,
    readonly otherHost: boolean,
  ) {
    const who = `pid ${owner.pid}${otherHost ? ` on host ${owner.host}` : ''}, since ${owner.since}`;
    const hint = otherHost
      ? `Stop it first; if no Grove process on ${owner.host} uses the directory any more, delete ${file}.`
      : 'Stop that process first, or set DATA_DIR to another directory.';
    super(`the PGlite data directory ${dataDir} is in use by another Grove process (${who}). ${hint}`);
    this.name = 'DataDirLockedError';
  }
}

/** How the current process and others are seen; tests replace parts of it. */
export interface ProcessProbe {
  pid: number;
  host: string;
  bootId: string | null;
  /** The start time of `pid` in clock ticks since boot, or null when unknown (not Linux, or no such process). */
  startTicks(pid: number): string | null;
  /** True when a process with this pid exists (signal 0; EPERM counts as existing). */
  exists(pid: number): boolean;
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat (after the command name, which may hold spaces and parentheses). */
function linuxStartTicks(pid: number): string | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat === null) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

export const systemProbe: ProcessProbe = {
  pid: process.pid,
  host: os.hostname(),
  bootId: readText('/proc/sys/kernel/random/boot_id')?.trim() || null,
  startTicks: linuxStartTicks,
  exists(pid) {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  },
};

function parseOwner(text: string | null): LockOwner | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (!Number.isInteger(value.pid) || typeof value.host !== 'string' || typeof value.nonce !== 'string') return null;
    return {
      pid: value.pid!,
      host: value.host,
      bootId: value.bootId ?? null,
      startTicks: value.startTicks ?? null,
      since: typeof value.since === 'string' ? value.since : 'an unknown time',
      nonce: value.nonce,
    };
  } catch {
    return null;
  }
}

type Liveness = 'alive' | 'dead' | 'other-host';

function liveness(owner: LockOwner, probe: ProcessProbe): Liveness {
  if (owner.host !== probe.host) return 'other-host';
  // Written before the last reboot: every process of that boot is gone.
  if (owner.bootId && probe.bootId && owner.bootId !== probe.bootId) return 'dead';
  // Our own pid with another nonce: a previous process that had our pid (pid 1 in a container).
  if (owner.pid === probe.pid) return 'dead';
  if (!probe.exists(owner.pid)) return 'dead';
  // The pid runs, but started at another time than the owner did: reused by an unrelated process.
  const ticks = owner.startTicks ? probe.startTicks(owner.pid) : null;
  if (owner.startTicks && ticks !== null && ticks !== owner.startTicks) return 'dead';
  return 'alive';
}

/**
 * Creates `file` holding `content`, atomically: fails (false) when it exists. The content is
 * complete the moment the name appears.
 */
function createExclusive(file: string, content: string): boolean {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, content, { flag: 'wx', mode: 0o644 });
  try {
    fs.linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Removes the stale lock (while its text is still `staleText`) under the guard file, so that of
 * several processes taking it over at once only one removes it, and never a lock created since.
 */
function removeStale(file: string, staleText: string, me: LockOwner, probe: ProcessProbe) {
  const guard = file + GUARD_SUFFIX;
  if (!createExclusive(guard, JSON.stringify(me))) {
    const holder = parseOwner(readText(guard));
    // A taker that died while holding the guard (a window of microseconds) leaves it behind.
    if (holder === null || liveness(holder, probe) === 'dead') {
      if (parseOwner(readText(guard))?.nonce === holder?.nonce) fs.rmSync(guard, { force: true });
    } else {
      sleepSync(10);
    }
    return;
  }
  try {
    if (readText(file) === staleText) fs.rmSync(file, { force: true });
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

/**
 * Takes the lock of `dataDir` (created if missing) for this process, or throws DataDirLockedError
 * naming the live owner. Call release() on shutdown; it also runs on process 'exit'.
 */
export function acquireDataDirLock(
  dataDir: string,
  options: { probe?: ProcessProbe; releaseOnExit?: boolean } = {},
): DataDirLock {
  const probe = options.probe ?? systemProbe;
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE_NAME);
  const me: LockOwner = {
    pid: probe.pid,
    host: probe.host,
    bootId: probe.bootId,
    startTicks: probe.startTicks(probe.pid),
    since: new Date().toISOString(),
    nonce: randomBytes(12).toString('hex'),
  };
  const content = JSON.stringify(me, null, 2) + '\n';

  const deadline = Date.now() + TAKEOVER_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (createExclusive(file, content)) {
      // Re-check that the name holds our lock (only a dead owner's lock is ever removed, so it does).
      if (parseOwner(readText(file))?.nonce !== me.nonce) continue;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.removeListener('exit', release);
        if (parseOwner(readText(file))?.nonce === me.nonce) fs.rmSync(file, { force: true });
      };
      if (options.releaseOnExit !== false) process.on('exit', release);
      return { file, owner: me, release };
    }
    const text = readText(file);
    // Gone meanwhile: try again.
    if (text === null) continue;
    const owner = parseOwner(text);
    if (owner !== null) {
      const state = liveness(owner, probe);
      if (state !== 'dead') throw new DataDirLockedError(dataDir, file, owner, state === 'other-host');
    }
    // A dead owner's lock, or one we cannot read: a lock is never half-written, so an unreadable
    // one was not written by Grove and protects nothing.
    removeStale(file, text, me, probe);
  }
  throw new Error(
    `could not take the lock ${file} within ${TAKEOVER_TIMEOUT_MS / 1000} s: other processes kept taking it over`,
  );
}
