import { webinarsApi } from '@grove/domain/api/webinars';
import { route } from '../../lib/contract.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import * as onboarding from './onboarding.service.ts';

/** Onboarding (SPEC §3, §4): the signed-in family's steps; people without a family answer 404. */
export function onboardingRoutes(app: App, deps: onboarding.OnboardingDeps) {
  const user = { policy: 'user' } as const;
  route(app, webinarsApi.onboarding, user, async (request) => onboarding.onboarding(deps, requireUser(request)));
  route(app, webinarsApi.finishStep, user, async (request) =>
    onboarding.finishStep(deps, requireUser(request), request.params.step),
  );
}
