import type { FastifyBaseLogger } from 'fastify';
import type { EmailSender } from '../../adapters/email/email.port.ts';
import { renderEmail, type TemplateData, type TemplateName } from '../../adapters/email/templates.ts';
import type { Db, Executor } from '../../db/client.ts';

/** What the profile, e-mail, password and shipping services need. */
export interface UserDeps {
  db: Db;
  email: EmailSender;
  /** PUBLIC_URL: links in e-mails are built on it. */
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * Writes one e-mail to a known user (its outbox row and delivery job). Inside `tx` — the
 * transaction of the change it tells about — the e-mail exists exactly when the change does, and a
 * failure fails the change. Without one, a failure is logged, never answered.
 */
export async function mailUser<N extends TemplateName>(
  deps: UserDeps,
  /** The person, with their stored language (users.language; null: English). */
  to: { id: number; email: string; language: string | null },
  template: N,
  data: TemplateData<N>,
  tx?: Executor,
  /** One-time tokens the e-mail carries: kept out of the outbox once delivered (email.port.ts). */
  secrets?: readonly string[],
) {
  const content = await renderEmail(template, data, to.language);
  const message = { to: to.email, userId: to.id, ...content, ...(secrets ? { secrets } : {}) };
  if (tx) {
    await deps.email.send(message, tx);
    return;
  }
  try {
    await deps.email.send(message);
  } catch (error) {
    deps.log.error({ err: error, userId: to.id, template }, 'could not write an e-mail');
  }
}
