/**
 * Test helpers for the outboxes (ARCHITECTURE §7): a message is written 'queued' with a delivery job,
 * and the test app's job queue has no workers, so a test runs the delivery jobs itself.
 */
import { desc, eq } from 'drizzle-orm';
import { EMAIL_DELIVERY_QUEUE } from '../src/adapters/email/outbox.sender.ts';
import { SMS_DELIVERY_QUEUE } from '../src/adapters/sms/outbox.sender.ts';
import type { Database, Db } from '../src/db/client.ts';
import { emailOutbox, smsOutbox } from '../src/db/schema/index.ts';
import type { JobQueue } from '../src/jobs/queue.ts';

/** Runs the waiting e-mail delivery jobs (retries too, at once); answers how many runs there were. */
export function deliverEmails(jobs: JobQueue, { includeRetries = true } = {}) {
  return jobs.drain(EMAIL_DELIVERY_QUEUE, { includeFuture: includeRetries });
}

/** Runs the waiting text message delivery jobs (retries too, at once). */
export function deliverTexts(jobs: JobQueue, { includeRetries = true } = {}) {
  return jobs.drain(SMS_DELIVERY_QUEUE, { includeFuture: includeRetries });
}

/** The e-mails written to an address, newest first. */
export function emailsTo(db: Db, address: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address)).orderBy(desc(emailOutbox.id));
}

/** The texts written to a person, newest first. */
export function textsTo(db: Db, userId: number) {
  return db.select().from(smsOutbox).where(eq(smsOutbox.userId, userId)).orderBy(desc(smsOutbox.id));
}

export interface JobRow {
  id: string;
  state: string;
  retry_count: number;
  retry_limit: number;
  retry_delay: number;
  retry_backoff: boolean;
  start_after: Date;
  data: { id: number };
}

/** The pg-boss jobs of a queue that act on outbox row `rowId`, oldest first. */
export async function deliveryJobs(database: Database, queue: string, rowId: number): Promise<JobRow[]> {
  const { rows } = await database.executeSql(
    `select id, state, retry_count, retry_limit, retry_delay, retry_backoff, start_after, data
       from pgboss.job where name = $1 and (data->>'id')::int = $2 order by created_on`,
    [queue, rowId],
  );
  return rows.map((row) => ({ ...row, start_after: new Date(row.start_after as string | Date) }) as JobRow);
}
