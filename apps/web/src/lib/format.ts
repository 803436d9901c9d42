/**
 * How play figures read on screen: durations in minutes and hours, dates in the account's time
 * zone (the server sends instants in UTC and the zone with them), and local calendar dates
 * (YYYY-MM-DD, such as a week's Monday) without any zone shift.
 *
 * A date WITH a time has one formatter, the spec's (SPEC §9, 'MM-DD-YYYY h:mm:ss a zz'):
 * `formatDateTime` / `dateTimeParts` of @grove/domain. There is deliberately no day-plus-time
 * formatter here.
 */
import {
  DEFAULT_TIMEZONE,
  dateTimeParts as domainDateTimeParts,
  formatDateTime as domainFormatDateTime,
  type DateTimeInput,
} from '@grove/domain';

import { activeLanguage } from './i18n.ts';

/** The page's language as Intl reads it: Spanish as written in the United States. */
const LOCALES = { en: 'en-US', es: 'es-US' } as const;
const locale = () => LOCALES[activeLanguage()];

/** SPEC §9's date and time of an instant ('11-23-2026 6:21:02 PM EST'), in the page's language. */
export const formatDateTime = (instant: DateTimeInput, timeZone?: string | null): string =>
  domainFormatDateTime(instant, timeZone, activeLanguage());

/** The date and the time of formatDateTime apart, in the page's language. */
export const dateTimeParts = (instant: DateTimeInput, timeZone?: string | null) =>
  domainDateTimeParts(instant, timeZone, activeLanguage());

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const tag = locale();
  const key = `${tag}|${timeZone}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    try {
      cached = new Intl.DateTimeFormat(tag, { ...options, timeZone });
    } catch {
      // An unknown zone name reads in the default zone rather than breaking the screen.
      cached = new Intl.DateTimeFormat(tag, { ...options, timeZone: DEFAULT_TIMEZONE });
    }
    formatters.set(key, cached);
  }
  return cached;
}

/** Whole minutes of `seconds`, rounded to the nearest (as the weekly buckets count them). */
export function wholeMinutes(seconds: number): number {
  return Math.round(Math.max(0, seconds) / 60);
}

/** '45 min', '1 h', '6 h 57 min'. */
export function formatDuration(seconds: number): string {
  const minutes = wholeMinutes(seconds);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** '36 s', '95 s', '2 min 5 s': seconds up to 99, then minutes and seconds. */
export function formatSeconds(seconds: number): string {
  const whole = Math.round(Math.max(0, seconds));
  if (whole < 100) return `${whole} s`;
  const rest = whole % 60;
  return rest === 0 ? `${Math.floor(whole / 60)} min` : `${Math.floor(whole / 60)} min ${rest} s`;
}

// One number formatter per language: value.toLocaleString() builds a new one on every call (about
// a millisecond each on a phone, dozens of calls on Home).
const numbers = new Map<string, Intl.NumberFormat>();

export function formatNumber(value: number): string {
  const tag = locale();
  let cached = numbers.get(tag);
  if (!cached) numbers.set(tag, (cached = new Intl.NumberFormat(tag)));
  return cached.format(value);
}

/**
 * Builds the number formatter and a date formatter ahead of need. A page's first Intl formatter
 * loads the browser's locale data (60–80 ms in Chromium on this machine, four times that on a
 * phone); done while the first reads are on the network, that wait is not added to the first
 * render that shows figures (docs/decisions/0063-signed-in-first-load.md).
 */
export function prepareFormatters(): void {
  formatNumber(0);
  formatter(DEFAULT_TIMEZONE, { month: 'short', day: 'numeric' }).format(0);
}

/** 'Sep 27, 2025': the calendar date of an instant, in `timeZone` (a date alone; no time). */
export function formatDate(instant: string, timeZone: string): string {
  return formatter(timeZone, { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(instant));
}

function calendarDate(isoDate: string): Date {
  const [year = 1970, month = 1, day = 1] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day, 12));
}

/** 'Nov 16' for a local calendar date 'YYYY-MM-DD'. */
export function formatCalendarDay(isoDate: string): string {
  return formatter('UTC', { month: 'short', day: 'numeric' }).format(calendarDate(isoDate));
}

/** 'November 16, 2026' for a local calendar date 'YYYY-MM-DD'. */
export function formatCalendarDate(isoDate: string): string {
  return formatter('UTC', { year: 'numeric', month: 'long', day: 'numeric' }).format(calendarDate(isoDate));
}

const regionNames = new Map<string, Intl.DisplayNames | null>();

/**
 * A country's name in the page's language ('Estados Unidos' for 'US'), from its ISO code. English
 * keeps the domain's name (`english`, the spec's list); so does a browser without region names.
 */
export function countryName(code: string, english: string): string {
  if (activeLanguage() === 'en') return english;
  const tag = locale();
  let names = regionNames.get(tag);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([tag], { type: 'region' });
    } catch {
      names = null;
    }
    regionNames.set(tag, names);
  }
  const name = names?.of(code);
  return name && name !== code ? name : english;
}

/** '1 session', '3 sessions'. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}
