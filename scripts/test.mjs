// npm test: every test. Unit and integration tests (domain, API on PGlite, web), the API tests
// again on PostgreSQL when TEST_DATABASE_URL is set, then the end-to-end journeys in Chromium.
import fs from 'node:fs';
import path from 'node:path';
import { findChromium, interrupted, ROOT, run } from './lib.mjs';

const began = Date.now();
const reports = path.join(ROOT, '.tmp/test-reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });
const vitestArgs = (name) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(reports, `${name}.vitest.json`)}`,
];

/** 492 s → "8m 12s". */
const duration = (seconds) =>
  seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;

const steps = [];
async function step(name, command, args, env) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const code = await run(command, args, { env });
  const seconds = Math.round((Date.now() - started) / 1000);
  steps.push({ name, ok: code === 0, seconds });
  console.log(`=== ${name}: ${duration(seconds)}${code === 0 ? '' : ' (failed)'}`);
  // Ctrl-C stopped the step's runner too (same process group): do not go on with the next steps.
  if (interrupted()) process.exit(code || 130);
  return code === 0;
}

await step('unit and API tests (PGlite)', 'npx', ['vitest', 'run', ...vitestArgs('unit')], { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  await step('API tests (PostgreSQL)', 'npx', [
    'vitest',
    'run',
    '--project',
    'api-postgres',
    ...vitestArgs('postgres'),
  ]);
} else {
  console.log('\n(API tests on PostgreSQL skipped: set TEST_DATABASE_URL=postgres://… to run them too)');
}
if (findChromium()) {
  await step('end-to-end tests (Chromium)', 'npm', ['run', 'test:e2e', '--silent'], {
    E2E_JSON_REPORT: path.join(reports, 'e2e.json'),
  });
} else if (process.env.CI) {
  console.error('\nChromium is missing: CI must install it (apt-get install -y chromium).');
  steps.push({ name: 'end-to-end tests (Chromium missing)', ok: false, seconds: 0 });
} else {
  console.log(
    "\n(end-to-end tests skipped: install Debian's chromium — apt-get install -y chromium — or set CHROMIUM_PATH)",
  );
}

// The benchmark in its quick form (npm run bench -- --quick): it asserts no figure, but it must run
// through — the production server, the ceilings, the data sets and the web figures. The e2e step built
// the bundle; without Chromium there is nothing built and no web figures, so it is left out.
if (findChromium()) {
  await step('benchmark, quick (no figure asserted)', 'npm', [
    'run',
    'bench',
    '--silent',
    '--',
    '--quick',
    '--skip-build',
  ]);
}

// Count tests (not steps) from the runners' JSON reports for one closing line.
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of fs.readdirSync(reports)) {
  const report = JSON.parse(fs.readFileSync(path.join(reports, file), 'utf8'));
  if (report.stats) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  } else {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
}
const failedSteps = steps.filter((s) => !s.ok);
if (failedSteps.length && failed === 0) failed = failedSteps.length; // a step that failed before running its tests
console.log('\n=== summary');
const width = Math.max(...steps.map((s) => s.name.length));
for (const s of steps)
  console.log(`${s.ok ? 'PASS' : 'FAIL'}  ${s.name.padEnd(width)}  ${duration(s.seconds).padStart(7)}`);
const total = Math.round((Date.now() - began) / 1000);
console.log(`      ${'total'.padEnd(width)}  ${duration(total).padStart(7)}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
