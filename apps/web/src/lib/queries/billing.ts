/**
 * An account's subscriptions and invoices (SPEC §3 Billing, §7 Billing), which Subscription &
 * Billing, the package returns page and the staff account page read, and the billing query keys
 * (features/billing holds the other reads and the subscription flows).
 */
import { msg } from '@lingui/core/macro';
import { queryOptions } from '@tanstack/react-query';
import type { Subscription, billingApi as billingContract } from '@grove/domain/api/billing';
import type { Reply } from '@grove/domain/api/common';
import { billingApi } from '@grove/domain/api/endpoints/billing';

import { call, unwrap } from '../api-client.ts';
import { i18n } from '../i18n.ts';

/** Invoices and history entries per page. */
export const BILLING_PAGE_SIZE = 10;

export const billingKeys = {
  all: ['billing'] as const,
  rules: () => [...billingKeys.all, 'rules'] as const,
  details: (userId: number) => [...billingKeys.all, 'details', userId] as const,
  account: (accountId: number) => [...billingKeys.all, 'account', accountId] as const,
  subscriptions: (accountId: number) => [...billingKeys.account(accountId), 'subscriptions'] as const,
  invoices: (accountId: number, page: number) => [...billingKeys.account(accountId), 'invoices', page] as const,
  history: (accountId: number, page: number) => [...billingKeys.account(accountId), 'history', page] as const,
};

/** GET /api/v2/billing/accounts/{id}/subscriptions/: newest first. */
export function subscriptionsQuery(accountId: number) {
  return queryOptions({
    queryKey: billingKeys.subscriptions(accountId),
    queryFn: async ({ signal }) => unwrap(await call(billingApi.subscriptions, { params: { id: accountId }, signal })),
    meta: { errorTitle: i18n._(msg`Loading your subscription`) },
  });
}

/** The account's current subscription (the newest), or null before the family bought Grove. */
export function currentSubscription(
  list: Reply<typeof billingContract.subscriptions> | undefined,
): Subscription | null {
  return list?.results[0] ?? null;
}

/** GET /api/v2/billing/accounts/{id}/invoices/?page=: newest first. */
export function invoicesQuery(accountId: number, page: number) {
  return queryOptions({
    queryKey: billingKeys.invoices(accountId, page),
    queryFn: async ({ signal }) =>
      unwrap(
        await call(billingApi.invoices, {
          params: { id: accountId },
          query: { page, page_size: BILLING_PAGE_SIZE },
          signal,
        }),
      ),
    meta: { errorTitle: i18n._(msg`Loading your invoices`) },
  });
}
