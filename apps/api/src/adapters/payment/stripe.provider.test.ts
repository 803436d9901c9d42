import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CARD_DECLINED } from '@grove/domain/billing';
import {
  signStripeWebhook,
  startStripeFake,
  stripeEventPayload,
  type StripeFake,
} from '../../../test/fakes/stripe-fake.ts';
import { PaymentServiceError, type PaymentProvider, type PaymentServiceErrorKind } from './payment.port.ts';
import { declineSentence, stripeProvider, type StripeProviderOptions } from './stripe.provider.ts';

const SECRET_KEY = 'sk_test_51GroveFakeKey';
const WEBHOOK_SECRET = 'whsec_grove_test_secret';

let fake: StripeFake;
let stripe: PaymentProvider;

function provider(overrides: Partial<StripeProviderOptions> = {}): Promise<PaymentProvider> {
  return stripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url, ...overrides });
}

/** Resolves with the PaymentServiceError the call throws (and fails if it throws anything else). */
async function serviceError(call: Promise<unknown>): Promise<PaymentServiceError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentServiceError);
  return error as PaymentServiceError;
}

async function expectKind(call: Promise<unknown>, kind: PaymentServiceErrorKind) {
  expect((await serviceError(call)).kind).toBe(kind);
}

/** A customer with `testMethod` (one of Stripe's test PaymentMethod ids) attached as the default. */
async function customerWith(testMethod = 'pm_card_visa') {
  const { customerId } = await stripe.createCustomer({ accountId: 7, email: 'parent@example.com', name: 'Pat Parent' });
  const method = await stripe.attachPaymentMethod({ customerId, method: { kind: 'token', token: testMethod } });
  fake.requests.length = 0;
  return { customerId, paymentMethodId: method.id };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  fake = await startStripeFake({ secretKey: SECRET_KEY });
  stripe = await provider();
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.requests.length = 0;
});

describe('stripeProvider: customers and payment methods', () => {
  it('creates the customer with the account id, e-mail and name, with our secret key', async () => {
    const { customerId } = await stripe.createCustomer({ accountId: 42, email: 'pat@example.com', name: 'Pat Parent' });

    expect(customerId).toMatch(/^cus_/);
    expect(fake.customers.get(customerId)).toMatchObject({
      email: 'pat@example.com',
      name: 'Pat Parent',
      metadata: { account_id: '42' },
    });
    const [request] = fake.requestsTo('POST', /^\/v1\/customers$/);
    expect(request!.body).toEqual({ email: 'pat@example.com', name: 'Pat Parent', metadata: { account_id: '42' } });
    expect(request!.rawBody).toContain('metadata[account_id]=42');
    expect(request!.authorization).toBe(`Bearer ${SECRET_KEY}`);
  });

  it('attaches a token, makes it the default payment method and answers the card', async () => {
    const { customerId } = await stripe.createCustomer({ accountId: 1, email: 'a@example.com', name: 'A' });
    fake.requests.length = 0;

    const method = await stripe.attachPaymentMethod({ customerId, method: { kind: 'token', token: 'pm_card_visa' } });

    expect(method).toEqual({
      id: expect.stringMatching(/^pm_/),
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 3,
    });
    expect(method.id).not.toBe('pm_card_visa'); // Stripe makes a new PaymentMethod from a test id
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/payment_methods/pm_card_visa/attach',
      `POST /v1/customers/${customerId}`,
    ]);
    expect(fake.requests[0]!.body).toEqual({ customer: customerId });
    expect(fake.requests[1]!.body).toEqual({ invoice_settings: { default_payment_method: method.id } });
    expect(fake.customers.get(customerId)!.invoice_settings).toMatchObject({ default_payment_method: method.id });
    expect(fake.paymentMethods.get(method.id)!.customer).toBe(customerId);
  });

  it('refuses card numbers without calling Stripe', async () => {
    const { customerId } = await stripe.createCustomer({ accountId: 1, email: 'a@example.com', name: 'A' });
    fake.requests.length = 0;

    const error = await serviceError(
      stripe.attachPaymentMethod({
        customerId,
        method: { kind: 'card', number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
      }),
    );

    expect(error.kind).toBe('missing_payment_method');
    expect(error.message).not.toContain('4242424242424242');
    expect(fake.requests).toEqual([]);
  });

  it('answers unknown_customer for a customer Stripe does not know, missing_payment_method for an unknown token', async () => {
    await expectKind(
      stripe.attachPaymentMethod({ customerId: 'cus_nobody', method: { kind: 'token', token: 'pm_card_visa' } }),
      'unknown_customer',
    );
    const { customerId } = await stripe.createCustomer({ accountId: 1, email: 'a@example.com', name: 'A' });
    await expectKind(
      stripe.attachPaymentMethod({ customerId, method: { kind: 'token', token: 'pm_doesNotExist' } }),
      'missing_payment_method',
    );
    expect(fake.customers.get(customerId)!.invoice_settings).toMatchObject({ default_payment_method: null });
  });

  it('answers missing_payment_method when Stripe refuses the card on attach', async () => {
    const { customerId } = await stripe.createCustomer({ accountId: 1, email: 'a@example.com', name: 'A' });
    fake.failNext(402, {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'do_not_honor',
      message: 'Your card was declined.',
    });

    await expectKind(
      stripe.attachPaymentMethod({ customerId, method: { kind: 'token', token: 'pm_card_visa' } }),
      'missing_payment_method',
    );
    expect(fake.customers.get(customerId)!.invoice_settings).toMatchObject({ default_payment_method: null });
  });
});

