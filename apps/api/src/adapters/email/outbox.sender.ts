import type { Db } from '../../db/client.ts';
import { assertSingleLine, type EmailSender } from './email.port.ts';
import { insertOutboxRow } from './outbox.repository.ts';

/** The local default: the message is stored in email_outbox as sent, and goes nowhere else. */
export function outboxSender(db: Db): EmailSender {
  return {
    provider: 'outbox',
    async send(message) {
      assertSingleLine(message.to, 'recipient');
      assertSingleLine(message.subject, 'subject');
      await insertOutboxRow(db, {
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        template: message.template,
        provider: 'outbox',
        status: 'sent',
        sentAt: new Date(),
      });
    },
    // Nothing to release: every message is only a row.
    async close() {},
  };
}
