/**
 * What Home needs to know before it lays out a family's cards (docs/decisions/0045): the welcome
 * checklist's next step, whether the family has a coach, and the profiles still to complete. Home
 * waits for these three (or their failure) behind its skeleton, so the cards they decide appear
 * together and nothing moves afterwards; the cards whose place is known in advance (the coach's next
 * call, the next tutorial) load inside their own frame.
 *
 * Home reads what the account screen, the welcome checklist and Players read (lib/queries); the
 * checklist is read again on every visit and when the window regains focus (its staleTime is 0),
 * so a step that ticked itself elsewhere — players added, the tablet connected — shows at once.
 */
import { useQuery } from '@tanstack/react-query';
import type { IncompleteProfilePage } from '@grove/domain/api/players';
import type { OnboardingStep } from '@grove/domain/api/webinars';

import { accountDetailQuery, type FamilyCoach } from '../../lib/queries/account.ts';
import { inStepOrder, onboardingQuery, stepNumber } from '../../lib/queries/onboarding.ts';
import { incompleteProfilesQuery } from '../../lib/queries/players.ts';

export type NextStep = {
  step: OnboardingStep;
  number: number;
  total: number;
  done: number;
  /** The kit has not arrived yet: the step shown is the one to do when it does. */
  kitOnItsWay: boolean;
};

/**
 * The step to show: the first one still to pass that the family can do something about. Receiving
 * the kit is only waited for (it ticks itself), so while it is pending Home shows the step after
 * it — connecting the tablet that comes in the kit — with a word that the kit is on its way.
 */
export function nextStepToShow(
  toPass: readonly OnboardingStep[],
): { step: OnboardingStep; kitOnItsWay: boolean } | null {
  const ordered = inStepOrder(toPass);
  const step = ordered.find((candidate) => candidate.id !== 'kit_delivered') ?? ordered[0];
  if (!step) return null;
  return {
    step,
    kitOnItsWay: step.id !== 'kit_delivered' && ordered.some((candidate) => candidate.id === 'kit_delivered'),
  };
}
export type IncompleteProfile = IncompleteProfilePage['results'][number];

export type FamilyLeads = {
  /** True once every read below has answered or failed. */
  ready: boolean;
  /** The first step still to pass, or null once onboarding is done (or cannot be read). */
  nextStep: NextStep | null;
  coach: FamilyCoach | null;
  profiles: readonly IncompleteProfile[];
};

/**
 * The family `accountId`'s leads; null reads nothing (staff, coaches, a visited family).
 * `onboarding` is false for people the welcome checklist sends home (cancelled or returned).
 */
export function useFamilyLeads(accountId: number | null, { onboarding }: { onboarding: boolean }): FamilyLeads {
  const family = accountId !== null;
  const steps = useQuery({ ...onboardingQuery(accountId ?? 0), enabled: family && onboarding });
  const account = useQuery({ ...accountDetailQuery(accountId ?? 0), enabled: family });
  const profiles = useQuery({ ...incompleteProfilesQuery(accountId ?? 0), enabled: family });

  const settled = (query: { isPending: boolean }, enabled: boolean) => !enabled || !query.isPending;
  const ready = settled(steps, family && onboarding) && settled(account, family) && settled(profiles, family);

  let nextStep: NextStep | null = null;
  if (family && onboarding && steps.isSuccess) {
    const shown = nextStepToShow(steps.data.to_pass);
    if (shown) {
      const done = steps.data.passed.length;
      nextStep = {
        ...shown,
        number: stepNumber(shown.step.id),
        total: done + steps.data.to_pass.length,
        done,
      };
    }
  }
  return {
    ready,
    nextStep,
    coach: family && account.isSuccess ? account.data.coach_user : null,
    profiles: family && profiles.isSuccess ? profiles.data.results : [],
  };
}
