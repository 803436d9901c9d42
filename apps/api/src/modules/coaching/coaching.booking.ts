/**
 * Coaches, their calendars and open hours, and booking a call (SPEC §7 Coach; docs/coaching.md).
 * Shared pieces in coaching.service.ts.
 */
import { BOOKING_RULES, COACHING_MESSAGES, COACHING_REFUSALS, resolveTimeZone } from '@grove/domain';
import type { AvailableHours, CoachingCall, CoachProfile } from '@grove/domain/api/coaching';
import type { Executor, Tx } from '../../db/client.ts';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import {
  addDays,
  availableSlots,
  localDate,
  slotRefusal,
  startOfLocalDay,
  type CoachCalendar,
  type SlotRefusal,
} from './coaching.availability.ts';
import * as repo from './coaching.repository.ts';
import {
  COACHING_REMINDER,
  type CoachingDeps,
  DAY,
  SLOT,
  fullName,
  isEnded,
  loadCall,
  nowOf,
  toCall,
  toProfile,
} from './coaching.service.ts';
import { scheduleReminder, tellFamily } from './coaching.messages.ts';

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

export function refusalError(refusal: SlotRefusal) {
  if (refusal === 'slotTaken') return conflict(COACHING_MESSAGES.slotTaken, 'slot_taken');
  return fieldError('starts_at', COACHING_MESSAGES[refusal]);
}

/** Why `startsAt` cannot be booked with `coach` now, or null (read inside the booking's transaction). */
export async function refusalFor(tx: Executor, coach: repo.CoachRow, startsAt: Date, now: Date, exceptCallId?: number) {
  const at = startsAt.getTime();
  const calendar = await calendarOf(tx, coach, at - DAY, at + DAY, exceptCallId);
  return slotRefusal(calendar, startsAt, now);
}

/** Runs a transaction that writes a call; the slot index's refusal becomes 409 slotTaken, never a 500. */
export async function writingCall<T>(deps: CoachingDeps, work: (tx: Tx) => Promise<T>): Promise<T> {
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