describe('stripeProvider.charge', () => {
  it('charges the default payment method off-session with the idempotency key', async () => {
    const { customerId, paymentMethodId } = await customerWith('pm_card_visa');

    const result = await stripe.charge({
      customerId,
      amountCents: 2500,
      currency: 'usd',
      description: 'Grove monthly plan',
      idempotencyKey: 'order-17-charge',
      metadata: { order_id: '17' },
    });

    expect(result).toEqual({ status: 'succeeded', chargeId: expect.stringMatching(/^pi_/) });
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/customers/${customerId}`,
      'POST /v1/payment_intents',
    ]);
    const create = fake.requests[1]!;
    expect(create.body).toEqual({
      amount: '2500',
      currency: 'usd',
      customer: customerId,
      payment_method: paymentMethodId,
      off_session: 'true',
      confirm: 'true',
      description: 'Grove monthly plan',
      metadata: { order_id: '17' },
    });
    expect(create.idempotencyKey).toBe('order-17-charge');
    expect(fake.paymentIntents.get((result as { chargeId: string }).chargeId)).toMatchObject({
      status: 'succeeded',
      amount: 2500,
      amount_received: 2500,
    });
  });

  it('charges a given payment method without reading the customer', async () => {
    const { customerId, paymentMethodId } = await customerWith('pm_card_mastercard');

    const result = await stripe.charge({
      customerId,
      paymentMethodId,
      amountCents: 900,
      currency: 'usd',
      description: 'Coaching call',
      idempotencyKey: 'coaching-3',
    });

    expect(result.status).toBe('succeeded');
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/payment_intents']);
    expect(fake.requests[0]!.body).toMatchObject({ payment_method: paymentMethodId });
    expect(fake.requests[0]!.body).not.toHaveProperty('metadata');
  });

  it('creates one PaymentIntent for the same idempotency key sent twice', async () => {
    const { customerId } = await customerWith('pm_card_visa');
    const input = { customerId, amountCents: 4900, currency: 'usd', description: 'Renewal', idempotencyKey: 'renew-9' };
    const before = fake.paymentIntents.size;

    const first = await stripe.charge(input);
    const second = await stripe.charge(input);

    expect(second).toEqual(first);
    expect(fake.paymentIntents.size).toBe(before + 1);
    const creates = fake.requestsTo('POST', /^\/v1\/payment_intents$/);
    expect(creates.map((r) => r.idempotencyKey)).toEqual(['renew-9', 'renew-9']);
  });

  it('does not reuse an idempotency key for another amount', async () => {
    const { customerId } = await customerWith('pm_card_visa');
    const input = {
      customerId,
      amountCents: 4900,
      currency: 'usd',
      description: 'Renewal',
      idempotencyKey: 'renew-10',
    };
    await stripe.charge(input);

    const error = await stripe.charge({ ...input, amountCents: 5900 }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).not.toBeInstanceOf(PaymentServiceError);
  });

  it.each([
    ['pm_card_chargeDeclined', CARD_DECLINED],
    ['pm_card_chargeDeclinedInsufficientFunds', 'Your card has insufficient funds. Please use another card.'],
    ['pm_card_chargeDeclinedExpiredCard', 'Your card has expired. Please use another card.'],
    ['pm_card_chargeCustomerFail', CARD_DECLINED],
  ])('resolves declined for %s with a sentence for the family', async (testMethod, reason) => {
    const { customerId } = await customerWith(testMethod);

    const result = await stripe.charge({
      customerId,
      amountCents: 2500,
      currency: 'usd',
      description: 'Grove monthly plan',
      idempotencyKey: `declined-${testMethod}`,
    });

    expect(result).toEqual({ status: 'declined', chargeId: expect.stringMatching(/^pi_/), reason });
    const chargeId = (result as { chargeId: string }).chargeId;
    expect(fake.paymentIntents.get(chargeId)).toMatchObject({ status: 'requires_payment_method' });
  });

  it('says "declined" for a decline code it has no sentence for', () => {
    expect(declineSentence('generic_decline')).toBe(CARD_DECLINED);
    expect(declineSentence(undefined)).toBe(CARD_DECLINED);
    expect(declineSentence('insufficient_funds')).toMatch(/insufficient funds/);
  });

  it('throws unknown_customer for a customer Stripe does not know', async () => {
    const input = { amountCents: 2500, currency: 'usd', description: 'x', idempotencyKey: 'unknown-1' };
    await expectKind(stripe.charge({ ...input, customerId: 'cus_nobody' }), 'unknown_customer');
    // With a payment method given, Stripe's PaymentIntent call is the one that does not know the customer.
    const { paymentMethodId } = await customerWith('pm_card_visa');
    await expectKind(
      stripe.charge({ ...input, customerId: 'cus_nobody', paymentMethodId, idempotencyKey: 'unknown-2' }),
      'unknown_customer',
    );
  });

  it('throws missing_payment_method for a customer without a default payment method, before any charge', async () => {
    const { customerId } = await stripe.createCustomer({ accountId: 3, email: 'c@example.com', name: 'C' });
    fake.requests.length = 0;

    await expectKind(
      stripe.charge({ customerId, amountCents: 2500, currency: 'usd', description: 'x', idempotencyKey: 'nopm-1' }),
      'missing_payment_method',
    );
    expect(fake.requestsTo('POST', /^\/v1\/payment_intents$/)).toEqual([]);
  });

  it('throws missing_payment_method for a payment method Stripe does not know', async () => {
    const { customerId } = await customerWith('pm_card_visa');
    await expectKind(
      stripe.charge({
        customerId,
        paymentMethodId: 'pm_gone',
        amountCents: 2500,
        currency: 'usd',
        description: 'x',
        idempotencyKey: 'gone-1',
      }),
      'missing_payment_method',
    );
  });
});

describe('stripeProvider: Stripe unreachable or failing', () => {
  const charge = (provider: PaymentProvider, customerId: string, idempotencyKey: string) =>
    provider.charge({ customerId, amountCents: 2500, currency: 'usd', description: 'x', idempotencyKey });

  it('throws provider_unavailable when nothing answers', async () => {
    const down = await provider({
      apiUrl: `http://127.0.0.1:${await closedPort()}`,
      maxNetworkRetries: 0,
      timeoutMs: 1000,
    });

    await expectKind(down.createCustomer({ accountId: 1, email: 'a@example.com', name: 'A' }), 'provider_unavailable');
    await expectKind(charge(down, 'cus_any', 'down-1'), 'provider_unavailable');
    await expectKind(down.refund({ chargeId: 'pi_any', idempotencyKey: 'down-2' }), 'provider_unavailable');
  });

  it('throws provider_unavailable when Stripe does not answer in time; the same key later answers that charge', async () => {
    const { customerId, paymentMethodId } = await customerWith('pm_card_visa');
    const input = { customerId, paymentMethodId, amountCents: 2500, currency: 'usd', description: 'x' };
    const before = fake.paymentIntents.size;
    const slow = await provider({ maxNetworkRetries: 0, timeoutMs: 200 });
    fake.delayNext(1500);

    await expectKind(slow.charge({ ...input, idempotencyKey: 'slow-1' }), 'provider_unavailable');
    // Stripe charged all the same; trying again with the same key answers that charge, and charges once.
    const retried = await stripe.charge({ ...input, idempotencyKey: 'slow-1' });
    expect(retried).toEqual({ status: 'succeeded', chargeId: [...fake.paymentIntents.keys()].at(-1) });
    expect(fake.paymentIntents.size).toBe(before + 1);
  });

  it('retries a 5xx (keeping the idempotency key) and charges once', async () => {
    const { customerId, paymentMethodId } = await customerWith('pm_card_visa');
    const before = fake.paymentIntents.size;

    fake.failNext(500); // the customer lookup, once
    expect((await charge(stripe, customerId, 'retry-1')).status).toBe('succeeded');
    expect(fake.requestsTo('GET', /^\/v1\/customers\//)).toHaveLength(2);

    fake.failNext(503); // the PaymentIntent, once
    const direct = await stripe.charge({
      customerId,
      paymentMethodId,
      amountCents: 2500,
      currency: 'usd',
      description: 'x',
      idempotencyKey: 'retry-2',
    });
    expect(direct.status).toBe('succeeded');
    const creates = fake.requestsTo('POST', /^\/v1\/payment_intents$/);
    expect(creates.map((r) => r.idempotencyKey)).toEqual(['retry-1', 'retry-2', 'retry-2']);
    expect(fake.paymentIntents.size).toBe(before + 2);
  });

  it('throws provider_unavailable when Stripe keeps failing', async () => {
    const { customerId, paymentMethodId } = await customerWith('pm_card_visa');
    const impatient = await provider({ maxNetworkRetries: 1 });
    fake.failNext(500);
    fake.failNext(500);

    await expectKind(
      impatient.charge({
        customerId,
        paymentMethodId,
        amountCents: 2500,
        currency: 'usd',
        description: 'x',
        idempotencyKey: 'fail-1',
      }),
      'provider_unavailable',
    );
    expect(fake.requestsTo('POST', /^\/v1\/payment_intents$/)).toHaveLength(2);
  });

  it('throws provider_unavailable when Stripe refuses the secret key', async () => {
    const revoked = await provider({ secretKey: 'sk_test_revoked' });
    const error = await serviceError(revoked.createCustomer({ accountId: 1, email: 'a@example.com', name: 'A' }));
    expect(error.kind).toBe('provider_unavailable');
    expect(error.cause).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });
});

