/**
 * Onboarding (SPEC §3 Onboarding, §4; issue 13 item 6): the family's steps passed and the steps
 * still to pass, and finishing a step. Every shape comes from the API contract
 * (packages/domain/src/api/webinars.ts); the steps and their words are the domain's ONBOARDING_STEPS.
 *
 * SPEC §4 "finishing a step removes it from the steps still to pass": the step moves to the passed
 * steps at once (withStepPassed) and moves back when the server refuses; the server's answer then
 * replaces the whole state.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { ONBOARDING_STEPS, type OnboardingStepId } from '@grove/domain';
import { webinarsApi } from '@grove/domain/api/endpoints/webinars';
import type { Onboarding } from '@grove/domain/api/webinars';

import { call, unwrap } from '../../lib/api-client.ts';
import { onboardingKeys } from '../../lib/queries/onboarding.ts';

/** POST /api/v2/onboarding/{step}/finish/: answers the new state. */
export async function finishStep(step: OnboardingStepId): Promise<Onboarding> {
  return unwrap(await call(webinarsApi.finishStep, { params: { step } }));
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
  const { t } = useLingui();
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
    meta: { errorTitle: t`Marking the step as done` },
  });
}
