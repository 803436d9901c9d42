/**
 * The coach's working hours and time off, as the forms hold them: weekly ranges 'HH:MM'–'HH:MM' per
 * ISO weekday (1 = Monday) in the coach's own zone, and time off between two wall-clock times of
 * that zone. The checks mirror the server's (ranges end after they start, ranges of one day do not
 * overlap) with the domain's words, so a coach reads the problem before saving.
 */
import { COACHING_LIMITS, COACHING_MESSAGES, DEFAULT_TIMEZONE, WEEKDAY_NAMES } from '@grove/domain';

export type HoursRow = { weekday: number; start: string; end: string };

/** A problem with one range, on the field it belongs to. */
export type HoursIssue = { index: number; field: 'start' | 'end'; message: string };

const CLOCK = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;
export const CLOCK_MESSAGE = 'Use HH:MM, e.g. 09:30.';
export const MAX_RANGES = COACHING_LIMITS.workingHoursMax;

function minutes(clock: string): number {
  return Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
}

/** Every problem of `rows`, at most one per range: a malformed time, an end not after the start, an overlap. */
export function workingHoursIssues(rows: readonly HoursRow[]): HoursIssue[] {
  const issues: HoursIssue[] = [];
  const valid = new Set<number>();
  rows.forEach((row, index) => {
    if (!CLOCK.test(row.start)) issues.push({ index, field: 'start', message: CLOCK_MESSAGE });
    else if (!CLOCK.test(row.end)) issues.push({ index, field: 'end', message: CLOCK_MESSAGE });
    else if (minutes(row.end) <= minutes(row.start)) {
      issues.push({ index, field: 'end', message: COACHING_MESSAGES.endBeforeStart });
    } else valid.add(index);
  });
  rows.forEach((row, index) => {
    if (!valid.has(index)) return;
    const clash = rows.some(
      (other, otherIndex) =>
        otherIndex !== index &&
        valid.has(otherIndex) &&
        other.weekday === row.weekday &&
        minutes(other.start) < minutes(row.end) &&
        minutes(other.end) > minutes(row.start),
    );
    if (clash) issues.push({ index, field: 'start', message: COACHING_MESSAGES.hoursOverlap });
  });
  return issues.sort((a, b) => a.index - b.index);
}

/** The rows by weekday, then by start: the order the form lists (and sends) them in. */
export function sortRows<T extends HoursRow>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));
}

export function weekdayName(weekday: number): string {
  return WEEKDAY_NAMES[weekday - 1] ?? `Day ${weekday}`;
}

/** The zones a coach may pick (Intl's list), with `current` kept even when Intl does not list it ('UTC'). */
export function timeZoneChoices(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set([...zones, current || DEFAULT_TIMEZONE]);
  return [...all].sort((a, b) => a.localeCompare(b));
}

/** The offset of `timeZone` from UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((item) => item.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour') % 24,
    part('minute'),
    part('second'),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant of the wall-clock time `local` ('YYYY-MM-DDTHH:MM', as a datetime-local field holds
 * it) in `timeZone`, as ISO 8601 UTC; null when `local` is not such a value.
 */
export function zonedInstant(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  let instant = asUtc - offsetAt(asUtc, timeZone);
  instant = asUtc - offsetAt(instant, timeZone);
  return Number.isNaN(instant) ? null : new Date(instant).toISOString();
}
