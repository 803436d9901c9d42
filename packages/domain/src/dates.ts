/**
 * Dates and times on screen (SPEC §9, ARCHITECTURE §7 "Times"): an instant is stored in UTC and
 * shown in the family's time zone in the spec's format DATE_FORMAT, 'MM-DD-YYYY h:mm:ss a zz' —
 * '11-23-2026 6:21:02 PM EST'. Intl only: no date library.
 *
 * - A missing or unknown zone name reads in DEFAULT_TIMEZONE rather than breaking a screen.
 * - `zz` is the zone's short name as Intl gives it in English ('EST', 'EDT', 'PST', 'UTC'); zones
 *   without an English abbreviation read as an offset ('GMT+1').
 * - `a` reads 'AM'/'PM' (the common American form; see docs/decisions/0011-web-configuration.md),
 *   and in Spanish 'a. m.'/'p. m.'; the rest of the pattern is the same in every language (the
 *   month first, as on American forms in Spanish: docs/decisions/0074-languages.md).
 */
import { DEFAULT_TIMEZONE } from './constants.ts';
import type { Language } from './languages.ts';

const DAY_PERIODS: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  en: { AM: 'AM', PM: 'PM' },
  es: { AM: 'a. m.', PM: 'p. m.' },
};

/** What formatDateTime accepts: an ISO 8601 string, a Date, or milliseconds since the epoch. */
export type DateTimeInput = string | number | Date;

/** The date ('MM-DD-YYYY') and the time ('h:mm:ss a zz') of an instant, in one zone. */
export type DateTimeParts = { date: string; time: string; timeZone: string };

const LOCALE = 'en-US';
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(timeZone);
  if (formatter) return formatter;
  try {
    formatter = new Intl.DateTimeFormat(LOCALE, {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h12',
      timeZoneName: 'short',
    });
  } catch {
    return null; // RangeError: not a time zone Intl knows.
  }
  formatters.set(timeZone, formatter);
  return formatter;
}

/** `timeZone` when Intl knows it, else DEFAULT_TIMEZONE. */
export function resolveTimeZone(timeZone: string | null | undefined): string {
  if (typeof timeZone !== 'string' || timeZone.trim() === '') return DEFAULT_TIMEZONE;
  return formatterFor(timeZone.trim())?.resolvedOptions().timeZone ?? DEFAULT_TIMEZONE;
}

function toDate(instant: DateTimeInput): Date {
  const date = instant instanceof Date ? new Date(instant.getTime()) : new Date(instant);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not an instant: ${String(instant)}`);
  return date;
}

/**
 * The date and the time of `instant` in `timeZone` (DEFAULT_TIMEZONE when missing or unknown):
 * { date: '11-23-2026', time: '6:21:02 PM EST' }. Throws a RangeError for an invalid instant.
 */
export function dateTimeParts(
  instant: DateTimeInput,
  timeZone?: string | null,
  language: Language = 'en',
): DateTimeParts {
  const zone = resolveTimeZone(timeZone);
  const formatter = formatterFor(zone) ?? (formatterFor(DEFAULT_TIMEZONE) as Intl.DateTimeFormat);
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of formatter.formatToParts(toDate(instant))) part[type] = value;
  const period = (part.dayPeriod ?? '').toUpperCase();
  return {
    date: `${part.month}-${part.day}-${part.year}`,
    time: `${part.hour}:${part.minute}:${part.second} ${DAY_PERIODS[language][period] ?? period} ${part.timeZoneName}`,
    timeZone: zone,
  };
}

/**
 * An instant as the spec shows it (DATE_FORMAT), in the family's time zone:
 * formatDateTime('2026-11-23T23:21:02Z', 'America/New_York') === '11-23-2026 6:21:02 PM EST'.
 * This is the one formatter for a date with a time; a calendar date alone (a week's Monday) is
 * not an instant and is not shown with it.
 */
export function formatDateTime(instant: DateTimeInput, timeZone?: string | null, language: Language = 'en'): string {
  const { date, time } = dateTimeParts(instant, timeZone, language);
  return `${date} ${time}`;
}
