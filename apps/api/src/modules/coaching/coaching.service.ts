/**
 * Coaching (SPEC §7 Coach; docs/coaching.md): coaches and their calendars, booking, coaching calls,
 * coach notes, coach assignment, and the coach's workspace (families, brief, working hours, time
 * off). Who may see what:
 *
 * - a parent: their family's calls and the SHARED notes; books, cancels and moves their calls;
 * - a coach: their families (accounts.coach_user_id) — all their notes, the brief — and the calls
 *   they hold (a call stays with its coach when the family gets another one);
 * - staff: everything.
 *
 * Another family's objects answer 404, exactly as missing ones. Every state change is one
 * transaction holding its e-mail and SMS outbox rows and the reminder job (ARCHITECTURE §7); the
 * partial unique index on (coach, start) among scheduled calls is what refuses a double booking.
 */
import { randomBytes } from 'node:crypto';
import {
  BOOKING_RULES,
  canChangeCall,
  CHART,
  COACHING_MESSAGES,
  DEFAULT_TIMEZONE,
  formatDateTime,
  resolveTimeZone,
  toE164,
  WEEKDAY_NAMES,
  type CallStatus,
} from '@grove/domain';
import type { Paging } from '@grove/domain/api/common';
import type {
  AvailableHours,
  Brief,
  CalendarLink,
  CoachingCall,
  CoachNote,
  CoachProfile,
  Family,
  TimeOff,
  WorkingHours,
} from '@grove/domain/api/coaching';
import { createEvent } from 'ics';
import type { EmailSender } from '../../adapters/email/email.port.ts';
import { renderEmail } from '../../adapters/email/templates.ts';
import type { SmsSender } from '../../adapters/sms/sms.port.ts';
import { renderSms } from '../../adapters/sms/templates.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { conflict, fieldError, forbidden, notFound, ValidationError } from '../../lib/errors.ts';
import { accountRelation } from '../auth/access.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import {
  addDays,
  availableSlots,
  isoWeekday,
  isTimeZone,
  localDate,
  slotRefusal,
  startOfLocalDay,
  type CoachCalendar,
  type SlotRefusal,
} from './coaching.availability.ts';
import * as repo from './coaching.repository.ts';

export interface CoachingDeps {
  db: Db;
  email: EmailSender;
  sms: SmsSender;
  jobs: JobQueue;
  publicUrl: string;
  now?: () => Date;
}

/** The reminder job: `{ callId, startsAt }`, run about a day before the call (coaching.jobs.ts). */
export const COACHING_REMINDER = 'coaching.reminder';
export interface ReminderJob {
  callId: number;
  /** The start the reminder was enqueued for: a call moved since has another reminder. */
  startsAt: string;
}
/** How long before a call its reminder goes out. */
export const REMINDER_LEAD_HOURS = 24;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SLOT = BOOKING_RULES.slotMinutes * 60_000;

/** Sentences for refusals the domain's COACHING_MESSAGES does not hold. */
export const COACHING_REFUSALS = {
  programEnded:
    'Coaching calls are part of an active Grove program. Your program has ended, so new calls cannot be booked.',
  notAFamily: 'Coaches and staff do not book coaching calls; families book them from their coaching page.',
  noFamily: 'Only a family’s parents can book its coaching calls.',
  ownCoachOnly: 'Your family books its calls with its own coach. Please choose a time in their calendar.',
  outcomeByCoach: 'Only the coach records a call’s outcome and summary.',
  moveByFamily: 'Only the family can move a call. You can cancel it and ask them to book another time.',
  cancelOrMove: 'Either cancel the call or move it, not both at once.',
  sameTime: 'Choose a different time to move the call to.',
  notStarted: 'A call can be marked completed or no-show once it has started.',
  noteAuthorOnly: 'Only the coach who wrote a note, or staff, can change it.',
  coachesOnly: 'Only coaches have working hours and time off.',
  notACoach: 'Choose an active coach.',
  unknownTimeZone: 'Choose a time zone such as America/New_York.',
  timeOffPast: 'Time off must end in the future.',
  noCalendar: 'There is no coach calendar with this widget_id.',
  notOfFamily: 'This belongs to another family.',
} as const;

const nowOf = (deps: CoachingDeps) => (deps.now ?? (() => new Date()))();
const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();
const manageUrl = (deps: CoachingDeps) => new URL('/dashboard/coaching', deps.publicUrl).toString();
const isEnded = (status: string | null) => status === 'CANCELLED' || status === 'RETURNED';

