/**
 * The endpoints of packages/domain/src/api/experiments.ts under their contract names, as their method and
 * path typed by the endpoint they stand for: the web calls them (`call(experimentsApi.…, { params })`).
 * Only types come from the contract, so no Zod reaches the web's bundle; one file per contract
 * file, so a page bundles the groups it calls and no others.
 *
 * Generated from the contract by `npm run generate:endpoints` (packages/domain/scripts/endpoints.ts);
 * do not edit: the domain's tests fail when this file is not what the contract says.
 */
import { ref } from '../endpoint-ref.ts';
import type * as experimentsContract from '../experiments.ts';

export const experimentsApi = {
  variant: ref<typeof experimentsContract.experimentsApi.variant>('GET', '/api/v2/player/experiment_variant'),
  experimentalData: ref<typeof experimentsContract.experimentsApi.experimentalData>(
    'GET',
    '/api/v2/accounts/:id/experimental_data',
  ),
  remoteConfigs: ref<typeof experimentsContract.experimentsApi.remoteConfigs>(
    'GET',
    '/api/v2/accounts/:id/remote_configs/list',
  ),
  replaceMetagame: ref<typeof experimentsContract.experimentsApi.replaceMetagame>(
    'PUT',
    '/api/v2/accounts/:id/remote_configs/metagame',
  ),
};
