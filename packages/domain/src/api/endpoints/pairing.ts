/**
 * The endpoints of packages/domain/src/api/pairing.ts under their contract names, as their method and
 * path typed by the endpoint they stand for: the web calls them (`call(pairingApi.…, { params })`).
 * Only types come from the contract, so no Zod reaches the web's bundle; one file per contract
 * file, so a page bundles the groups it calls and no others.
 *
 * Generated from the contract by `npm run generate:endpoints` (packages/domain/scripts/endpoints.ts);
 * do not edit: the domain's tests fail when this file is not what the contract says.
 */
import { ref } from '../endpoint-ref.ts';
import type * as pairingContract from '../pairing.ts';

export const pairingApi = {
  deviceCode: ref<typeof pairingContract.pairingApi.deviceCode>('POST', '/api/v2/auth/device/code'),
  deviceToken: ref<typeof pairingContract.pairingApi.deviceToken>('POST', '/api/v2/auth/device/token'),
  check: ref<typeof pairingContract.pairingApi.check>('POST', '/api/v2/user/accounts/:id/devices/pair/check'),
  approve: ref<typeof pairingContract.pairingApi.approve>('POST', '/api/v2/user/accounts/:id/devices/pair'),
  deny: ref<typeof pairingContract.pairingApi.deny>('POST', '/api/v2/user/accounts/:id/devices/pair/deny'),
};
