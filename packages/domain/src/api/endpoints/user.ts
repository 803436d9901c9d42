/**
 * The endpoints of packages/domain/src/api/user.ts under their contract names, as their method and
 * path typed by the endpoint they stand for: the web calls them (`call(userApi.…, { params })`).
 * Only types come from the contract, so no Zod reaches the web's bundle; one file per contract
 * file, so a page bundles the groups it calls and no others.
 *
 * Generated from the contract by `npm run generate:endpoints` (packages/domain/scripts/endpoints.ts);
 * do not edit: the domain's tests fail when this file is not what the contract says.
 */
import { ref } from '../endpoint-ref.ts';
import type * as userContract from '../user.ts';

export const userApi = {
  info: ref<typeof userContract.userApi.info>('GET', '/api/v2/user/info/'),
  patch: ref<typeof userContract.userApi.patch>('PATCH', '/api/v2/user/'),
  confirmEmail: ref<typeof userContract.userApi.confirmEmail>('POST', '/api/v2/user/email/confirm'),
  cancelEmailChange: ref<typeof userContract.userApi.cancelEmailChange>('DELETE', '/api/v2/user/email/pending'),
  changePassword: ref<typeof userContract.userApi.changePassword>('POST', '/api/v2/user/password'),
  shipping: ref<typeof userContract.userApi.shipping>('GET', '/api/v2/user/shipping'),
  patchShipping: ref<typeof userContract.userApi.patchShipping>('PATCH', '/api/v2/user/shipping'),
  actions: ref<typeof userContract.userApi.actions>('GET', '/api/v2/user/user_actions'),
  recordAction: ref<typeof userContract.userApi.recordAction>('POST', '/api/v2/user/user_actions'),
  hasDone: ref<typeof userContract.userApi.hasDone>('GET', '/api/v1/actions/has_done'),
  setSocialAccount: ref<typeof userContract.userApi.setSocialAccount>('POST', '/api/v1/social-acc/set'),
  notifications: ref<typeof userContract.userApi.notifications>('GET', '/api/v2/user/notifications'),
  patchNotifications: ref<typeof userContract.userApi.patchNotifications>('PATCH', '/api/v2/user/notifications'),
  unsubscribe: ref<typeof userContract.userApi.unsubscribe>('POST', '/api/v2/user/notifications/unsubscribe'),
};
