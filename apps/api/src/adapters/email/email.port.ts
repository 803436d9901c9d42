import addressparser from 'nodemailer/lib/addressparser';
import type { Executor } from '../../db/client.ts';

/**
 * One e-mail to one person. `template` names the kind of mail (for example 'password_reset').
 * Every message has a plain-text part and an HTML part; templates.ts renders both.
 */
export interface EmailMessage {
  /** One mailbox: 'address' or 'Display Name <address>'. */
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  /** The person it is written to, when Grove knows them (GET /api/v1/communications?user=). */
  userId?: number;
  /**
   * One-time secrets that `text` and `html` contain (a reset link's token). Once an external
   * provider has the message (or refused it for good), the outbox row keeps them no longer: they are
   * replaced by REMOVED_SECRET (outbox.repository.ts). The local outbox keeps them: its row is the
   * mailbox.
   */
  secrets?: readonly string[];
}

/**
 * The e-mail port. `send` writes the message to the email_outbox table as 'queued' together with
 * the job that delivers it (ARCHITECTURE §7, Outbox): inside `tx` when given — the message then
 * exists if and only if that transaction commits — else in a transaction of its own. Nothing is
 * delivered inside a request; the delivery job (outbox.sender.ts) hands the row to the adapter's
 * transport once and records the outcome in the row. Every adapter keeps every message in the
 * table, so staff can see what was sent; the local default ('outbox') only records it, the SMTP
 * adapter also delivers it.
 */
export interface EmailSender {
  readonly provider: 'outbox' | 'smtp';
  /** Resolves with the outbox row's id once the message and its delivery job are written. */
  send(message: EmailMessage, tx?: Executor): Promise<{ id: number }>;
  /**
   * Lets the deliveries under way finish, then releases the transport's connections. Called once at
   * shutdown (before the database closes); `send` refuses messages afterwards, and a delivery job
   * that still runs fails and is tried again later.
   */
  close?(): Promise<void>;
}

/** The provider's side of the port: hands one message over, answering the provider's message id. */
export interface EmailTransport {
  readonly provider: 'outbox' | 'smtp';
  /**
   * Throws PermanentDeliveryError (delivery.ts) when the provider refused the message for good;
   * any other error is tried again.
   */
  deliver(message: EmailMessage): Promise<string | null>;
  close(): Promise<void>;
}

/** Header values must stay on one line: a CR or LF would let a value inject headers. */
export function assertSingleLine(value: string, what: string) {
  if (/[\r\n]/.test(value)) throw new Error(`The e-mail ${what} must be one line.`);
}

/** Refuses anything but one mailbox ('address' or 'Name <address>'): no lists, groups or blanks. */
export function assertOneMailbox(value: string) {
  const parsed = addressparser(value);
  if (parsed.length !== 1 || parsed[0]!.group || !/^[^\s@<>,;]+@[^\s@<>,;]+$/.test(parsed[0]!.address ?? '')) {
    throw new Error('The e-mail recipient must be one address.');
  }
}
