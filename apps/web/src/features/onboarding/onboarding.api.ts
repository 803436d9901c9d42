/**
 * Onboarding (SPEC §3 Onboarding, §4; issue 13 item 6): the family's steps passed and the steps
 * still to pass, and finishing a step. Every shape comes from the API contract
 * (packages/domain/src/api/webinars.ts); the steps and their words are the domain's ONBOARDING_STEPS.
 *
 * SPEC §4 "finishing a step removes it from the steps still to pass": the step moves to the passed
 * steps at once (withStepPassed) and moves back when the server refuses; the server's answer then
 * replaces the whole state.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ONBOARDING_STEPS, type OnboardingStepId } from '@grove/domain';
import { webinarsApi } from '@grove/domain/api/endpoints/webinars';
import type { Onboarding, OnboardingStep } from '@grove/domain/api/webinars';

import { call, unwrap } from '../../lib/api-client.ts';

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
    meta: { errorTitle: 'Loading your first steps' },
  });
}

/** POST /api/v2/onboarding/{step}/finish/: answers the new state. */
export async function finishStep(step: OnboardingStepId): Promise<Onboarding> {
  return unwrap(await call(webinarsApi.finishStep, { params: { step } }));
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

/** SPEC §4: `step` leaves the steps still to pass and joins the passed steps, passed at `at`. */
export function withStepPassed(state: Onboarding, step: OnboardingStepId, at: Date): Onboarding {
  const finished = state.to_pass.find((item) => item.id === step);
  if (!finished) return state;
  return {
    passed: [...state.passed, { ...finished, passed_at: at.toISOString() }],
    to_pass: state.to_pass.filter((item) => item.id !== step),
  };
}

/** The step id a `/dashboard/welcome/:step` address names ('pair_band' or 'pair-band'), or null. */
export function stepFromParam(param: string | undefined): OnboardingStepId | null {
  if (!param) return null;
  const id = param.trim().toLowerCase().replace(/-/g, '_');
  return ONBOARDING_STEPS.find((step) => step.id === id)?.id ?? null;
}

/** Marks a manual step as done: moved at once, moved back if the server refuses. */
export function useFinishStep(accountId: number) {
  const queryClient = useQueryClient();
  const key = onboardingKeys.account(accountId);
  return useMutation({
    mutationFn: finishStep,
    onMutate: async (step) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Onboarding>(key);
      if (previous) queryClient.setQueryData<Onboarding>(key, withStepPassed(previous, step, new Date()));
      return { previous };
    },
    onError: (_error, _step, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
    meta: { errorTitle: 'Marking the step as done' },
  });
}
