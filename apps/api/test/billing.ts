/**
 * Test helpers for the billing work that runs on a clock (renewals, dunning, grace and pause ends):
 * billing's dependencies at a chosen moment, and a family that bought the monthly plan at checkout
 * through the API. The scheduled tests run the service themselves at the moments they choose.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { outboxEmailSender } from '../src/adapters/email/outbox.sender.ts';
import { sandboxProvider } from '../src/adapters/payment/sandbox.provider.ts';
import { outboxSmsSender } from '../src/adapters/sms/outbox.sender.ts';
import { subscriptionActions, subscriptions, users } from '../src/db/schema/index.ts';
import type { BillingDeps } from '../src/modules/billing/billing.service.ts';
import type { TestContext } from './helpers.ts';

export const DAY = 86_400_000;

/** The sandbox provider's payment method for test card `number`. */
export const sandboxCard = (number: string) => ({ card: { number, exp_month: 12, exp_year: 2035, cvc: '123' } });

/** Billing's dependencies (sandbox payments, the outboxes) with the clock stopped at `moment`. */
export const billingDepsAt = (t: TestContext, moment: Date): BillingDeps => ({
  db: t.db,
  payments: sandboxProvider(t.db),
  email: outboxEmailSender(t.db, t.app.jobs),
  sms: outboxSmsSender(t.db, t.app.jobs),
  publicUrl: 'http://127.0.0.1:3000',
  now: () => moment,
});

/** Billing's dependencies `days` after `end` (the end of a period). */
export const billingDepsAfter = (t: TestContext, end: Date, days: number) =>
  billingDepsAt(t, new Date(end.getTime() + days * DAY));

/**
 * A family that ordered the monthly plan and confirmed it with `cardNumber` at checkout: its
 * account and its billing user.
 */
export async function buyMonthlyPlan(
  t: TestContext,
  {
    email,
    cardNumber,
    firstName = 'Kai',
    lastName = 'Lund',
  }: {
    email: string;
    cardNumber: string;
    firstName?: string;
    lastName?: string;
  },
) {
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/v2/billing/order/',
    payload: {
      first_name: firstName,
      last_name: lastName,
      email,
      phonenumber: '2015550123',
      country: 'US',
      shipping: { address_1: '3 Oak Rd', city: 'Salem', state: 'OR', zipcode: '97301', country: 'US' },
    },
  });
  expect(order.statusCode, order.body).toBe(201);
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/v2/billing/order/confirm/',
    payload: { order: order.json().external_id, payment_method: sandboxCard(cardNumber), consent: true },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const accountId = confirmed.json().subscription.account_id as number;
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.accountId, accountId));
  return { accountId, userId: user!.id };
}

/** The account's subscription (the tests' families have one). */
export const subscriptionOf = async (t: TestContext, accountId: number) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId)))[0]!;

/** The actions recorded on the account's subscriptions, in the order they were written. */
export const actionsOf = async (t: TestContext, accountId: number) =>
  (await t.db.select().from(subscriptionActions).where(eq(subscriptionActions.accountId, accountId))).map(
    (row) => row.action,
  );
