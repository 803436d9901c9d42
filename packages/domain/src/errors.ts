/** Error texts and notification rules (SPEC §8). */
import { messages, template } from './translation.ts';

export const LOGIN_ERROR_TITLE = 'Failed to log in!';
export const LOGIN_BAD_CREDENTIALS = 'Please make sure your email and password are correct.';
/** The spec's spelling, kept as shown to people. */
export const LOGIN_UNKNOWN_ERROR = 'An unknown error has occured.';

export function loginErrorMessage(status: number): string {
  return status === 400 ? LOGIN_BAD_CREDENTIALS : LOGIN_UNKNOWN_ERROR;
}

export const INVALID_TOKEN = 'Invalid Token';

export const SERVER_ERROR = 'Server error';
export const UNKNOWN_ERROR = 'Unknown error';
export const UNKNOWN_TYPE_OF_ERROR = 'Unknown type of error';

/** The texts above, as people read them (translated: translation.ts). */
export const ERROR_MESSAGES = messages({
  LOGIN_ERROR_TITLE,
  LOGIN_BAD_CREDENTIALS,
  LOGIN_UNKNOWN_ERROR,
  INVALID_TOKEN,
  SERVER_ERROR,
  UNKNOWN_ERROR,
  UNKNOWN_TYPE_OF_ERROR,
});

/**
 * The API's refusals of any request (its 4xx answers' `detail` or `non_field_errors`), answered in
 * the request's language (apps/api lib/language.ts).
 */
export const HTTP_MESSAGES = messages({
  notFound: 'Not found.',
  forbidden: 'You do not have permission to perform this action.',
  tooManyRequests: 'Too many requests. Please try again later.',
  csrfFailed: 'CSRF Failed: CSRF token missing or incorrect.',
  /** 413, when the limit is not known (another body parser's own). */
  bodyTooLarge: 'The request body is too large.',
  /** 413 with the limit as people read it ('1 MiB', '512 KiB', '100 bytes'). */
  bodyTooLargeAtMost: template('The request body is too large (at most {size}).', (size: string) => ({ size })),
  notJson: 'The body is not valid JSON (or holds a key such as __proto__ that is not allowed).',
  badUrl: 'This address holds characters that are not allowed (a broken %-escape or text that is not UTF-8).',
  uriTooLong: 'A part of this address is too long.',
});

const MAX_DEPTH = 5;
/** Keys whose messages are shown without a field label. */
const UNLABELLED_KEYS = ['non_field_errors', 'detail', 'message', 'error', 'errors'];

/**
 * One line of text for any failure:
 * - an HTTP-like object with `status` >= 500 → its `statusText` ('Server error' when empty);
 * - a string → as it is;
 * - an Error → its message;
 * - an object → flattened: a `detail` string alone as it is, otherwise each message labelled with
 *   its field ('First name: Name is required; Email: Please input a valid email'); an HTTP-like
 *   object ({ status, statusText, data | body }) is flattened through its payload;
 * - null, undefined, empty strings and objects without a message → 'Unknown error';
 * - any other type (number, boolean, symbol, function) → 'Unknown type of error'.
 */
export function errorText(error: unknown): string {
  if (error === null || error === undefined) return UNKNOWN_ERROR;
  if (typeof error === 'string') return error.trim() === '' ? UNKNOWN_ERROR : error;
  if (typeof error !== 'object') return UNKNOWN_TYPE_OF_ERROR;
  if (error instanceof Error) return error.message.trim() === '' ? UNKNOWN_ERROR : error.message;

  const record = error as Record<string, unknown>;
  const status = typeof record.status === 'number' ? record.status : undefined;
  const statusText = typeof record.statusText === 'string' ? record.statusText.trim() : '';
  if (status !== undefined && status >= 500) return statusText === '' ? SERVER_ERROR : statusText;

  const payload = status === undefined ? error : httpPayload(record);
  const text = flatten(payload, '', 0, new Set()).join('; ');
  if (text !== '') return text;
  return statusText === '' ? UNKNOWN_ERROR : statusText;
}