// Answers.

function toProfile(row: repo.CoachRow): CoachProfile {
  return {
    id: row.userId,
    name: fullName(row.firstName, row.lastName),
    first_name: row.firstName,
    title: row.title,
    bio: row.bio,
    time_zone: row.timeZone,
    widget_id: row.widgetId,
    accepts_bookings: row.acceptsBookings,
  };
}

export function toCall(row: repo.CallRow, now: Date): CoachingCall {
  return {
    id: row.id,
    account_id: row.accountId,
    family_name: row.familyName,
    coach: { id: row.coachUserId, name: fullName(row.coachFirstName, row.coachLastName) },
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    status: row.status as CallStatus,
    summary: row.summary,
    ref: row.ref,
    reschedule_count: row.rescheduleCount,
    can_change: row.status === 'scheduled' && canChangeCall(row.startsAt, now),
    created_at: row.createdAt.toISOString(),
  };
}

function toNote(row: repo.NoteRow): CoachNote {
  return {
    id: row.id,
    account_id: row.accountId,
    coach:
      row.coachUserId === null ? null : { id: row.coachUserId, name: fullName(row.coachFirstName, row.coachLastName) },
    call_id: row.callId,
    player: row.playerId === null ? null : { id: row.playerId, name: row.playerName ?? '' },
    body: row.body,
    shared: row.shared,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const minuteOf = (value: string) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));

function toTimeOff(row: { id: number; startsAt: Date; endsAt: Date; reason: string }): TimeOff {
  return { id: row.id, starts_at: row.startsAt.toISOString(), ends_at: row.endsAt.toISOString(), reason: row.reason };
}

async function loadCall(db: Executor, id: number): Promise<repo.CallRow> {
  const row = await repo.findCall(db, id);
  if (!row) throw notFound();
  return row;
}

/** How the user relates to a call: staff, a parent of its family, its coach (or their family's coach), or nothing. */
function callRelation(user: AuthUser, call: repo.CallRow): 'staff' | 'member' | 'coach' | null {
  if (user.isStaff) return 'staff';
  if (user.accountId === call.accountId) return 'member';
  if (user.isCoach && (call.coachUserId === user.id || call.accountCoachUserId === user.id)) return 'coach';
  return null;
}

async function visibleCall(deps: CoachingDeps, user: AuthUser, id: number) {
  const call = await loadCall(deps.db, id);
  const relation = callRelation(user, call);
  if (!relation) throw notFound();
  return { call, relation };
}

// Coaches and calendars.

export async function profile(deps: CoachingDeps, coachUserId: number): Promise<CoachProfile> {
  const coach = await repo.findCoach(deps.db, coachUserId);
  if (!coach) throw notFound();
  return toProfile(coach);
}

/** Coaches taking bookings, the family's own coach first (listed even when it takes none). */
export async function coaches(deps: CoachingDeps, user: AuthUser) {
  const account = user.accountId === null ? null : await repo.findAccount(deps.db, user.accountId);
  const ownId = account?.coachUserId ?? null;
  const rows = await repo.listCoaches(deps.db, ownId);
  const sorted = [...rows.filter((r) => r.userId === ownId), ...rows.filter((r) => r.userId !== ownId)];
  return { count: sorted.length, results: sorted.map(toProfile) };
}

/** What the slot computation needs of a coach around [from, to). A coach who takes no bookings has no hours. */
async function calendarOf(
  db: Executor,
  coach: repo.CoachRow,
  from: number,
  to: number,
  exceptCallId?: number,
): Promise<CoachCalendar> {
  const start = new Date(from - SLOT);
  const end = new Date(to + SLOT);
  // One after the other: inside a transaction they share its one connection.
  const workingHours = coach.acceptsBookings ? await repo.workingHoursOf(db, coach.userId) : [];
  const calls = await repo.scheduledCallsBetween(db, coach.userId, start, end, exceptCallId);
  const timeOff = await repo.timeOffBetween(db, coach.userId, start, end);
  return { coachTimeZone: resolveTimeZone(coach.timeZone), workingHours, calls, timeOff };
}

async function coachByWidget(db: Executor, widgetId: string) {
  const coach = await repo.findCoachByWidget(db, widgetId);
  if (!coach) throw notFound(COACHING_REFUSALS.noCalendar);
  return coach;
}