describe('stripeProvider.refund', () => {
  async function paid(amountCents: number, idempotencyKey: string) {
    const { customerId } = await customerWith('pm_card_visa');
    const result = await stripe.charge({ customerId, amountCents, currency: 'usd', description: 'x', idempotencyKey });
    if (result.status !== 'succeeded') throw new Error('the charge should succeed');
    fake.requests.length = 0;
    return result.chargeId;
  }

  it('refunds the whole charge', async () => {
    const chargeId = await paid(2500, 'refund-full-charge');

    const refund = await stripe.refund({ chargeId, idempotencyKey: 'refund-full' });

    expect(refund).toEqual({ refundId: expect.stringMatching(/^re_/), amountCents: 2500 });
    const [request] = fake.requestsTo('POST', /^\/v1\/refunds$/);
    expect(request!.body).toEqual({ payment_intent: chargeId });
    expect(request!.idempotencyKey).toBe('refund-full');
    expect(fake.refunds.get(refund.refundId)).toMatchObject({ payment_intent: chargeId, amount: 2500 });
  });

  it('refunds part of a charge, then the rest, and no more', async () => {
    const chargeId = await paid(2500, 'refund-part-charge');

    const part = await stripe.refund({ chargeId, amountCents: 1000, idempotencyKey: 'refund-part-1' });
    const again = await stripe.refund({ chargeId, amountCents: 1000, idempotencyKey: 'refund-part-1' });
    const rest = await stripe.refund({ chargeId, idempotencyKey: 'refund-part-2' });

    expect(part.amountCents).toBe(1000);
    expect(again).toEqual(part); // the same key refunds once
    expect(rest.amountCents).toBe(1500);
    expect(fake.requestsTo('POST', /^\/v1\/refunds$/)[0]!.body).toEqual({ payment_intent: chargeId, amount: '1000' });
    const error = await stripe.refund({ chargeId, amountCents: 1, idempotencyKey: 'refund-part-3' }).catch((e) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ code: 'charge_already_refunded' });
  });
});

