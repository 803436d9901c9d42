/**
 * The endpoints of packages/domain/src/api/account.ts under their contract names, as their method and
 * path typed by the endpoint they stand for: the web calls them (`call(accountApi.…, { params })`).
 * Only types come from the contract, so no Zod reaches the web's bundle; one file per contract
 * file, so a page bundles the groups it calls and no others.
 *
 * Generated from the contract by `npm run generate:endpoints` (packages/domain/scripts/endpoints.ts);
 * do not edit: the domain's tests fail when this file is not what the contract says.
 */
import { ref } from '../endpoint-ref.ts';
import type * as accountContract from '../account.ts';

export const accountApi = {
  detail: ref<typeof accountContract.accountApi.detail>('GET', '/api/v2/accounts/:id'),
  addUser: ref<typeof accountContract.accountApi.addUser>('POST', '/api/v2/accounts/:id/add_user'),
  updateUser: ref<typeof accountContract.accountApi.updateUser>('PATCH', '/api/v2/accounts/:id/users/:userId'),
  removeUser: ref<typeof accountContract.accountApi.removeUser>('DELETE', '/api/v2/accounts/:id/users/:userId'),
  resendInvite: ref<typeof accountContract.accountApi.resendInvite>(
    'POST',
    '/api/v2/accounts/:id/users/:userId/resend_invite',
  ),
  status: ref<typeof accountContract.accountApi.status>('GET', '/api/v1/accounts/:id/status'),
  setStatus: ref<typeof accountContract.accountApi.setStatus>('PUT', '/api/v1/accounts/:id/status'),
  customNote: ref<typeof accountContract.accountApi.customNote>('GET', '/api/v1/accounts/:id/custom_note'),
  setCustomNote: ref<typeof accountContract.accountApi.setCustomNote>('PUT', '/api/v1/accounts/:id/custom_note'),
  data: ref<typeof accountContract.accountApi.data>('GET', '/api/v1/accounts/:id/data'),
  interactions: ref<typeof accountContract.accountApi.interactions>(
    'GET',
    '/api/v1/accounts/:id/customer_interactions',
  ),
  interactionOptions: ref<typeof accountContract.accountApi.interactionOptions>(
    'OPTIONS',
    '/api/v1/accounts/:id/customer_interactions',
  ),
  addInteraction: ref<typeof accountContract.accountApi.addInteraction>(
    'POST',
    '/api/v1/accounts/:id/customer_interactions',
  ),
  devices: ref<typeof accountContract.accountApi.devices>('GET', '/api/v2/user/accounts/:id/devices'),
  toggleKiosk: ref<typeof accountContract.accountApi.toggleKiosk>(
    'PUT',
    '/api/v2/user/accounts/:id/devices/:deviceId/toggle_kiosk_mode',
  ),
  renameDevice: ref<typeof accountContract.accountApi.renameDevice>(
    'PATCH',
    '/api/v2/user/accounts/:id/devices/:deviceId',
  ),
  revokeDevice: ref<typeof accountContract.accountApi.revokeDevice>(
    'POST',
    '/api/v2/user/accounts/:id/devices/:deviceId/revoke_token',
  ),
  adminDevice: ref<typeof accountContract.accountApi.adminDevice>('PATCH', '/api/v2/admin/users/:id'),
};
