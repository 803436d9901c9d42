/**
 * The endpoints of packages/domain/src/api/game.ts under their contract names, as their method and
 * path typed by the endpoint they stand for: the web calls them (`call(gameApi.…, { params })`).
 * Only types come from the contract, so no Zod reaches the web's bundle; one file per contract
 * file, so a page bundles the groups it calls and no others.
 *
 * Generated from the contract by `npm run generate:endpoints` (packages/domain/scripts/endpoints.ts);
 * do not edit: the domain's tests fail when this file is not what the contract says.
 */
import { ref } from '../endpoint-ref.ts';
import type * as gameContract from '../game.ts';

export const gameApi = {
  upload: ref<typeof gameContract.gameApi.upload>('POST', '/api/v1/game/sessions'),
  settings: ref<typeof gameContract.gameApi.settings>('GET', '/api/v1/game/device/settings'),
  players: ref<typeof gameContract.gameApi.players>('GET', '/api/v1/game/players'),
  createProfile: ref<typeof gameContract.gameApi.createProfile>('POST', '/api/v1/game/players'),
  deviceToken: ref<typeof gameContract.gameApi.deviceToken>(
    'POST',
    '/api/v2/user/accounts/:id/devices/:deviceId/token',
  ),
};