function httpPayload(response: Record<string, unknown>): unknown {
  if (response.data !== undefined) return response.data;
  if (response.body !== undefined) return response.body;
  const { status: _status, statusText: _statusText, ...rest } = response;
  return rest;
}

function humanize(label: string): string {
  const words = label.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function flatten(value: unknown, label: string, depth: number, seen: Set<object>): string[] {
  if (typeof value === 'string') {
    if (value.trim() === '') return [];
    return [label === '' ? value : `${humanize(label)}: ${value}`];
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return flatten(String(value), label, depth, seen);
  }
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH || seen.has(value)) {
    return [];
  }
  seen.add(value);
  if (Array.isArray(value)) {
    return value.flatMap((item: unknown) => flatten(item, label, depth + 1, seen));
  }
  const record = value as Record<string, unknown>;
  if (typeof record.detail === 'string' && record.detail.trim() !== '') {
    return flatten(record.detail, label, depth + 1, seen);
  }
  return Object.entries(record).flatMap(([key, item]) => {
    const itemLabel = UNLABELLED_KEYS.includes(key) ? label : label === '' ? key : `${label}.${key}`;
    return flatten(item, itemLabel, depth + 1, seen);
  });
}

export const PAYMENT_SERVICE_ERROR_SHORT = 'We’ve experienced an unexpected issue with our payment service.';
export const PAYMENT_SERVICE_ERROR = `${PAYMENT_SERVICE_ERROR_SHORT} Please try again.`;
/** The payment-service texts, as people read them. */
export const PAYMENT_ERROR_MESSAGES = messages({ PAYMENT_SERVICE_ERROR_SHORT, PAYMENT_SERVICE_ERROR });
export const PAYMENT_ERROR_CODES = ['unknown_customer', 'missing_payment_method', 'billing_dates_passed'] as const;
export type PaymentErrorCode = (typeof PAYMENT_ERROR_CODES)[number];

export function isPaymentErrorCode(code: unknown): code is PaymentErrorCode {
  return PAYMENT_ERROR_CODES.some((known) => known === code);
}

/**
 * The payment-service message for a payment error code, with the retry sentence when the person
 * can try again; null for any other code (fall back to errorText).
 */
export function paymentErrorMessage(code: unknown, options: { retry: boolean }): string | null {
  if (!isPaymentErrorCode(code)) return null;
  return options.retry ? PAYMENT_SERVICE_ERROR : PAYMENT_SERVICE_ERROR_SHORT;
}

/** What a cancelled request resolves to. */
export const CANCELLED_MARKER = { cancelled: true } as const;
export type Cancelled = typeof CANCELLED_MARKER;

export function isCancelled(value: unknown): value is Cancelled {
  return typeof value === 'object' && value !== null && (value as { cancelled?: unknown }).cancelled === true;
}

/**
 * Which failures show a notification, per kind of call:
 * - all: every failure;
 * - none: never (the caller checks a hasErrors flag instead);
 * - all-but-404: every failure except 404, which stays silent;
 * - validation-or-server: only 400 (validation) and 5xx.
 */
export type NotifyRule = 'all' | 'none' | 'all-but-404' | 'validation-or-server';

export const NOTIFY_RULES = {
  default: 'all',
  profileUpdate: 'validation-or-server',
  accountUserUpdate: 'none',
  orderFetch: 'all-but-404',
  coachAccountFetch: 'all-but-404',
  shipmentFetch: 'all-but-404',
} as const satisfies Record<string, NotifyRule>;

export type NotifyKind = keyof typeof NOTIFY_RULES;

/**
 * Whether a failed call of `kind` with HTTP `status` (0 when no answer came) shows a
 * notification. `showErrors` is the call's own switch; without it nothing is shown.
 */
export function shouldNotify(kind: NotifyKind, status: number, showErrors = true): boolean {
  if (!showErrors) return false;
  const rule: NotifyRule = Object.hasOwn(NOTIFY_RULES, kind) ? NOTIFY_RULES[kind] : 'all';
  switch (rule) {
    case 'all':
      return true;
    case 'none':
      return false;
    case 'all-but-404':
      return status !== 404;
    case 'validation-or-server':
      return status === 400 || status >= 500;
  }
}
