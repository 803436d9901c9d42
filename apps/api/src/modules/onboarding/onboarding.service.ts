/**
 * Onboarding (SPEC §3 Onboarding, §4): a family's steps passed and steps still to pass, in the order
 * of the domain's ONBOARDING_STEPS. A step is passed when Grove sees that the family did it (its
 * `auto` source, read at request time from the real rows) or when a parent finished it by hand
 * (onboarding_steps); finishing a step removes it from the steps to pass.
 *
 * `automatic`: on a passed step, whether Grove's own records passed it (not a click); on a step to
 * pass, whether it will tick itself with nothing to press. Pairing the band and joining a tutorial
 * happen outside Grove (on the tablet, in the video call) and Grove only sees a sign of them, so
 * those two also offer "Mark as done" while they are to pass (docs/decisions/0019).
 */
import { ONBOARDING_MESSAGES, ONBOARDING_STEPS, type OnboardingStepId } from '@grove/domain';
import type { Onboarding, OnboardingStep } from '@grove/domain/api/webinars';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import * as repo from './onboarding.repository.ts';

export interface OnboardingDeps {
  db: Db;
  now?: () => Date;
}

/** Steps a parent may also mark as done: Grove sees only a sign of them. */
export const MARKABLE_STEPS: ReadonlySet<OnboardingStepId> = new Set(['pair_band', 'join_tutorial']);

const nowOf = (deps: OnboardingDeps) => (deps.now ?? (() => new Date()))();

function accountOf(user: AuthUser): number {
  if (user.accountId === null) throw notFound(ONBOARDING_MESSAGES.noFamily);
  return user.accountId;
}

async function stateOf(deps: OnboardingDeps, accountId: number): Promise<Onboarding> {
  const now = nowOf(deps);
  const [sources, finished] = [
    await repo.autoSources(deps.db, accountId),
    await repo.finishedSteps(deps.db, accountId),
  ];
  if (!sources) throw notFound(ONBOARDING_MESSAGES.noFamily);
  const byHand = new Map(finished.map((row) => [row.step, row.passedAt]));
  const passed: OnboardingStep[] = [];
  const toPass: OnboardingStep[] = [];
  for (const step of ONBOARDING_STEPS) {
    const seen = sources[step.auto];
    const manual = byHand.get(step.id) ?? null;
    const base = { id: step.id, title: step.title, text: step.text };
    if (seen === null && manual === null) {
      toPass.push({ ...base, passed_at: null, automatic: !MARKABLE_STEPS.has(step.id) });
      continue;
    }
    const times = [seen, manual].filter((value): value is Date => value !== null);
    const first = new Date(Math.min(...times.map((value) => value.getTime())));
    passed.push({
      ...base,
      passed_at: (first.getTime() > now.getTime() ? now : first).toISOString(),
      automatic: seen !== null,
    });
  }
  return { passed, to_pass: toPass };
}

export async function onboarding(deps: OnboardingDeps, user: AuthUser): Promise<Onboarding> {
  return stateOf(deps, accountOf(user));
}

/** Records the step as finished by this person (once: a second finish keeps the first time). */
export async function finishStep(deps: OnboardingDeps, user: AuthUser, step: OnboardingStepId): Promise<Onboarding> {
  const accountId = accountOf(user);
  await repo.finishStep(deps.db, accountId, step, user.id, nowOf(deps));
  return stateOf(deps, accountId);
}
