/**
 * The back-office lists (issue 14 §3, §8): an account's shipments, every order, the outstanding
 * billing requests and every shipment, and the same filtered lists as CSV.
 */
import { TZDate } from '@date-fns/tz';
import {
  BACKOFFICE_LIMITS,
  BILLING_REQUEST_STATUS,
  trackingUrl,
  type BillingRequestKind,
} from '@grove/domain/backoffice';
import type { backofficeApi } from '@grove/domain/api/backoffice';
import type { Paging, Reply } from '@grove/domain/api/common';
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { accounts, invoices, orders, shipments, subscriptions, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { decodeCursor, keysetLinks, newestFirst, type IdWindow, type KeysetAnswer } from '../../lib/keyset.ts';

/** Days in the back-office filters are the office's days. */
const OFFICE_ZONE = 'America/New_York';

type Shipment = Reply<typeof backofficeApi.accountShipments>['results'][number];
type OrderRow = Reply<typeof backofficeApi.orders>['results'][number];
type BillingRequest = Reply<typeof backofficeApi.billingRequests>['results'][number];

export interface OrderFilters {
  status?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
}
export interface ShipmentFilters {
  status?: string | undefined;
  kind?: string | undefined;
}

/** The first instant of a day (plus `days`) in the office's zone. */
function dayStart(day: string, days = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date + days, OFFICE_ZONE).getTime());
}

function windowWhere(column: typeof orders.id | typeof shipments.id, window: IdWindow): SQL | undefined {
  if (window.olderThan !== undefined) return lt(column, window.olderThan);
  if (window.newerThan !== undefined) return gt(column, window.newerThan);
  return undefined;
}

// Shipments.

type ShipmentRecord = typeof shipments.$inferSelect;

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
  const [total] = await db.select({ n: count() }).from(shipments).where(eq(shipments.accountId, accountId));
  if (!total || total.n === 0) throw notFound('No shipments for this account.');
  const rows = await db
    .select()
    .from(shipments)
    .where(eq(shipments.accountId, accountId))
    .orderBy(desc(shipments.id))
    .limit(paging.page_size)
    .offset((paging.page - 1) * paging.page_size);
  return { count: total.n, page: paging.page, pageSize: paging.page_size, results: rows.map(toShipment) };
}

function shipmentWhere(filters: ShipmentFilters): SQL | undefined {
  return and(
    filters.status ? eq(shipments.status, filters.status) : undefined,
    filters.kind ? eq(shipments.kind, filters.kind) : undefined,
  );
}

export function readShipments(db: Db, filters: ShipmentFilters) {
  return (window: IdWindow) =>
    db
      .select()
      .from(shipments)
      .where(and(shipmentWhere(filters), windowWhere(shipments.id, window)))
      .orderBy(window.oldestFirst ? asc(shipments.id) : desc(shipments.id))
      .limit(window.limit);
}

export async function shipmentList(
  db: Db,
  request: FastifyRequest,
  query: ShipmentFilters & { cursor?: string | undefined; page_size: number },
): Promise<KeysetAnswer<Shipment>> {
  const position = decodeCursor(query.cursor);
  const [page, total] = await Promise.all([
    newestFirst(position, query.page_size, readShipments(db, query)),
    db.select({ n: count() }).from(shipments).where(shipmentWhere(query)),
  ]);
  return {
    count: total[0]?.n ?? 0,
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

function orderWhere(filters: OrderFilters): SQL | undefined {
  const search = filters.search?.trim();
  const term = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return and(
    filters.status ? eq(orders.status, filters.status) : undefined,
    filters.from ? gte(orders.createdAt, dayStart(filters.from)) : undefined,
    filters.to ? lt(orders.createdAt, dayStart(filters.to, 1)) : undefined,
    term
      ? or(
          ilike(orders.email, term),
          sql`${orders.externalId}::text ilike ${term}`,
          /^\d+$/.test(search!) && Number(search) <= 2_147_483_647 ? eq(orders.id, Number(search)) : undefined,
        )
      : undefined,
  );
}

export function readOrders(db: Db, filters: OrderFilters) {
  return (window: IdWindow) =>
    db
      .select()
      .from(orders)
      .where(and(orderWhere(filters), windowWhere(orders.id, window)))
      .orderBy(window.oldestFirst ? asc(orders.id) : desc(orders.id))
      .limit(window.limit);
}

type OrderRecord = typeof orders.$inferSelect;

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
    db.select({ n: count() }).from(orders).where(orderWhere(query)),
  ]);
  return {
    count: total[0]?.n ?? 0,
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

/**
 * A failed payment's invoice to act on: the family's latest FAILED invoice, read with the list in
 * one lateral join (no query per row; invoices_account_id_idx serves it). Removing it (VOID) lets
 * an older FAILED one show, or none.
 */
function latestFailedInvoice(db: Db) {
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      billingEntityName: invoices.billingEntityName,
      amountCents: invoices.amountCents,
      currency: invoices.currency,
      createdAt: invoices.createdAt,
      description: invoices.description,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.accountId, subscriptions.accountId),
        eq(invoices.status, 'FAILED'),
        eq(subscriptions.status, BILLING_REQUEST_STATUS.failed_payment),
      ),
    )
    .orderBy(desc(invoices.id))
    .limit(1)
    .as('failed_invoice');
}

export async function billingRequests(
  db: Db,
  kind: BillingRequestKind | undefined,
  limit: number,
  offset: number,
): Promise<BillingRequest[]> {
  const holder = sql<string | null>`(select u.first_name || ' ' || u.last_name from ${users} u
    where u.account_id = ${subscriptions.accountId} and not u.is_staff and not u.is_coach
    order by u.is_billing_user desc, u.id limit 1)`;
  const holderEmail = sql<string | null>`(select u.email from ${users} u
    where u.account_id = ${subscriptions.accountId} and not u.is_staff and not u.is_coach
    order by u.is_billing_user desc, u.id limit 1)`;
  const failed = latestFailedInvoice(db);
  const rows = await db
    .select({
      id: subscriptions.id,
      accountId: subscriptions.accountId,
      status: subscriptions.status,
      planTag: subscriptions.planTag,
      since: subscriptions.updatedAt,
      cancelAt: subscriptions.cancelAt,
      returnDeadline: subscriptions.returnDeadline,
      cancelReason: subscriptions.cancelReason,
      holder,
      holderEmail,
      failed: {
        id: failed.id,
        number: failed.number,
        billingEntityName: failed.billingEntityName,
        amountCents: failed.amountCents,
        currency: failed.currency,
        createdAt: failed.createdAt,
        description: failed.description,
      },
    })
    .from(subscriptions)
    .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
    .leftJoinLateral(failed, sql`true`)
    .where(inArray(subscriptions.status, requestStatuses(kind)))
    .orderBy(asc(subscriptions.updatedAt), asc(subscriptions.id))
    .limit(limit)
    .offset(offset);
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
    db
      .select({ n: count() })
      .from(subscriptions)
      .where(inArray(subscriptions.status, requestStatuses(kind))),
  ]);
  return { count: total[0]?.n ?? 0, page: paging.page, pageSize: paging.page_size, results };
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
