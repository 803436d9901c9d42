/**
 * Checkout and webhooks with PAYMENT_PROVIDER=stripe, the SDK pointed at a local fake of Stripe's
 * HTTP API (apps/api/test/fakes/stripe-fake.ts). Nothing reaches the internet.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParent } from '../../../test/factories.ts';
import {
  signStripeWebhook,
  startStripeFake,
  stripeEventPayload,
  type StripeFake,
} from '../../../test/fakes/stripe-fake.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { invoices, paymentEvents, subscriptions } from '../../db/schema/index.ts';

const WEBHOOK_SECRET = 'whsec_grove_test_secret';
let fake: StripeFake;
let t: TestContext;

beforeAll(async () => {
  fake = await startStripeFake({ secretKey: 'sk_test_grove' });
  t = await createTestContext({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_grove',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_grove',
    STRIPE_API_URL: fake.url,
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

let n = 0;
async function order() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/billing/order/',
    payload: {
      plan_tag: 'default',
      first_name: 'Lee',
      last_name: 'Stripe',
      email: `stripe${n++}@example.com`,
      phonenumber: '2015550123',
      country: 'US',
      shipping: { address_1: '1 Main St', city: 'Austin', state: 'TX', zipcode: '73301', country: 'US' },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().external_id as string;
}

const confirm = (externalId: string, paymentMethod: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/billing/order/confirm/',
    payload: { order: externalId, payment_method: paymentMethod, consent: true },
  });

const webhook = (payload: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/billing/webhooks/stripe/',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });

describe('checkout with Stripe', () => {
  it('charges through a PaymentIntent with the card token from Elements', async () => {
    const res = await confirm(await order(), { token: 'pm_card_visa' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscription.status).toBe('ACTIVE');
    const intents = fake.requestsTo('POST', /^\/v1\/payment_intents$/);
    expect(intents.at(-1)!.body).toMatchObject({
      amount: '3900',
      currency: 'usd',
      off_session: 'true',
      confirm: 'true',
    });
    const [invoice] = await t.db
      .select()
      .from(invoices)
      .where(eq(invoices.accountId, res.json().subscription.account_id));
    expect(invoice).toMatchObject({ provider: 'stripe', status: 'PAID', cardLabel: 'Visa •••• 4242' });
    expect(invoice!.providerChargeId).toMatch(/^pi_/);
    const page = await t.app.inject({ method: 'GET', url: '/checkout' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self' https://js.stripe.com");
  });

  it('answers a declined card with 402 and the family’s sentence; raw card numbers are refused', async () => {
    const declined = await confirm(await order(), { token: 'pm_card_chargeDeclined' });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().code).toBe('card_declined');
    const raw = await confirm(await order(), {
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2035, cvc: '123' },
    });
    expect(raw.statusCode).toBe(402);
    expect(raw.json()).toMatchObject({
      code: 'missing_payment_method',
      detail: 'We’ve experienced an unexpected issue with our payment service. Please try again.',
    });
  });
});

describe('the Stripe webhook', () => {
  it('records a refund made at Stripe once; a replay changes nothing; a tampered or unsigned call is refused', async () => {
    const family = await createParent(t.db);
    const [sub] = await t.db
      .insert(subscriptions)
      .values({
        accountId: family.account.id,
        planTag: 'default',
        status: 'ACTIVE',
        priceCents: 3900,
        currency: 'usd',
        currentPeriodStart: new Date(),
        currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
        returnDeadline: new Date(Date.now() + 30 * 86_400_000),
      })
      .returning();
    const [invoice] = await t.db
      .insert(invoices)
      .values({
        number: 'GRV-TEST-WEBHOOK',
        accountId: family.account.id,
        subscriptionId: sub!.id,
        billingEntityName: 'Grove Health, Inc.',
        status: 'PAID',
        description: 'Test',
        periodStart: new Date(),
        periodEnd: new Date(),
        amountCents: 3900,
        currency: 'usd',
        provider: 'stripe',
        providerChargeId: 'pi_webhook_test',
      })
      .returning();

    const payload = stripeEventPayload(
      'charge.refunded',
      { object: 'charge', payment_intent: 'pi_webhook_test', amount_refunded: 1000 },
      'evt_refund_1',
    );
    const first = await webhook(payload, signStripeWebhook(payload, WEBHOOK_SECRET));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const after = async () => (await t.db.select().from(invoices).where(eq(invoices.id, invoice!.id)))[0]!;
    expect(await after()).toMatchObject({ refundedCents: 1000, status: 'PARTIALLY_REFUNDED' });

    const replay = await webhook(payload, signStripeWebhook(payload, WEBHOOK_SECRET));
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_refund_1'))).toHaveLength(1);

    const bigger = stripeEventPayload(
      'charge.refunded',
      { object: 'charge', payment_intent: 'pi_webhook_test', amount_refunded: 3900 },
      'evt_refund_2',
    );
    const tampered = await webhook(bigger, signStripeWebhook(payload, WEBHOOK_SECRET));
    expect(tampered.statusCode).toBe(400);
    expect((await webhook(bigger)).statusCode).toBe(400);
    expect((await webhook(bigger, signStripeWebhook(bigger, 'whsec_wrong'))).statusCode).toBe(400);
    const stale = await webhook(
      bigger,
      signStripeWebhook(bigger, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600),
    );
    expect(stale.statusCode).toBe(400);
    expect(await after()).toMatchObject({ refundedCents: 1000, status: 'PARTIALLY_REFUNDED' });
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_refund_2'))).toEqual([]);
  });
});
