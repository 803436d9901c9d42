/**
 * Consent and the privacy page (issue 17): agreeing to a new policy version, the analytics choice,
 * and an account's consent history (staff); the signed-in person's status and household history
 * are read through lib/queries/privacy.ts, the payment-text choice is Subscription & Billing's. Every shape comes from the contract (packages/domain/src/api/privacy.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import type { AnalyticsBody, PrivacyStatus } from '@grove/domain/api/privacy';
import { privacyApi } from '@grove/domain/api/endpoints/privacy';

import { call, unwrap } from '../../lib/api-client.ts';
import { privacyKeys } from '../../lib/queries/privacy.ts';

/** Staff read an account's history in pages of this size. */
export const CONSENTS_PAGE_SIZE = 50;

/** POST /api/v2/user/privacy/consent/: agree to the policy in force. */
export async function agreeToPolicy(): Promise<PrivacyStatus> {
  return unwrap(await call(privacyApi.agree, { body: { consent: true } }));
}

/** PUT /api/v2/user/privacy/analytics/: analytics on or off. */
export async function setAnalytics(analytics: AnalyticsBody['analytics']): Promise<PrivacyStatus> {
  return unwrap(await call(privacyApi.analytics, { body: { analytics } }));
}

/** GET /api/v2/accounts/{id}/consents/: one page of an account's history, newest first. */
export function accountConsentsQuery(accountId: number, page: number) {
  return queryOptions({
    queryKey: privacyKeys.account(accountId, page),
    queryFn: async ({ signal }) =>
      unwrap(
        await call(privacyApi.accountConsents, {
          params: { id: accountId },
          query: { page, page_size: CONSENTS_PAGE_SIZE },
          signal,
        }),
      ),
    retry: false,
  });
}
