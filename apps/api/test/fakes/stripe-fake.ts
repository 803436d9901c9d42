import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local fake of the few Stripe API endpoints the Stripe adapter calls (ARCHITECTURE §7: the real
 * adapter is tested against a local fake of the provider's HTTP API, never against the internet).
 * It speaks Stripe's wire format: form-encoded requests with qs-style nested keys
 * (`metadata[account_id]=7`), Stripe-shaped JSON objects and errors, and the Idempotency-Key header.
 * State lives in memory; every request is recorded so tests can assert what was sent.
 */

/** A form value as Stripe reads it: `a[b][c]=v` becomes `{ a: { b: { c: 'v' } } }`. */
export type FormValue = string | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** Parses an application/x-www-form-urlencoded body (or a query string) the way Stripe's API does. */
export function parseForm(raw: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    const path = match ? [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)] : [key];
    let node = root;
    for (const [index, part] of path.entries()) {
      if (index === path.length - 1) {
        node[part] = value;
        break;
      }
      const next = node[part];
      if (typeof next === 'object') node = next;
      else node = node[part] = {};
    }
  }
  return root;
}

export interface RecordedRequest {
  method: string;
  /** The path without the query, e.g. /v1/customers/cus_123. */
  path: string;
  query: FormObject;
  /** The parsed form body ({} for GET). */
  body: FormObject;
  rawBody: string;
  idempotencyKey: string | null;
  authorization: string | null;
  headers: IncomingHttpHeaders;
}

/** A Stripe error body: `{ error: { type, code, message, … } }`. */
export interface StripeErrorBody {
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error' | 'rate_limit_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  [key: string]: unknown;
}

interface CardBehaviour {
  brand: string;
  last4: string;
  /** The card error a charge meets; none: charges succeed. */
  decline?: { code: string; decline_code?: string; message: string };
}

/**
 * Stripe's documented test PaymentMethods (https://docs.stripe.com/testing): attaching one creates
 * a new PaymentMethod of that card for the customer, as Stripe does.
 */
export const TEST_PAYMENT_METHODS: Record<string, CardBehaviour> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_amex: { brand: 'amex', last4: '8431' },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    decline: {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  pm_card_chargeDeclinedExpiredCard: {
    brand: 'visa',
    last4: '0069',
    decline: { code: 'expired_card', message: 'Your card has expired.' },
  },
  /** Attaches, then every charge is declined. */
  pm_card_chargeCustomerFail: {
    brand: 'visa',
    last4: '0341',
    decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  },
};

type StripeObject = Record<string, unknown> & { id: string };

type PaymentMethodObject = StripeObject & { customer: string | null };
type PaymentIntentObject = StripeObject & {
  status: string;
  amount: number;
  currency: string;
  latest_charge: string | null;
};

interface StoredPaymentMethod {
  object: PaymentMethodObject;
  behaviour: CardBehaviour;
}

