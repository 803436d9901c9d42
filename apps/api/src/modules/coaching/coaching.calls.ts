/**
 * Coaching calls: lists, one call, a family's cancel or move and a coach's outcome, and the call's
 * calendar links (Google Calendar, .ics).
 */
import {
  BOOKING_RULES,
  canChangeCall,
  COACHING_MESSAGES,
  COACHING_REFUSALS,
  DEFAULT_LANGUAGE,
  type Language,
} from '@grove/domain';
import type { Paging } from '@grove/domain/api/common';
import type { CalendarLink, CoachingCall } from '@grove/domain/api/coaching';
import { createEvent } from 'ics';
import { conflict, fieldError, forbidden, notFound, ValidationError } from '../../lib/errors.ts';
import { localeOf, type Locale } from '../../locales/i18n.ts';
import { storedLanguage } from '../../locales/language.repository.ts';
import { accountRelation } from '../auth/access.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import * as repo from './coaching.repository.ts';
import {
  COACHING_REMINDER,
  type CoachingDeps,
  SLOT,
  fullName,
  isEnded,
  loadCall,
  manageUrl,
  nowOf,
  toCall,
  visibleCall,
} from './coaching.service.ts';
import { refusalError, refusalFor, writingCall } from './coaching.booking.ts';
import { scheduleReminder, tellFamily } from './coaching.messages.ts';

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

/** The event's title and description, in the language of the person who asked for them. */
function callTexts(deps: CoachingDeps, call: repo.CallRow, relation: 'staff' | 'member' | 'coach', { i18n }: Locale) {
  const coachName = fullName(call.coachFirstName, call.coachLastName);
  const familyName = call.familyName;
  const title =
    relation === 'member'
      ? i18n._({
          id: 'calendar.coaching_call.title',
          message: 'Grove coaching call with {coachName}',
          values: { coachName },
        })
      : relation === 'coach'
        ? i18n._({
            id: 'calendar.coaching_call.title_for_coach',
            message: 'Grove coaching call: {familyName}',
            values: { familyName },
          })
        : i18n._({
            id: 'calendar.coaching_call.title_for_staff',
            message: 'Grove coaching call: {familyName} with {coachName}',
            values: { familyName, coachName },
          });
  const description = i18n._({
    id: 'calendar.coaching_call.description',
    message: 'Your Grove coaching call ({minutes} minutes). Details, changes and notes: {url}',
    values: { minutes: String(BOOKING_RULES.slotMinutes), url: manageUrl(deps) },
  });
  return { title, description };
}

/**
 * The language of a call's calendar texts: the stored language of the person who asks, else the
 * request's (Accept-Language).
 */
async function calendarLocale(deps: CoachingDeps, user: AuthUser, requested: Language) {
  return localeOf((await storedLanguage(deps.db, user.id)) ?? requested);
}

export async function calendarLink(
  deps: CoachingDeps,
  user: AuthUser,
  id: number,
  language: Language = DEFAULT_LANGUAGE,
): Promise<CalendarLink> {
  const { call, relation } = await visibleCall(deps, user, id);
  const { title, description } = callTexts(deps, call, relation, await calendarLocale(deps, user, language));
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
export async function icsFile(deps: CoachingDeps, user: AuthUser, id: number, language: Language = DEFAULT_LANGUAGE) {
  const { call, relation } = await visibleCall(deps, user, id);
  const { title, description } = callTexts(deps, call, relation, await calendarLocale(deps, user, language));
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
