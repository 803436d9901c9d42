/**
 * Consent and the privacy page (issue 17): the signed-in person's consent status and household
 * history, agreeing to a new policy version, the analytics choice, and an account's consent history
 * (staff). Every shape comes from the contract (packages/domain/src/api/privacy.ts).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AnalyticsBody, PaymentTextsBody, PrivacyStatus } from '@grove/domain/api/privacy';
import { privacyApi } from '@grove/domain/api/endpoints/privacy';

import { call, unwrap } from '../../lib/api-client.ts';

/** Staff read an account's history in pages of this size. */
export const CONSENTS_PAGE_SIZE = 50;

export const privacyKeys = {
  all: ['privacy'] as const,
  status: () => [...privacyKeys.all, 'status'] as const,
  account: (accountId: number, page: number) => [...privacyKeys.all, 'account', accountId, page] as const,
};

/** GET /api/v2/user/privacy/: the policy version, whether to ask again, the analytics choice, the history. */
export function privacyStatusQuery() {
  return queryOptions({
    queryKey: privacyKeys.status(),
    queryFn: async ({ signal }) => unwrap(await call(privacyApi.status, { signal })),
    staleTime: 5 * 60_000,
  });
}

/** POST /api/v2/user/privacy/consent/: agree to the policy in force. */
export async function agreeToPolicy(): Promise<PrivacyStatus> {
  return unwrap(await call(privacyApi.agree, { body: { consent: true } }));
}

/** PUT /api/v2/user/privacy/analytics/: analytics on or off. */
export async function setAnalytics(analytics: AnalyticsBody['analytics']): Promise<PrivacyStatus> {
  return unwrap(await call(privacyApi.analytics, { body: { analytics } }));
}

/** PUT /api/v2/user/privacy/payment_texts/: a text when a payment fails, on or off. */
export async function setPaymentTexts(choice: PaymentTextsBody['payment_texts']): Promise<PrivacyStatus> {
  return unwrap(await call(privacyApi.paymentTexts, { body: { payment_texts: choice } }));
}

/** The answer of a change is the new status everywhere (the layout's dialog and analytics, the page). */
export function putPrivacyStatus(queryClient: QueryClient, status: PrivacyStatus): void {
  queryClient.setQueryData(privacyKeys.status(), status);
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
