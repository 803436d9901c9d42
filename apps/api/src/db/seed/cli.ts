import { parseArgs } from 'node:util';
import { openScriptDatabase } from '../script-database.ts';
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
const { database } = await openScriptDatabase();
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
