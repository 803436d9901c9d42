import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/index.ts';
import type { DeliveryStore } from './delivery.ts';

export interface OutboxRow {
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  template: string;
  provider: 'outbox' | 'smtp';
  userId?: number | null;
  secrets?: string[] | null;
}

/** What stands in a delivered row where a one-time secret was (the link's token). */
export const REMOVED_SECRET = 'removed-after-delivery';

/** `body` with every secret replaced by REMOVED_SECRET. */
export function removeSecrets(body: string, secrets: readonly string[]): string {
  return secrets.filter(Boolean).reduce((text, secret) => text.replaceAll(secret, REMOVED_SECRET), body);
}

/** Writes a message as 'queued' (its delivery job sends it). */
export async function insertOutboxRow(db: Executor, row: OutboxRow): Promise<number> {
  const [inserted] = await db
    .insert(emailOutbox)
    .values({ ...row, status: 'queued' })
    .returning({ id: emailOutbox.id });
  return inserted!.id;
}

export type ClaimedEmail = typeof emailOutbox.$inferSelect;

/**
 * A row that has left for an external provider (sent, or refused for good) keeps no one-time secret:
 * they are replaced in both bodies and the list is emptied. A row of the local outbox ('outbox'
 * provider) is the mailbox itself, read by whoever runs Grove without a mail server: it keeps them.
 */
function withoutSecrets(row: ClaimedEmail) {
  if (row.provider === 'outbox' || !row.secrets?.length) return {};
  return {
    textBody: removeSecrets(row.textBody, row.secrets),
    htmlBody: row.htmlBody === null ? null : removeSecrets(row.htmlBody, row.secrets),
    secrets: null,
  };
}

/** The email_outbox side of a delivery (delivery.ts): claim with one conditional UPDATE, then mark. */
export function emailDeliveryStore(db: Executor): DeliveryStore<ClaimedEmail> {
  return {
    async claim(id) {
      const [row] = await db
        .update(emailOutbox)
        .set({ status: 'sending', attempts: sql`${emailOutbox.attempts} + 1` })
        .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'queued')))
        .returning();
      return row ?? null;
    },
    async markSent(id, providerMessageId, row) {
      await db
        .update(emailOutbox)
        .set({ status: 'sent', providerMessageId, sentAt: new Date(), error: null, ...withoutSecrets(row) })
        .where(eq(emailOutbox.id, id));
    },
    async markFailed(id, status, error, row) {
      const final = status === 'failed' ? withoutSecrets(row) : {};
      await db
        .update(emailOutbox)
        .set({ status, error, ...final })
        .where(eq(emailOutbox.id, id));
    },
  };
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
