/**
 * Sign-in and the session (SPEC §4, §7 Auth; issue 4 items 8–10); the user record's query is
 * lib/queries/user.ts.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { SetPasswordAnswer, SetPasswordRequest } from '@grove/domain/api/auth';
import { authApi } from '@grove/domain/api/endpoints/auth';
import type { UserInfo } from '@grove/domain/api/user';

import { call, forgetConditionalReads, unwrap } from '../../lib/api-client.ts';
import { OAUTH_CLIENT_ID } from '../../lib/env.ts';
import { clearNotices } from '../../lib/notifications.ts';
import { authKeys } from '../../lib/queries/user.ts';
import { clearTokens, readTokens } from '../../lib/session.ts';

/**
 * After signing in (log-in.ts): nothing cached for the previous person stays, and the user record
 * the login answered is the cached one.
 */
export function primeSignedInUser(queryClient: QueryClient, user: UserInfo): void {
  queryClient.clear();
  queryClient.setQueryData(authKeys.userInfo(), user);
}

/**
 * Ends the session: the server revokes the refresh token's family and the session, then the
 * tokens and every cached query are dropped. The local part happens even when the server cannot
 * be reached.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  const tokens = readTokens();
  if (tokens) {
    const signal = AbortSignal.timeout(4_000);
    const calls: Promise<unknown>[] = [call(authApi.logout, { signal, logoutOnUnauthorized: false })];
    if (tokens.refreshToken) {
      calls.push(
        call(authApi.revoke, {
          body: { token: tokens.refreshToken, client_id: OAUTH_CLIENT_ID },
          auth: false,
          signal,
        }),
      );
    }
    await Promise.allSettled(calls);
  }
  endLocalSession(queryClient);
}

/** Forgets the session in this browser: tokens, cached queries and notices. */
export function endLocalSession(queryClient: QueryClient): void {
  clearTokens();
  queryClient.cancelQueries().catch(() => undefined);
  queryClient.clear();
  forgetConditionalReads();
  clearNotices();
}

export async function requestPasswordReset(email: string): Promise<void> {
  unwrap(await call(authApi.passwordReset, { body: { email }, auth: false }));
}

export async function requestAccess(email: string): Promise<void> {
  unwrap(await call(authApi.accessRequest, { body: { email }, auth: false }));
}

/** Who a set-password link belongs to; a 404 means the link expired or was used. */
export function setPasswordLinkQuery(token: string) {
  return queryOptions({
    queryKey: authKeys.setPasswordLink(token),
    queryFn: async ({ signal }) =>
      unwrap(await call(authApi.describeLink, { query: { o: token }, signal, auth: false })),
    retry: false,
    staleTime: Infinity,
  });
}

export async function setPassword(input: SetPasswordRequest): Promise<SetPasswordAnswer> {
  return unwrap(await call(authApi.setPassword, { body: input, auth: false }));
}
