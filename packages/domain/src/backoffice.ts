/**
 * The back-office lists behind the admin nav (SPEC §2; issue 14 §3, §8): orders, outstanding
 * billing requests and shipments, each with a CSV export of the filtered list.
 */
import { messages } from './translation.ts';

/** The back office lists' refusals. */
export const BACKOFFICE_MESSAGES = messages({
  dateFormat: 'Use a date such as 2026-11-24.',
  realDate: 'Use a real date.',
  noShipments: 'No shipments for this account.',
});

export const SHIPMENT_KINDS = ['kit', 'return'] as const;
export const SHIPMENT_STATUSES = ['LABEL_CREATED', 'IN_TRANSIT', 'DELIVERED', 'RETURNED', 'EXCEPTION'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const SHIPMENT_STATUS_LABELS: Readonly<Record<ShipmentStatus, string>> = {
  LABEL_CREATED: 'Label created',
  IN_TRANSIT: 'In transit',
  DELIVERED: 'Delivered',
  RETURNED: 'Returned',
  EXCEPTION: 'Delivery problem',
};

/** A carrier's tracking page for a number, when the carrier is known. */
export function trackingUrl(carrier: string, trackingNumber: string | null): string | null {
  if (!trackingNumber) return null;
  const number = encodeURIComponent(trackingNumber);
  switch (carrier.toUpperCase()) {
    case 'UPS':
      return `https://www.ups.com/track?tracknum=${number}`;
    case 'USPS':
      return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`;
    case 'FEDEX':
      return `https://www.fedex.com/fedextrack/?trknbr=${number}`;
    default:
      return null;
  }
}

/**
 * What staff act on (oldest first): a cancellation waiting for its end, a kit return waiting for
 * its check, a failed renewal payment to renew. Each is a subscription in one status.
 */
export const BILLING_REQUEST_KINDS = ['cancellation', 'return', 'failed_payment'] as const;
export type BillingRequestKind = (typeof BILLING_REQUEST_KINDS)[number];
export const BILLING_REQUEST_STATUS: Readonly<Record<BillingRequestKind, string>> = {
  cancellation: 'PENDING_CANCELLATION',
  return: 'RETURN_REQUESTED',
  failed_payment: 'PAST_DUE',
};
export const BILLING_REQUEST_LABELS: Readonly<Record<BillingRequestKind, string>> = {
  cancellation: 'Cancellation to confirm',
  return: 'Return to check',
  failed_payment: 'Failed payment',
};

export const BACKOFFICE_LIMITS = { pageSize: 50, pageSizeMax: 200, searchMax: 100, csvBatch: 500 } as const;

export const ORDER_CSV_COLUMNS = [
  'order_id',
  'created_at',
  'confirmed_at',
  'status',
  'plan',
  'total',
  'currency',
  'email',
  'first_name',
  'last_name',
  'account_id',
] as const;
export const SHIPMENT_CSV_COLUMNS = [
  'shipment_id',
  'created_at',
  'account_id',
  'kind',
  'carrier',
  'service',
  'tracking_number',
  'status',
  'items',
  'city',
  'state',
  'country',
] as const;
export const BILLING_REQUEST_CSV_COLUMNS = [
  'kind',
  'account_id',
  'holder',
  'email',
  'plan',
  'status',
  'since',
  'due',
  'reason',
  'failed_invoice',
  'failed_invoice_amount',
  'failed_invoice_currency',
] as const;

/**
 * A CSV cell that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return) is
 * written with a leading apostrophe (OWASP CSV injection).
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
