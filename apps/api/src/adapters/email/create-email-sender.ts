import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { EmailSender } from './email.port.ts';
import { createOutboxEmailSender, localEmailTransport } from './outbox.sender.ts';
import { smtpTransport } from './smtp.sender.ts';

/**
 * The adapter EMAIL_PROVIDER selects — 'outbox' (the default) or 'smtp' — over the outbox table and
 * its delivery job, whose handler it registers on `jobs`.
 */
export async function createEmailSender(config: Config, db: Db, jobs: JobQueue): Promise<EmailSender> {
  if (config.EMAIL_PROVIDER === 'smtp') {
    if (!config.SMTP_URL) throw new Error('EMAIL_PROVIDER=smtp needs SMTP_URL');
    return createOutboxEmailSender(db, jobs, smtpTransport({ url: config.SMTP_URL, from: config.EMAIL_FROM }));
  }
  return createOutboxEmailSender(db, jobs, localEmailTransport());
}
