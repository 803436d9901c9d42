/**
 * Coach assignment (staff) and the coach's workspace: families, the brief, working hours and time off.
 */
import { randomBytes } from 'node:crypto';
import {
  CHART,
  COACHING_MESSAGES,
  COACHING_REFUSALS,
  DEFAULT_TIMEZONE,
  recentWeeks,
  resolveTimeZone,
  WEEKDAY_NAMES,
} from '@grove/domain';
import type { Paging } from '@grove/domain/api/common';
import type { Brief, Family, TimeOff, WorkingHours } from '@grove/domain/api/coaching';
import { fieldError, forbidden, notFound, ValidationError } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import { addDays, isTimeZone, startOfLocalDay } from './coaching.availability.ts';
import * as repo from './coaching.repository.ts';
import { type CoachingDeps, clock, fullName, minuteOf, nowOf, toCall, toNote, toTimeOff } from './coaching.service.ts';
import { writableAccount } from './coaching.notes.ts';

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
  const weeks = recentWeeks(BRIEF.weeks, { today: now, timeZone: zone });
  const from = new Date(startOfLocalDay(weeks[0]!, zone));
  const to = new Date(startOfLocalDay(addDays(weeks.at(-1)!, 7), zone));

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
