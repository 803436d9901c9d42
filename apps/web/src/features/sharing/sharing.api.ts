/**
 * Share links (issue 17 item 5): the parent's links of an account (list, create, revoke) and the
 * public summary a link opens. Every shape comes from the API contract (packages/domain/src/api/sharing.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import { sharingApi } from '@grove/domain/api/endpoints/sharing';
import type { CreatedShareLink, ShareLink, ShareLinkBody, ShareLinkPage } from '@grove/domain/api/sharing';

import { i18n } from '../../lib/i18n.ts';
import { call, unwrap } from '../../lib/api-client.ts';
import { sharingKeys } from '../../lib/queries/sharing.ts';

/** An account's links read in one page: a family has a handful. */
export const SHARES_PAGE_SIZE = 100;

/** GET /api/v2/user/accounts/{id}/shares/: the account's links, newest first, with their views. */
export function sharesQuery(accountId: number) {
  return queryOptions({
    queryKey: sharingKeys.list(accountId),
    queryFn: async ({ signal }) =>
      unwrap(
        await call(sharingApi.list, { params: { id: accountId }, query: { page_size: SHARES_PAGE_SIZE }, signal }),
      ),
    meta: { errorTitle: i18n._(msg`Loading your share links`) },
  });
}

export async function createShare(accountId: number, body: ShareLinkBody): Promise<CreatedShareLink> {
  return unwrap(await call(sharingApi.create, { params: { id: accountId }, body }));
}

export async function revokeShare(accountId: number, shareId: number): Promise<ShareLink> {
  return unwrap(await call(sharingApi.revoke, { params: { id: accountId, shareId } }));
}

/** The page with `link` in place of the link of the same id (or first, when new). */
export function withShare(page: ShareLinkPage | undefined, link: ShareLink): ShareLinkPage | undefined {
  if (!page) return page;
  const known = page.results.some((item) => item.id === link.id);
  return known
    ? { ...page, results: page.results.map((item) => (item.id === link.id ? link : item)) }
    : { ...page, count: page.count + 1, results: [link, ...page.results] };
}

/**
 * GET /api/v1/shared/{token}: the summary, without signing in (no bearer token is sent, so the
 * viewer's own session never mixes in). Each answer is a logged view: read once, not refetched.
 */
export function sharedSummaryQuery(token: string) {
  return queryOptions({
    queryKey: sharingKeys.summary(token),
    queryFn: async ({ signal }) =>
      unwrap(
        await call(sharingApi.summary, {
          params: { token },
          signal,
          auth: false,
          logoutOnUnauthorized: false,
        }),
      ),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}
