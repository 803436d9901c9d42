/**
 * The signed-in user's record (SPEC §4, §7 Auth), which the layouts, the session rules and several
 * features read, and the auth query keys (features/auth holds sign-in and the session).
 */
import { queryOptions } from '@tanstack/react-query';
import { userApi } from '@grove/domain/api/endpoints/user';

import { call, unwrap } from '../api-client.ts';
import { STALE_TIMES } from '../query-client.ts';

export const authKeys = {
  all: ['auth'] as const,
  userInfo: () => [...authKeys.all, 'user-info'] as const,
  setPasswordLink: (token: string) => [...authKeys.all, 'set-password-link', token] as const,
};

/** The signed-in user's record; stale after one hour (SPEC §9). */
export function userInfoQuery() {
  return queryOptions({
    queryKey: authKeys.userInfo(),
    queryFn: async ({ signal }) => unwrap(await call(userApi.info, { signal })),
    staleTime: STALE_TIMES.userInfo,
    retry: false,
  });
}
