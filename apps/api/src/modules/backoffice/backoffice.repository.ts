/**
 * The back-office lists' queries (issue 14 §3, §8): shipments and orders read newest first by keyset
 * on their id (pages and CSV batches), and the subscriptions waiting in a status staff act on.
 */
import { TZDate } from '@date-fns/tz';
import { BILLING_REQUEST_STATUS } from '@grove/domain/backoffice';
import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { countRows } from '../../db/count.ts';
import { accounts, invoices, orders, shipments, subscriptions, users } from '../../db/schema/index.ts';
import type { IdWindow } from '../../lib/keyset.ts';

/** Days in the back-office filters are the office's days. */
const OFFICE_ZONE = 'America/New_York';

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

export type ShipmentRecord = typeof shipments.$inferSelect;
export type OrderRecord = typeof orders.$inferSelect;

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

export async function countAccountShipments(db: Db, accountId: number): Promise<number> {
  return countRows(db, shipments, eq(shipments.accountId, accountId));
}

/** A page of the account's shipments, newest first. */
export async function pageAccountShipments(
  db: Db,
  accountId: number,
  limit: number,
  offset: number,
): Promise<ShipmentRecord[]> {
  return db
    .select()
    .from(shipments)
    .where(eq(shipments.accountId, accountId))
    .orderBy(desc(shipments.id))
    .limit(limit)
    .offset(offset);
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

export async function countShipments(db: Db, filters: ShipmentFilters): Promise<number> {
  return countRows(db, shipments, shipmentWhere(filters));
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

export async function countOrders(db: Db, filters: OrderFilters): Promise<number> {
  return countRows(db, orders, orderWhere(filters));
}

// Outstanding billing requests: subscriptions waiting in a status staff act on, oldest first.

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

/**
 * The subscriptions in `statuses`, oldest change first, with the family's holder and, for a failed
 * payment, the invoice to act on.
 */
export async function billingRequestRows(db: Db, statuses: string[], limit: number, offset: number) {
  const holder = sql<string | null>`(select u.first_name || ' ' || u.last_name from ${users} u
    where u.account_id = ${subscriptions.accountId} and not u.is_staff and not u.is_coach
    order by u.is_billing_user desc, u.id limit 1)`;
  const holderEmail = sql<string | null>`(select u.email from ${users} u
    where u.account_id = ${subscriptions.accountId} and not u.is_staff and not u.is_coach
    order by u.is_billing_user desc, u.id limit 1)`;
  const failed = latestFailedInvoice(db);
  return db
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
    .where(inArray(subscriptions.status, statuses))
    .orderBy(asc(subscriptions.updatedAt), asc(subscriptions.id))
    .limit(limit)
    .offset(offset);
}

export async function countSubscriptionsIn(db: Db, statuses: string[]): Promise<number> {
  return countRows(db, subscriptions, inArray(subscriptions.status, statuses));
}
