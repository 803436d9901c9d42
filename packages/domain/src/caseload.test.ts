import { describe, expect, it } from 'vitest';
import {
  CASELOAD,
  caseloadGoal,
  caseloadStatus,
  caseloadTrend,
  compareCaseload,
  needsAttention,
  type CaseloadFigures,
  type CaseloadStatus,
} from './caseload.ts';

const family = (name: string, figures: Partial<CaseloadFigures> = {}): CaseloadFigures => ({
  familyName: name,
  players: 1,
  minutesThisWeek: 60,
  minutesLastWeek: 60,
  daysSincePlay: 1,
  ...figures,
});

describe('caseload', () => {
  it('sets the goal per player and the stop at ten days', () => {
    expect(CASELOAD.goalMinutes).toBe(45);
    expect(CASELOAD.stoppedDays).toBe(10);
    expect(caseloadGoal(0)).toBe(0);
    expect(caseloadGoal(2)).toBe(90);
  });

  it.each([
    [0, 0, 'flat'],
    [50, 50, 'flat'],
    [40, 50, 'flat'],
    [39, 50, 'down'],
    [0, 10, 'down'],
    [10, 0, 'up'],
    [63, 50, 'up'],
    [62, 50, 'flat'],
  ] as const)('trend of %i minutes against %i is %s', (thisWeek, lastWeek, trend) => {
    expect(caseloadTrend(thisWeek, lastWeek)).toBe(trend);
  });

  it.each<[string, Partial<CaseloadFigures>, CaseloadStatus]>([
    ['never played', { daysSincePlay: null, minutesThisWeek: 0, minutesLastWeek: 0 }, 'not_started'],
    ['no players', { players: 0, daysSincePlay: null, minutesThisWeek: 0, minutesLastWeek: 0 }, 'not_started'],
    ['silent for ten days', { daysSincePlay: 10, minutesThisWeek: 0, minutesLastWeek: 0 }, 'stopped'],
    ['silent for nine days', { daysSincePlay: 9, minutesThisWeek: 0, minutesLastWeek: 20 }, 'under_goal'],
    ['under the goal', { minutesThisWeek: 44 }, 'under_goal'],
    ['two players under their goal', { players: 2, minutesThisWeek: 80, minutesLastWeek: 80 }, 'under_goal'],
    ['at the goal but falling', { minutesThisWeek: 50, minutesLastWeek: 90 }, 'falling'],
    ['at the goal', { minutesThisWeek: 45, minutesLastWeek: 45 }, 'on_track'],
    ['above the goal and rising', { minutesThisWeek: 120, minutesLastWeek: 30 }, 'on_track'],
  ])('%s: %s', (_case, figures, status) => {
    expect(caseloadStatus(family('A', figures))).toBe(status);
    expect(needsAttention(status)).toBe(status !== 'on_track');
  });

  it('orders who needs attention first: stopped, not started, under goal, falling, on track', () => {
    const families = [
      family('On track'),
      family('Falling', { minutesThisWeek: 50, minutesLastWeek: 100 }),
      family('Under, a little', { minutesThisWeek: 40 }),
      family('Under, a lot', { minutesThisWeek: 5 }),
      family('Not started', { daysSincePlay: null, minutesThisWeek: 0, minutesLastWeek: 0 }),
      family('Stopped 12 days', { daysSincePlay: 12, minutesThisWeek: 0, minutesLastWeek: 0 }),
      family('Stopped 30 days', { daysSincePlay: 30, minutesThisWeek: 0, minutesLastWeek: 0 }),
      family('Another on track'),
    ];
    expect(families.sort(compareCaseload).map((f) => f.familyName)).toEqual([
      'Stopped 30 days',
      'Stopped 12 days',
      'Not started',
      'Under, a lot',
      'Under, a little',
      'Falling',
      'Another on track',
      'On track',
    ]);
  });
});
