import type { Executor } from '../../db/client.ts';

/** One text message to one phone. */
export interface SmsMessage {
  /** The phone number in E.164 form ('+12015550123'). */
  to: string;
  /** The text sent (templates.ts renders it). */
  body: string;
  /** Why it is sent: 'app_link', 'custom' (SMS_KINDS), or a job's own kind. */
  kind: string;
  /** The template that rendered `body`. */
  template: string;
  /** The person it is written to, when Grove knows them (GET /api/v1/communications?user=). */
  userId?: number;
  /** Who asked for it (a parent texting the app link, a staff member or coach). */
  senderUserId?: number;
  /**
   * One-time secrets the body contains (a card-update link's token): once an external provider has
   * the text (or refused it for good) the row keeps them no longer, as for e-mail (email.port.ts).
   */
  secrets?: readonly string[];
}

/** The outbox row `send` wrote. */
export interface QueuedSms {
  id: number;
  status: 'queued';
  createdAt: Date;
}

/**
 * The SMS port, beside the e-mail port (ARCHITECTURE §4): `send` writes the message to the
 * sms_outbox table as 'queued' together with the job that delivers it — inside `tx` when given,
 * else in a transaction of its own. The job (outbox.sender.ts) hands it to the transport once and
 * records the outcome. The local default ('outbox') only records it; 'twilio' also texts it.
 */
export interface SmsSender {
  readonly provider: 'outbox' | 'twilio';
  send(message: SmsMessage, tx?: Executor): Promise<QueuedSms>;
}

/** The provider's side of the port: hands one message over, answering the provider's message id. */
export interface SmsTransport {
  readonly provider: 'outbox' | 'twilio';
  /**
   * Throws PermanentDeliveryError (adapters/email/delivery.ts) when the provider refused the message
   * for good; any other error is tried again.
   */
  deliver(message: { to: string; body: string }): Promise<string | null>;
}

/** E.164: a plus, a country code and at most 15 digits in all. */
export const E164 = /^\+[1-9]\d{6,14}$/;
