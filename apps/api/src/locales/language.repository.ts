import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

/**
 * A person's stored language (users.language: null until they choose), for what is written to a
 * person the caller holds only by id (a signed-in user: the session does not carry it). Where a
 * query already reads the recipient, it reads the column with them instead.
 */
export async function storedLanguage(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.language ?? null;
}
