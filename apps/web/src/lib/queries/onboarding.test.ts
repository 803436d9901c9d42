/** The checklist's order (features/onboarding, Home's next step). */
import { describe, expect, it } from 'vitest';
import { ONBOARDING_STEPS } from '@grove/domain';

import { onboardingFixture } from '../../../test/fixtures.ts';
import { inStepOrder, stepNumber } from './onboarding.ts';

describe('the checklist order', () => {
  it('numbers the steps as ONBOARDING_STEPS lists them and sorts any order back', () => {
    expect(ONBOARDING_STEPS.map((step) => stepNumber(step.id))).toEqual([1, 2, 3, 4, 5, 6]);
    const shuffled = [...onboardingFixture().to_pass].reverse();
    expect(inStepOrder(shuffled).map((step) => step.id)).toEqual(ONBOARDING_STEPS.map((step) => step.id));
  });
});
