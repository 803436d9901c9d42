/**
 * The back-office lists (SPEC §2 admin nav, §7 shipments; issue 14 §3, §8): an account's shipments,
 * every order, the outstanding billing requests and every shipment, with CSV exports of the same
 * filtered lists. Staff only; rules in ../backoffice.ts.
 */
import * as z from 'zod';

import {
  BACKOFFICE_LIMITS,
  BACKOFFICE_MESSAGES,
  BILLING_REQUEST_CSV_COLUMNS,
  BILLING_REQUEST_KINDS,
  SHIPMENT_KINDS,
  SHIPMENT_STATUSES,
} from '../backoffice.ts';
import { ORDER_STATUSES } from './billing.ts';
import {
  choice,
  count,
  endpoint,
  idParams,
  keysetPage,
  keysetQuery,
  optional,
  page,
  pageQuery,
  text,
  timestamp,
} from './common.ts';

const tags = ['admin'];
const address = z.object({
  address_1: z.string(),
  address_2: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  country: z.string(),
});

export const shipment = z.object({
  id: count,
  account_id: count,
  order_id: count.nullable(),
  kind: z.string(),
  carrier: z.string(),
  service: z.string(),
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
  status: z.string(),
  items: z.array(z.string()),
  shipping: address,
  created_at: timestamp,
  updated_at: timestamp,
});

export const orderRow = z.object({
  id: count,
  external_id: z.string(),
  account_id: count.nullable(),
  status: z.string(),
  plan_tag: z.string(),
  total_cents: count,
  currency: z.string(),
  email: z.string(),
  name: z.string(),
  created_at: timestamp,
  date_confirmed: timestamp.nullable(),
});

/**
 * The family's latest FAILED invoice on a failed-payment request (issue 26): what staff remove
 * (void) from the list with POST /api/v2/billing/invoices/{id}/remove/?billing_entity_name=….
 */
export const failedInvoice = z.object({
  id: count,
  number: z.string().describe('The invoice’s human number, like `GRV-2026-000024`.'),
  billing_entity_name: z.string().describe('Sent back as `billing_entity_name` when the invoice is removed.'),
  amount_cents: count,
  currency: z.string(),
  created_at: timestamp.describe('When the renewal charge failed.'),
  description: z.string().describe('The invoice’s line, with why the payment failed.'),
});

export const billingRequest = z.object({
  kind: z.enum(BILLING_REQUEST_KINDS),
  account_id: count,
  subscription_id: count,
  holder: z.object({ name: z.string(), email: z.string() }).nullable(),
  plan_tag: z.string(),
  status: z.string(),
  since: timestamp.describe('When the subscription entered this status.'),
  due: timestamp.nullable().describe('The cancellation date, or the return deadline.'),
  reason: z.string().nullable(),
  failed_invoice: failedInvoice
    .nullable()
    .describe('A failed payment’s latest FAILED invoice (null once removed, and for other kinds).'),
});

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, BACKOFFICE_MESSAGES.dateFormat)
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), BACKOFFICE_MESSAGES.realDate);

const orderFilters = z.object({
  status: optional(choice(ORDER_STATUSES)),
  from: optional(isoDay).describe('First day (America/New_York), inclusive.'),
  to: optional(isoDay).describe('Last day (America/New_York), inclusive.'),
  search: optional(text({ max: BACKOFFICE_LIMITS.searchMax, allowBlank: true })),
});
const shipmentFilters = z.object({
  status: optional(choice(SHIPMENT_STATUSES)),
  kind: optional(choice(SHIPMENT_KINDS)),
});
const requestFilters = z.object({ kind: optional(choice(BILLING_REQUEST_KINDS)) });
const keyset = keysetQuery(BACKOFFICE_LIMITS.pageSize, BACKOFFICE_LIMITS.pageSizeMax);
const csv = {
  produces: ['text/csv'],
  response: { 200: z.string().describe('text/csv; charset=utf-8, with a header row.') },
};

export const backofficeApi = {
  accountShipments: endpoint('GET', '/api/v2/admin/billing/account/:id/shipments', {
    tags,
    summary: 'An account’s shipments, newest first (404 when it has none)',
    params: idParams,
    querystring: pageQuery(10, 50),
    response: { 200: page(shipment) },
  }),
  orders: endpoint('GET', '/api/v2/admin/orders', {
    tags,
    summary: 'Every order, newest first; by status, days and e-mail or order id',
    querystring: keyset.extend(orderFilters.shape),
    response: { 200: keysetPage(orderRow) },
  }),
  ordersCsv: endpoint('GET', '/api/v2/admin/orders/export.csv', {
    tags,
    summary: 'The filtered orders as CSV',
    querystring: orderFilters,
    ...csv,
  }),
  billingRequests: endpoint('GET', '/api/v2/admin/billing_requests', {
    tags,
    summary: 'Outstanding billing requests (cancellations, returns, failed payments), oldest first',
    querystring: pageQuery(BACKOFFICE_LIMITS.pageSize, BACKOFFICE_LIMITS.pageSizeMax).extend(requestFilters.shape),
    response: { 200: page(billingRequest) },
  }),
  billingRequestsCsv: endpoint('GET', '/api/v2/admin/billing_requests/export.csv', {
    tags,
    summary: 'The outstanding billing requests as CSV',
    description: `Oldest first. Columns: ${BILLING_REQUEST_CSV_COLUMNS.join(', ')}.`,
    querystring: requestFilters,
    ...csv,
  }),
  shipments: endpoint('GET', '/api/v2/admin/shipments', {
    tags,
    summary: 'Every shipment, newest first; by status and kind',
    querystring: keyset.extend(shipmentFilters.shape),
    response: { 200: keysetPage(shipment) },
  }),
  shipmentsCsv: endpoint('GET', '/api/v2/admin/shipments/export.csv', {
    tags,
    summary: 'The filtered shipments as CSV',
    querystring: shipmentFilters,
    ...csv,
  }),
};
