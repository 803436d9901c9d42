/**
 * The endpoints of packages/domain/src/api/backoffice.ts under their contract names, as their method and
 * path typed by the endpoint they stand for: the web calls them (`call(backofficeApi.…, { params })`).
 * Only types come from the contract, so no Zod reaches the web's bundle; one file per contract
 * file, so a page bundles the groups it calls and no others.
 *
 * Generated from the contract by `npm run generate:endpoints` (packages/domain/scripts/endpoints.ts);
 * do not edit: the domain's tests fail when this file is not what the contract says.
 */
import { ref } from '../endpoint-ref.ts';
import type * as backofficeContract from '../backoffice.ts';

export const backofficeApi = {
  accountShipments: ref<typeof backofficeContract.backofficeApi.accountShipments>(
    'GET',
    '/api/v2/admin/billing/account/:id/shipments',
  ),
  orders: ref<typeof backofficeContract.backofficeApi.orders>('GET', '/api/v2/admin/orders'),
  ordersCsv: ref<typeof backofficeContract.backofficeApi.ordersCsv>('GET', '/api/v2/admin/orders/export.csv'),
  billingRequests: ref<typeof backofficeContract.backofficeApi.billingRequests>(
    'GET',
    '/api/v2/admin/billing_requests',
  ),
  billingRequestsCsv: ref<typeof backofficeContract.backofficeApi.billingRequestsCsv>(
    'GET',
    '/api/v2/admin/billing_requests/export.csv',
  ),
  shipments: ref<typeof backofficeContract.backofficeApi.shipments>('GET', '/api/v2/admin/shipments'),
  shipmentsCsv: ref<typeof backofficeContract.backofficeApi.shipmentsCsv>('GET', '/api/v2/admin/shipments/export.csv'),
};
