/**
 * The back-office lists (issue 14 §3, §8): staff only. The CSV exports stream the filtered list in
 * batches read by keyset, never the whole table at once.
 */
import { backofficeApi } from '@grove/domain/api/backoffice';
import {
  BACKOFFICE_LIMITS,
  BILLING_REQUEST_CSV_COLUMNS,
  ORDER_CSV_COLUMNS,
  SHIPMENT_CSV_COLUMNS,
} from '@grove/domain/backoffice';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/contract.ts';
import { sendCsv } from '../../lib/csv.ts';
import { allNewestFirst } from '../../lib/keyset.ts';
import { toPage } from '../../lib/pagination.ts';
import type { App } from '../../lib/types.ts';
import { readOrders, readShipments } from './backoffice.repository.ts';
import * as backoffice from './backoffice.service.ts';

/** 'orders-2026-11-24.csv' (the office's day). */
const fileName = (list: string) =>
  `${list}-${new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' })}.csv`;

async function* mapBatches<R, T>(batches: AsyncIterable<R[]>, map: (row: R) => T) {
  for await (const batch of batches) yield batch.map(map);
}

export function backofficeRoutes(app: App, db: Db) {
  const staff = { policy: 'staff' } as const;

  route(app, backofficeApi.accountShipments, staff, async (request) =>
    toPage(request, await backoffice.accountShipments(db, request.params.id, request.query)),
  );
  route(app, backofficeApi.orders, staff, async (request) => backoffice.orderList(db, request, request.query));
  route(app, backofficeApi.ordersCsv, staff, async (request, reply) =>
    sendCsv(
      reply,
      fileName('orders'),
      ORDER_CSV_COLUMNS,
      mapBatches(allNewestFirst(BACKOFFICE_LIMITS.csvBatch, readOrders(db, request.query)), backoffice.orderCsvRow),
    ),
  );
  route(app, backofficeApi.shipments, staff, async (request) => backoffice.shipmentList(db, request, request.query));
  route(app, backofficeApi.shipmentsCsv, staff, async (request, reply) =>
    sendCsv(
      reply,
      fileName('shipments'),
      SHIPMENT_CSV_COLUMNS,
      mapBatches(
        allNewestFirst(BACKOFFICE_LIMITS.csvBatch, readShipments(db, request.query)),
        backoffice.shipmentCsvRow,
      ),
    ),
  );
  route(app, backofficeApi.billingRequests, staff, async (request) =>
    toPage(request, await backoffice.billingRequestPage(db, request.query.kind, request.query)),
  );
  route(app, backofficeApi.billingRequestsCsv, staff, async (request, reply) =>
    sendCsv(
      reply,
      fileName('billing-requests'),
      BILLING_REQUEST_CSV_COLUMNS,
      backoffice.allBillingRequests(db, request.query.kind),
    ),
  );
}