describe('stripeProvider.verifyWebhook', () => {
  const object = { id: 'pi_123', object: 'payment_intent', status: 'succeeded', amount: 2500 };
  const payload = stripeEventPayload('payment_intent.succeeded', object, 'evt_123');

  it('answers the event of a correctly signed payload', () => {
    const event = stripe.verifyWebhook(payload, signStripeWebhook(payload, WEBHOOK_SECRET));
    expect(event).toEqual({ id: 'evt_123', type: 'payment_intent.succeeded', object });
  });

  it('accepts a signature a few minutes old', () => {
    const fourMinutesAgo = Math.floor(Date.now() / 1000) - 240;
    expect(stripe.verifyWebhook(payload, signStripeWebhook(payload, WEBHOOK_SECRET, fourMinutesAgo)).id).toBe(
      'evt_123',
    );
  });

  const seconds = () => Math.floor(Date.now() / 1000);
  const calls: [string, () => { body: string; header: string | undefined }][] = [
    [
      'a tampered body',
      () => ({ body: payload.replace('2500', '250000'), header: signStripeWebhook(payload, WEBHOOK_SECRET) }),
    ],
    ['a wrong secret', () => ({ body: payload, header: signStripeWebhook(payload, 'whsec_someone_else') })],
    ['no signature header', () => ({ body: payload, header: undefined })],
    ['an empty signature header', () => ({ body: payload, header: '' })],
    ['a header without a signature', () => ({ body: payload, header: `t=${seconds()}` })],
    [
      'a stale timestamp (over 300 s)',
      () => ({ body: payload, header: signStripeWebhook(payload, WEBHOOK_SECRET, seconds() - 301) }),
    ],
  ];

  it.each(calls)('throws for %s', (_name, make) => {
    const { body, header } = make();
    expect(() => stripe.verifyWebhook(body, header)).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });
});
