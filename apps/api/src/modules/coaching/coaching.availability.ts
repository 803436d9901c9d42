/**
 * A coach's free slots, computed (no database, no clock of its own): working hours in the COACH's
 * time zone, on a grid of BOOKING_RULES.slotMinutes from local midnight, minus the coach's scheduled
 * calls and time off, minus what starts sooner than minLeadHours or later than horizonDays from now;
 * the days asked for are cut in the FAMILY's time zone. See docs/coaching.md.
 *
 * Wall-clock times become instants through the zone's offset at that moment, so the same 09:00 is
 * 14:00 UTC in January and 13:00 UTC in July. A wall time that does not exist (the hour skipped when
 * clocks go forward) gives no slot; one that exists twice (the hour repeated when clocks go back)
 * gives one slot, at its first occurrence.
 */
import { BOOKING_RULES } from '@grove/domain';
import { tzOffset } from '@date-fns/tz';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** One weekly working range in the coach's zone: ISO weekday (1 = Monday) and minutes from midnight. */
export interface WorkingRange {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

/** A span of time [startsAt, endsAt). */
export interface Interval {
  startsAt: Date;
  endsAt: Date;
}

export interface SlotRules {
  slotMinutes: number;
  minLeadHours: number;
  horizonDays: number;
}

export interface CoachCalendar {
  coachTimeZone: string;
  workingHours: readonly WorkingRange[];
  /** The coach's scheduled calls (other than the one being moved). */
  calls: readonly Interval[];
  timeOff: readonly Interval[];
  rules?: SlotRules;
}

export interface DaySlots {
  /** The family's calendar date, YYYY-MM-DD. */
  date: string;
  slots: Interval[];
}

/** Why a start cannot be booked; null when it is a free slot. */
export type SlotRefusal = 'tooSoon' | 'tooFar' | 'slotUnavailable' | 'slotTaken';

const DEFAULT_RULES: SlotRules = {
  slotMinutes: BOOKING_RULES.slotMinutes,
  minLeadHours: BOOKING_RULES.minLeadHours,
  horizonDays: BOOKING_RULES.horizonDays,
};

// Calendar dates ('YYYY-MM-DD') and wall clocks.

const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

function dateParts(key: string): [number, number, number] {
  const match = DATE_KEY.exec(key);
  if (!match) throw new RangeError(`Not a calendar date: ${key}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** The date `days` after `key` (days may be negative). */
export function addDays(key: string, days: number): string {
  const [y, m, d] = dateParts(key);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(key: string): number {
  const [y, m, d] = dateParts(key);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
}

/** Whether Intl knows `timeZone` (IANA names such as 'Europe/London'). */
export function isTimeZone(timeZone: string): boolean {
  if (timeZone.trim() === '' || timeZone !== timeZone.trim()) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at `ms`, in ms. */
function offsetAt(timeZone: string, ms: number): number {
  const minutes = tzOffset(timeZone, new Date(ms));
  if (Number.isNaN(minutes)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  return minutes * MINUTE;
}

/** The calendar date of instant `ms` in `timeZone`. */
export function localDate(ms: number, timeZone: string): string {
  return new Date(ms + offsetAt(timeZone, ms)).toISOString().slice(0, 10);
}

/**
 * The instant at which the clocks of `timeZone` read `minute` minutes after midnight of `date`:
 * the first one when they read it twice; when they never read it (skipped forward), null, or with
 * `gap: 'shift'` the moment the clocks jumped.
 */
export function wallClockInstant(
  date: string,
  minute: number,
  timeZone: string,
  gap: 'skip' | 'shift' = 'skip',
): number | null {
  const [y, m, d] = dateParts(date);
  const wall = Date.UTC(y, m - 1, d) + minute * MINUTE;
  // The offsets a day either side bracket any change of offset near this wall time.
  const before = offsetAt(timeZone, wall - DAY);
  const after = offsetAt(timeZone, wall + DAY);
  const matches = [...new Set([wall - before, wall - after])].filter(
    (candidate) => candidate + offsetAt(timeZone, candidate) === wall,
  );
  if (matches.length > 0) return Math.min(...matches);
  return gap === 'shift' ? wall - before : null;
}

/** The first instant of calendar date `date` in `timeZone`. */
export function startOfLocalDay(date: string, timeZone: string): number {
  return wallClockInstant(date, 0, timeZone, 'shift')!;
}

// Slots.

const overlaps = (start: number, end: number, spans: readonly Interval[]) =>
  spans.some((span) => span.startsAt.getTime() < end && span.endsAt.getTime() > start);

/**
 * Every start on the coach's grid within their working hours in [from, to), sorted, whatever is
 * booked: the coach-local days that touch the window, each working range from its first grid
 * minute (a multiple of slotMinutes from midnight) while a whole slot fits before its end.
 */
export function workingStarts(calendar: CoachCalendar, from: number, to: number): number[] {
  const { slotMinutes } = calendar.rules ?? DEFAULT_RULES;
  const zone = calendar.coachTimeZone;
  const starts = new Set<number>();
  const last = addDays(localDate(to, zone), 1);
  for (let date = addDays(localDate(from, zone), -1); date <= last; date = addDays(date, 1)) {
    const weekday = isoWeekday(date);
    for (const range of calendar.workingHours) {
      if (range.weekday !== weekday) continue;
      const first = Math.ceil(range.startMinute / slotMinutes) * slotMinutes;
      for (let minute = first; minute + slotMinutes <= range.endMinute; minute += slotMinutes) {
        const start = wallClockInstant(date, minute, zone);
        if (start !== null && start >= from && start < to) starts.add(start);
      }
    }
  }
  return [...starts].sort((a, b) => a - b);
}

/** The window in which starts may be booked at `now`: [now + lead, now + horizon]. */
function bookableWindow(now: Date, rules: SlotRules) {
  return {
    earliest: now.getTime() + rules.minLeadHours * HOUR,
    latest: now.getTime() + rules.horizonDays * DAY,
  };
}

/**
 * The free slots of `days` family-local days from `from` (YYYY-MM-DD in `familyTimeZone`), each day
 * listed even when it has none.
 */
export function availableSlots(
  calendar: CoachCalendar,
  query: { now: Date; familyTimeZone: string; from: string; days: number },
): DaySlots[] {
  const rules = calendar.rules ?? DEFAULT_RULES;
  const length = rules.slotMinutes * MINUTE;
  const { earliest, latest } = bookableWindow(query.now, rules);
  const rangeStart = startOfLocalDay(query.from, query.familyTimeZone);
  const rangeEnd = startOfLocalDay(addDays(query.from, query.days), query.familyTimeZone);
  const days: DaySlots[] = Array.from({ length: query.days }, (_, i) => ({
    date: addDays(query.from, i),
    slots: [],
  }));
  const byDate = new Map(days.map((day) => [day.date, day]));
  const from = Math.max(rangeStart, earliest);
  const to = Math.min(rangeEnd, latest + 1);
  if (from >= to) return days;
  for (const start of workingStarts(calendar, from, to)) {
    const end = start + length;
    if (overlaps(start, end, calendar.calls) || overlaps(start, end, calendar.timeOff)) continue;
    byDate
      .get(localDate(start, query.familyTimeZone))
      ?.slots.push({ startsAt: new Date(start), endsAt: new Date(end) });
  }
  return days;
}

/**
 * Whether `startsAt` may be booked at `now`: null when it is a free slot, else why not — too soon,
 * too far, not one of the coach's slots (working hours, grid, time off), or taken by a call.
 */
export function slotRefusal(calendar: CoachCalendar, startsAt: Date, now: Date): SlotRefusal | null {
  const rules = calendar.rules ?? DEFAULT_RULES;
  const start = startsAt.getTime();
  const end = start + rules.slotMinutes * MINUTE;
  const { earliest, latest } = bookableWindow(now, rules);
  if (start < earliest) return 'tooSoon';
  if (start > latest) return 'tooFar';
  if (!workingStarts(calendar, start, start + 1).includes(start)) return 'slotUnavailable';
  if (overlaps(start, end, calendar.timeOff)) return 'slotUnavailable';
  if (overlaps(start, end, calendar.calls)) return 'slotTaken';
  return null;
}