interface Answer {
  status: number;
  body: unknown;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function stripeId(prefix: string): string {
  return `${prefix}_${[...randomBytes(24)].map((byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('')}`;
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

function fail(status: number, error: StripeErrorBody): Answer {
  return { status, body: { error: { ...error, request_log_url: null } } };
}

function missing(kind: string, id: string, param: string): Answer {
  return fail(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });
}

function badParam(message: string, param: string, code = 'parameter_invalid'): Answer {
  return fail(400, { type: 'invalid_request_error', code, message, param });
}

function text(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function strings(value: FormValue | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  if (typeof value !== 'object') return result;
  for (const [key, item] of Object.entries(value)) if (typeof item === 'string') result[key] = item;
  return result;
}

export interface StripeFake {
  /** http://127.0.0.1:port, for the adapter's apiUrl. */
  url: string;
  /** Every request, in order (including the ones answered by `failNext` and idempotent replays). */
  requests: RecordedRequest[];
  /** The requests to one method and path pattern, e.g. requestsTo('POST', /^\/v1\/payment_intents$/). */
  requestsTo(method: string, path: RegExp): RecordedRequest[];
  customers: Map<string, StripeObject>;
  paymentMethods: Map<string, PaymentMethodObject>;
  paymentIntents: Map<string, PaymentIntentObject>;
  refunds: Map<string, StripeObject>;
  /** Answers the next request with this status and error (without recording an idempotent result). */
  failNext(status: number, error?: StripeErrorBody): void;
  /** Answers the next request this long after acting on it (for client timeouts). */
  delayNext(ms: number): void;
  close(): Promise<void>;
}

/** Starts the fake on a free port of 127.0.0.1. `secretKey`, when given, is the only key it accepts. */
export async function startStripeFake(options: { secretKey?: string } = {}): Promise<StripeFake> {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, StripeObject>();
  const paymentMethods = new Map<string, PaymentMethodObject>();
  const cards = new Map<string, CardBehaviour>();
  const paymentIntents = new Map<string, PaymentIntentObject>();
  /** Refunded cents by PaymentIntent id. */
  const refunded = new Map<string, number>();
  const refunds = new Map<string, StripeObject>();
  const idempotent = new Map<string, { method: string; path: string; rawBody: string; answer: Answer }>();
  const injected: Answer[] = [];
  const delays: number[] = [];
  const timers = new Set<NodeJS.Timeout>();

  function paymentMethodFor(id: string): StoredPaymentMethod | null {
    const object = paymentMethods.get(id);
    return object ? { object, behaviour: cards.get(id)! } : null;
  }

  /** A new card PaymentMethod made from one of Stripe's test PaymentMethod ids. */
  function newCard(magicId: string, customer: string | null): StoredPaymentMethod | null {
    const behaviour = TEST_PAYMENT_METHODS[magicId];
    if (!behaviour) return null;
    const object: PaymentMethodObject = {
      id: stripeId('pm'),
      object: 'payment_method',
      type: 'card',
      created: now(),
      livemode: false,
      customer,
      metadata: {},
      billing_details: { address: null, email: null, name: null, phone: null },
      card: {
        brand: behaviour.brand,
        display_brand: behaviour.brand,
        last4: behaviour.last4,
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        funding: 'credit',
        country: 'US',
      },
    };
    paymentMethods.set(object.id, object);
    cards.set(object.id, behaviour);
    return { object, behaviour };
  }

  function createCustomer(body: FormObject): Answer {
    const customer: StripeObject = {
      id: stripeId('cus'),
      object: 'customer',
      created: now(),
      livemode: false,
      email: text(body.email) ?? null,
      name: text(body.name) ?? null,
      description: text(body.description) ?? null,
      metadata: strings(body.metadata),
      default_source: null,
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    };
    customers.set(customer.id, customer);
    return { status: 200, body: customer };
  }

  function updateCustomer(id: string, body: FormObject): Answer {
    const customer = customers.get(id);
    if (!customer) return missing('customer', id, 'id');
    const settings = body.invoice_settings;
    const defaultMethod = typeof settings === 'object' ? text(settings.default_payment_method) : undefined;
    if (defaultMethod !== undefined && defaultMethod !== '') {
      const method = paymentMethodFor(defaultMethod);
      const param = 'invoice_settings[default_payment_method]';
      if (!method) return missing('PaymentMethod', defaultMethod, param);
      if (method.object.customer !== id) {
        return badParam(
          `The customer does not have a payment method with the ID ${defaultMethod}. The payment method must be attached to the customer.`,
          param,
        );
      }
    }
    if (body.email !== undefined) customer.email = text(body.email) || null;
    if (body.name !== undefined) customer.name = text(body.name) || null;
    if (body.metadata !== undefined)
      customer.metadata = { ...(customer.metadata as object), ...strings(body.metadata) };
    if (defaultMethod !== undefined) {
      customer.invoice_settings = {
        ...(customer.invoice_settings as object),
        default_payment_method: defaultMethod || null,
      };
    }
    return { status: 200, body: customer };
  }

  function attachPaymentMethod(id: string, body: FormObject): Answer {
    const customerId = text(body.customer);
    if (!customerId) return badParam('Missing required param: customer.', 'customer', 'parameter_missing');
    if (!customers.has(customerId)) return missing('customer', customerId, 'customer');
    const stored = paymentMethodFor(id);
    if (stored) {
      if (stored.object.customer && stored.object.customer !== customerId) {
        return badParam('The payment method you provided has already been attached to a customer.', 'payment_method');
      }
      stored.object.customer = customerId;
      return { status: 200, body: stored.object };
    }
    const created = newCard(id, customerId);
    if (!created) return missing('PaymentMethod', id, 'payment_method');
    return { status: 200, body: created.object };
  }

  function createPaymentIntent(body: FormObject): Answer {
    const amountText = text(body.amount) ?? '';
    if (!/^\d+$/.test(amountText))
      return badParam('Invalid integer: ' + amountText, 'amount', 'parameter_invalid_integer');
    const amount = Number(amountText);
    if (amount < 50) return badParam('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
    const currency = text(body.currency) ?? '';
    if (!/^[a-z]{3}$/.test(currency)) return badParam(`Invalid currency: ${currency}.`, 'currency');
    const customerId = text(body.customer) ?? null;
    if (customerId && !customers.has(customerId)) return missing('customer', customerId, 'customer');
    const methodId = text(body.payment_method) ?? null;
    const confirm = text(body.confirm) === 'true';
    let method: StoredPaymentMethod | null = null;
    if (methodId) {
      // Stripe accepts a test PaymentMethod id here too (as a fresh, unattached card).
      method = paymentMethodFor(methodId) ?? newCard(methodId, null);
      if (!method) return missing('PaymentMethod', methodId, 'payment_method');
      if (method.object.customer && method.object.customer !== customerId) {
        return badParam(`The provided PaymentMethod ${methodId} does not belong to this customer.`, 'payment_method');
      }
    } else if (confirm) {
      return fail(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: 'You cannot confirm this PaymentIntent because it’s missing a payment method.',
      });
    }
    const intent: PaymentIntentObject = {
      id: stripeId('pi'),
      object: 'payment_intent',
      created: now(),
      livemode: false,
      amount,
      amount_received: 0,
      currency,
      customer: customerId,
      payment_method: method?.object.id ?? null,
      description: text(body.description) ?? null,
      metadata: strings(body.metadata),
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      status: method ? 'requires_confirmation' : 'requires_payment_method',
      latest_charge: null,
      last_payment_error: null,
    };
    paymentIntents.set(intent.id, intent);
    if (!confirm || !method) return { status: 200, body: intent };
    intent.latest_charge = stripeId('ch');
    const decline = method.behaviour.decline;
    if (!decline) {
      intent.status = 'succeeded';
      intent.amount_received = amount;
      return { status: 200, body: intent };
    }
    const error = {
      type: 'card_error' as const,
      ...decline,
      charge: intent.latest_charge,
      doc_url: `https://docs.stripe.com/error-codes/${decline.code.replace(/_/g, '-')}`,
    };
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { ...error, payment_method: method.object };
    return fail(402, { ...error, payment_intent: intent, payment_method: method.object });
  }

  function createRefund(body: FormObject): Answer {
    const intentId = text(body.payment_intent);
    if (!intentId) return badParam('Missing required param: payment_intent.', 'payment_intent', 'parameter_missing');
    const intent = paymentIntents.get(intentId);
    if (!intent) return missing('payment_intent', intentId, 'payment_intent');
    if (intent.status !== 'succeeded' || !intent.latest_charge) {
      return badParam(
        `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
        'payment_intent',
      );
    }
    const remaining = intent.amount - (refunded.get(intentId) ?? 0);
    if (remaining === 0) {
      return badParam(`Charge ${intent.latest_charge} has already been refunded.`, 'charge', 'charge_already_refunded');
    }
    const amountText = text(body.amount);
    if (amountText !== undefined && !/^\d+$/.test(amountText)) {
      return badParam('Invalid integer: ' + amountText, 'amount', 'parameter_invalid_integer');
    }
    const amount = amountText === undefined ? remaining : Number(amountText);
    if (amount < 1) return badParam('Amount must be at least 1 cent.', 'amount', 'amount_too_small');
    if (amount > remaining) {
      return badParam(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
        'amount',
        'amount_too_large',
      );
    }
    refunded.set(intentId, intent.amount - remaining + amount);
    const refund: StripeObject = {
      id: stripeId('re'),
      object: 'refund',
      created: now(),
      amount,
      currency: intent.currency,
      charge: intent.latest_charge,
      payment_intent: intent.id,
      metadata: strings(body.metadata),
      reason: text(body.reason) ?? null,
      status: 'succeeded',
    };
    refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  function route(method: string, path: string, body: FormObject): Answer {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') return createCustomer(body);
    if ((m = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const id = decodeURIComponent(m[1]!);
      if (method === 'GET') {
        const customer = customers.get(id);
        return customer ? { status: 200, body: customer } : missing('customer', id, 'id');
      }
      if (method === 'POST') return updateCustomer(id, body);
    }
    if (method === 'POST' && (m = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path))) {
      return attachPaymentMethod(decodeURIComponent(m[1]!), body);
    }
    if (method === 'POST' && path === '/v1/payment_intents') return createPaymentIntent(body);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(body);
    return fail(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). The Stripe fake knows only the endpoints the adapter calls.`,
    });
  }

  function authorised(authorization: string | null): boolean {
    const key = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    if (!key) return false;
    return options.secretKey ? key === options.secretKey : /^(sk|rk)_/.test(key);
  }

  /** Records the request and acts on it at once; the answer may be sent later (`delayNext`). */
  function handle(request: IncomingMessage, rawBody: string): { answer: Answer; replayed: boolean } {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const method = request.method ?? 'GET';
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    const authorization = request.headers.authorization ?? null;
    const body = method === 'GET' ? {} : parseForm(rawBody);
    requests.push({
      method,
      path: url.pathname,
      query: parseForm(url.search.slice(1)),
      body,
      rawBody,
      idempotencyKey,
      authorization,
      headers: request.headers,
    });

    const forced = injected.shift();
    if (forced) return { answer: forced, replayed: false };
    if (!authorised(authorization)) {
      const refused = fail(401, {
        type: 'invalid_request_error',
        message: 'Invalid API Key provided: the Stripe fake refused it.',
      });
      return { answer: refused, replayed: false };
    }
    if (method === 'POST' && idempotencyKey) {
      const previous = idempotent.get(idempotencyKey);
      if (previous) {
        if (previous.method === method && previous.path === url.pathname && previous.rawBody === rawBody) {
          return { answer: previous.answer, replayed: true };
        }
        const misuse = fail(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        });
        return { answer: misuse, replayed: false };
      }
    }
    const result = route(method, url.pathname, body);
    // Stripe keeps the outcome of a request it executed, errors included, and replays it for the same key.
    if (method === 'POST' && idempotencyKey && result.status < 500) {
      idempotent.set(idempotencyKey, { method, path: url.pathname, rawBody, answer: result });
    }
    return { answer: result, replayed: false };
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let outcome: { answer: Answer; replayed: boolean };
      try {
        outcome = handle(request, Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        outcome = { answer: fail(500, { type: 'api_error', message: String(error) }), replayed: false };
      }
      const send = () => {
        if (response.destroyed) return;
        const key = request.headers['idempotency-key'];
        response.writeHead(outcome.answer.status, {
          'content-type': 'application/json',
          'request-id': stripeId('req'),
          ...(outcome.replayed ? { 'idempotent-replayed': 'true' } : {}),
          ...(typeof key === 'string' ? { 'idempotency-key': key } : {}),
        });
        response.end(JSON.stringify(outcome.answer.body));
      };
      // A slow Stripe: the request has taken effect, only the answer is late.
      const delay = delays.shift();
      if (delay === undefined) return send();
      const timer = setTimeout(() => {
        timers.delete(timer);
        send();
      }, delay);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    requestsTo: (method, path) => requests.filter((r) => r.method === method && path.test(r.path)),
    customers,
    paymentMethods,
    paymentIntents,
    refunds,
    failNext(status, error = { type: 'api_error', message: 'The Stripe fake was told to fail this request.' }) {
      injected.push(fail(status, error));
    },
    delayNext(ms) {
      delays.push(ms);
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** A Stripe event as Stripe posts it to a webhook endpoint (the JSON text is what gets signed). */
export function stripeEventPayload(type: string, object: Record<string, unknown>, id = stripeId('evt')): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: now(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
}

/**
 * The Stripe-Signature header Stripe would send with `payload`: `t=<seconds>,v1=<HMAC-SHA256 of
 * "t.payload" with the endpoint secret>`. `timestamp` is in seconds (default: now).
 */
export function signStripeWebhook(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}
