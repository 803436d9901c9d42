/**
 * Wall-clock times in the family's time zone: the game plays on local days and at local hours, and
 * sends instants with the zone's offset ('2026-01-05T16:30:00-05:00'), as a tablet set to that zone
 * would. Offsets and local fields come from @date-fns/tz (as the API's coaching calendar); the local
 * date of an instant is the domain's own rule (localDateKey), so the game and Grove agree on days.
 *
 * A local date is 'YYYY-MM-DD'; its arithmetic is calendar arithmetic on UTC dates, which knows
 * no daylight saving.
 */
import { TZDate, tzOffset } from '@date-fns/tz';
import { localDateKey } from '@grove/domain';

const DAY_MS = 86_400_000;

export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The local calendar fields of `instant` (ms) in `timeZone`. */
export function wallClock(instant: number, timeZone: string): WallClock {
  const local = new TZDate(instant, timeZone);
  return {
    year: local.getFullYear(),
    month: local.getMonth() + 1,
    day: local.getDate(),
    hour: local.getHours(),
    minute: local.getMinutes(),
    second: local.getSeconds(),
  };
}

/** Local time minus UTC at `instant`, in ms. */
export function offsetAt(instant: number, timeZone: string): number {
  return tzOffset(timeZone, new Date(instant)) * 60_000;
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** The local date of `instant` in `timeZone`: 'YYYY-MM-DD'. */
export function localDate(instant: number, timeZone: string): string {
  return localDateKey(new Date(instant), timeZone);
}

function utcMidnight(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return Date.UTC(year!, month! - 1, day!);
}

export function addDays(date: string, days: number): string {
  return new Date(utcMidnight(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  return ((new Date(utcMidnight(date)).getUTCDay() + 6) % 7) + 1;
}

/** The Monday of the week holding `date` (Grove's weeks start on Monday). */
export function mondayOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS);
}

/**
 * The instant at which the clocks in `timeZone` read `date` at `secondOfDay` seconds after
 * midnight. A wall time inside a daylight-saving gap lands just after it; one inside an overlap is
 * the earlier of its two instants. (The game plays between 10:00 and 21:00, far from both.)
 */
export function instantAt(date: string, secondOfDay: number, timeZone: string): number {
  const wall = utcMidnight(date) + secondOfDay * 1000;
  const guess = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(guess, timeZone);
}

/** `instant` (whole seconds) as ISO 8601 local time with the zone's offset: '2026-01-05T16:30:00-05:00'. */
export function formatLocal(instant: number, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  const offsetMinutes = Math.round(offsetAt(instant, timeZone) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const offset = `${sign}${pad(Math.trunc(offsetMinutes / 60))}:${pad(offsetMinutes % 60)}`;
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${offset}`;
}
