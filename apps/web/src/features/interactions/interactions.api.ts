/**
 * Customer interactions (SPEC §3, §7 GET/OPTIONS/POST /api/v1/accounts/{id}/customer_interactions):
 * the conversations staff and the family's coach had with it, newest first; what one may hold (the
 * OPTIONS call); logging one. Every shape comes from the contract (packages/domain/src/api/account.ts).
 * The family itself never reads them: the API answers 404 to its members as to strangers.
 */
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { accountApi as accountContract, CustomerInteraction } from '@grove/domain/api/account';
import type { Reply, RequestBody } from '@grove/domain/api/common';
import { accountApi } from '@grove/domain/api/endpoints/account';

import { call, unwrap } from '../../lib/api-client.ts';

export type InteractionPage = Reply<typeof accountContract.interactions>;
export type InteractionOptions = Reply<typeof accountContract.interactionOptions>;
export type NewInteraction = RequestBody<typeof accountContract.addInteraction>;
export type { CustomerInteraction };

export const INTERACTIONS_PAGE_SIZE = 20;

export const interactionKeys = {
  account: (accountId: number) => ['interactions', accountId] as const,
  list: (accountId: number, pageSize: number) => [...interactionKeys.account(accountId), 'list', pageSize] as const,
  options: (accountId: number) => [...interactionKeys.account(accountId), 'options'] as const,
};

/** GET …/customer_interactions/: the newest `pageSize` (the list grows with "Show more"). */
export function interactionsQuery(accountId: number, pageSize = INTERACTIONS_PAGE_SIZE) {
  return queryOptions({
    queryKey: interactionKeys.list(accountId, pageSize),
    queryFn: async ({ signal }) =>
      unwrap(
        await call(accountApi.interactions, {
          params: { id: accountId },
          query: { page: 1, page_size: pageSize },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** OPTIONS …/customer_interactions/: the kinds, directions and the note's length. */
export function interactionOptionsQuery(accountId: number) {
  return queryOptions({
    queryKey: interactionKeys.options(accountId),
    queryFn: async ({ signal }) =>
      unwrap(await call(accountApi.interactionOptions, { params: { id: accountId }, signal })),
    staleTime: 60 * 60_000,
  });
}

/** POST …/customer_interactions/, then the list is read again (it is ordered by the server). */
export async function logInteraction(
  queryClient: QueryClient,
  accountId: number,
  body: NewInteraction,
): Promise<CustomerInteraction> {
  const saved = unwrap(await call(accountApi.addInteraction, { params: { id: accountId }, body }));
  await queryClient.invalidateQueries({ queryKey: [...interactionKeys.account(accountId), 'list'] });
  return saved;
}
