/**
 * The family's e-mail and texts about a call, and the reminder job that goes out a day before it:
 * outbox rows and a job of the transaction that changes the call (ARCHITECTURE §7).
 */
import { formatDateTime, resolveTimeZone, toE164 } from '@grove/domain';
import { renderEmail } from '../../adapters/email/templates.ts';
import { renderSms } from '../../adapters/sms/templates.ts';
import type { Tx } from '../../db/client.ts';
import { languageOf } from '../../locales/i18n.ts';
import * as repo from './coaching.repository.ts';
import {
  COACHING_REMINDER,
  type CoachingDeps,
  HOUR,
  REMINDER_LEAD_HOURS,
  type ReminderJob,
  fullName,
  loadCall,
  manageUrl,
  nowOf,
} from './coaching.service.ts';

// Messages and reminders.

type FamilyMessage =
  | { kind: 'booked' }
  | { kind: 'reminder' }
  | { kind: 'moved'; previousStartsAt: Date }
  | { kind: 'cancelled'; by: 'family' | 'coach' };

/**
 * Writes the family's e-mail (and SMS, when the parent's phone number is valid) about a call, in
 * `tx`: to the parent who booked it, else the account holder; times in the family's zone, words in
 * that parent's language.
 */
export async function tellFamily(deps: CoachingDeps, tx: Tx, call: repo.CallRow, message: FamilyMessage) {
  const to = await repo.recipientOf(tx, call);
  if (!to) return;
  const zone = resolveTimeZone(to.timeZone);
  const { language } = to;
  const data = {
    firstName: to.firstName,
    coachName: fullName(call.coachFirstName, call.coachLastName),
    when: formatDateTime(call.startsAt, zone, languageOf(language)),
    manageUrl: manageUrl(deps),
  };
  const email =
    message.kind === 'booked'
      ? await renderEmail('coaching_booked', data, language)
      : message.kind === 'reminder'
        ? await renderEmail('coaching_reminder', data, language)
        : message.kind === 'moved'
          ? await renderEmail(
              'coaching_changed',
              {
                ...data,
                change: 'moved',
                by: 'family',
                previousWhen: formatDateTime(message.previousStartsAt, zone, languageOf(language)),
              },
              language,
            )
          : await renderEmail('coaching_changed', { ...data, change: 'cancelled', by: message.by }, language);
  await deps.email.send({ to: to.email, userId: to.userId, ...email }, tx);

  const phone = to.phonenumber ? toE164(to.phonenumber, to.country) : null;
  if (!phone) return;
  const sms =
    message.kind === 'reminder'
      ? await renderSms(
          'coaching_reminder',
          { firstName: to.firstName, startsAt: call.startsAt, timeZone: zone },
          language,
        )
      : await renderSms(
          message.kind === 'booked'
            ? 'coaching_booked'
            : message.kind === 'moved'
              ? 'coaching_moved'
              : 'coaching_cancelled',
          data,
          language,
        );
  await deps.sms.send({ to: phone, kind: 'coaching', userId: to.userId, ...sms }, tx);
}

/**
 * Enqueues the call's reminder in `tx`, due a day before it starts (or at once when it is sooner).
 * True when it is due now (wake the workers after the commit).
 */
export async function scheduleReminder(deps: CoachingDeps, tx: Tx, call: repo.CallRow, now: Date): Promise<boolean> {
  const due = new Date(call.startsAt.getTime() - REMINDER_LEAD_HOURS * HOUR);
  const data: ReminderJob = { callId: call.id, startsAt: call.startsAt.toISOString() };
  await deps.jobs.sendInTransaction(tx, COACHING_REMINDER, data, due > now ? { startAfter: due } : {});
  return due <= now;
}

/**
 * The reminder job: writes the reminder once, and only if the call is still scheduled at the start
 * it was enqueued for, has not started and has had no reminder (idempotent: a retry or a duplicate
 * does nothing). True when it wrote one.
 */
export async function sendReminder(deps: CoachingDeps, job: ReminderJob): Promise<boolean> {
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const row = await repo.lockCall(tx, job.callId);
    if (!row || row.status !== 'scheduled' || row.reminderSentAt !== null) return false;
    if (row.startsAt.toISOString() !== job.startsAt || row.startsAt <= now) return false;
    await tellFamily(deps, tx, await loadCall(tx, row.id), { kind: 'reminder' });
    await repo.updateCall(tx, row.id, { reminderSentAt: now });
    return true;
  });
}
