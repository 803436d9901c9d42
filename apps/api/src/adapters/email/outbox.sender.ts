import type { Db, Tx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { deliverAsWritten, deliverOnce, registerDeliveryJob, writeQueued, type DeliveryOutcome } from './delivery.ts';
import {
  assertOneMailbox,
  assertSingleLine,
  type EmailMessage,
  type EmailSender,
  type EmailTransport,
} from './email.port.ts';
import { emailDeliveryStore, insertOutboxRow, type ClaimedEmail } from './outbox.repository.ts';

/** The job that delivers one email_outbox row: `{ id }`. */
export const EMAIL_DELIVERY_QUEUE = 'communications.deliver-email';

/** The local default: a message is only its row; delivering it is recording it as sent. */
export function localEmailTransport(): EmailTransport {
  return {
    provider: 'outbox',
    async deliver() {
      return null;
    },
    async close() {},
  };
}

const messageOf = (row: ClaimedEmail): EmailMessage => ({
  to: row.toAddress,
  subject: row.subject,
  text: row.textBody,
  html: row.htmlBody ?? '',
  template: row.template,
  ...(row.userId !== null ? { userId: row.userId } : {}),
});

/**
 * Delivers email_outbox row `id` once (delivery.ts). A row goes out through the provider it was
 * written for: a row of the local outbox needs nothing more; a row written for SMTP while SMTP is no
 * longer configured fails for good rather than vanishing.
 */
export async function deliverEmail(
  db: Db,
  transport: EmailTransport,
  id: number,
  retryCount = 0,
): Promise<DeliveryOutcome> {
  return deliverOnce(emailDeliveryStore(db), id, retryCount, (row) =>
    deliverAsWritten(row.provider, transport, 'EMAIL_PROVIDER', () => transport.deliver(messageOf(row))),
  );
}

/** Registers the handler of the delivery job on `jobs` (once per queue): it delivers through `transport`. */
export async function registerEmailDelivery(db: Db, jobs: JobQueue, transport: EmailTransport) {
  await registerDeliveryJob(jobs, EMAIL_DELIVERY_QUEUE, (id, retryCount) =>
    deliverEmail(db, transport, id, retryCount),
  );
}

/**
 * The e-mail port over the outbox table and the job queue: `send` writes the row (for `provider`)
 * and its delivery job in one transaction, the caller's when given. The delivery job must be
 * registered on `jobs` (registerEmailDelivery), here or in another instance.
 */
export function outboxEmailSender(
  db: Db,
  jobs: JobQueue,
  provider: EmailTransport['provider'] = 'outbox',
): EmailSender & { close(): Promise<void> } {
  let closed = false;

  async function write(tx: Tx, message: EmailMessage) {
    const id = await insertOutboxRow(tx, {
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      template: message.template,
      provider,
      userId: message.userId ?? null,
      secrets: message.secrets?.length ? [...message.secrets] : null,
    });
    await jobs.sendInTransaction(tx, EMAIL_DELIVERY_QUEUE, { id });
    return id;
  }

  return {
    provider,
    async send(message, executor) {
      if (closed) throw new Error('The e-mail sender is closed.');
      // Refused before anything is recorded: a line break would inject headers, a list would send
      // one message to several people. The same rule for every adapter.
      assertSingleLine(message.to, 'recipient');
      assertSingleLine(message.subject, 'subject');
      assertOneMailbox(message.to);
      const id = await writeQueued(db, jobs, EMAIL_DELIVERY_QUEUE, executor, (tx) => write(tx, message));
      return { id };
    },
    async close() {
      closed = true;
    },
  };
}

/**
 * The e-mail port with its transport: registers the delivery job's handler on `jobs` (so call it
 * once per queue) and answers the sender; `close` stops it, then closes the transport.
 */
export async function createOutboxEmailSender(
  db: Db,
  jobs: JobQueue,
  transport: EmailTransport,
): Promise<EmailSender & { close(): Promise<void> }> {
  await registerEmailDelivery(db, jobs, transport);
  const sender = outboxEmailSender(db, jobs, transport.provider);
  return {
    provider: sender.provider,
    send: sender.send,
    async close() {
      await sender.close();
      await transport.close();
    },
  };
}
