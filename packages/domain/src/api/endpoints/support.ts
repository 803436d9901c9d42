/**
 * The endpoints of packages/domain/src/api/support.ts under their contract names, as their method and
 * path typed by the endpoint they stand for: the web calls them (`call(supportApi.…, { params })`).
 * Only types come from the contract, so no Zod reaches the web's bundle; one file per contract
 * file, so a page bundles the groups it calls and no others.
 *
 * Generated from the contract by `npm run generate:endpoints` (packages/domain/scripts/endpoints.ts);
 * do not edit: the domain's tests fail when this file is not what the contract says.
 */
import { ref } from '../endpoint-ref.ts';
import type * as supportContract from '../support.ts';

export const supportApi = {
  userTickets: ref<typeof supportContract.supportApi.userTickets>('GET', '/api/v2/admin/users/:id/zendesk_tickets'),
  create: ref<typeof supportContract.supportApi.create>('POST', '/api/v2/support/tickets'),
};
