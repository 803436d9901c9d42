import { describe, expect, it } from 'vitest';

import { streakSentence } from './player-overview.tsx';

describe('the streak in words', () => {
  it('invites a first streak, or a new one after the best so far', () => {
    expect(streakSentence({ weeks: 0, this_week_met: false, longest_weeks: 0 })).toBe(
      'Reach the goal this week to start a streak.',
    );
    expect(streakSentence({ weeks: 0, this_week_met: false, longest_weeks: 1 })).toBe(
      'Reach the goal this week to start a new streak. Best so far: 1 week in a row.',
    );
  });

  it('counts the weeks in a row, this week once it reached the goal', () => {
    expect(streakSentence({ weeks: 1, this_week_met: false, longest_weeks: 6 })).toBe(
      'Streak: 1 week in a row at the goal. Reach the goal this week to make it 2.',
    );
    expect(streakSentence({ weeks: 1, this_week_met: true, longest_weeks: 1 })).toBe(
      'Streak: 1 week in a row at the goal, this week included.',
    );
  });
});
