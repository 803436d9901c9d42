import { count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/index.ts';

export type OutboxStatus = 'queued' | 'sent' | 'failed';

export interface OutboxRow {
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  template: string;
  provider: 'outbox' | 'smtp';
  status: OutboxStatus;
  sentAt?: Date | null;
}

export async function insertOutboxRow(db: Executor, row: OutboxRow): Promise<number> {
  const [inserted] = await db.insert(emailOutbox).values(row).returning({ id: emailOutbox.id });
  return inserted!.id;
}

export async function updateOutboxDelivery(
  db: Executor,
  id: number,
  result: { status: OutboxStatus; providerMessageId?: string; error?: string; sentAt?: Date },
) {
  await db.update(emailOutbox).set(result).where(eq(emailOutbox.id, id));
}

/** Sent mail for staff, newest first; `to` (exact, any case) narrows it to one recipient. */
export async function pageOutbox(db: Executor, to: string, limit: number, offset: number) {
  const where = to ? sql`lower(${emailOutbox.toAddress}) = ${to.toLowerCase()}` : undefined;
  const [total] = await db.select({ value: count() }).from(emailOutbox).where(where);
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(where)
    .orderBy(desc(emailOutbox.id))
    .limit(limit)
    .offset(offset);
  return { count: total?.value ?? 0, rows };
}
