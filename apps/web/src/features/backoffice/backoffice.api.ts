/**
 * The back-office lists' calls (issue 14 §3, §8): orders, outstanding billing requests, shipments
 * and an account's shipments, their CSV downloads, and the staff actions on billing requests.
 * Shapes from the contract (packages/domain/src/api/backoffice.ts, billing.ts).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { backofficeApi } from '@grove/domain/api/backoffice';
import type { billingApi } from '@grove/domain/api/billing';
import type { Reply, RequestBody } from '@grove/domain/api/common';

import { api, apiDownload, unwrap, type QueryValue } from '../../lib/api-client.ts';
import { saveFile } from '../../lib/save-file.ts';
import { newIdempotencyKey } from '../billing/billing.api.ts';

/** A list's query as the URL holds it (names of the endpoint's query; empty values left out). */
type ListQuery = Readonly<Record<string, QueryValue>>;
type FlowAnswer = Reply<typeof billingApi.cancelConfirm>;

export const SHIPMENTS_PAGE_SIZE = 10;

export const backofficeKeys = {
  all: ['backoffice'] as const,
  list: (list: string, query: ListQuery) => [...backofficeKeys.all, list, query] as const,
  accountShipments: (accountId: number) => [...backofficeKeys.all, 'account-shipments', accountId] as const,
};

export const LISTS = {
  orders: '/v2/admin/orders/',
  shipments: '/v2/admin/shipments/',
  billingRequests: '/v2/admin/billing_requests/',
} as const;

export function ordersQuery(query: ListQuery) {
  return queryOptions({
    queryKey: backofficeKeys.list('orders', query),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<Reply<typeof backofficeApi.orders>>(LISTS.orders, { query, signal })),
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Loading the orders' },
  });
}

export function shipmentsQuery(query: ListQuery) {
  return queryOptions({
    queryKey: backofficeKeys.list('shipments', query),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<Reply<typeof backofficeApi.shipments>>(LISTS.shipments, { query, signal })),
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Loading the shipments' },
  });
}

export function billingRequestsQuery(query: ListQuery) {
  return queryOptions({
    queryKey: backofficeKeys.list('billing-requests', query),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<Reply<typeof backofficeApi.billingRequests>>(LISTS.billingRequests, { query, signal })),
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Loading the billing requests' },
  });
}

/** One page of an account's shipments; SPEC §9: a 404 (no shipments) is not reported. */
export async function accountShipmentsPage(accountId: number, page: number, signal?: AbortSignal) {
  return unwrap(
    await api.get<Reply<typeof backofficeApi.accountShipments>>(`/v2/admin/billing/account/${accountId}/shipments/`, {
      query: { page, page_size: SHIPMENTS_PAGE_SIZE },
      signal,
    }),
  );
}

/** Downloads a list's CSV with the same filters as the screen. */
export async function downloadCsv(list: keyof typeof LISTS, query: ListQuery): Promise<void> {
  const file = unwrap(await apiDownload(`${LISTS[list]}export.csv`, { query }));
  saveFile(file.blob, file.filename ?? `${list}.csv`);
}

// Staff actions on a billing request (the billing module's staff flows).

const idempotent = () => ({ headers: { 'Idempotency-Key': newIdempotencyKey() } });

export async function confirmCancellation(accountId: number) {
  return unwrap(
    await api.post<FlowAnswer>(
      `/v2/billing/account/${accountId}/subscription/cancel/confirm/`,
      undefined,
      idempotent(),
    ),
  );
}

export async function confirmReturn(accountId: number) {
  return unwrap(
    await api.post<FlowAnswer>(`/v2/billing/accounts/${accountId}/return/confirm/`, undefined, idempotent()),
  );
}

export async function declineReturn(accountId: number, reason: string) {
  const body: RequestBody<typeof billingApi.returnDecline> = { reason };
  return unwrap(await api.post<FlowAnswer>(`/v2/billing/accounts/${accountId}/return/decline/`, body, idempotent()));
}

export async function renewAccount(accountId: number) {
  return unwrap(await api.put<FlowAnswer>(`/v2/admin/billing/account/${accountId}/renew/`, undefined, idempotent()));
}

// Invoices (staff): refund and remove (void) — POST /api/v2/billing/invoices/{id}/refund|remove/.

export async function refundInvoice(
  invoice: { id: number; billing_entity_name: string },
  body: RequestBody<typeof billingApi.refundInvoice>,
) {
  return unwrap(
    await api.post<Reply<typeof billingApi.refundInvoice>>(`/v2/billing/invoices/${invoice.id}/refund/`, body, {
      ...idempotent(),
      query: { billing_entity_name: invoice.billing_entity_name },
    }),
  );
}

export async function removeInvoice(invoice: { id: number; billing_entity_name: string }) {
  return unwrap(
    await api.post<Reply<typeof billingApi.removeInvoice>>(`/v2/billing/invoices/${invoice.id}/remove/`, undefined, {
      ...idempotent(),
      query: { billing_entity_name: invoice.billing_entity_name },
    }),
  );
}
