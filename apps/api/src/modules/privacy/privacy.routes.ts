import { privacyApi } from '@grove/domain/api/privacy';
import { route } from '../../lib/contract.ts';
import { toPage } from '../../lib/pagination.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import {
  accountConsents,
  agreeToPolicy,
  consentOrigin,
  privacyStatus,
  setAnalytics,
  type PrivacyDeps,
} from './privacy.service.ts';

/** Consent status, agreeing to a new policy version, the analytics choice and an account's consent history. */
export function privacyRoutes(app: App, deps: PrivacyDeps) {
  const user = { policy: 'user' } as const;
  route(app, privacyApi.status, user, async (request) => privacyStatus(deps, requireUser(request)));
  route(app, privacyApi.agree, user, async (request, reply) =>
    reply.status(201).send(await agreeToPolicy(deps, requireUser(request), consentOrigin(request))),
  );
  route(app, privacyApi.analytics, user, async (request) =>
    setAnalytics(deps, requireUser(request), request.body.analytics, consentOrigin(request)),
  );
  route(app, privacyApi.accountConsents, user, async (request) =>
    toPage(request, await accountConsents(deps, requireUser(request), request.params.id, request.query)),
  );
}
