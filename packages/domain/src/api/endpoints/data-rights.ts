/**
 * The endpoints of packages/domain/src/api/data-rights.ts under their contract names, as their method and
 * path typed by the endpoint they stand for: the web calls them (`call(dataRightsApi.…, { params })`).
 * Only types come from the contract, so no Zod reaches the web's bundle; one file per contract
 * file, so a page bundles the groups it calls and no others.
 *
 * Generated from the contract by `npm run generate:endpoints` (packages/domain/scripts/endpoints.ts);
 * do not edit: the domain's tests fail when this file is not what the contract says.
 */
import { ref } from '../endpoint-ref.ts';
import type * as dataRightsContract from '../data-rights.ts';

export const dataRightsApi = {
  overview: ref<typeof dataRightsContract.dataRightsApi.overview>('GET', '/api/v2/user/accounts/:id/data-rights'),
  requestExport: ref<typeof dataRightsContract.dataRightsApi.requestExport>(
    'POST',
    '/api/v2/user/accounts/:id/exports',
  ),
  download: ref<typeof dataRightsContract.dataRightsApi.download>(
    'GET',
    '/api/v2/user/accounts/:id/exports/:exportId/download',
  ),
  requestDeletion: ref<typeof dataRightsContract.dataRightsApi.requestDeletion>(
    'POST',
    '/api/v2/user/accounts/:id/deletions',
  ),
  undoDeletion: ref<typeof dataRightsContract.dataRightsApi.undoDeletion>(
    'POST',
    '/api/v2/user/accounts/:id/deletions/:deletionId/undo',
  ),
  deleteNow: ref<typeof dataRightsContract.dataRightsApi.deleteNow>(
    'POST',
    '/api/v2/user/accounts/:id/deletions/:deletionId/now',
  ),
  pending: ref<typeof dataRightsContract.dataRightsApi.pending>('GET', '/api/v2/admin/deletions'),
};
