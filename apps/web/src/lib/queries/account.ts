/**
 * An account's detail (SPEC §3; GET /api/v2/accounts/{id}/), which the account screen, Home and the
 * route prefetch read, and the account query keys, which other features refresh after a change
 * (features/account holds the account screen's other reads and its changes).
 */
import { msg } from '@lingui/core/macro';
import { queryOptions } from '@tanstack/react-query';
import type { Account } from '@grove/domain/api/account';
import { accountApi } from '@grove/domain/api/endpoints/account';

import { call, unwrap } from '../api-client.ts';
import { i18n } from '../i18n.ts';

export const accountKeys = {
  all: ['account'] as const,
  shipping: () => [...accountKeys.all, 'shipping'] as const,
  notifications: () => [...accountKeys.all, 'notifications'] as const,
  orders: () => [...accountKeys.all, 'orders'] as const,
  account: (accountId: number) => [...accountKeys.all, 'account', accountId] as const,
  detail: (accountId: number) => [...accountKeys.account(accountId), 'detail'] as const,
  devices: (accountId: number) => [...accountKeys.account(accountId), 'devices'] as const,
  customNote: (accountId: number) => [...accountKeys.account(accountId), 'custom-note'] as const,
};

/** GET /api/v2/accounts/{id}/: the account with its people, players and devices. */
export function accountDetailQuery(accountId: number) {
  return queryOptions({
    queryKey: accountKeys.detail(accountId),
    queryFn: async ({ signal }) => unwrap(await call(accountApi.detail, { params: { id: accountId }, signal })),
    meta: { errorTitle: i18n._(msg`Loading your account`) },
  });
}

/** The family's coach as the account names it (null until the first booking assigns one). */
export type FamilyCoach = NonNullable<Account['coach_user']>;
