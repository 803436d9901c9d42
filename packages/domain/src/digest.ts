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
import { messages, plural, template } from './translation.ts';

/** The weekly minutes goal the digest measures against (the chart's goal line). */
export const DIGEST_GOAL_MINUTES = CHART.goalMinutes;

export const DIGEST_MESSAGES = messages({
  /** A garbled or forged opt-out link. */
  unsubscribeInvalid: 'This link is not valid. You can turn the weekly summary off from your account page.',
});

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

/**
 * The digest's sentences (issue 29: a Spanish-speaking parent's digest is in Spanish). Each is a
 * message of translation.ts, so the e-mail puts it into the parent's language by its English text;
 * the trends line is made of pieces ("4 heart-rate rises", "down from 6"), each translated alone.
 */
export const DIGEST_SENTENCES = messages({
  minutesToGo: template(
    '{name} played {minutes} of {goal} minutes ({left} to go).',
    (name: string, minutes: number, goal: number) => ({ name, minutes, goal, left: goal - minutes }),
  ),
  minutesReached: template(
    '{name} played {minutes} of {goal} minutes (goal reached).',
    (name: string, minutes: number, goal: number) => ({ name, minutes, goal }),
  ),
  hrRises: plural({ one: '{count} heart-rate rise', other: '{count} heart-rate rises' }, (count: number) => ({
    count,
  })),
  coolDowns: plural({ one: '{count} cooldown', other: '{count} cooldowns' }, (count: number) => ({ count })),
  upFrom: template('up from {previous}', (previous: number) => ({ previous })),
  downFrom: template('down from {previous}', (previous: number) => ({ previous })),
  same: 'same as the week before',
  goalMet: template('Wonderful: {name} reached the weekly goal. Keep it up!', (name: string) => ({ name })),
  improving: plural(
    {
      one: '{name} played more than the week before. Only {count} more minute to reach the goal!',
      other: '{name} played more than the week before. Only {count} more minutes to reach the goal!',
    },
    (name: string, left: number) => ({ name, count: left }),
  ),
  underGoal: plural(
    {
      one: '{name} is {count} minute from the goal: a few short sessions this week will get there.',
      other: '{name} is {count} minutes from the goal: a few short sessions this week will get there.',
    },
    (name: string, left: number) => ({ name, count: left }),
  ),
  notPlayed: template(
    'No play for {name} last week. A short session together is an easy way to start again.',
    (name: string) => ({ name }),
  ),
  streak: template('{name} has reached the goal {weeks} weeks in a row.', (name: string, weeks: number) => ({
    name,
    weeks,
  })),
});

/** Puts an English sentence of the digest into the reader's language (translation.ts's translator). */
export type Translate = (english: string) => string;
const english: Translate = (text) => text;

const count = (value: number, one: string, many: string) => `${value} ${value === 1 ? one : many}`;

/** "up from 9", "down from 3" or "same as the week before". */
function trendOf(value: number, previous: number): string {
  if (value > previous) return DIGEST_SENTENCES.upFrom(previous);
  return value < previous ? DIGEST_SENTENCES.downFrom(previous) : DIGEST_SENTENCES.same;
}

/** "12 cooldowns (up from 9)", "1 cooldown (down from 3)", "0 cooldowns (same as the week before)". */
export function compareWithPrevious(value: number, previous: number, one: string, many: string): string {
  return `${count(value, one, many)} (${trendOf(value, previous)})`;
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
  goal_met: (name) => DIGEST_SENTENCES.goalMet(name),
  improving: (name, left) => DIGEST_SENTENCES.improving(name, left),
  under_goal: (name, left) => DIGEST_SENTENCES.underGoal(name, left),
  not_played: (name) => DIGEST_SENTENCES.notPlayed(name),
};

/** The one encouraging line of a player's week. */
export function encouragingLine(name: string, minutes: number, previousMinutes: number, goal = DIGEST_GOAL_MINUTES) {
  const left = Math.max(0, goal - minutes);
  return ENCOURAGING_LINES[encouragementCase(minutes, previousMinutes, goal)](name, left);
}

/** The streak line of a player's digest: from two goal weeks in a row on; null before. */
export function streakLine(name: string, weeks: number): string | null {
  return weeks >= 2 ? DIGEST_SENTENCES.streak(name, weeks) : null;
}

/**
 * Everything the digest says about one player, in English, or through `translate` in the reader's
 * language (each sentence, and each piece of the trends line, translated as it is made).
 */
export function playerDigest(
  player: PlayerWeeks,
  goal = DIGEST_GOAL_MINUTES,
  translate: Translate = english,
): PlayerDigest {
  const minutes = minutesOf(player.week.secondsPlayed);
  const previousMinutes = minutesOf(player.previous.secondsPlayed);
  const trend = (value: number, previous: number, phrase: (value: number) => string) =>
    `${translate(phrase(value))} (${translate(trendOf(value, previous))})`;
  const streak = streakLine(player.name, player.streakWeeks ?? 0);
  return {
    name: player.name,
    minutes,
    minutesLine: translate(
      minutes >= goal
        ? DIGEST_SENTENCES.minutesReached(player.name, minutes, goal)
        : DIGEST_SENTENCES.minutesToGo(player.name, minutes, goal),
    ),
    trendsLine: `${trend(player.week.hrRises, player.previous.hrRises, DIGEST_SENTENCES.hrRises)}, ${trend(player.week.coolDowns, player.previous.coolDowns, DIGEST_SENTENCES.coolDowns)}.`,
    encouragement: translate(encouragingLine(player.name, minutes, previousMinutes, goal)),
    streakLine: streak === null ? null : translate(streak),
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
