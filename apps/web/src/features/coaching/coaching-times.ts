/**
 * Days and times of the coaching screens. An instant reads in the family's (or the coach's) time
 * zone with the domain's formatters (SPEC §9 'MM-DD-YYYY h:mm:ss a zz'); a calendar day
 * ('YYYY-MM-DD') reads as 'Friday, November 20, 2026' without any zone shift. Both in the page's
 * language ('Viernes, 20 de noviembre de 2026', '9:00 a. m.').
 */
import { localDateKey, resolveTimeZone } from '@grove/domain';
import type { AvailableHours } from '@grove/domain/api/coaching';

import { dateTimeParts, formatCalendarDate, formatCalendarDay } from '../../lib/format.ts';
import { i18n } from '../../lib/i18n.ts';

type Slot = AvailableHours['days'][number]['slots'][number];

/** One day of the calendar: its date in the zone and its free slots, earliest first. */
export type SlotDay = { date: string; slots: Slot[] };

function utcNoon(date: string): Date {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day, 12));
}

/** `date` ('YYYY-MM-DD') plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const next = utcNoon(date);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** Today's date in `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return localDateKey(now, resolveTimeZone(timeZone));
}

/** 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  return ((utcNoon(date).getUTCDay() + 6) % 7) + 1;
}

/**
 * 'Friday, November 20, 2026', 'Viernes, 20 de noviembre de 2026': the weekday in the page's
 * language (Intl, by Lingui's active locale), capitalised as the heading's first word.
 */
export function dayHeading(date: string): string {
  const weekday = i18n.date(utcNoon(date), { weekday: 'long', timeZone: 'UTC' });
  return `${weekday.charAt(0).toLocaleUpperCase(i18n.locale)}${weekday.slice(1)}, ${formatCalendarDate(date)}`;
}

/** 'Nov 20 – Nov 26': the days from `from`, `days` long. */
export function rangeLabel(from: string, days: number): string {
  return `${formatCalendarDay(from)} – ${formatCalendarDay(addDays(from, days - 1))}`;
}

/**
 * The time of day of an instant in `timeZone` for a slot button: '9:00 AM', '9:00 a. m.' (no
 * seconds; the zone, the time's last word, is said once above the calendar).
 */
export function timeOfDay(instant: string, timeZone: string): string {
  const [clock = '', ...rest] = dateTimeParts(instant, timeZone).time.split(' ');
  const period = rest.slice(0, -1).join(' ');
  return `${clock.replace(/:\d{2}$/, '')} ${period}`;
}

/**
 * The calendar's slots by day in the family's zone `timeZone`: every day the answer covers (a day
 * without slots too), each slot under the day it starts on there, earliest first. A slot whose day
 * is not among the answer's days gets its own day.
 */
export function slotsByDay(hours: Pick<AvailableHours, 'days'>, timeZone: string): SlotDay[] {
  const zone = resolveTimeZone(timeZone);
  const byDate = new Map<string, Slot[]>(hours.days.map((day) => [day.date, []]));
  const all = hours.days.flatMap((day) => day.slots);
  all.sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
  for (const slot of all) {
    const date = localDateKey(new Date(slot.starts_at), zone);
    const list = byDate.get(date);
    if (list) list.push(slot);
    else byDate.set(date, [slot]);
  }
  return [...byDate.entries()].map(([date, slots]) => ({ date, slots })).sort((a, b) => a.date.localeCompare(b.date));
}
