/** The checklist's rules: SPEC §4 (finishing a step), the order, the :step address, where steps are done. */
import { describe, expect, it } from 'vitest';
import { ONBOARDING_STEPS } from '@grove/domain';

import { onboardingFixture } from '../../../test/fixtures.ts';
import { inStepOrder, stepFromParam, stepNumber, withStepPassed } from './onboarding.api.ts';
import { AUTOMATIC_NOTES, BAND_ARTICLE_SLUG, stepLink } from './step-links.ts';

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

describe('the checklist order', () => {
  it('numbers the steps as ONBOARDING_STEPS lists them and sorts any order back', () => {
    expect(ONBOARDING_STEPS.map((step) => stepNumber(step.id))).toEqual([1, 2, 3, 4, 5, 6]);
    const shuffled = [...onboardingFixture().to_pass].reverse();
    expect(inStepOrder(shuffled).map((step) => step.id)).toEqual(ONBOARDING_STEPS.map((step) => step.id));
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

describe('step links', () => {
  it('gives every step a place to do it and a note for when it ticks itself', () => {
    for (const { id } of ONBOARDING_STEPS) {
      expect(stepLink(id).label).not.toBe('');
      expect(AUTOMATIC_NOTES[id]).toMatch(/ticks itself/);
    }
    expect(stepLink('first_game').external).toBe(true);
    expect(stepLink('pair_band').to).toBe('/dashboard/connect');
  });

  it('names a band article that exists (the Connect a tablet page links to it)', () => {
    const articles = Object.keys(import.meta.glob('../resources/articles/*.md'));
    expect(articles).toContain(`../resources/articles/${BAND_ARTICLE_SLUG}.md`);
  });
});