/** The zone a person's days are cut in: their family's; a coach or staff member without one, the coach's. */
async function familyZone(db: Executor, user: AuthUser, fallback: string): Promise<string> {
  const account = user.accountId === null ? null : await repo.findAccount(db, user.accountId);
  return resolveTimeZone(account?.timeZone ?? fallback);
}

export async function availableHours(
  deps: CoachingDeps,
  user: AuthUser,
  query: { widget_id: string; from?: string | undefined; days: number },
): Promise<AvailableHours> {
  const now = nowOf(deps);
  const coach = await coachByWidget(deps.db, query.widget_id);
  const zone = await familyZone(deps.db, user, coach.timeZone);
  const from = query.from ?? localDate(now.getTime(), zone);
  const calendar = await calendarOf(
    deps.db,
    coach,
    startOfLocalDay(from, zone),
    startOfLocalDay(addDays(from, query.days), zone),
  );
  const days = availableSlots(calendar, { now, familyTimeZone: zone, from, days: query.days });
  return {
    widget_id: coach.widgetId,
    coach: { id: coach.userId, name: fullName(coach.firstName, coach.lastName) },
    time_zone: zone,
    slot_minutes: BOOKING_RULES.slotMinutes,
    days: days.map((day) => ({
      date: day.date,
      slots: day.slots.map((s) => ({ starts_at: s.startsAt.toISOString(), ends_at: s.endsAt.toISOString() })),
    })),
  };
}

function refusalError(refusal: SlotRefusal) {
  if (refusal === 'slotTaken') return conflict(COACHING_MESSAGES.slotTaken, 'slot_taken');
  return fieldError('starts_at', COACHING_MESSAGES[refusal]);
}

/** Why `startsAt` cannot be booked with `coach` now, or null (read inside the booking's transaction). */
async function refusalFor(tx: Executor, coach: repo.CoachRow, startsAt: Date, now: Date, exceptCallId?: number) {
  const at = startsAt.getTime();
  const calendar = await calendarOf(tx, coach, at - DAY, at + DAY, exceptCallId);
  return slotRefusal(calendar, startsAt, now);
}

/** Runs a transaction that writes a call; the slot index's refusal becomes 409 slotTaken, never a 500. */
async function writingCall<T>(deps: CoachingDeps, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await deps.db.transaction(work);
  } catch (error) {
    if (repo.isSlotTaken(error)) throw conflict(COACHING_MESSAGES.slotTaken, 'slot_taken');
    throw error;
  }
}

/**
 * A parent books a call in a free slot of a coach's calendar: their family's coach, or — while the
 * family has none — any coach taking bookings, who then becomes the family's coach in the same
 * transaction. The family's row is locked (one booking of a family at a time: the upcoming-calls
 * limit holds); the slot index decides between families racing for one slot.
 */
