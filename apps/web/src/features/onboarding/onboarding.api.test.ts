/** The checklist's rules: SPEC §4 (finishing a step) and the :step address. */
import { describe, expect, it } from 'vitest';

import { onboardingFixture } from '../../../test/fixtures.ts';
import { stepFromParam, withStepPassed } from './onboarding.api.ts';

describe('withStepPassed (SPEC §4)', () => {
  it('removes the step from the steps to pass and adds it to the passed steps', () => {
    const before = onboardingFixture(['add_players']);
    const after = withStepPassed(before, 'pair_band', new Date('2026-11-21T14:30:00.000Z'));
    expect(after.to_pass.map((step) => step.id)).toEqual([
      'kit_delivered',
      'first_game',
      'join_tutorial',
      'book_coaching',
    ]);
    expect(after.passed.map((step) => step.id)).toEqual(['add_players', 'pair_band']);
    expect(after.passed[1]?.passed_at).toBe('2026-11-21T14:30:00.000Z');
    expect(before.to_pass).toHaveLength(5);
  });

  it('leaves the state as it is for a step already passed', () => {
    const before = onboardingFixture(['add_players']);
    expect(withStepPassed(before, 'add_players', new Date())).toBe(before);
  });
});

describe('stepFromParam', () => {
  it.each([
    ['pair_band', 'pair_band'],
    ['pair-band', 'pair_band'],
    ['Book-Coaching', 'book_coaching'],
    [' first_game ', 'first_game'],
    ['fly-a-kite', null],
    ['', null],
    [undefined, null],
  ])('%j → %j', (param, step) => {
    expect(stepFromParam(param)).toBe(step);
  });
});
