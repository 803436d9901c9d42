import type { ConnectionOptions } from 'node:tls';
import { createTransport } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type { SMTPPoolOptions } from 'nodemailer/lib/smtp-pool';
import type { Db } from '../../db/client.ts';
import { assertSingleLine, type EmailMessage, type EmailSender } from './email.port.ts';
import { insertOutboxRow, updateOutboxDelivery } from './outbox.repository.ts';

export interface SmtpSenderOptions {
  /** SMTP_URL: smtp://user:password@host:587 (STARTTLS) or smtps://user:password@host:465 (implicit TLS). */
  url: string;
  /** EMAIL_FROM: 'Grove <no-reply@example.org>'. */
  from: string;
  /** Extra options for tls.connect; tests pass the CA of their self-signed certificate. */
  tls?: ConnectionOptions;
}

/**
 * The pooled nodemailer transport SMTP_URL describes.
 * - smtps:// is TLS from the first byte (port 465 by default).
 * - smtp:// upgrades with STARTTLS whenever the server offers it (port 587 by default). With
 *   credentials in the URL, TLS is required: without STARTTLS the delivery fails before AUTH,
 *   so a password never crosses the network in clear text.
 * Message content may not pull in local files or URLs (no attachments by path or href).
 */
export function smtpTransportOptions(options: SmtpSenderOptions): SMTPPoolOptions & { pool: true } {
  const url = new URL(options.url);
  const implicitTls = url.protocol === 'smtps:';
  const auth = url.username
    ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
    : undefined;
  return {
    pool: true,
    maxConnections: 2,
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port || (implicitTls ? 465 : 587)),
    secure: implicitTls,
    requireTLS: !implicitTls && auth !== undefined,
    auth,
    tls: options.tls,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** Refuses anything but one mailbox ('address' or 'Name <address>'): no lists, groups or blanks. */
function assertOneMailbox(value: string) {
  const parsed = addressparser(value);
  if (parsed.length !== 1 || parsed[0]!.group || !/^[^\s@<>,;]+@[^\s@<>,;]+$/.test(parsed[0]!.address ?? '')) {
    throw new Error('The e-mail recipient must be one address.');
  }
}

/**
 * Delivers through an SMTP server with nodemailer, over one pool of connections per sender.
 * `send` records the message in email_outbox as 'queued' and returns; delivery then runs outside
 * the request and marks the row 'sent' (with the Message-ID) or 'failed' (with the reason). So a
 * slow mail server never slows a request down, and the answer time of "reset password" does not
 * tell whether an e-mail went out.
 */
export function smtpSender(db: Db, options: SmtpSenderOptions): EmailSender & { close(): Promise<void> } {
  const transport = createTransport(smtpTransportOptions(options), { from: options.from });
  const deliveries = new Set<Promise<void>>();
  let closed = false;

  async function deliver(id: number, message: EmailMessage) {
    try {
      const info = await transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await updateOutboxDelivery(db, id, { status: 'sent', providerMessageId: info.messageId, sentAt: new Date() });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // The row stays 'queued' only if the database itself is gone.
      await updateOutboxDelivery(db, id, { status: 'failed', error: reason.slice(0, 500) }).catch(() => undefined);
    }
  }

  return {
    provider: 'smtp',
    async send(message) {
      if (closed) throw new Error('The e-mail sender is closed.');
      // nodemailer would fold a line break into the header; refusing it keeps the rule explicit
      // and the same for every adapter.
      assertSingleLine(message.to, 'recipient');
      assertSingleLine(message.subject, 'subject');
      assertOneMailbox(message.to);
      const id = await insertOutboxRow(db, {
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        template: message.template,
        provider: 'smtp',
        status: 'queued',
      });
      const delivery = deliver(id, message).finally(() => deliveries.delete(delivery));
      deliveries.add(delivery);
    },
    /** Waits for the deliveries already accepted (each bounded by the socket timeouts), then closes the pool. */
    async close() {
      closed = true;
      while (deliveries.size) await Promise.allSettled([...deliveries]);
      transport.close();
    },
  };
}
