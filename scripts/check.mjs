// npm run check: the static checks CI runs before the tests — each workspace's typecheck, ESLint,
// Prettier and the published API document's lint — two at a time. Each is one single-threaded
// process, so on a 2-core machine two side by side take about half the time of one after another.
// Each check's output is printed whole when it ends (never interleaved), then a line per check.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);
const tsc = (project) => ({ name: `typecheck ${project}`, command: bin('tsc'), args: ['-p', project] });

// Longest first, so the last ones to start are short.
const CHECKS = [
  { name: 'lint', command: bin('eslint'), args: ['.'] },
  tsc('apps/web'),
  tsc('apps/api'),
  { name: 'format', command: bin('prettier'), args: ['--check', '.', '--log-level', 'warn'] },
  tsc('e2e'),
  tsc('apps/game'),
  tsc('packages/domain'),
  { name: 'API document lint', command: 'npm', args: ['run', '--silent', 'lint:api'] },
];
const PARALLEL = Number(process.env.CHECK_PARALLEL ?? 2);

function runBuffered({ name, command, args }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 100) / 10;
      const ok = code === 0;
      console.log(`--- ${name}: ${ok ? 'ok' : `failed (exit ${code})`}, ${seconds}s`);
      if (output.trim()) console.log(output.trimEnd());
      resolve({ name, ok, seconds });
    });
  });
}

const began = Date.now();
const queue = [...CHECKS];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(PARALLEL, queue.length) }, async () => {
    while (queue.length) results.push(await runBuffered(queue.shift()));
  }),
);
const failed = results.filter((result) => !result.ok);
console.log(
  `=== checks: ${results.length - failed.length} of ${results.length} passed in ${Math.round((Date.now() - began) / 1000)}s` +
    (failed.length ? ` — failed: ${failed.map((result) => result.name).join(', ')}` : ''),
);
process.exit(failed.length ? 1 : 0);
