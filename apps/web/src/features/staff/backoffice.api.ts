/**
 * The back-office lists' calls (issue 14 §3, §8): orders, outstanding billing requests, shipments
 * and an account's shipments, their CSV downloads, and the staff actions on billing requests.
 * Shapes from the contract (packages/domain/src/api/backoffice.ts, billing.ts).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { backofficeApi as backofficeContract } from '@grove/domain/api/backoffice';
import type { billingApi as billingContract } from '@grove/domain/api/billing';
import type { RequestBody, RequestQuery } from '@grove/domain/api/common';
import { backofficeApi } from '@grove/domain/api/endpoints/backoffice';
import { billingApi } from '@grove/domain/api/endpoints/billing';

import { call, download, unwrap, type QueryValue } from '../../lib/api-client.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { saveFile } from '../../lib/save-file.ts';

/** A list's query as the URL holds it (names of the endpoint's query; empty values left out). */
type ListQuery = Readonly<Record<string, QueryValue>>;

export const SHIPMENTS_PAGE_SIZE = 10;

export const backofficeKeys = {
  all: ['backoffice'] as const,
  list: (list: string, query: ListQuery) => [...backofficeKeys.all, list, query] as const,
  accountShipments: (accountId: number) => [...backofficeKeys.all, 'account-shipments', accountId] as const,
};

/** The URL's names and values, sent as they are; the server answers a wrong one with a 400. */
const asQuery = <E extends keyof typeof backofficeContract>(query: ListQuery) =>
  query as RequestQuery<(typeof backofficeContract)[E]>;

/** Each list's CSV download, with the list's filters. */
export const LISTS = {
  orders: (query: ListQuery) => download(backofficeApi.ordersCsv, { query: asQuery<'ordersCsv'>(query) }),
  shipments: (query: ListQuery) => download(backofficeApi.shipmentsCsv, { query: asQuery<'shipmentsCsv'>(query) }),
  billingRequests: (query: ListQuery) =>
    download(backofficeApi.billingRequestsCsv, { query: asQuery<'billingRequestsCsv'>(query) }),
} as const;

export function ordersQuery(query: ListQuery) {
  return queryOptions({
    queryKey: backofficeKeys.list('orders', query),
    queryFn: async ({ signal }) =>
      unwrap(await call(backofficeApi.orders, { query: asQuery<'orders'>(query), signal })),
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Loading the orders' },
  });
}

export function shipmentsQuery(query: ListQuery) {
  return queryOptions({
    queryKey: backofficeKeys.list('shipments', query),
    queryFn: async ({ signal }) =>
      unwrap(await call(backofficeApi.shipments, { query: asQuery<'shipments'>(query), signal })),
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Loading the shipments' },
  });
}

export function billingRequestsQuery(query: ListQuery) {
  return queryOptions({
    queryKey: backofficeKeys.list('billing-requests', query),
    queryFn: async ({ signal }) =>
      unwrap(await call(backofficeApi.billingRequests, { query: asQuery<'billingRequests'>(query), signal })),
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Loading the billing requests' },
  });
}

/** One page of an account's shipments; SPEC §9: a 404 (no shipments) is not reported. */
export async function accountShipmentsPage(accountId: number, page: number, signal?: AbortSignal) {
  return unwrap(
    await call(backofficeApi.accountShipments, {
      params: { id: accountId },
      query: { page, page_size: SHIPMENTS_PAGE_SIZE },
      signal,
    }),
  );
}

/** Downloads a list's CSV with the same filters as the screen. */
export async function downloadCsv(list: keyof typeof LISTS, query: ListQuery): Promise<void> {
  const file = unwrap(await LISTS[list](query));
  saveFile(file.blob, file.filename ?? `${list}.csv`);
}

// Staff actions on a billing request (the billing module's staff flows).

const idempotent = () => ({ headers: { 'Idempotency-Key': newIdempotencyKey() } });

export async function confirmCancellation(accountId: number) {
  return unwrap(await call(billingApi.cancelConfirm, { params: { id: accountId }, ...idempotent() }));
}

export async function confirmReturn(accountId: number) {
  return unwrap(await call(billingApi.returnConfirm, { params: { id: accountId }, ...idempotent() }));
}

export async function declineReturn(accountId: number, reason: string) {
  return unwrap(await call(billingApi.returnDecline, { params: { id: accountId }, body: { reason }, ...idempotent() }));
}

export async function renewAccount(accountId: number) {
  return unwrap(await call(billingApi.adminRenew, { params: { id: accountId }, ...idempotent() }));
}

// Invoices (staff): refund and remove (void) — POST /api/v2/billing/invoices/{id}/refund|remove/.

export async function refundInvoice(
  invoice: { id: number; billing_entity_name: string },
  body: RequestBody<typeof billingContract.refundInvoice>,
) {
  return unwrap(
    await call(billingApi.refundInvoice, {
      params: { id: invoice.id },
      body,
      ...idempotent(),
      query: { billing_entity_name: invoice.billing_entity_name },
    }),
  );
}

export async function removeInvoice(invoice: { id: number; billing_entity_name: string }) {
  return unwrap(
    await call(billingApi.removeInvoice, {
      params: { id: invoice.id },
      ...idempotent(),
      query: { billing_entity_name: invoice.billing_entity_name },
    }),
  );
}
