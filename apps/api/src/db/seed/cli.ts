import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../client.ts';
import { acquireDataDirLock, DataDirLockedError } from '../data-dir-lock.ts';
import { seedDemoData } from './index.ts';

// npm run seed -- --accounts 100000 [--seed 7] [--without-play]
const { values } = parseArgs({
  options: {
    accounts: { type: 'string', default: '200' },
    seed: { type: 'string', default: '2026' },
    'without-play': { type: 'boolean', default: false },
  },
});
const count = Number(values.accounts);
if (!Number.isInteger(count) || count < 1) {
  console.error('--accounts must be a positive whole number');
  process.exit(1);
}
const config = loadConfig();
// A running server owns its PGlite data directory: seeding beside it would overwrite its files.
if (!config.DATABASE_URL) {
  try {
    acquireDataDirLock(config.dataDir); // released when the process exits
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(`grove: ${error.message}`);
    process.exit(1);
  }
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
await database.migrate();
const started = Date.now();
const result = await seedDemoData(database.db, {
  accounts: count,
  seed: Number(values.seed),
  withoutPlay: values['without-play'],
  log: (l) => console.log(l),
});
console.log(
  result.seeded
    ? `Seeded ${result.accounts} accounts in ${((Date.now() - started) / 1000).toFixed(1)} s`
    : 'The database already holds demo data; nothing was added.',
);
await database.close();
