import { describe, expect, it } from 'vitest';
import { TIME_FRAMES } from '@grove/domain';

import type { WeeklyPlay } from '@grove/domain/api/play';

import { frameDescription, frameFromParam, frameTotals, reachedGoal } from './frame-totals.ts';

const week = (minutes: number, extra: Partial<WeeklyPlay> = {}): WeeklyPlay => ({
  week_start: '2026-11-16',
  seconds_played: minutes * 60,
  minutes,
  sessions: minutes > 0 ? 2 : 0,
  hr_rises: 0,
  cool_downs: 0,
  average_cool_down_seconds: null,
  ...extra,
});

describe('frame totals', () => {
  it('sums play, rises and cooldowns and counts the weeks at the 45-minute goal', () => {
    const totals = frameTotals([
      week(44, { hr_rises: 3, cool_downs: 2, average_cool_down_seconds: 50 }),
      week(45, { hr_rises: 1, cool_downs: 1, average_cool_down_seconds: 20 }),
      week(0),
      week(90, { hr_rises: 5, cool_downs: 3, average_cool_down_seconds: 30 }),
    ]);
    expect(totals).toEqual({
      secondsPlayed: 179 * 60,
      sessions: 6,
      weeks: 4,
      weeksAtGoal: 2,
      hrRises: 9,
      coolDowns: 6,
      // (2×50 + 1×20 + 3×30) / 6 = 35
      averageCoolDownSeconds: 35,
      averageWeeklyMinutes: 45,
    });
  });

  it('has no average cooldown without cooldowns, and zeros without weeks', () => {
    expect(frameTotals([])).toMatchObject({ weeks: 0, averageCoolDownSeconds: null, averageWeeklyMinutes: 0 });
  });

  it('uses the domain goal', () => {
    expect(reachedGoal(44)).toBe(false);
    expect(reachedGoal(45)).toBe(true);
  });
});

describe('time frame in the address', () => {
  it('reads the domain ids, labels too, and falls back for anything else', () => {
    expect(frameFromParam('1W', '1Mo').id).toBe('1W');
    expect(frameFromParam('3Mos', '1Mo').id).toBe('3Mos');
    expect(frameFromParam('all', '1Mo').id).toBe('all');
    expect(frameFromParam('all time', '1Mo').id).toBe('all');
    expect(frameFromParam('weekly', '1Mo').id).toBe('1Mo');
    expect(frameFromParam(null, '3Mos').id).toBe('3Mos');
  });

  it('describes each frame from its span', () => {
    expect(TIME_FRAMES.map(frameDescription)).toEqual([
      'the last 7 days',
      'the last month',
      'the last 3 months',
      'all time',
    ]);
  });
});
