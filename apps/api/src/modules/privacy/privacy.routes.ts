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
  setChoice,
  type PrivacyDeps,
} from './privacy.service.ts';

/** Consent status, agreeing to a new policy version, the analytics and payment-text choices and an account's consent history. */
export function privacyRoutes(app: App, deps: PrivacyDeps) {
  const user = { policy: 'user' } as const;
  route(app, privacyApi.status, user, async (request) => privacyStatus(deps, requireUser(request)));
  route(app, privacyApi.agree, user, async (request, reply) =>
    reply.status(201).send(await agreeToPolicy(deps, requireUser(request), consentOrigin(request))),
  );
  route(app, privacyApi.analytics, user, async (request) =>
    setChoice(deps, requireUser(request), 'analytics', request.body.analytics, consentOrigin(request)),
  );
  route(app, privacyApi.paymentTexts, user, async (request) =>
    setChoice(deps, requireUser(request), 'payment_texts', request.body.payment_texts, consentOrigin(request)),
  );
  route(app, privacyApi.accountConsents, user, async (request) =>
    toPage(request, await accountConsents(deps, requireUser(request), request.params.id, request.query)),
  );
}
