/**
 * Signing in (SPEC §7 Auth): the call and the tokens, without TanStack Query or the router, so
 * that the lightweight login entry (login-main.tsx) can sign in too. The app's login route then
 * primes its query cache with the user (auth.api.ts primeSignedInUser).
 */
import type { Credentials } from '@grove/domain/api/auth';
import { authApi } from '@grove/domain/api/endpoints/auth';
import type { UserInfo } from '@grove/domain/api/user';

import { call, forgetConditionalReads, unwrap } from '../../lib/api-client.ts';
import { activeLanguage, languageWasChosen } from '../../lib/i18n.ts';
import { saveTokens } from '../../lib/session.ts';

/**
 * Signs in and stores the tokens. Rejects with an ApiError. A language chosen on this page is
 * stored with the person (their e-mails and texts use it).
 */
export async function logIn(credentials: Omit<Credentials, 'language'>): Promise<UserInfo> {
  const body: Credentials = languageWasChosen() ? { ...credentials, language: activeLanguage() } : credentials;
  const answer = unwrap(await call(authApi.login, { body, auth: false }));
  forgetConditionalReads();
  saveTokens(answer);
  return answer.user;
}
