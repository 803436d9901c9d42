/**
 * The endpoints of packages/domain/src/api/health.ts under their contract names, as their method and
 * path typed by the endpoint they stand for: the web calls them (`call(healthApi.…, { params })`).
 * Only types come from the contract, so no Zod reaches the web's bundle; one file per contract
 * file, so a page bundles the groups it calls and no others.
 *
 * Generated from the contract by `npm run generate:endpoints` (packages/domain/scripts/endpoints.ts);
 * do not edit: the domain's tests fail when this file is not what the contract says.
 */
import { ref } from '../endpoint-ref.ts';
import type * as healthContract from '../health.ts';

export const healthApi = {
  check: ref<typeof healthContract.healthApi.check>('GET', '/api/health'),
};
