/**
 * The endpoints of packages/domain/src/api/communications.ts under their contract names, as their method and
 * path typed by the endpoint they stand for: the web calls them (`call(communicationsApi.…, { params })`).
 * Only types come from the contract, so no Zod reaches the web's bundle; one file per contract
 * file, so a page bundles the groups it calls and no others.
 *
 * Generated from the contract by `npm run generate:endpoints` (packages/domain/scripts/endpoints.ts);
 * do not edit: the domain's tests fail when this file is not what the contract says.
 */
import { ref } from '../endpoint-ref.ts';
import type * as communicationsContract from '../communications.ts';

export const communicationsApi = {
  sendSms: ref<typeof communicationsContract.communicationsApi.sendSms>('POST', '/api/v1/sms/message'),
  list: ref<typeof communicationsContract.communicationsApi.list>('GET', '/api/v1/communications'),
  outbox: ref<typeof communicationsContract.communicationsApi.outbox>('GET', '/api/v2/admin/email_outbox'),
};
