import type { Db, Tx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import {
  deliverAsWritten,
  deliverOnce,
  registerDeliveryJob,
  writeQueued,
  type DeliveryOutcome,
} from '../email/delivery.ts';
import { E164, type SmsMessage, type SmsSender, type SmsTransport } from './sms.port.ts';
import { insertSmsRow, smsDeliveryStore } from './sms.repository.ts';

/** The job that delivers one sms_outbox row: `{ id }`. */
export const SMS_DELIVERY_QUEUE = 'communications.deliver-sms';

/** The local default: a text is only its row (staff read it); delivering it is recording it as sent. */
export function localSmsTransport(): SmsTransport {
  return {
    provider: 'outbox',
    async deliver() {
      return null;
    },
  };
}

/**
 * Delivers sms_outbox row `id` once (adapters/email/delivery.ts), through the provider it was
 * written for: a row of the local outbox needs nothing more; a row written for Twilio while Twilio
 * is no longer configured fails for good.
 */
export async function deliverSms(
  db: Db,
  transport: SmsTransport,
  id: number,
  retryCount = 0,
): Promise<DeliveryOutcome> {
  return deliverOnce(smsDeliveryStore(db), id, retryCount, (row) =>
    deliverAsWritten(row.provider, transport, 'SMS_PROVIDER', () =>
      transport.deliver({ to: row.toNumber, body: row.body }),
    ),
  );
}

/** Control characters other than line breaks and tabs have no place in a text. */
function hasControlCharacter(text: string): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if ((code < 0x20 && char !== '\n' && char !== '\r' && char !== '\t') || code === 0x7f) return true;
  }
  return false;
}

/** Registers the handler of the delivery job on `jobs` (once per queue): it delivers through `transport`. */
export async function registerSmsDelivery(db: Db, jobs: JobQueue, transport: SmsTransport) {
  await registerDeliveryJob(jobs, SMS_DELIVERY_QUEUE, (id, retryCount) => deliverSms(db, transport, id, retryCount));
}

/**
 * The SMS port over the sms_outbox table and the job queue: `send` writes the row (for `provider`)
 * and its delivery job in one transaction, the caller's when given. The delivery job must be
 * registered on `jobs` (registerSmsDelivery), here or in another instance.
 */
export function outboxSmsSender(db: Db, jobs: JobQueue, provider: SmsTransport['provider'] = 'outbox'): SmsSender {
  async function write(tx: Tx, message: SmsMessage) {
    const row = await insertSmsRow(tx, {
      toNumber: message.to,
      body: message.body,
      kind: message.kind,
      template: message.template,
      provider,
      userId: message.userId ?? null,
      senderUserId: message.senderUserId ?? null,
      secrets: message.secrets?.length ? [...message.secrets] : null,
    });
    await jobs.sendInTransaction(tx, SMS_DELIVERY_QUEUE, { id: row.id });
    return { id: row.id, status: 'queued' as const, createdAt: row.createdAt };
  }

  return {
    provider,
    async send(message, executor) {
      if (!E164.test(message.to)) throw new Error('The text message recipient must be an E.164 phone number.');
      if (message.body.trim() === '' || hasControlCharacter(message.body)) {
        throw new Error('The text message must be plain text.');
      }
      return writeQueued(db, jobs, SMS_DELIVERY_QUEUE, executor, (tx) => write(tx, message));
    },
  };
}

/** The SMS port with its transport: registers the delivery job's handler on `jobs` (once per queue). */
export async function createOutboxSmsSender(db: Db, jobs: JobQueue, transport: SmsTransport): Promise<SmsSender> {
  await registerSmsDelivery(db, jobs, transport);
  return outboxSmsSender(db, jobs, transport.provider);
}
