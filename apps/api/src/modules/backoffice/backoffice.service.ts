/**
 * The back-office lists (issue 14 §3, §8): an account's shipments, every order, the outstanding
 * billing requests and every shipment, and the same filtered lists as CSV.
 */
import {
  BACKOFFICE_LIMITS,
  BACKOFFICE_MESSAGES,
  BILLING_REQUEST_STATUS,
  trackingUrl,
  type BillingRequestKind,
} from '@grove/domain/backoffice';
import type { backofficeApi } from '@grove/domain/api/backoffice';
import type { Paging, Reply } from '@grove/domain/api/common';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { decodeCursor, keysetLinks, newestFirst, type KeysetAnswer } from '../../lib/keyset.ts';
import {
  billingRequestRows,
  countAccountShipments,
  countOrders,
  countShipments,
  countSubscriptionsIn,
  pageAccountShipments,
  readOrders,
  readShipments,
  type OrderFilters,
  type OrderRecord,
  type ShipmentFilters,
  type ShipmentRecord,
} from './backoffice.repository.ts';

type Shipment = Reply<typeof backofficeApi.accountShipments>['results'][number];
type OrderRow = Reply<typeof backofficeApi.orders>['results'][number];
type BillingRequest = Reply<typeof backofficeApi.billingRequests>['results'][number];

// Shipments.

