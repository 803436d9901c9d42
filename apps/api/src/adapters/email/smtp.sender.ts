import type { ConnectionOptions } from 'node:tls';
import { createTransport } from 'nodemailer';
import type { SMTPPoolOptions } from 'nodemailer/lib/smtp-pool';
import { PermanentDeliveryError } from './delivery.ts';
import { assertOneMailbox, assertSingleLine, type EmailMessage, type EmailTransport } from './email.port.ts';

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

/**
 * The server refused this message for good: a 5xx answer to the envelope (sender, recipient) or to
 * the message itself. Connection, TLS and authentication failures are tried again (a mail server
 * restarting, a certificate being renewed, a password being fixed).
 */
function isPermanent(error: unknown): boolean {
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  const refused = code === 'EENVELOPE' || code === 'EMESSAGE';
  return refused && typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}

/**
 * Delivers through an SMTP server with nodemailer, over one pool of connections per transport. The
 * outbox job (outbox.sender.ts) calls `deliver` outside any request and records the Message-ID, or
 * the reason of a failure; a slow mail server never slows a request down, and the answer time of
 * "reset password" does not tell whether an e-mail went out.
 */
export function smtpTransport(options: SmtpSenderOptions): EmailTransport {
  const transport = createTransport(smtpTransportOptions(options), { from: options.from });
  const deliveries = new Set<Promise<unknown>>();
  let closed = false;

  async function send(message: EmailMessage) {
    try {
      const info = await transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
      return info.messageId;
    } catch (error) {
      if (isPermanent(error)) throw new PermanentDeliveryError((error as Error).message);
      throw error;
    }
  }

  return {
    provider: 'smtp',
    async deliver(message) {
      // After close the job fails, and a later run (after a restart) delivers the message.
      if (closed) throw new Error('The e-mail transport is closed.');
      // nodemailer would fold a line break into the header: the rule stays explicit here too.
      assertSingleLine(message.to, 'recipient');
      assertSingleLine(message.subject, 'subject');
      assertOneMailbox(message.to);
      const delivery = send(message);
      deliveries.add(delivery);
      try {
        return await delivery;
      } finally {
        deliveries.delete(delivery);
      }
    },
    /** Waits for the deliveries under way (each bounded by the socket timeouts), then closes the pool. */
    async close() {
      closed = true;
      while (deliveries.size) await Promise.allSettled([...deliveries]);
      transport.close();
    },
  };
}
