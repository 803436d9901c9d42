/**
 * The endpoints of packages/domain/src/api/sharing.ts under their contract names, as their method and
 * path typed by the endpoint they stand for: the web calls them (`call(sharingApi.…, { params })`).
 * Only types come from the contract, so no Zod reaches the web's bundle; one file per contract
 * file, so a page bundles the groups it calls and no others.
 *
 * Generated from the contract by `npm run generate:endpoints` (packages/domain/scripts/endpoints.ts);
 * do not edit: the domain's tests fail when this file is not what the contract says.
 */
import { ref } from '../endpoint-ref.ts';
import type * as sharingContract from '../sharing.ts';

export const sharingApi = {
  list: ref<typeof sharingContract.sharingApi.list>('GET', '/api/v2/user/accounts/:id/shares'),
  create: ref<typeof sharingContract.sharingApi.create>('POST', '/api/v2/user/accounts/:id/shares'),
  revoke: ref<typeof sharingContract.sharingApi.revoke>('POST', '/api/v2/user/accounts/:id/shares/:shareId/revoke'),
  summary: ref<typeof sharingContract.sharingApi.summary>('GET', '/api/v1/shared/:token'),
};
