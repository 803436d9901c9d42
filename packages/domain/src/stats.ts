/**
 * Stats time frames and weekly play buckets (SPEC §2). Weeks start on Monday at local midnight in
 * the account's time zone; all time-zone arithmetic goes through Intl.DateTimeFormat, so it
 * follows the zone's daylight-saving rules.
 */
import type { ThisWeek, WeeklyPlay } from './api/play.ts';
import { CHART, DEFAULT_TIMEZONE } from './constants.ts';

export type TimeFrameId = '1W' | '1Mo' | '3Mos' | 'all';
export type TimeFrame = {
  readonly id: TimeFrameId;
  readonly label: string;
  readonly days?: number;
  readonly months?: number;
};

/** The chart's time frames; All Time starts at the first play date. */
export const TIME_FRAMES: readonly TimeFrame[] = [
  { id: '1W', label: '1W', days: 7 },
  { id: '1Mo', label: '1Mo', months: 1 },
  { id: '3Mos', label: '3Mos', months: 3 },
  { id: 'all', label: 'All Time' },
];

/**
 * The time frame when none is named: the stats screen's first selection (about five weekly bars,
 * readable on a phone; decision 0008) and the play contract's default for `time_frame`.
 */
export const DEFAULT_TIME_FRAME: TimeFrameId = '1Mo';

export function isTimeFrameId(value: unknown): value is TimeFrameId {
  return TIME_FRAMES.some((frame) => frame.id === value);
}

export type FrameOptions = {
  /** Now. Its local date in `timeZone` is "today". */
  today: Date;
  timeZone: string;
  firstPlayDate?: Date | null;
};

export type PlaySession = { period_datetime: string | Date; seconds_played: number };

export type WeeklyBucket = {
  /** The local date (YYYY-MM-DD) of the week's Monday. */
  week_start: string;
  seconds_played: number;
  /** seconds_played in whole minutes, rounded to the nearest. */
  minutes: number;
  sessions: number;
};

type LocalDate = { year: number; month: number; day: number };

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  const cached = formatters.get(timeZone);
  if (cached) return cached;
  const options: Intl.DateTimeFormatOptions = {
    calendar: 'gregory',
    numberingSystem: 'latn',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  };
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
  } catch {
    // An unknown zone name falls back to the default zone rather than breaking the chart.
    formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: DEFAULT_TIMEZONE });
  }
  formatters.set(timeZone, formatter);
  return formatter;
}

