import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { smsOutbox } from '../../db/schema/index.ts';
import type { DeliveryStore } from '../email/delivery.ts';
import { removeSecrets } from '../email/outbox.repository.ts';

export interface SmsRow {
  toNumber: string;
  body: string;
  kind: string;
  template: string;
  provider: 'outbox' | 'twilio';
  userId: number | null;
  senderUserId: number | null;
  secrets: string[] | null;
}

/** Writes a text as 'queued' (its delivery job sends it). */
export async function insertSmsRow(db: Executor, row: SmsRow) {
  const [inserted] = await db
    .insert(smsOutbox)
    .values({ ...row, status: 'queued' })
    .returning({ id: smsOutbox.id, createdAt: smsOutbox.createdAt });
  return inserted!;
}

export type ClaimedSms = typeof smsOutbox.$inferSelect;

/**
 * A text that has left for an external provider (sent, or refused for good) keeps no one-time
 * secret; the local outbox's row is the phone itself and keeps them (as email_outbox does).
 */
function withoutSecrets(row: ClaimedSms) {
  if (row.provider === 'outbox' || !row.secrets?.length) return {};
  return { body: removeSecrets(row.body, row.secrets), secrets: null };
}

/** The sms_outbox side of a delivery (delivery.ts): claim with one conditional UPDATE, then mark. */
export function smsDeliveryStore(db: Executor): DeliveryStore<ClaimedSms> {
  return {
    async claim(id) {
      const [row] = await db
        .update(smsOutbox)
        .set({ status: 'sending', attempts: sql`${smsOutbox.attempts} + 1` })
        .where(and(eq(smsOutbox.id, id), eq(smsOutbox.status, 'queued')))
        .returning();
      return row ?? null;
    },
    async markSent(id, providerMessageId, row) {
      await db
        .update(smsOutbox)
        .set({ status: 'sent', providerMessageId, sentAt: new Date(), error: null, ...withoutSecrets(row) })
        .where(eq(smsOutbox.id, id));
    },
    async markFailed(id, status, error, row) {
      const final = status === 'failed' ? withoutSecrets(row) : {};
      await db
        .update(smsOutbox)
        .set({ status, error, ...final })
        .where(eq(smsOutbox.id, id));
    },
  };
}