function toShipment(row: ShipmentRecord): Shipment {
  return {
    id: row.id,
    account_id: row.accountId,
    order_id: row.orderId,
    kind: row.kind,
    carrier: row.carrier,
    service: row.service,
    tracking_number: row.trackingNumber,
    tracking_url: trackingUrl(row.carrier, row.trackingNumber),
    status: row.status,
    items: row.items,
    shipping: row.shipping,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** SPEC §7: pages from 1; an account without shipments (or no account) answers 404. */
export async function accountShipments(db: Db, accountId: number, paging: Paging) {
  const total = await countAccountShipments(db, accountId);
  if (total === 0) throw notFound(BACKOFFICE_MESSAGES.noShipments);
  const rows = await pageAccountShipments(db, accountId, paging.page_size, (paging.page - 1) * paging.page_size);
  return { count: total, page: paging.page, pageSize: paging.page_size, results: rows.map(toShipment) };
}

export async function shipmentList(
  db: Db,
  request: FastifyRequest,
  query: ShipmentFilters & { cursor?: string | undefined; page_size: number },
): Promise<KeysetAnswer<Shipment>> {
  const position = decodeCursor(query.cursor);
  const [page, total] = await Promise.all([
    newestFirst(position, query.page_size, readShipments(db, query)),
    countShipments(db, query),
  ]);
  return {
    count: total,
    ...keysetLinks(request, position, page.rows, page.more),
    results: page.rows.map(toShipment),
  };
}

export function shipmentCsvRow(row: ShipmentRecord): Record<string, unknown> {
  return {
    shipment_id: row.id,
    created_at: row.createdAt,
    account_id: row.accountId,
    kind: row.kind,
    carrier: row.carrier,
    service: row.service,
    tracking_number: row.trackingNumber,
    status: row.status,
    items: row.items.join('; '),
    city: row.shipping.city,
    state: row.shipping.state,
    country: row.shipping.country,
  };
}

// Orders.

function toOrder(row: OrderRecord): OrderRow {
  return {
    id: row.id,
    external_id: row.externalId,
    account_id: row.accountId,
    status: row.status,
    plan_tag: row.planTag,
    total_cents: row.totalCents,
    currency: row.currency,
    email: row.email,
    name: `${row.firstName} ${row.lastName}`.trim(),
    created_at: row.createdAt.toISOString(),
    date_confirmed: row.dateConfirmed?.toISOString() ?? null,
  };
}

export async function orderList(
  db: Db,
  request: FastifyRequest,
  query: OrderFilters & { cursor?: string | undefined; page_size: number },
): Promise<KeysetAnswer<OrderRow>> {
  const position = decodeCursor(query.cursor);
  const [page, total] = await Promise.all([
    newestFirst(position, query.page_size, readOrders(db, query)),
    countOrders(db, query),
  ]);
  return {
    count: total,
    ...keysetLinks(request, position, page.rows, page.more),
    results: page.rows.map(toOrder),
  };
}

export function orderCsvRow(row: OrderRecord): Record<string, unknown> {
  return {
    order_id: row.id,
    created_at: row.createdAt,
    confirmed_at: row.dateConfirmed,
    status: row.status,
    plan: row.planTag,
    total: (row.totalCents / 100).toFixed(2),
    currency: row.currency,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    account_id: row.accountId,
  };
}

// Outstanding billing requests: subscriptions waiting in a status staff act on, oldest first.

const KIND_OF_STATUS = Object.fromEntries(
  Object.entries(BILLING_REQUEST_STATUS).map(([kind, status]) => [status, kind as BillingRequestKind]),
) as Record<string, BillingRequestKind>;

function requestStatuses(kind: BillingRequestKind | undefined): string[] {
  return kind ? [BILLING_REQUEST_STATUS[kind]] : Object.values(BILLING_REQUEST_STATUS);
}

export async function billingRequests(
  db: Db,
  kind: BillingRequestKind | undefined,
  limit: number,
  offset: number,
): Promise<BillingRequest[]> {
  const rows = await billingRequestRows(db, requestStatuses(kind), limit, offset);
  return rows.map((row) => {
    const rowKind = KIND_OF_STATUS[row.status]!;
    return {
      kind: rowKind,
      account_id: row.accountId,
      subscription_id: row.id,
      holder: row.holderEmail ? { name: row.holder ?? '', email: row.holderEmail } : null,
      plan_tag: row.planTag,
      status: row.status,
      since: row.since.toISOString(),
      due:
        rowKind === 'cancellation'
          ? (row.cancelAt?.toISOString() ?? null)
          : rowKind === 'return'
            ? row.returnDeadline.toISOString()
            : null,
      reason: rowKind === 'cancellation' ? row.cancelReason : null,
      failed_invoice: row.failed
        ? {
            id: row.failed.id,
            number: row.failed.number,
            billing_entity_name: row.failed.billingEntityName,
            amount_cents: row.failed.amountCents,
            currency: row.failed.currency,
            created_at: row.failed.createdAt.toISOString(),
            description: row.failed.description,
          }
        : null,
    };
  });
}

export async function billingRequestPage(db: Db, kind: BillingRequestKind | undefined, paging: Paging) {
  const [results, total] = await Promise.all([
    billingRequests(db, kind, paging.page_size, (paging.page - 1) * paging.page_size),
    countSubscriptionsIn(db, requestStatuses(kind)),
  ]);
  return { count: total, page: paging.page, pageSize: paging.page_size, results };
}

export async function* allBillingRequests(db: Db, kind: BillingRequestKind | undefined) {
  for (let offset = 0; ; offset += BACKOFFICE_LIMITS.csvBatch) {
    const rows = await billingRequests(db, kind, BACKOFFICE_LIMITS.csvBatch, offset);
    if (rows.length === 0) return;
    yield rows.map((row) => ({
      kind: row.kind,
      account_id: row.account_id,
      holder: row.holder?.name ?? '',
      email: row.holder?.email ?? '',
      plan: row.plan_tag,
      status: row.status,
      since: row.since,
      due: row.due,
      reason: row.reason,
      failed_invoice: row.failed_invoice?.number ?? '',
      failed_invoice_amount: row.failed_invoice ? (row.failed_invoice.amount_cents / 100).toFixed(2) : '',
      failed_invoice_currency: row.failed_invoice?.currency ?? '',
    }));
    if (rows.length < BACKOFFICE_LIMITS.csvBatch) return;
  }
}
