import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: 'inherit',
      cwd: ROOT,
      ...options,
      env: { ...process.env, ...options.env },
    });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
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
