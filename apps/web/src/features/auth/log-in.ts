/**
 * Signing in (SPEC §7 Auth): the call and the tokens, without TanStack Query or the router, so
 * that the lightweight login entry (login-main.tsx) can sign in too. The app's login route then
 * primes its query cache with the user (auth.api.ts primeSignedInUser).
 */
import type { Credentials, LoginAnswer } from '@grove/domain/api/auth';
import type { UserInfo } from '@grove/domain/api/user';

import { api, forgetConditionalReads, unwrap } from '../../lib/api-client.ts';
import { saveTokens } from '../../lib/session.ts';

/** Signs in and stores the tokens. Rejects with an ApiError. */
export async function logIn(credentials: Credentials): Promise<UserInfo> {
  const answer = unwrap(await api.post<LoginAnswer>('/v2/user/auth/login/', credentials, { auth: false }));
  forgetConditionalReads();
  saveTokens(answer);
  return answer.user;
}
