/**
 * The endpoints of packages/domain/src/api/players.ts under their contract names, as their method and
 * path typed by the endpoint they stand for: the web calls them (`call(playersApi.…, { params })`).
 * Only types come from the contract, so no Zod reaches the web's bundle; one file per contract
 * file, so a page bundles the groups it calls and no others.
 *
 * Generated from the contract by `npm run generate:endpoints` (packages/domain/scripts/endpoints.ts);
 * do not edit: the domain's tests fail when this file is not what the contract says.
 */
import { ref } from '../endpoint-ref.ts';
import type * as playersContract from '../players.ts';

export const playersApi = {
  list: ref<typeof playersContract.playersApi.list>('GET', '/api/v2/player/accounts/:id'),
  get: ref<typeof playersContract.playersApi.get>('GET', '/api/v2/player/:id'),
  create: ref<typeof playersContract.playersApi.create>('POST', '/api/v2/player'),
  patch: ref<typeof playersContract.playersApi.patch>('PATCH', '/api/v2/player/:id'),
  put: ref<typeof playersContract.playersApi.put>('PUT', '/api/v2/player/:id'),
  incompleteProfiles: ref<typeof playersContract.playersApi.incompleteProfiles>(
    'GET',
    '/api/v2/accounts/:id/incomplete_profiles',
  ),
  hrGauge: {
    get: ref<typeof playersContract.playersApi.hrGauge.get>('GET', '/api/v1/accounts/players/:id/hr_gauge'),
    set: ref<typeof playersContract.playersApi.hrGauge.set>('POST', '/api/v1/accounts/players/:id/hr_gauge'),
  },
  chaseSpeed: {
    get: ref<typeof playersContract.playersApi.chaseSpeed.get>('GET', '/api/v1/accounts/players/:id/chase_speed'),
    set: ref<typeof playersContract.playersApi.chaseSpeed.set>('POST', '/api/v1/accounts/players/:id/chase_speed'),
  },
  acorns: {
    get: ref<typeof playersContract.playersApi.acorns.get>('GET', '/api/v1/accounts/players/:id/acorns'),
    add: ref<typeof playersContract.playersApi.acorns.add>('POST', '/api/v1/accounts/players/:id/acorns'),
  },
};
