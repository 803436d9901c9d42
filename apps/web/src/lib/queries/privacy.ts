/**
 * The signed-in person's privacy status (issue 17; GET /api/v2/user/privacy/): the policy version,
 * whether to ask again, the analytics and payment-text choices and the household's history. The
 * user layout (the consent dialog, analytics), the privacy page and Subscription & Billing read it,
 * and each change's answer becomes the cached status. features/privacy holds the changes.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { PrivacyStatus } from '@grove/domain/api/privacy';
import { privacyApi } from '@grove/domain/api/endpoints/privacy';

import { call, unwrap } from '../api-client.ts';

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

/** The answer of a change is the new status everywhere (the layout's dialog and analytics, the page). */
export function putPrivacyStatus(queryClient: QueryClient, status: PrivacyStatus): void {
  queryClient.setQueryData(privacyKeys.status(), status);
}
