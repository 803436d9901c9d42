import { describe, expect, it } from 'vitest';

import { playStreak, weekMeetsGoal, type WeekPlayed } from './streaks.ts';

const GOAL = 45 * 60;
const met = (week: string, seconds = GOAL): WeekPlayed => ({ week, secondsPlayed: seconds });
/** Thursday 3 December 2026, noon in New York: this week is the one of Monday 30 November. */
const today = new Date('2026-12-03T17:00:00Z');
const NY = { today, timeZone: 'America/New_York' };

describe('play streaks', () => {
  it('is nothing without play, and nothing for an unreadable today', () => {
    expect(playStreak([], NY)).toEqual({ current: 0, thisWeekMet: false, longest: 0 });
    expect(playStreak([met('2026-11-23')], { today: new Date(Number.NaN), timeZone: 'UTC' })).toEqual({
      current: 0,
      thisWeekMet: false,
      longest: 0,
    });
  });

  it('counts the weeks in a row up to last week while this week may still reach the goal', () => {
    const weeks = [met('2026-11-09'), met('2026-11-16'), met('2026-11-23'), met('2026-11-30', 20 * 60)];
    expect(playStreak(weeks, NY)).toEqual({ current: 3, thisWeekMet: false, longest: 3 });
  });

  it('counts this week once it has reached the goal', () => {
    const weeks = [met('2026-11-30', 50 * 60), met('2026-11-16'), met('2026-11-23')];
    expect(playStreak(weeks, NY)).toEqual({ current: 3, thisWeekMet: true, longest: 3 });
  });

  it('starts again after a missed week, and keeps the longest run', () => {
    const weeks = [
      met('2026-10-19'),
      met('2026-10-26'),
      met('2026-11-02'),
      met('2026-11-09', 30 * 60), // under the goal: the run ends
      met('2026-11-16'),
      met('2026-11-23'),
    ];
    expect(playStreak(weeks, NY)).toEqual({ current: 2, thisWeekMet: false, longest: 3 });
    // A week without play at all resets it too.
    expect(playStreak([met('2026-11-09'), met('2026-11-16')], NY)).toEqual({
      current: 0,
      thisWeekMet: false,
      longest: 2,
    });
  });

  it('reads the goal in the chart’s whole minutes', () => {
    expect(weekMeetsGoal(44 * 60 + 29)).toBe(false); // shown as 44 minutes
    expect(weekMeetsGoal(44 * 60 + 30)).toBe(true); // shown as 45 minutes, on the goal line
    expect(playStreak([met('2026-11-23', 44 * 60 + 29)], NY).current).toBe(0);
    expect(playStreak([met('2026-11-23', 44 * 60 + 30)], NY).current).toBe(1);
  });

  it('takes this week in the family’s time zone', () => {
    // Monday 30 November, 03:00 UTC: still Sunday 29 November in Los Angeles, Monday in Paris.
    const instant = new Date('2026-11-30T03:00:00Z');
    const weeks = [met('2026-11-09'), met('2026-11-16')];
    // Los Angeles: this week is 23 November's, under way; last week (16) and the one before count.
    expect(playStreak(weeks, { today: instant, timeZone: 'America/Los_Angeles' })).toEqual({
      current: 2,
      thisWeekMet: false,
      longest: 2,
    });
    // Paris: this week is 30 November's; 23 November's ended without play, so the streak is over.
    expect(playStreak(weeks, { today: instant, timeZone: 'Europe/Paris' })).toEqual({
      current: 0,
      thisWeekMet: false,
      longest: 2,
    });
  });

  it('keeps the weeks across daylight-saving changes', () => {
    // New York falls back on Sunday 1 November 2026: that week has 169 hours, and still one Monday.
    const weeks = [met('2026-10-19'), met('2026-10-26')];
    const sundayNight = new Date('2026-11-02T04:30:00Z'); // 23:30 EST on Sunday 1 November
    expect(playStreak(weeks, { today: sundayNight, timeZone: 'America/New_York' })).toEqual({
      current: 2,
      thisWeekMet: true,
      longest: 2,
    });
    const mondayMorning = new Date('2026-11-02T05:30:00Z'); // 00:30 EST on Monday 2 November
    expect(playStreak(weeks, { today: mondayMorning, timeZone: 'America/New_York' })).toEqual({
      current: 2,
      thisWeekMet: false,
      longest: 2,
    });
    // Spring forward (Sunday 8 March 2026, a week of 167 hours) over a run of three weeks.
    const spring = [met('2026-02-23'), met('2026-03-02'), met('2026-03-09')];
    expect(playStreak(spring, { today: new Date('2026-03-16T04:30:00Z'), timeZone: 'America/New_York' }).current).toBe(
      3,
    );
  });

  it('follows an edit of the play: a week lowered under the goal breaks the run', () => {
    const before = [met('2026-11-09'), met('2026-11-16'), met('2026-11-23')];
    expect(playStreak(before, NY).current).toBe(3);
    const after = [met('2026-11-09'), met('2026-11-16', 40 * 60), met('2026-11-23')];
    expect(playStreak(after, NY)).toEqual({ current: 1, thisWeekMet: false, longest: 1 });
  });

  it('leaves out weeks after this one (a tablet’s clock set wrong)', () => {
    expect(playStreak([met('2026-11-23'), met('2026-12-07')], NY)).toEqual({
      current: 1,
      thisWeekMet: false,
      longest: 1,
    });
  });
});
