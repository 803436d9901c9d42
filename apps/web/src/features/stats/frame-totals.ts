/**
 * What the stats screen sums over a time frame's weekly buckets. The goal test is the domain's
 * (CHART.goalMinutes); the average cooldown time is weighted by each week's number of cooldowns
 * (each week's average comes in whole seconds, so the frame's is right to within a second).
 */
import { msg } from '@lingui/core/macro';
import { CHART, TIME_FRAMES, type TimeFrame, type TimeFrameId } from '@grove/domain';
import type { WeeklyPlay } from '@grove/domain/api/play';

import { i18n } from '../../lib/i18n.ts';

export type FrameTotals = {
  secondsPlayed: number;
  sessions: number;
  weeks: number;
  weeksAtGoal: number;
  hrRises: number;
  coolDowns: number;
  /** Seconds, over all cooldowns of the frame; null without cooldowns. */
  averageCoolDownSeconds: number | null;
  /** Whole minutes a week on average over the frame's weeks. */
  averageWeeklyMinutes: number;
};

export function reachedGoal(minutes: number): boolean {
  return minutes >= CHART.goalMinutes;
}

export function frameTotals(weeks: readonly WeeklyPlay[]): FrameTotals {
  let secondsPlayed = 0;
  let sessions = 0;
  let hrRises = 0;
  let coolDowns = 0;
  let coolDownSeconds = 0;
  let weeksAtGoal = 0;
  for (const week of weeks) {
    secondsPlayed += week.seconds_played;
    sessions += week.sessions;
    hrRises += week.hr_rises;
    coolDowns += week.cool_downs;
    if (week.average_cool_down_seconds !== null) coolDownSeconds += week.average_cool_down_seconds * week.cool_downs;
    if (reachedGoal(week.minutes)) weeksAtGoal += 1;
  }
  return {
    secondsPlayed,
    sessions,
    weeks: weeks.length,
    weeksAtGoal,
    hrRises,
    coolDowns,
    averageCoolDownSeconds: coolDowns > 0 ? Math.round(coolDownSeconds / coolDowns) : null,
    averageWeeklyMinutes: weeks.length > 0 ? Math.round(secondsPlayed / 60 / weeks.length) : 0,
  };
}

/** The time frame of an address value (`gis`); unknown or missing values give `fallback`. */
export function frameFromParam(value: string | null, fallback: TimeFrameId): TimeFrame {
  const byId = TIME_FRAMES.find((frame) => frame.id === value);
  if (byId) return byId;
  // Labels are accepted too ('All Time'), ignoring case.
  const byLabel = TIME_FRAMES.find((frame) => frame.label.toLowerCase() === value?.toLowerCase());
  return byLabel ?? TIME_FRAMES.find((frame) => frame.id === fallback) ?? TIME_FRAMES[0]!;
}

/**
 * 'the last 7 days', 'the last month', 'the last 3 months', 'all time' — from the frame's span, in
 * the page's language (a noun phrase with its article in Spanish: 'el último mes', 'todo el tiempo').
 * The one argument keeps it usable as `TIME_FRAMES.map(frameDescription)`.
 */
export function frameDescription(frame: TimeFrame): string {
  const { days, months } = frame;
  if (days !== undefined) return i18n._(msg`the last ${days} days`);
  if (months !== undefined) return months === 1 ? i18n._(msg`the last month`) : i18n._(msg`the last ${months} months`);
  return i18n._(msg`all time`);
}