/** Local calendar fields of `instant` in `timeZone`, from Intl (exact, but a few µs each). */
function exactParts(instant: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

function exactOffset(instant: number, timeZone: string): number {
  const p = exactParts(instant, timeZone);
  const wholeSecond = instant - (((instant % 1000) + 1000) % 1000);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - wholeSecond;
}

/**
 * Per zone and UTC day: the offset when the day keeps one all day long (nearly every day), null
 * on a day the clocks change. A chart of three years asks for thousands of instants; with this,
 * Intl is asked twice per day it has not seen, and exactly only on the days of a change.
 */
const dayOffsets = new Map<string, Map<number, number | null>>();
const MAX_DAYS_PER_ZONE = 50_000;

/** Local time minus UTC, in ms, at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  if (!Number.isFinite(instant)) return exactOffset(instant, timeZone);
  const day = Math.floor(instant / DAY_MS);
  let days = dayOffsets.get(timeZone);
  if (!days) dayOffsets.set(timeZone, (days = new Map()));
  let offset = days.get(day);
  if (offset === undefined) {
    const first = exactOffset(day * DAY_MS, timeZone);
    const last = exactOffset(day * DAY_MS + DAY_MS - 1000, timeZone);
    offset = first === last ? first : null;
    if (days.size >= MAX_DAYS_PER_ZONE) days.clear();
    days.set(day, offset);
  }
  return offset ?? exactOffset(instant, timeZone);
}

function zonedParts(instant: number, timeZone: string) {
  if (!Number.isFinite(instant)) return exactParts(instant, timeZone);
  const local = new Date(instant + offsetAt(instant, timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

function localDateOf(instant: number, timeZone: string): LocalDate {
  const { year, month, day } = zonedParts(instant, timeZone);
  return { year, month, day };
}

function dayNumber(date: LocalDate): number {
  return Date.UTC(date.year, date.month - 1, date.day) / DAY_MS;
}

function fromUtcDate(ms: number): LocalDate {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

function addDays(date: LocalDate, days: number): LocalDate {
  return fromUtcDate(Date.UTC(date.year, date.month - 1, date.day + days));
}

/** Same day `months` earlier, clamped to the end of a shorter month (31 May - 3 months = 28/29 Feb). */
function subtractMonths(date: LocalDate, months: number): LocalDate {
  const first = fromUtcDate(Date.UTC(date.year, date.month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(first.year, first.month, 0)).getUTCDate();
  return { ...first, day: Math.min(date.day, lastDay) };
}

function mondayOf(date: LocalDate): LocalDate {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

function dateKey(date: LocalDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** The first instant of `date` in `timeZone` (local midnight, or the end of a DST gap at midnight). */
function startOfLocalDay(date: LocalDate, timeZone: string): number {
  const asUtc = Date.UTC(date.year, date.month - 1, date.day);
  let instant = asUtc - offsetAt(asUtc, timeZone);
  instant = asUtc - offsetAt(instant, timeZone);
  for (let step = 0; step < 16 && dayNumber(localDateOf(instant, timeZone)) < dayNumber(date); step++) {
    instant += 15 * 60_000;
  }
  return instant;
}

const isValidInstant = (date: Date | null | undefined): date is Date =>
  date instanceof Date && !Number.isNaN(date.getTime());

function frameOf(frame: TimeFrameId | TimeFrame): TimeFrame {
  if (typeof frame !== 'string') return frame;
  return TIME_FRAMES.find((known) => known.id === frame) ?? { id: 'all', label: 'All Time' };
}

function frameStartDate(frame: TimeFrame, today: LocalDate, options: FrameOptions): LocalDate {
  let start: LocalDate;
  if (frame.days !== undefined) start = addDays(today, -frame.days);
  else if (frame.months !== undefined) start = subtractMonths(today, frame.months);
  else if (isValidInstant(options.firstPlayDate)) {
    start = localDateOf(options.firstPlayDate.getTime(), options.timeZone);
  } else start = today;
  return dayNumber(start) > dayNumber(today) ? today : start;
}

/**
 * The first instant of a time frame: local midnight of today minus 7 days (1W), minus 1 or 3
 * calendar months (1Mo, 3Mos), or of the first play date (All Time; today when unknown).
 * An invalid `today` gives an invalid Date.
 */
export function frameStart(frame: TimeFrameId | TimeFrame, options: FrameOptions): Date {
  if (!isValidInstant(options.today)) return new Date(Number.NaN);
  const today = localDateOf(options.today.getTime(), options.timeZone);
  return new Date(startOfLocalDay(frameStartDate(frameOf(frame), today, options), options.timeZone));
}

/** Monday 00:00 local time of the week holding `date`, as an instant. */
export function weekStart(date: Date, timeZone: string): Date {
  if (!isValidInstant(date)) return new Date(Number.NaN);
  return new Date(startOfLocalDay(mondayOf(localDateOf(date.getTime(), timeZone)), timeZone));
}

/** The local calendar date (YYYY-MM-DD) of `date` in `timeZone`. */
export function localDateKey(date: Date, timeZone: string): string {
  if (!isValidInstant(date)) return '';
  return dateKey(localDateOf(date.getTime(), timeZone));
}

function instantOf(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string') return Date.parse(value);
  return Number.NaN;
}

function secondsOf(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * Play time in whole minutes, rounded to the nearest (the chart's, the week's, the caseload's, the
 * digest's and the CSV export's minutes); 0 for no, negative or unreadable time.
 */
export function playMinutes(seconds: number): number {
  return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds / 60) : 0;
}

/**
 * The average cooldown time in whole seconds (rounded to the nearest), over all the cooldowns the
 * seconds are the sum of: a week's, a frame's, a player's, a session's; null without cooldowns.
 */
export function averageCoolDown(coolDownSeconds: number, coolDowns: number): number | null {
  return coolDowns > 0 ? Math.round(coolDownSeconds / coolDowns) : null;
}

/** What a week's play sums to, as the play rollups keep it. */
export type PlaySums = {
  sessions: number;
  secondsPlayed: number;
  hrRises: number;
  coolDowns: number;
  coolDownSeconds: number;
};

/** One week of the chart (Monday `week`) from its sums; none: a week without play. */
export function weekOfPlay(week: string, sums: PlaySums | undefined): WeeklyPlay {
  const seconds = sums?.secondsPlayed ?? 0;
  return {
    week_start: week,
    seconds_played: seconds,
    minutes: playMinutes(seconds),
    sessions: sums?.sessions ?? 0,
    hr_rises: sums?.hrRises ?? 0,
    cool_downs: sums?.coolDowns ?? 0,
    average_cool_down_seconds: sums ? averageCoolDown(sums.coolDownSeconds, sums.coolDowns) : null,
  };
}

/**
 * The week under way against the weekly goal, as Home shows it for each player (the overview's and
 * the family week's `this_week`): the week of Monday `week` from its sums, and the goal.
 */
export function weekAgainstGoal(week: string, sums: PlaySums | undefined): ThisWeek {
  const { week_start, seconds_played, minutes, sessions, hr_rises, cool_downs } = weekOfPlay(week, sums);
  return { week_start, seconds_played, minutes, sessions, hr_rises, cool_downs, goal_minutes: CHART.goalMinutes };
}

/** No play: what a week, a frame or a player without sessions sums to. */
export const NO_PLAY: Readonly<PlaySums> = {
  sessions: 0,
  secondsPlayed: 0,
  hrRises: 0,
  coolDowns: 0,
  coolDownSeconds: 0,
};

/** The sums of several weeks' (or players') sums. */
export function sumPlay(parts: readonly PlaySums[]): PlaySums {
  const total = { ...NO_PLAY };
  for (const part of parts) {
    total.sessions += part.sessions;
    total.secondsPlayed += part.secondsPlayed;
    total.hrRises += part.hrRises;
    total.coolDowns += part.coolDowns;
    total.coolDownSeconds += part.coolDownSeconds;
  }
  return total;
}

/** Play totals as the wire carries them (overview, statistics, shared summary); none: no play. */
export type PlayTotals = {
  sessions: number;
  seconds_played: number;
  hr_rises: number;
  cool_downs: number;
  average_cool_down_seconds: number | null;
};

/** The totals of `sums` on the wire, the average cooldown over all of its cooldowns. */
export function playTotals(sums: PlaySums | undefined): PlayTotals {
  const { sessions, secondsPlayed, hrRises, coolDowns, coolDownSeconds } = sums ?? NO_PLAY;
  return {
    sessions,
    seconds_played: secondsPlayed,
    hr_rises: hrRises,
    cool_downs: coolDowns,
    average_cool_down_seconds: averageCoolDown(coolDownSeconds, coolDowns),
  };
}

/** One week's sums as the rollups give them: the week's Monday (YYYY-MM-DD) and what it sums to. */
export type WeekSums = PlaySums & { week: string };

/**
 * The chart's weeks (`mondays`, oldest first) from the rollups' weeks with play, empty weeks as
 * zero, and what the frame sums to: the weeks of `rows` that are not among `mondays` count in
 * neither.
 */
export function weeksOfPlay(
  mondays: readonly string[],
  rows: readonly WeekSums[],
): { weeks: WeeklyPlay[]; sums: PlaySums } {
  const byWeek = new Map(rows.map((row) => [row.week, row]));
  const inFrame: PlaySums[] = [];
  const weeks = mondays.map((week) => {
    const sums = byWeek.get(week);
    if (sums) inFrame.push(sums);
    return weekOfPlay(week, sums);
  });
  return { weeks, sums: sumPlay(inFrame) };
}

/** A local date key (YYYY-MM-DD) as a date; null when it is not one. */
function parseDateKey(key: string): LocalDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  return match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : null;
}

/** The Monday (YYYY-MM-DD) of the week holding local date `key`; '' when `key` is not a date. */
export function mondayOfDateKey(key: string): string {
  const date = parseDateKey(key);
  return date ? dateKey(mondayOf(date)) : '';
}

/** The Mondays from the week holding `first` to the week holding `last`, oldest first. */
function mondaysBetween(first: LocalDate, last: LocalDate): string[] {
  const weeks: string[] = [];
  const lastMonday = dayNumber(mondayOf(last));
  for (let monday = mondayOf(first); dayNumber(monday) <= lastMonday; monday = addDays(monday, 7)) {
    weeks.push(dateKey(monday));
  }
  return weeks;
}

/**
 * The Mondays (YYYY-MM-DD) of the weeks from the week holding local date `from` to the week
 * holding local date `to`, oldest first (a shared summary's weeks); none when either is not a date
 * or `to` lies in a week before `from`'s.
 */
export function weeksBetween(from: string, to: string): string[] {
  const first = parseDateKey(from);
  const last = parseDateKey(to);
  return first && last ? mondaysBetween(first, last) : [];
}

/**
 * The Mondays (YYYY-MM-DD) of the last `count` weeks, oldest first, the last one the week holding
 * today in `timeZone` (a coach's brief); none for an invalid `today`.
 */
export function recentWeeks(count: number, options: { today: Date; timeZone: string }): string[] {
  if (!isValidInstant(options.today)) return [];
  const thisMonday = mondayOf(localDateOf(options.today.getTime(), options.timeZone));
  return Array.from({ length: Math.max(0, count) }, (_, i) => dateKey(addDays(thisMonday, 7 * (i - count + 1))));
}

/** The Monday (YYYY-MM-DD) of the week holding today in `timeZone`: "this week"; '' for an invalid `today`. */
export function thisWeekStart(options: { today: Date; timeZone: string }): string {
  return recentWeeks(1, options)[0] ?? '';
}

/**
 * The local days a time frame covers: from its first day (`start`, YYYY-MM-DD) on, laid out as
 * the Mondays of its weeks, from the week holding `start` to the week holding today. All Time
 * without a first play date starts today. An invalid `today` gives no weeks.
 */
export function frameWeeks(frame: TimeFrameId | TimeFrame, options: FrameOptions): { start: string; weeks: string[] } {
  if (!isValidInstant(options.today)) return { start: '', weeks: [] };
  const today = localDateOf(options.today.getTime(), options.timeZone);
  const start = frameStartDate(frameOf(frame), today, options);
  return { start: dateKey(start), weeks: mondaysBetween(start, today) };
}

/**
 * Weekly totals from the week holding the frame's start to the week holding today, inclusive,
 * empty weeks as zero. Sessions before the frame's start, or with an unreadable date, are left out.
 * All Time without a first play date starts at the earliest session.
 */
export function weeklyBuckets(
  sessions: readonly PlaySession[],
  frame: TimeFrameId | TimeFrame,
  options: FrameOptions,
): WeeklyBucket[] {
  if (!isValidInstant(options.today)) return [];
  const { timeZone } = options;
  const plays = sessions
    .map((session) => ({ at: instantOf(session.period_datetime), seconds: secondsOf(session.seconds_played) }))
    .filter((play) => isValidInstant(new Date(play.at)));

  const earliest = plays.reduce((min, play) => Math.min(min, play.at), Number.POSITIVE_INFINITY);
  const firstPlayDate = isValidInstant(options.firstPlayDate)
    ? options.firstPlayDate
    : plays.length > 0
      ? new Date(earliest)
      : null;
  const { start, weeks } = frameWeeks(frame, { ...options, firstPlayDate });
  const startDate = parseDateKey(start);
  const startInstant = startDate ? startOfLocalDay(startDate, timeZone) : Number.NaN;

  const buckets = new Map<string, WeeklyBucket>(
    weeks.map((week) => [week, { week_start: week, seconds_played: 0, minutes: 0, sessions: 0 }]),
  );
  for (const play of plays) {
    if (play.at < startInstant) continue;
    const bucket = buckets.get(dateKey(mondayOf(localDateOf(play.at, timeZone))));
    if (bucket === undefined) continue;
    bucket.seconds_played += play.seconds;
    bucket.sessions += 1;
  }
  return [...buckets.values()].map((bucket) => ({ ...bucket, minutes: playMinutes(bucket.seconds_played) }));
}
