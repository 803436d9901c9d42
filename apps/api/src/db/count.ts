/**
 * The count half of a paged list (`{ count, … }`, ARCHITECTURE §3): how many rows of one table a
 * filter chooses. The page's own select stays in its repository; the count is the same statement
 * everywhere, so it is written once.
 */
import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/** `select count(*) from <table> where <where>`; 0 when nothing matches. */
export async function countRows(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}
