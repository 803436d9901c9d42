import { eq } from 'drizzle-orm';
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
