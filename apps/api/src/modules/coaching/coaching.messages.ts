/**
 * The family's e-mail and texts about a call, and the reminder job that goes out a day before it:
 * outbox rows and a job of the transaction that changes the call (ARCHITECTURE §7).
 */
import { formatDateTime, resolveTimeZone, toE164 } from '@grove/domain';
import { renderEmail } from '../../adapters/email/templates.ts';
import { renderSms } from '../../adapters/sms/templates.ts';
import type { Tx } from '../../db/client.ts';
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

/** Small SMS texts of this module (the SMS port's templates hold the reminder). */
const SMS_TEXTS = {
  coaching_booked: (d: { firstName: string; coachName: string; when: string }) =>
    `Hi ${d.firstName}, your Grove coaching call with ${d.coachName} is booked for ${d.when}.`,
  coaching_moved: (d: { firstName: string; coachName: string; when: string }) =>
    `Hi ${d.firstName}, your Grove coaching call with ${d.coachName} is now on ${d.when}.`,
  coaching_cancelled: (d: { firstName: string; coachName: string; when: string }) =>
    `Hi ${d.firstName}, your Grove coaching call with ${d.coachName} on ${d.when} is cancelled.`,
};

/**
 * Writes the family's e-mail (and SMS, when the parent's phone number is valid) about a call, in
 * `tx`: to the parent who booked it, else the account holder; times in the family's zone.
 */
export async function tellFamily(deps: CoachingDeps, tx: Tx, call: repo.CallRow, message: FamilyMessage) {
  const to = await repo.recipientOf(tx, call);
  if (!to) return;
  const zone = resolveTimeZone(to.timeZone);
  const data = {
    firstName: to.firstName,
    coachName: fullName(call.coachFirstName, call.coachLastName),
    when: formatDateTime(call.startsAt, zone),
    manageUrl: manageUrl(deps),
  };
  const email =
    message.kind === 'booked'
      ? renderEmail('coaching_booked', data)
      : message.kind === 'reminder'
        ? renderEmail('coaching_reminder', data)
        : message.kind === 'moved'
          ? renderEmail('coaching_changed', {
              ...data,
              change: 'moved',
              by: 'family',
              previousWhen: formatDateTime(message.previousStartsAt, zone),
            })
          : renderEmail('coaching_changed', { ...data, change: 'cancelled', by: message.by });
  await deps.email.send({ to: to.email, userId: to.userId, ...email }, tx);

  const phone = to.phonenumber ? toE164(to.phonenumber, to.country) : null;
  if (!phone) return;
  const sms =
    message.kind === 'reminder'
      ? renderSms('coaching_reminder', { firstName: to.firstName, startsAt: call.startsAt, timeZone: zone })
      : message.kind === 'booked'
        ? { template: 'coaching_booked', body: SMS_TEXTS.coaching_booked(data) }
        : message.kind === 'moved'
          ? { template: 'coaching_moved', body: SMS_TEXTS.coaching_moved(data) }
          : { template: 'coaching_cancelled', body: SMS_TEXTS.coaching_cancelled(data) };
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
