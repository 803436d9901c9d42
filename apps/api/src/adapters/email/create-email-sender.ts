import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { EmailSender } from './email.port.ts';
import { outboxSender } from './outbox.sender.ts';
import { smtpSender } from './smtp.sender.ts';

/** The adapter EMAIL_PROVIDER selects: 'outbox' (the default) or 'smtp'. */
export function createEmailSender(config: Config, db: Db): EmailSender {
  if (config.EMAIL_PROVIDER === 'smtp') {
    if (!config.SMTP_URL) throw new Error('EMAIL_PROVIDER=smtp needs SMTP_URL');
    return smtpSender(db, { url: config.SMTP_URL, from: config.EMAIL_FROM });
  }
  return outboxSender(db);
}
