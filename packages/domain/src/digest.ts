/**
 * The weekly family digest (issue 12): on Monday morning in the family's time zone, each parent who
 * did not opt out receives one e-mail with every player's week — minutes played against the goal,
 * heart-rate rises and cooldowns against the week before, and one encouraging line. The rules that
 * decide when it is due and what it says are here, pure; the API gathers the figures and sends it.
 */
import { DIGEST } from './account.ts';
import { CHART } from './constants.ts';
import { resolveTimeZone } from './dates.ts';
import { localDateKey, playMinutes, weekStart } from './stats.ts';

/** The weekly minutes goal the digest measures against (the chart's goal line). */
export const DIGEST_GOAL_MINUTES = CHART.goalMinutes;

export const DIGEST_MESSAGES = {
  /** A garbled or forged opt-out link. */
  unsubscribeInvalid: 'This link is not valid. You can turn the weekly summary off from your account page.',
} as const;

/** One week of one player, as the play sessions add it up. */
export interface WeekFigures {
  secondsPlayed: number;
  hrRises: number;
  coolDowns: number;
}

export interface PlayerWeeks {
  name: string;
  /** The week just ended (Monday to Sunday, local). */
  week: WeekFigures;
  /** The week before it. */
  previous: WeekFigures;
  /** Goal weeks in a row up to the week just ended (streaks.ts); 0 when it missed the goal. */
  streakWeeks?: number;
}

/** What the e-mail says about one player. */
export interface PlayerDigest {
  name: string;
  minutes: number;
  /** "Maya played 38 of 45 minutes (7 to go)." */
  minutesLine: string;
  /** "4 heart-rate rises (down from 6), 12 cooldowns (up from 9)." */
  trendsLine: string;
  encouragement: string;
  /** "3 weeks in a row at the goal: Maya's longest streak yet." From two weeks; null before. */
  streakLine: string | null;
}

/** Seconds as whole minutes, rounded to the nearest: the weekly chart's rule (stats.ts). */
export const minutesOf: (seconds: number) => number = playMinutes;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "12 cooldowns (up from 9)", "1 cooldown (down from 3)", "0 cooldowns (same as the week before)". */
export function compareWithPrevious(count: number, previous: number, one: string, many: string): string {
  const trend =
    count > previous ? `up from ${previous}` : count < previous ? `down from ${previous}` : 'same as the week before';
  return `${plural(count, one, many)} (${trend})`;
}

export type EncouragementCase = 'goal_met' | 'improving' | 'under_goal' | 'not_played';

/**
 * Which encouraging line a week earns: the goal met; played more than the week before but not yet
 * the goal; played, under the goal; not played at all.
 */
export function encouragementCase(minutes: number, previousMinutes: number, goal = DIGEST_GOAL_MINUTES) {
  if (minutes >= goal) return 'goal_met' satisfies EncouragementCase;
  if (minutes <= 0) return 'not_played' satisfies EncouragementCase;
  return (minutes > previousMinutes ? 'improving' : 'under_goal') satisfies EncouragementCase;
}

export const ENCOURAGING_LINES: Record<EncouragementCase, (name: string, minutesLeft: number) => string> = {
  goal_met: (name) => `Wonderful: ${name} reached the weekly goal. Keep it up!`,
  improving: (name, left) =>
    `${name} played more than the week before. Only ${plural(left, 'more minute', 'more minutes')} to reach the goal!`,
  under_goal: (name, left) =>
    `${name} is ${plural(left, 'minute', 'minutes')} from the goal: a few short sessions this week will get there.`,
  not_played: (name) => `No play for ${name} last week. A short session together is an easy way to start again.`,
};

/** The one encouraging line of a player's week. */
export function encouragingLine(name: string, minutes: number, previousMinutes: number, goal = DIGEST_GOAL_MINUTES) {
  const left = Math.max(0, goal - minutes);
  return ENCOURAGING_LINES[encouragementCase(minutes, previousMinutes, goal)](name, left);
}

/** The streak line of a player's digest: from two goal weeks in a row on; null before. */
export function streakLine(name: string, weeks: number): string | null {
  return weeks >= 2 ? `${name} has reached the goal ${weeks} weeks in a row.` : null;
}

/** Everything the digest says about one player. */
export function playerDigest(player: PlayerWeeks, goal = DIGEST_GOAL_MINUTES): PlayerDigest {
  const minutes = minutesOf(player.week.secondsPlayed);
  const previousMinutes = minutesOf(player.previous.secondsPlayed);
  const progress = minutes >= goal ? 'goal reached' : `${goal - minutes} to go`;
  return {
    name: player.name,
    minutes,
    minutesLine: `${player.name} played ${minutes} of ${goal} minutes (${progress}).`,
    trendsLine: `${compareWithPrevious(player.week.hrRises, player.previous.hrRises, 'heart-rate rise', 'heart-rate rises')}, ${compareWithPrevious(player.week.coolDowns, player.previous.coolDowns, 'cooldown', 'cooldowns')}.`,
    encouragement: encouragingLine(player.name, minutes, previousMinutes, goal),
    streakLine: streakLine(player.name, player.streakWeeks ?? 0),
  };
}

/** A local date 'YYYY-MM-DD' in the spec's date format 'MM-DD-YYYY'. */
export function specDate(dateKey: string): string {
  const [year, month, day] = dateKey.split('-');
  return `${month}-${day}-${year}`;
}

/** The weeks a digest sent at a given moment covers, in the family's time zone. */
export interface DigestWeek {
  /** The local date (YYYY-MM-DD) of this week's Monday: one digest per parent per value. */
  weekStart: string;
  /** The week reported: [from, to) as instants, Monday 00:00 to the next Monday 00:00 local. */
  reported: { from: Date; to: Date; firstDay: string; lastDay: string };
  /** The week before it, for the comparisons. */
  previous: { from: Date; to: Date };
}

const hourFormatters = new Map<string, Intl.DateTimeFormat>();

function localHour(instant: Date, timeZone: string): number {
  let formatter = hourFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' });
    hourFormatters.set(timeZone, formatter);
  }
  return Number(formatter.formatToParts(instant).find((part) => part.type === 'hour')?.value ?? 0);
}

/**
 * The digest's weeks when `now` is a Monday at or after DIGEST.localHour in `timeZone` (an unknown
 * zone reads as the default one), else null: the digest is not due there yet, or no more today.
 */
export function digestWeekAt(now: Date, timeZone: string, hour: number = DIGEST.localHour): DigestWeek | null {
  if (Number.isNaN(now.getTime())) return null;
  const zone = resolveTimeZone(timeZone);
  const monday = weekStart(now, zone);
  const today = localDateKey(now, zone);
  if (today !== localDateKey(monday, zone) || localHour(now, zone) < hour) return null;
  const reportedFrom = weekStart(new Date(monday.getTime() - 1), zone);
  const previousFrom = weekStart(new Date(reportedFrom.getTime() - 1), zone);
  return {
    weekStart: today,
    reported: {
      from: reportedFrom,
      to: monday,
      firstDay: localDateKey(reportedFrom, zone),
      lastDay: localDateKey(new Date(monday.getTime() - 1), zone),
    },
    previous: { from: previousFrom, to: reportedFrom },
  };
}
