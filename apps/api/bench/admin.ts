/**
 * The back-office benchmark (issue 14): the admin accounts list on PostgreSQL with 100 000 accounts
 * (the demo world of `npm run seed -- --accounts 100000 --without-play`), as staff, over real HTTP: search by a
 * player's name, with a typo and by an e-mail prefix, and the last page of a filtered list, against
 * a baseline (the signed-in user's own record) timed in the same run. Target: p95 ≤ 50 ms.
 *
 * BENCH_ADMIN_DATABASE_URL: a database already seeded that way (kept); otherwise a fresh database
 * is created, seeded with BENCH_ACCOUNTS (100 000) accounts, and dropped after.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { seedDemoData } from '../src/db/seed/index.ts';
import { authHeaders, issueAccessToken } from '../test/factories.ts';
import { localUrl, timeRequests, withPostgres, type BenchRequest, type Row } from './lib.ts';

export const ADMIN_TARGET_P95_MS = 50;
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100_000);

const hasRows = (b: Record<string, unknown>) => ((b.results as unknown[]).length > 0 ? null : 'no rows');

async function measure(label: string, database: Database): Promise<Row[]> {
  const { db } = database;
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const [staff] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from users where is_staff order by id limit 1`),
  );
  if (!staff) throw new Error('No staff user: seed the database first (npm run seed).');
  const [sample] = rowsOf<{ player: string; last_name: string; email: string; accounts: number }>(
    await db.execute(sql`
      select p.name as player, u.last_name, u.email, (select count(*)::int from accounts) as accounts
      from players p join users u on u.account_id = p.account_id and u.is_billing_user
      order by p.id desc limit 1`),
  );
  await db.execute(sql`analyze`);
  const typo = `${sample!.last_name.slice(0, -2)}${sample!.last_name.at(-1)}${sample!.last_name.at(-2)}`;
  console.log(
    `${label}: ${sample!.accounts} accounts; searching “${sample!.player}”, “${typo}” (a typo of ${sample!.last_name}), “${sample!.email.slice(0, 8)}”`,
  );
  const headers = authHeaders(await issueAccessToken(db, staff.id, 3600));
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST_DIR: '.tmp/no-web' });
  const app = await buildApp(config, database, { logger: false });
  const list = '/api/v2/admin/accounts/';
  const requests: BenchRequest[] = [
    ['baseline: own user record', '/api/v2/user/info/', (b) => (b.id === staff.id ? null : 'wrong user')],
    ['search a player’s name', `${list}?search=${encodeURIComponent(sample!.player)}`, hasRows],
    ['search with a typo', `${list}?search=${encodeURIComponent(typo)}`, hasRows],
    ['search an e-mail prefix', `${list}?search=${encodeURIComponent(sample!.email.slice(0, 8))}`, hasRows],
    [
      'last page: active, by name',
      `${list}?account_status=ACTIVE&sort=name&cursor=last`,
      (b) => hasRows(b) ?? (b.next === null ? null : 'not the last page'),
    ],
    [
      'last page: billing active, newest',
      `${list}?billing_status=ACTIVE&sort=-created&cursor=last`,
      (b) => hasRows(b) ?? (b.next === null ? null : 'not the last page'),
    ],
  ];
  try {
    return await timeRequests(app, label, headers, requests);
  } finally {
    await app.close();
  }
}

/** The admin rows on PostgreSQL, or why they could not be measured. */
export async function measureAdmin(): Promise<Row[] | string> {
  const seeded = process.env.BENCH_ADMIN_DATABASE_URL;
  if (seeded) {
    const database = await openDatabase({ databaseUrl: localUrl(seeded), poolSize: 4 });
    try {
      return await measure('PostgreSQL (seeded)', database);
    } finally {
      await database.close();
    }
  }
  return withPostgres(async (database) => {
    const started = Date.now();
    await seedDemoData(database.db, { accounts: ACCOUNTS, withoutPlay: true, log: () => {} });
    console.log(`Seeded ${ACCOUNTS} accounts in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
    return measure('PostgreSQL', database);
  });
}
