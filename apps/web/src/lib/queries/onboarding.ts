/**
 * The family's welcome checklist (SPEC §3 Onboarding, §4; GET /api/v2/onboarding/), which the
 * checklist screen and Home's next step read, and the checklist's order (the order of the domain's
 * ONBOARDING_STEPS). features/onboarding holds finishing a step.
 */
import { msg } from '@lingui/core/macro';
import { queryOptions } from '@tanstack/react-query';
import { ONBOARDING_STEPS } from '@grove/domain';
import { webinarsApi } from '@grove/domain/api/endpoints/webinars';
import type { OnboardingStep } from '@grove/domain/api/webinars';

import { call, unwrap } from '../api-client.ts';
import { i18n } from '../i18n.ts';

export const onboardingKeys = {
  all: ['onboarding'] as const,
  account: (accountId: number) => [...onboardingKeys.all, accountId] as const,
};

/**
 * GET /api/v2/onboarding/: the signed-in family's steps. Automatic steps tick by what happens
 * elsewhere (a delivery, a game, a booking), so each visit reads them again (shown from the cache
 * meanwhile).
 */
export function onboardingQuery(accountId: number) {
  return queryOptions({
    queryKey: onboardingKeys.account(accountId),
    queryFn: async ({ signal }) => unwrap(await call(webinarsApi.onboarding, { signal })),
    staleTime: 0,
    meta: { errorTitle: i18n._(msg`Loading your first steps`) },
  });
}

/** A step's place in the checklist (1 = first); unknown ids go last. */
export function stepNumber(id: string): number {
  const index = ONBOARDING_STEPS.findIndex((step) => step.id === id);
  return index === -1 ? ONBOARDING_STEPS.length + 1 : index + 1;
}

/** The steps in the checklist's order (the order of ONBOARDING_STEPS), whatever order they came in. */
export function inStepOrder(steps: readonly OnboardingStep[]): OnboardingStep[] {
  return [...steps].sort((a, b) => stepNumber(a.id) - stepNumber(b.id));
}
