import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  SMS_LIMITS,
  phoneWithCountrySchema,
  toE164,
  toFieldErrors,
  DEFAULT_LANGUAGE,
  type CommunicationType,
  type Language,
} from '@grove/domain';
import { API_MESSAGES } from '@grove/domain/api/common';
import type { SmsAnswer, SmsBody } from '@grove/domain/api/communications';
import { DIGEST_MESSAGES } from '@grove/domain/digest';
import { publicStatus } from '../../adapters/email/delivery.ts';
import type { EmailSender } from '../../adapters/email/email.port.ts';
import type { SmsSender } from '../../adapters/sms/sms.port.ts';
import { renderSms } from '../../adapters/sms/templates.ts';
import type { Db } from '../../db/client.ts';
import { fieldError, forbidden, notFound, ValidationError } from '../../lib/errors.ts';
import { storedLanguage } from '../../locales/language.repository.ts';
import { accountRelation } from '../auth/access.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import { countAttempt } from '../auth/auth.throttle.ts';
import { findPerson, findWeeklyDigest, pageCommunications, setWeeklyDigest } from './communications.repository.ts';
import { verifyUnsubscribeToken } from './communications.unsubscribe.ts';

export interface CommunicationsDeps {
  db: Db;
  email: EmailSender;
  sms: SmsSender;
  /** PUBLIC_URL: links in messages are built on it. */
  publicUrl: string;
  /** The game's download page the app_link text carries. */
  gameDownloadUrl: string;
}

const SMS_WINDOW_SECONDS = 3600;

/** Staff and coaches write to families; parents only text the game's link. */
const writesToFamilies = (user: AuthUser) => user.isStaff || user.isCoach;

type SmsRequest = Omit<SmsBody, 'kind'> & { kind: NonNullable<SmsBody['kind']> };

/**
 * POST /api/v1/sms/message/. `app_link`: anyone signed in texts the game's link to a phone they
 * give (checked for its country). `custom`: staff, or the coach of the recipient's account, text
 * `message` to user `user`, at the phone given or else the one stored for them; a parent gets 403,
 * a user outside the coach's families 404. Then the sender's hourly limit (429 with Retry-After),
 * and only then the outbox row and its delivery job.
 */
export async function sendSms(
  deps: CommunicationsDeps,
  sender: AuthUser,
  body: SmsRequest,
  /** The request's language: the game link's when the parent has none stored. */
  language: Language = DEFAULT_LANGUAGE,
): Promise<SmsAnswer> {
  if (body.kind === 'custom' && !writesToFamilies(sender)) throw forbidden();

  let recipient: Awaited<ReturnType<typeof findPerson>> = null;
  let message = '';
  if (body.kind === 'custom') {
    const missing: Record<string, string[]> = {};
    if (body.user === undefined) missing.user = [API_MESSAGES.required];
    if (body.message === undefined) missing.message = [API_MESSAGES.required];
    if (Object.keys(missing).length > 0) throw new ValidationError(missing);
    message = body.message!;
    recipient = await findPerson(deps.db, body.user!);
    if (!recipient) throw notFound();
    if (!sender.isStaff) {
      const relation =
        recipient.accountId === null ? null : await accountRelation(deps.db, sender, recipient.accountId);
      if (relation !== 'coach') throw notFound();
    }
  }

  // The phone in the body, checked for its country (the body's, else the recipient's); without one,
  // a custom message goes to the recipient's stored phone.
  const given = (body.phonenumber ?? '').trim() !== '';
  const phone =
    recipient && !given
      ? { phonenumber: recipient.phonenumber, country: body.country ?? recipient.country }
      : { phonenumber: body.phonenumber ?? '', country: body.country ?? recipient?.country ?? '' };
  const checked = phoneWithCountrySchema.safeParse(phone);
  if (!checked.success) throw new ValidationError(toFieldErrors(checked.error));
  const to = toE164(checked.data.phonenumber, checked.data.country);
  if (!to) throw fieldError('phonenumber', MESSAGES.phoneInvalid);

  const limit = writesToFamilies(sender) ? SMS_LIMITS.perHourStaff : SMS_LIMITS.perHour;
  await countAttempt(deps.db, `sms:${sender.id}`, limit, SMS_WINDOW_SECONDS, ACCOUNT_MESSAGES.smsRateLimited);

  // In the language of the person it is written to: the recipient, or the parent texting their own tablet.
  const content =
    body.kind === 'custom'
      ? await renderSms('custom', { message, senderName: sender.firstName }, recipient?.language)
      : await renderSms(
          'app_link',
          { url: deps.gameDownloadUrl },
          (await storedLanguage(deps.db, sender.id)) ?? language,
        );
  const queued = await deps.sms.send({
    to,
    ...content,
    kind: body.kind,
    userId: recipient?.id ?? sender.id,
    senderUserId: sender.id,
  });
  return { id: queued.id, to, kind: body.kind, status: queued.status, created_at: queued.createdAt.toISOString() };
}

/**
 * Who may read the messages written to `targetId`: themself, a member of their account, its coach,
 * staff. Anyone else — and a missing user — answers 404.
 */
async function readablePerson(db: Db, reader: AuthUser, targetId: number) {
  const person = await findPerson(db, targetId);
  if (!person) throw notFound();
  if (person.id === reader.id || reader.isStaff) return person;
  const relation = person.accountId === null ? null : await accountRelation(db, reader, person.accountId);
  if (relation === null) throw notFound();
  return person;
}

/** GET /api/v1/communications?user=&type=: e-mails and texts written to a person, newest first. */
export async function listCommunications(
  db: Db,
  reader: AuthUser,
  query: { user?: number; type?: CommunicationType; page: number; page_size: number },
) {
  const person = await readablePerson(db, reader, query.user ?? reader.id);
  const { count, rows } = await pageCommunications(
    db,
    person,
    query.type,
    query.page_size,
    (query.page - 1) * query.page_size,
  );
  return {
    count,
    page: query.page,
    pageSize: query.page_size,
    results: rows.map((row) => ({
      id: row.id,
      type: row.type,
      to: row.to,
      subject: row.subject,
      body: row.body,
      template: row.template,
      status: publicStatus(row.status),
      provider: row.provider,
      attempts: row.attempts,
      created_at: row.createdAt.toISOString(),
      sent_at: row.sentAt ? row.sentAt.toISOString() : null,
    })),
  };
}

// Notification settings.

export async function getNotificationSettings(db: Db, user: AuthUser) {
  const weeklyDigest = await findWeeklyDigest(db, user.id);
  if (weeklyDigest === null) throw notFound();
  return { weekly_digest: weeklyDigest };
}

export async function patchNotificationSettings(db: Db, user: AuthUser, body: { weekly_digest?: boolean }) {
  if (body.weekly_digest !== undefined) await setWeeklyDigest(db, user.id, body.weekly_digest);
  return getNotificationSettings(db, user);
}

/** The digest's opt-out link: a valid token turns the digest off (again and again: same answer). */
export async function unsubscribe(db: Db, token: string) {
  const userId = await verifyUnsubscribeToken(db, token);
  if (userId === null || !(await setWeeklyDigest(db, userId, false))) {
    throw fieldError('token', DIGEST_MESSAGES.unsubscribeInvalid);
  }
  return { detail: ACCOUNT_MESSAGES.unsubscribed };
}
