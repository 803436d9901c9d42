import type { Db } from '../../db/client.ts';
import { assertSingleLine, type EmailSender } from './email.port.ts';
import { insertOutboxRow, updateOutboxDelivery } from './outbox.repository.ts';
import { sendMail } from './smtp.client.ts';

/**
 * Delivers through an SMTP server. `send` records the message in email_outbox as 'queued' and
 * returns; delivery then runs outside the request and marks the row 'sent' (with the Message-ID)
 * or 'failed' (with the server's answer). So a slow mail server never slows a request down, and
 * the answer time of "reset password" does not tell whether an e-mail went out.
 */
export function smtpSender(db: Db, options: { url: string; from: string }): EmailSender {
  async function deliver(id: number, mail: { to: string; subject: string; text: string }) {
    try {
      const messageId = await sendMail(options.url, { from: options.from, ...mail });
      await updateOutboxDelivery(db, id, { status: 'sent', providerMessageId: messageId, sentAt: new Date() });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // The row stays 'queued' only if the database itself is gone (shutdown).
      await updateOutboxDelivery(db, id, { status: 'failed', error: reason.slice(0, 500) }).catch(() => undefined);
    }
  }

  return {
    provider: 'smtp',
    async send(message) {
      assertSingleLine(message.to, 'recipient');
      assertSingleLine(message.subject, 'subject');
      const id = await insertOutboxRow(db, {
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        template: message.template,
        provider: 'smtp',
        status: 'queued',
      });
      void deliver(id, message);
    },
  };
}
