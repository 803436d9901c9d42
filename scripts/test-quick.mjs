// npm run test:quick: a first answer in about two minutes on a 2-core machine, before `npm test`
// (decision 0054). Every unit test of the domain, the web app and the game; of the API, the tests
// that open no database of their own and two integration smokes. The API's other integration tests
// open a PGlite database per file and take most of `npm test`'s time: name the features you changed
// to run theirs in full, e.g. `npm run test:quick -- billing coaching`.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, run } from './lib.mjs';

const API_QUICK = [
  // No database: settings, pure rules and wording, the Stripe adapter against its local fake.
  'apps/api/src/config.test.ts',
  'apps/api/src/lib/redact-url.test.ts',
  'apps/api/src/db/seed/demo-logins.test.ts',
  'apps/api/src/modules/audit/audit-wording.test.ts',
  'apps/api/src/modules/sharing/sharing.viewer.test.ts',
  'apps/api/src/modules/coaching/coaching.availability.test.ts',
  'apps/api/src/adapters/payment/stripe.provider.test.ts',
  // Smokes: the migrated database, the whole app built and answering; sign-in and tokens.
  'apps/api/src/modules/health/health.test.ts',
  'apps/api/src/modules/auth/auth.test.ts',
];
const COVERED = [
  'domain, web and game unit tests (all of them)',
  'API: settings, pure rules, the Stripe adapter, the health and sign-in smokes',
];
const LEFT_OUT = [
  'the other API integration tests (one PGlite database per file)',
  'the game CLI against a live API, the process and lock tests (test/reliability, data-dir-lock)',
  'PostgreSQL, end-to-end journeys, the benchmark',
];

// A renamed or deleted file would otherwise just match nothing and quietly shrink the run.
const missing = API_QUICK.filter((file) => !fs.existsSync(path.join(ROOT, file)));
if (missing.length) {
  console.error(`test:quick: update scripts/test-quick.mjs, these files are gone: ${missing.join(', ')}`);
  process.exit(1);
}
const modules = path.join(ROOT, 'apps/api/src/modules');
const features = process.argv.slice(2);
for (const feature of features) {
  if (!fs.existsSync(path.join(modules, feature))) {
    console.error(`test:quick: no API feature "${feature}"; one of: ${fs.readdirSync(modules).join(', ')}`);
    process.exit(1);
  }
}

const started = Date.now();
// One Vitest run: a file filter selects within every project, so each project keeps its own
// settings (the API's two workers, its migrated snapshot) and the summary is one.
const filters = [
  'packages/domain/',
  'apps/web/',
  'apps/game/src/',
  ...API_QUICK,
  ...features.map((feature) => `apps/api/src/modules/${feature}/`),
];
const projects = ['domain', 'web', 'game', 'api'].flatMap((name) => ['--project', name]);
const code = await run('npx', ['vitest', 'run', ...projects, ...filters], { env: { TEST_DATABASE_URL: '' } });

const seconds = Math.round((Date.now() - started) / 1000);
console.log(`\n=== quick tests ${code === 0 ? 'passed' : 'FAILED'} in ${Math.floor(seconds / 60)}m ${seconds % 60}s`);
console.log(`covered: ${COVERED.join('; ')}${features.length ? `; API features in full: ${features.join(', ')}` : ''}`);
console.log(`left to \`npm test\`: ${LEFT_OUT.join('; ')}`);
process.exit(code);
