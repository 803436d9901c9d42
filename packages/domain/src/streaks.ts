/**
 * Play streaks (issue 29): weeks in a row at or over the weekly goal, per player. A week counts
 * when its minutes, as the chart shows them (`playMinutes`), reach the goal line (45). The weeks
 * are the family's local weeks, Monday first, as the week rollups keep them; "this week" is the
 * week holding today in the family's time zone.
 *
 * The week under way never breaks a streak: until it ends it may still reach the goal. So the
 * current streak is the run of goal weeks that ends with this week when it has already reached the
 * goal, or else with last week; a week under the goal (or without play) before that resets it.
 */
import { CHART } from './constants.ts';
import { playMinutes, recentWeeks } from './stats.ts';

/** One week of a player's play: its Monday (YYYY-MM-DD, local) and the seconds played in it. */
export type WeekPlayed = { week: string; secondsPlayed: number };

export type PlayStreak = {
  /** Weeks in a row at or over the goal, up to this week (this week only once it reached the goal). */
  current: number;
  /** Whether this week has reached the goal already (and so counts in `current`). */
  thisWeekMet: boolean;
  /** The longest run of goal weeks ever, `current` included. */
  longest: number;
};

/** Whether a week's play reaches the weekly goal, in the chart's whole minutes. */
export function weekMeetsGoal(secondsPlayed: number, goalMinutes: number = CHART.goalMinutes): boolean {
  return playMinutes(secondsPlayed) >= goalMinutes;
}

/** The Monday `weeks` weeks after `monday` (YYYY-MM-DD; before it when negative), by the calendar. */
function shiftWeek(monday: string, weeks: number): string {
  const [year, month, day] = monday.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 7 * weeks)).toISOString().slice(0, 10);
}

/**
 * A player's streak from the weeks they played (any order; weeks without play may be left out,
 * they count as under the goal). `today` and `timeZone` say which week is under way.
 */
export function playStreak(
  weeks: readonly WeekPlayed[],
  options: { today: Date; timeZone: string; goalMinutes?: number },
): PlayStreak {
  const goal = options.goalMinutes ?? CHART.goalMinutes;
  const thisWeek = recentWeeks(1, options)[0];
  const met = new Set<string>();
  for (const { week, secondsPlayed } of weeks) {
    if (/^\d{4}-\d{2}-\d{2}$/.test(week) && weekMeetsGoal(secondsPlayed, goal)) met.add(week);
  }
  if (!thisWeek) return { current: 0, thisWeekMet: false, longest: 0 };
  // Weeks after this one (a clock set wrong on a tablet) are not part of any streak yet.
  for (const week of met) if (week > thisWeek) met.delete(week);

  const thisWeekMet = met.has(thisWeek);
  let current = 0;
  for (let week = thisWeekMet ? thisWeek : shiftWeek(thisWeek, -1); met.has(week); week = shiftWeek(week, -1)) {
    current += 1;
  }

  let longest = 0;
  for (const week of met) {
    if (met.has(shiftWeek(week, -1))) continue; // not the first week of its run
    let run = 0;
    for (let next = week; met.has(next); next = shiftWeek(next, 1)) run += 1;
    longest = Math.max(longest, run);
  }
  return { current, thisWeekMet, longest };
}

/** A streak as the API carries it (overview, shared summary). */
export type StreakOnWire = { weeks: number; this_week_met: boolean; longest_weeks: number };

export function streakOnWire(streak: PlayStreak): StreakOnWire {
  return { weeks: streak.current, this_week_met: streak.thisWeekMet, longest_weeks: streak.longest };
}
