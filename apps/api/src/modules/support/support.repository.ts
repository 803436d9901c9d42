import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { countRows } from '../../db/count.ts';
import { supportTickets, users } from '../../db/schema/index.ts';

export type TicketRow = typeof supportTickets.$inferSelect;

export async function insertTicket(
  db: Executor,
  values: { requesterUserId: number; accountId: number | null; subject: string; description: string },
): Promise<TicketRow> {
  const [row] = await db
    .insert(supportTickets)
    .values({ ...values, status: 'new', priority: 'normal', channel: 'web' })
    .returning();
  return row!;
}

/** One page of the tickets a user asked, newest first (the (requester_user_id, id) index), and their number. */
export async function pageTickets(db: Executor, userId: number, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.requesterUserId, userId))
      .orderBy(desc(supportTickets.id))
      .limit(limit)
      .offset(offset),
    countRows(db, supportTickets, eq(supportTickets.requesterUserId, userId)),
  ]);
  return { count: total, rows };
}

export async function findUser(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
