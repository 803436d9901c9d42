/**
 * The endpoints of packages/domain/src/api/auth.ts under their contract names, as their method and
 * path typed by the endpoint they stand for: the web calls them (`call(authApi.…, { params })`).
 * Only types come from the contract, so no Zod reaches the web's bundle; one file per contract
 * file, so a page bundles the groups it calls and no others.
 *
 * Generated from the contract by `npm run generate:endpoints` (packages/domain/scripts/endpoints.ts);
 * do not edit: the domain's tests fail when this file is not what the contract says.
 */
import { ref } from '../endpoint-ref.ts';
import type * as authContract from '../auth.ts';

export const authApi = {
  login: ref<typeof authContract.authApi.login>('POST', '/api/v2/user/auth/login/'),
  sessionLogin: ref<typeof authContract.authApi.sessionLogin>('POST', '/api/v2/auth/session/login/'),
  logout: ref<typeof authContract.authApi.logout>('POST', '/api/v2/auth/session/logout/'),
  token: ref<typeof authContract.authApi.token>('POST', '/api/v2/auth/oauth2/token/'),
  revoke: ref<typeof authContract.authApi.revoke>('POST', '/api/v2/auth/oauth2/revoke_token/'),
  passwordReset: ref<typeof authContract.authApi.passwordReset>('POST', '/api/v2/auth/password/reset/'),
  accessRequest: ref<typeof authContract.authApi.accessRequest>('POST', '/api/v2/auth/access/request/'),
  describeLink: ref<typeof authContract.authApi.describeLink>('GET', '/api/v2/auth/password/set/'),
  setPassword: ref<typeof authContract.authApi.setPassword>('POST', '/api/v2/auth/password/set/'),
};
