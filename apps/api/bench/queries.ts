/**
 * Server-side query times: the repository functions behind the heaviest reads, called in this
 * process on the data set (no HTTP), `runs` times each after a warm-up.
 */
import type { Database } from '../src/db/client.ts';
import { countAccounts, listAccounts } from '../src/modules/admin/admin.accounts.repository.ts';
import { pageHrRises, rollupWeeks } from '../src/modules/play/play.repository.ts';
import type { DataSet } from './data.ts';
import { timeCalls } from './lib.ts';

export interface QueryFigure {
  query: string;
  p50: number;
  p95: number;
}

export async function measureQueries(database: Database, data: DataSet, runs: number): Promise<QueryFigure[]> {
  const { db } = database;
  const figures: QueryFigure[] = [];
  const time = async (query: string, work: () => Promise<unknown>) => {
    figures.push({ query, ...(await timeCalls(runs, work)) });
  };
  // "All time" starts at the first play date: every week of the player's rollup.
  await time('weekly chart, all time', () => rollupWeeks(db, data.playerId, '1970-01-01', null));
  const lastOffset = Math.floor((data.hrRises - 1) / 1000) * 1000;
  await time('hr_rises first page (1000)', () => pageHrRises(db, data.playerId, 1000, 0));
  await time(`hr_rises last page (${lastOffset / 1000 + 1})`, () => pageHrRises(db, data.playerId, 1000, lastOffset));
  await time(`accounts search “${data.searchName}” (${data.accounts} accounts)`, async () => {
    const filters = { search: data.searchName };
    const total = await countAccounts(db, filters);
    return listAccounts(db, filters, 'name', { kind: 'first' }, 25, total);
  });
  return figures;
}