export async function book(
  deps: CoachingDeps,
  user: AuthUser,
  body: { widget_id: string; starts_at: string; ref?: string | undefined },
): Promise<CoachingCall> {
  const now = nowOf(deps);
  if (user.isStaff || user.isCoach) throw forbidden(COACHING_REFUSALS.notAFamily);
  const accountId = user.accountId;
  if (accountId === null) throw forbidden(COACHING_REFUSALS.noFamily);
  if (isEnded(await repo.billingStatusOf(deps.db, user.id))) throw forbidden(COACHING_REFUSALS.programEnded);
  const coach = await coachByWidget(deps.db, body.widget_id);
  const startsAt = new Date(body.starts_at);

  const { callId, dueNow } = await writingCall(deps, async (tx) => {
    const account = await repo.lockAccount(tx, accountId);
    if (!account) throw notFound();
    if (account.coachUserId !== null && account.coachUserId !== coach.userId) {
      throw forbidden(COACHING_REFUSALS.ownCoachOnly);
    }
    if ((await repo.countUpcoming(tx, accountId, now)) >= BOOKING_RULES.maxUpcomingPerAccount) {
      throw conflict(COACHING_MESSAGES.tooManyUpcoming, 'too_many_upcoming');
    }
    const refusal = await refusalFor(tx, coach, startsAt, now);
    if (refusal) throw refusalError(refusal);
    const id = await repo.insertCall(tx, {
      accountId,
      coachUserId: coach.userId,
      bookedByUserId: user.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + SLOT),
      ref: body.ref ? body.ref : null,
    });
    if (account.coachUserId === null) await repo.setAccountCoach(tx, accountId, coach.userId, now);
    const call = await loadCall(tx, id);
    await tellFamily(deps, tx, call, { kind: 'booked' });
    return { callId: id, dueNow: await scheduleReminder(deps, tx, call, now) };
  });
  if (dueNow) deps.jobs.notify(COACHING_REMINDER);
  return toCall(await loadCall(deps.db, callId), now);
}

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
async function tellFamily(deps: CoachingDeps, tx: Tx, call: repo.CallRow, message: FamilyMessage) {
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
async function scheduleReminder(deps: CoachingDeps, tx: Tx, call: repo.CallRow, now: Date): Promise<boolean> {
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

// Calls.

/** Your family's calls; a coach without a family: the calls they hold. */
export async function userBookings(deps: CoachingDeps, user: AuthUser, query: Paging & { when: 'upcoming' | 'past' }) {
  const now = nowOf(deps);
  const scope: repo.CallScope | null =
    user.accountId !== null
      ? { kind: 'account', accountId: user.accountId }
      : user.isCoach
        ? { kind: 'coach', coachUserId: user.id }
        : null;
  if (!scope) return { count: 0, page: query.page, pageSize: query.page_size, results: [] };
  return pagedCalls(deps, scope, query, now);
}

async function pagedCalls(
  deps: CoachingDeps,
  scope: repo.CallScope,
  query: Paging & { when: 'upcoming' | 'past' },
  now: Date,
) {
  const { count, rows } = await repo.listCalls(
    deps.db,
    scope,
    query.when,
    now,
    query.page_size,
    (query.page - 1) * query.page_size,
  );
  return { count, page: query.page, pageSize: query.page_size, results: rows.map((r) => toCall(r, now)) };
}

/** Coaching calls: staff any (optionally of one account), a coach theirs, a parent their family's. */
export async function listCalls(
  deps: CoachingDeps,
  user: AuthUser,
  query: Paging & { when: 'upcoming' | 'past'; account?: number | undefined },
) {
  const now = nowOf(deps);
  const { account } = query;
  if (account !== undefined && !(await accountRelation(deps.db, user, account))) throw notFound();
  const filter = account !== undefined ? { accountId: account } : {};
  let scope: repo.CallScope;
  if (user.isStaff) scope = { kind: 'all', ...filter };
  else if (user.accountId !== null && account === user.accountId) scope = { kind: 'account', accountId: account };
  else if (user.isCoach) scope = { kind: 'coach', coachUserId: user.id, ...filter };
  else if (user.accountId !== null) scope = { kind: 'account', accountId: user.accountId };
  else return { count: 0, page: query.page, pageSize: query.page_size, results: [] };
  return pagedCalls(deps, scope, query, now);
}

export async function getCall(deps: CoachingDeps, user: AuthUser, id: number): Promise<CoachingCall> {
  const { call } = await visibleCall(deps, user, id);
  return toCall(call, nowOf(deps));
}

/**
 * Changes a call. The family cancels it or moves it to another free slot of the same coach — until
 * BOOKING_RULES.changeCutoffHours before it starts, and moves at most maxReschedules times. The
 * coach (and staff) record its outcome and summary, or cancel it; they do not move it.
 */
export async function updateCall(
  deps: CoachingDeps,
  user: AuthUser,
  id: number,
  body: {
    status?: 'completed' | 'no_show' | 'cancelled' | undefined;
    summary?: string | undefined;
    starts_at?: string | undefined;
  },
): Promise<CoachingCall> {
  const now = nowOf(deps);
  const { relation } = await visibleCall(deps, user, id);
  if (relation === 'member') {
    if (body.summary !== undefined || (body.status !== undefined && body.status !== 'cancelled')) {
      throw forbidden(COACHING_REFUSALS.outcomeByCoach);
    }
    if (body.status === 'cancelled' && body.starts_at !== undefined) {
      throw new ValidationError({ non_field_errors: [COACHING_REFUSALS.cancelOrMove] });
    }
    if (body.status === 'cancelled') await familyCancel(deps, id, now);
    else if (body.starts_at !== undefined) await familyMove(deps, user, id, new Date(body.starts_at), now);
  } else {
    if (body.starts_at !== undefined) throw forbidden(COACHING_REFUSALS.moveByFamily);
    await coachUpdate(deps, id, body, now);
  }
  return toCall(await loadCall(deps.db, id), now);
}

/** The checks before a family changes a call (on the locked row): scheduled, before the cutoff. */
function assertFamilyMayChange(row: { status: string; startsAt: Date }, now: Date) {
  if (row.status !== 'scheduled') throw conflict(COACHING_MESSAGES.notScheduled, 'not_scheduled');
  if (!canChangeCall(row.startsAt, now)) throw conflict(COACHING_MESSAGES.cutoffPassed, 'cutoff_passed');
}

async function familyCancel(deps: CoachingDeps, id: number, now: Date) {
  await deps.db.transaction(async (tx) => {
    const row = await repo.lockCall(tx, id);
    if (!row) throw notFound();
    assertFamilyMayChange(row, now);
    await repo.updateCall(tx, id, { status: 'cancelled', cancelledAt: now, updatedAt: now });
    await tellFamily(deps, tx, await loadCall(tx, id), { kind: 'cancelled', by: 'family' });
  });
}

async function familyMove(deps: CoachingDeps, user: AuthUser, id: number, startsAt: Date, now: Date) {
  if (isEnded(await repo.billingStatusOf(deps.db, user.id))) throw forbidden(COACHING_REFUSALS.programEnded);
  const dueNow = await writingCall(deps, async (tx) => {
    const row = await repo.lockCall(tx, id);
    if (!row) throw notFound();
    assertFamilyMayChange(row, now);
    if (row.rescheduleCount >= BOOKING_RULES.maxReschedules) {
      throw conflict(COACHING_MESSAGES.rescheduleLimit, 'reschedule_limit');
    }
    if (startsAt.getTime() === row.startsAt.getTime()) throw fieldError('starts_at', COACHING_REFUSALS.sameTime);
    const coach = await repo.findCoach(tx, row.coachUserId);
    const refusal = coach ? await refusalFor(tx, coach, startsAt, now, id) : 'slotUnavailable';
    if (refusal) throw refusalError(refusal);
    await repo.updateCall(tx, id, {
      startsAt,
      endsAt: new Date(startsAt.getTime() + SLOT),
      rescheduleCount: row.rescheduleCount + 1,
      reminderSentAt: null,
      updatedAt: now,
    });
    const call = await loadCall(tx, id);
    await tellFamily(deps, tx, call, { kind: 'moved', previousStartsAt: row.startsAt });
    return scheduleReminder(deps, tx, call, now);
  });
  if (dueNow) deps.jobs.notify(COACHING_REMINDER);
}

async function coachUpdate(
  deps: CoachingDeps,
  id: number,
  body: { status?: 'completed' | 'no_show' | 'cancelled' | undefined; summary?: string | undefined },
  now: Date,
) {
  await deps.db.transaction(async (tx) => {
    const row = await repo.lockCall(tx, id);
    if (!row) throw notFound();
    const set: Parameters<typeof repo.updateCall>[2] = { updatedAt: now };
    if (body.status === 'cancelled') {
      if (row.status !== 'scheduled') throw conflict(COACHING_MESSAGES.notScheduled, 'not_scheduled');
      Object.assign(set, { status: 'cancelled', cancelledAt: now });
    } else if (body.status !== undefined) {
      // Completed and no-show: once the call has started; one may correct the other.
      if (row.status === 'cancelled') throw conflict(COACHING_MESSAGES.notScheduled, 'not_scheduled');
      if (row.startsAt > now) throw conflict(COACHING_REFUSALS.notStarted, 'not_started');
      set.status = body.status;
    }
    if (body.summary !== undefined) set.summary = body.summary;
    await repo.updateCall(tx, id, set);
    if (body.status === 'cancelled') {
      await tellFamily(deps, tx, await loadCall(tx, id), { kind: 'cancelled', by: 'coach' });
    }
  });
}

// Calendar links.

const GOOGLE_DATE = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function callTexts(deps: CoachingDeps, call: repo.CallRow, relation: 'staff' | 'member' | 'coach') {
  const coachName = fullName(call.coachFirstName, call.coachLastName);
  const title =
    relation === 'member'
      ? `Grove coaching call with ${coachName}`
      : relation === 'coach'
        ? `Grove coaching call: ${call.familyName}`
        : `Grove coaching call: ${call.familyName} with ${coachName}`;
  const description = `Your Grove coaching call (${BOOKING_RULES.slotMinutes} minutes). Details, changes and notes: ${manageUrl(deps)}`;
  return { title, description };
}

export async function calendarLink(deps: CoachingDeps, user: AuthUser, id: number): Promise<CalendarLink> {
  const { call, relation } = await visibleCall(deps, user, id);
  const { title, description } = callTexts(deps, call, relation);
  const google = new URL('https://calendar.google.com/calendar/render');
  google.searchParams.set('action', 'TEMPLATE');
  google.searchParams.set('text', title);
  google.searchParams.set('dates', `${GOOGLE_DATE(call.startsAt)}/${GOOGLE_DATE(call.endsAt)}`);
  google.searchParams.set('details', description);
  return {
    title,
    description,
    starts_at: call.startsAt.toISOString(),
    ends_at: call.endsAt.toISOString(),
    google_url: google.toString(),
    ics_url: new URL(`/api/v1/coach_booking/coaching_call/${call.id}/ics/`, deps.publicUrl).toString(),
  };
}

/** The call as an iCalendar file (one VEVENT in UTC; a moved call keeps its UID with a higher SEQUENCE). */
export async function icsFile(deps: CoachingDeps, user: AuthUser, id: number) {
  const { call, relation } = await visibleCall(deps, user, id);
  const { title, description } = callTexts(deps, call, relation);
  const cancelled = call.status === 'cancelled';
  const { error, value } = createEvent({
    productId: 'grove/coaching',
    uid: `coaching-call-${call.id}@grove`,
    sequence: call.rescheduleCount + (cancelled ? 1 : 0),
    start: call.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: call.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title,
    description,
    url: manageUrl(deps),
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: 'BUSY',
    alarms: [{ action: 'display', description: title, trigger: { minutes: 30, before: true } }],
  });
  if (error || !value) throw error ?? new Error('The calendar file could not be written.');
  return { filename: `grove-coaching-call-${call.id}.ics`, ics: value };
}

// Notes.

/** A family's notes by one of its users: coaches of the family and staff read all, its parents the shared ones. */
export async function listNotes(deps: CoachingDeps, user: AuthUser, query: Paging & { user: number }) {
  const accountId = await repo.accountOfUser(deps.db, query.user);
  if (accountId === null) throw notFound();
  const relation = await accountRelation(deps.db, user, accountId);
  if (!relation) throw notFound();
  const { count, rows } = await repo.listNotes(
    deps.db,
    accountId,
    relation === 'member',
    query.page_size,
    (query.page - 1) * query.page_size,
  );
  return { count, page: query.page, pageSize: query.page_size, results: rows.map(toNote) };
}

/** The account a coach or staff member may write notes of (404 for any other). */
async function writableAccount(deps: CoachingDeps, user: AuthUser, accountId: number) {
  const relation = await accountRelation(deps.db, user, accountId);
  if (relation !== 'coach' && relation !== 'staff') throw notFound();
  return relation;
}

export async function addNote(
  deps: CoachingDeps,
  user: AuthUser,
  body: { user: number; body: string; shared: boolean; call_id?: number | undefined; player_id?: number | undefined },
): Promise<CoachNote> {
  const accountId = await repo.accountOfUser(deps.db, body.user);
  if (accountId === null) throw notFound();
  await writableAccount(deps, user, accountId);
  const errors: Record<string, string[]> = {};
  if (body.call_id !== undefined && !(await repo.callOfAccount(deps.db, body.call_id, accountId))) {
    errors.call_id = [COACHING_REFUSALS.notOfFamily];
  }
  if (body.player_id !== undefined && !(await repo.playerOfAccount(deps.db, body.player_id, accountId))) {
    errors.player_id = [COACHING_REFUSALS.notOfFamily];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const id = await repo.insertNote(deps.db, {
    accountId,
    coachUserId: user.id,
    callId: body.call_id ?? null,
    playerId: body.player_id ?? null,
    body: body.body,
    shared: body.shared,
  });
  return toNote((await repo.findNote(deps.db, id))!);
}

/** A note its author (a coach still coaching the family) or staff may change. */
async function changeableNote(deps: CoachingDeps, user: AuthUser, id: number) {
  const note = await repo.findNote(deps.db, id);
  if (!note) throw notFound();
  const relation = await writableAccount(deps, user, note.accountId);
  if (relation === 'coach' && note.coachUserId !== user.id) throw forbidden(COACHING_REFUSALS.noteAuthorOnly);
  return note;
}

export async function updateNote(
  deps: CoachingDeps,
  user: AuthUser,
  id: number,
  body: { body?: string | undefined; shared?: boolean | undefined },
): Promise<CoachNote> {
  await changeableNote(deps, user, id);
  await repo.updateNote(deps.db, id, {
    ...(body.body !== undefined ? { body: body.body } : {}),
    ...(body.shared !== undefined ? { shared: body.shared } : {}),
    updatedAt: nowOf(deps),
  });
  return toNote((await repo.findNote(deps.db, id))!);
}

export async function deleteNote(deps: CoachingDeps, user: AuthUser, id: number) {
  await changeableNote(deps, user, id);
  await repo.deleteNote(deps.db, id);
  return { detail: 'The note was deleted.' };
}

// Coach assignment (staff).

export async function assignCoach(deps: CoachingDeps, accountId: number, coachUserId: number) {
  const account = await repo.findAccount(deps.db, accountId);
  if (!account) throw notFound();
  const coach = await repo.findCoachUser(deps.db, coachUserId);
  if (!coach) throw fieldError('coach_user', COACHING_REFUSALS.notACoach);
  await repo.setAccountCoach(deps.db, accountId, coach.id, nowOf(deps));
  return { account_id: accountId, coach_user: { id: coach.id, name: fullName(coach.firstName, coach.lastName) } };
}

// The coach's workspace.

/** The coach's families, those with a next call first (soonest first), then by name. */
export async function families(deps: CoachingDeps, user: AuthUser, query: Paging) {
  const now = nowOf(deps);
  const { count, rows } = await repo.listFamilies(
    deps.db,
    user.id,
    now,
    query.page_size,
    (query.page - 1) * query.page_size,
  );
  const ids = rows.map((r) => r.accountId);
  const [playerRows, next] = await Promise.all([repo.playersOf(deps.db, ids), repo.nextCalls(deps.db, ids, now)]);
  const results: Family[] = rows.map((row) => {
    const call = next.get(row.accountId);
    return {
      account_id: row.accountId,
      family_name: row.familyName,
      email: row.email,
      time_zone: resolveTimeZone(row.timeZone),
      players: playerRows.filter((p) => p.accountId === row.accountId).map((p) => ({ id: p.id, name: p.name })),
      next_call: call ? toCall(call, now) : null,
      last_call_at: row.lastCallAt ? row.lastCallAt.toISOString() : null,
    };
  });
  return { count, page: query.page, pageSize: query.page_size, results };
}

/** How many weeks the brief covers, and how many survey answers and notes it shows. */
export const BRIEF = { weeks: 4, surveyAnswers: 5, notes: 20 } as const;

/**
 * The coach's brief of a family before a call: per player the last four weeks (this one and the
 * three before, Mondays in the family's zone) against the weekly goal, the gauge and chase-speed
 * changes of those weeks, the latest survey answers; the family's notes and next call.
 */
export async function brief(deps: CoachingDeps, user: AuthUser, accountId: number): Promise<Brief> {
  const now = nowOf(deps);
  await writableAccount(deps, user, accountId);
  const account = await repo.findAccount(deps.db, accountId);
  if (!account) throw notFound();
  const zone = resolveTimeZone(account.timeZone);
  const today = localDate(now.getTime(), zone);
  const thisMonday = addDays(today, 1 - isoWeekday(today));
  const weeks = Array.from({ length: BRIEF.weeks }, (_, i) => addDays(thisMonday, 7 * (i - BRIEF.weeks + 1)));
  const from = new Date(startOfLocalDay(weeks[0]!, zone));
  const to = new Date(startOfLocalDay(addDays(thisMonday, 7), zone));

  const playerRows = await repo.playersOf(deps.db, [accountId]);
  const playerIds = playerRows.map((p) => p.id);
  const [weekly, changes, answers, notes, next] = await Promise.all([
    repo.weeklyPlay(deps.db, accountId, zone, from, to),
    repo.settingChanges(deps.db, playerIds, from),
    Promise.all(playerIds.map((id) => repo.latestSurveyAnswers(deps.db, id, BRIEF.surveyAnswers))),
    repo.listNotes(deps.db, accountId, false, BRIEF.notes, 0),
    repo.nextCalls(deps.db, [accountId], now),
  ]);
  const upcoming = next.get(accountId);
  return {
    account_id: accountId,
    family_name: account.familyName,
    time_zone: zone,
    custom_note: account.customNote,
    goal_minutes: CHART.goalMinutes,
    weeks,
    players: playerRows.map((player, index) => ({
      id: player.id,
      name: player.name,
      weeks: weeks.map((week) => {
        const row = weekly.find((w) => w.playerId === player.id && w.week === week);
        return {
          week_start: week,
          seconds_played: row?.seconds ?? 0,
          hr_rises: row?.rises ?? 0,
          cool_downs: row?.coolDowns ?? 0,
        };
      }),
      hr_gauge: player.hrGauge,
      chase_speed: player.chaseSpeed,
      acorns: player.acorns,
      setting_changes: changes
        .filter((c) => c.playerId === player.id)
        .map((c) => ({
          setting: c.field,
          old_value: c.oldValue,
          new_value: c.newValue,
          reason: c.reason,
          changed_at: c.createdAt.toISOString(),
        })),
      survey_answers: answers[index]!.map((a) => ({
        survey: a.survey,
        created_at: a.createdAt.toISOString(),
        payload: a.payload,
      })),
    })),
    notes: notes.rows.map(toNote),
    upcoming_call: upcoming ? toCall(upcoming, now) : null,
  };
}

function requireCoach(user: AuthUser) {
  if (!user.isCoach) throw forbidden(COACHING_REFUSALS.coachesOnly);
}

export async function workingHours(deps: CoachingDeps, user: AuthUser): Promise<WorkingHours> {
  const [zone, hours] = await Promise.all([
    repo.profileTimeZone(deps.db, user.id),
    repo.workingHoursOf(deps.db, user.id),
  ]);
  return {
    time_zone: zone ?? DEFAULT_TIMEZONE,
    hours: hours.map((h) => ({ weekday: h.weekday, start: clock(h.startMinute), end: clock(h.endMinute) })),
  };
}

/**
 * Replaces the coach's weekly hours (and their time zone). Ranges of one day may not overlap; each
 * must end after it starts. Calls already booked stay, even outside the new hours.
 */
export async function setWorkingHours(
  deps: CoachingDeps,
  user: AuthUser,
  body: { time_zone: string; hours: { weekday: number; start: string; end: string }[] },
): Promise<WorkingHours> {
  requireCoach(user);
  const errors: Record<string, string[]> = {};
  if (!isTimeZone(body.time_zone)) errors.time_zone = [COACHING_REFUSALS.unknownTimeZone];
  const hours = body.hours.map((h) => ({
    weekday: h.weekday,
    startMinute: minuteOf(h.start),
    endMinute: minuteOf(h.end),
  }));
  hours.forEach((h, i) => {
    if (h.endMinute <= h.startMinute) errors[`hours.${i}.end`] = [COACHING_MESSAGES.endBeforeStart];
  });
  hours.forEach((h, i) => {
    if (errors[`hours.${i}.end`]) return;
    const clash = hours.some(
      (o, j) =>
        j !== i &&
        o.weekday === h.weekday &&
        o.startMinute < h.endMinute &&
        o.endMinute > h.startMinute &&
        o.endMinute > o.startMinute,
    );
    if (clash) errors[`hours.${i}`] = [`${WEEKDAY_NAMES[h.weekday - 1]}: ${COACHING_MESSAGES.hoursOverlap}`];
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const now = nowOf(deps);
  const widgetId = `coach-${user.id}-${randomBytes(4).toString('hex')}`;
  await deps.db.transaction((tx) => repo.replaceWorkingHours(tx, user.id, body.time_zone, hours, widgetId, now));
  return workingHours(deps, user);
}

export async function listTimeOff(deps: CoachingDeps, user: AuthUser) {
  const rows = await repo.timeOffToCome(deps.db, user.id, nowOf(deps));
  return { count: rows.length, results: rows.map(toTimeOff) };
}

export async function addTimeOff(
  deps: CoachingDeps,
  user: AuthUser,
  body: { starts_at: string; ends_at: string; reason: string },
): Promise<TimeOff> {
  requireCoach(user);
  const startsAt = new Date(body.starts_at);
  const endsAt = new Date(body.ends_at);
  if (endsAt <= startsAt) throw fieldError('ends_at', COACHING_MESSAGES.endBeforeStart);
  if (endsAt <= nowOf(deps)) throw fieldError('ends_at', COACHING_REFUSALS.timeOffPast);
  return toTimeOff(await repo.insertTimeOff(deps.db, { coachUserId: user.id, startsAt, endsAt, reason: body.reason }));
}

export async function deleteTimeOff(deps: CoachingDeps, user: AuthUser, id: number) {
  if (!(await repo.deleteTimeOff(deps.db, user.id, id))) throw notFound();
  return { detail: 'The time off was removed.' };
}
