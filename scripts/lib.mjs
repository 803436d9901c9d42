import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * How our scripts handle SIGINT and SIGTERM while they run commands (run below).
 *
 * A command is in our process group, so Ctrl-C in a terminal reaches it directly, as it reaches us
 * (and npm, which passes it on to us again). Sending it on would make it a second SIGINT, which the
 * server takes for "stop now" and exits without closing the jobs, the database or the
 * data-directory lock. So while a command runs, SIGINT is only noted and we wait for the command to
 * stop; SIGTERM, which usually comes to one process only (kill, a process manager, npm passing on
 * its own), is sent on, once. Between commands either signal stops the script at once.
 * The listeners stay for the script's life: a signal that arrives as a command exits is still seen.
 */
const running = new Set();
const terminated = new WeakSet();
let interruptedBy = null;
let listening = false;

function onSignal(signal) {
  interruptedBy = signal;
  if (running.size === 0) process.exit(128 + os.constants.signals[signal]);
  if (signal !== 'SIGTERM') return;
  for (const child of running) {
    if (terminated.has(child)) continue;
    terminated.add(child);
    child.kill(signal);
  }
}

/** The signal (SIGINT, SIGTERM) that asked the script to stop while it ran a command, or null. */
export const interrupted = () => interruptedBy;

/**
 * Runs a command with inherited output; resolves with its exit code (128 + the signal's number when
 * a signal ended it, as a shell reports it).
 */
export function run(command, args, options = {}) {
  if (!listening) {
    listening = true;
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: 'inherit',
      cwd: ROOT,
      ...options,
      env: { ...process.env, ...options.env },
    });
    running.add(child);
    child.on('exit', (code, signal) => {
      running.delete(child);
      // Our own SIGINT may be handled only after this: a command that Ctrl-C ended says so itself.
      if (signal === 'SIGINT' || code === 130) interruptedBy ??= 'SIGINT';
      resolve(code ?? 128 + (os.constants.signals[signal] ?? 0));
    });
  });
}

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of fs.readdirSync(entry)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

function isStale(built, sources) {
  const file = path.join(ROOT, built);
  if (!fs.existsSync(file)) return true;
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(ROOT, s))));
  return newest > fs.statSync(file).mtimeMs;
}

/** True when the built web app is missing or older than any of its sources. */
export function webBuildIsStale() {
  return isStale('apps/web/dist/index.html', [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'packages/domain/src',
    'scripts/build.mjs',
  ]);
}

/** True when the compiled API (apps/api/dist/server.mjs) is missing or older than any of its sources. */
export function apiBuildIsStale() {
  return isStale('apps/api/dist/server.mjs', [
    'apps/api/src',
    'apps/api/package.json',
    'packages/domain/src',
    'scripts/build.mjs',
  ]);
}

/** Debian's chromium (or CHROMIUM_PATH); null when none is installed. */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((c) => fs.existsSync(c)) ?? null;
}
