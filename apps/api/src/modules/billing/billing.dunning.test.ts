/**
 * Dunning (docs/billing.md, When a payment fails): a renewal the card refuses writes a FAILED
 * invoice, makes the subscription past due, e-mails a link to update the card and is retried on
 * schedule; a new card is charged at once; after the last retry the subscription ends.
 */
import { SANDBOX_CARDS } from '@grove/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createStaff, issueAccessToken } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { outboxEmailSender } from '../../adapters/email/outbox.sender.ts';
import { sandboxProvider } from '../../adapters/payment/sandbox.provider.ts';
import {
  emailOutbox,
  invoices,
  sandboxOperations,
  subscriptionActions,
  subscriptions,
  users,
} from '../../db/schema/index.ts';
import { runDueBilling, type BillingDeps } from './billing.service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
const depsAt = (moment: Date): BillingDeps => ({
  db: t.db,
  payments: sandboxProvider(t.db),
  email: outboxEmailSender(t.db, t.app.jobs),
  publicUrl: 'http://127.0.0.1:3000',
  now: () => moment,
});
const afterEnd = (end: Date, days: number) => depsAt(new Date(end.getTime() + days * DAY));

const card = (number: string) => ({ card: { number, exp_month: 12, exp_year: 2035, cvc: '123' } });

let n = 0;
/** A family that bought the monthly plan at checkout with `cardNumber`. */
async function family(cardNumber: string) {
  const email = `dunning${Date.now()}${n++}@example.com`;
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/v2/billing/order/',
    payload: {
      first_name: 'Kai',
      last_name: 'Lund',
      email,
      phonenumber: '2015550123',
      country: 'US',
      shipping: { address_1: '3 Oak Rd', city: 'Salem', state: 'OR', zipcode: '97301', country: 'US' },
    },
  });
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/v2/billing/order/confirm/',
    payload: { order: order.json().external_id, payment_method: card(cardNumber), consent: true },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const accountId = confirmed.json().subscription.account_id as number;
  const [user] = await t.db.select().from(users).where(eq(users.accountId, accountId));
  const headers = authHeaders(await issueAccessToken(t.db, user!.id));
  const end = (await subscriptionOf(accountId)).currentPeriodEnd;
  return { accountId, userId: user!.id, headers, email, end };
}

const subscriptionOf = async (accountId: number) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId)))[0]!;
const invoicesOf = (accountId: number) => t.db.select().from(invoices).where(eq(invoices.accountId, accountId));
const actionsOf = async (accountId: number) =>
  (await t.db.select().from(subscriptionActions).where(eq(subscriptionActions.accountId, accountId))).map(
    (row) => row.action,
  );
const mailsTo = (email: string, subject: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.subject, subject)));
const updateCard = (accountId: number, headers: Record<string, string>, number: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/billing/payment/',
    headers,
    payload: { account: accountId, payment_method: card(number) },
  });
/** The renewal charges of a subscription at the sandbox provider. */
const renewalCharges = async (subscriptionId: number) =>
  (await t.db.select().from(sandboxOperations).where(eq(sandboxOperations.kind, 'charge'))).filter(
    (charge) => (charge.detail.metadata as Record<string, string> | undefined)?.subscription === String(subscriptionId),
  );

describe('dunning: a renewal the card refuses', () => {
  it('the renewal-failing card pays at checkout; each failed renewal writes a FAILED invoice and e-mails a link; then the subscription ends', async () => {
    const { accountId, email, end, userId, headers } = await family(SANDBOX_CARDS.renewalFails);
    expect((await subscriptionOf(accountId)).status).toBe('ACTIVE');
    expect((await invoicesOf(accountId)).map((i) => i.status)).toEqual(['PAID']);

    await runDueBilling(afterEnd(end, 0.1));
    expect(await subscriptionOf(accountId)).toMatchObject({ status: 'PAST_DUE', renewalAttempts: 1 });
    const failed = (await invoicesOf(accountId)).filter((i) => i.status === 'FAILED');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.description).toContain('Your card was declined.');
    expect(failed[0]!.amountCents).toBe(3900);
    expect(failed[0]!.providerChargeId).toMatch(/^ch_sandbox_/);

    // The billing details carry what the past-due banner says.
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/v2/billing/users/${userId}/billing_details/`,
      headers,
    });
    expect(details.json().past_due).toMatchObject({
      amount_cents: 3900,
      reason: 'Your card was declined. Please use another card.',
      next_retry_at: new Date(end.getTime() + DAY).toISOString(),
    });

    const first = await mailsTo(email, 'We could not charge your card');
    expect(first).toHaveLength(1);
    expect(first[0]!.textBody).toContain('http://127.0.0.1:3000/dashboard/account?segment=billing&update_card=1');
    expect(first[0]!.textBody).toMatch(/We will try again on \d\d-\d\d-\d{4}/);

    await runDueBilling(afterEnd(end, 1.1));
    await runDueBilling(afterEnd(end, 3.1));
    await runDueBilling(afterEnd(end, 7.1));
    expect(await subscriptionOf(accountId)).toMatchObject({ status: 'PAST_DUE', renewalAttempts: 4 });
    expect((await invoicesOf(accountId)).filter((i) => i.status === 'FAILED')).toHaveLength(4);
    expect(await mailsTo(email, 'We could not charge your card')).toHaveLength(4);

    await runDueBilling(afterEnd(end, 7.2));
    expect((await subscriptionOf(accountId)).status).toBe('CANCELLED');
    expect(await actionsOf(accountId)).toEqual([
      'order_confirmed',
      'renewal_failed',
      'renewal_failed',
      'renewal_failed',
      'renewal_failed',
      'lapse',
    ]);
    const ended = await mailsTo(email, 'Your Grove subscription has ended');
    expect(ended).toHaveLength(1);
    expect(ended[0]!.textBody).toContain('http://127.0.0.1:3000/checkout');
  });

  it('a new card on a past-due subscription is charged at once: ACTIVE, the FAILED invoice stays, a PAID one is written', async () => {
    const { accountId, email, end, headers } = await family(SANDBOX_CARDS.renewalFails);
    await runDueBilling(afterEnd(end, 0.1));
    expect((await subscriptionOf(accountId)).status).toBe('PAST_DUE');

    // The e-mail's link opens Subscription & Billing's card form; the card form calls POST /billing/payment/.
    const [mail] = await mailsTo(email, 'We could not charge your card');
    expect(mail!.textBody).toContain('segment=billing&update_card=1');

    const res = await updateCard(accountId, headers, SANDBOX_CARDS.succeeds);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ last4: '4242', renewal: { outcome: 'renewed' } });
    const after = await subscriptionOf(accountId);
    expect(after).toMatchObject({ status: 'ACTIVE', renewalAttempts: 0 });
    expect(after.currentPeriodStart.getTime()).toBe(end.getTime());
    const statuses = (await invoicesOf(accountId)).map((i) => i.status).sort();
    expect(statuses).toEqual(['FAILED', 'PAID', 'PAID']);
    expect(await actionsOf(accountId)).toEqual(['order_confirmed', 'renewal_failed', 'renewal_charged']);
    expect(await mailsTo(email, 'Your Grove receipt')).toHaveLength(1);

    // Nothing more is due until the next period ends.
    await runDueBilling(afterEnd(end, 1.1));
    expect((await invoicesOf(accountId)).filter((i) => i.status === 'PAID')).toHaveLength(2);
  });

  it('a new card that is refused too records another failure and keeps the subscription past due', async () => {
    const { accountId, end, headers } = await family(SANDBOX_CARDS.renewalFails);
    await runDueBilling(afterEnd(end, 0.1));
    const res = await updateCard(accountId, headers, SANDBOX_CARDS.declined);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().renewal).toMatchObject({ outcome: 'failed' });
    expect(res.json().renewal.detail).toContain('Your card was declined.');
    expect(await subscriptionOf(accountId)).toMatchObject({ status: 'PAST_DUE', renewalAttempts: 2 });
  });

  it('a card update on a running subscription charges nothing', async () => {
    const { accountId, headers } = await family(SANDBOX_CARDS.succeeds);
    const res = await updateCard(accountId, headers, SANDBOX_CARDS.succeeds);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().renewal).toBeUndefined();
    expect(await invoicesOf(accountId)).toHaveLength(1);
  });

  it('the once-failing card: the first renewal fails, the scheduled retry succeeds', async () => {
    const { accountId, end } = await family(SANDBOX_CARDS.renewalFailsOnce);
    await runDueBilling(afterEnd(end, 0.1));
    expect((await subscriptionOf(accountId)).status).toBe('PAST_DUE');
    await runDueBilling(afterEnd(end, 1.1));
    expect(await subscriptionOf(accountId)).toMatchObject({ status: 'ACTIVE', renewalAttempts: 0 });
    expect((await invoicesOf(accountId)).map((i) => i.status).sort()).toEqual(['FAILED', 'PAID', 'PAID']);
  });

  it('staff remove a FAILED invoice (void); a paid one cannot be removed', async () => {
    const { accountId, end } = await family(SANDBOX_CARDS.renewalFails);
    await runDueBilling(afterEnd(end, 0.1));
    const staff = await createStaff(t.db);
    const all = await invoicesOf(accountId);
    const failed = all.find((i) => i.status === 'FAILED')!;
    const paid = all.find((i) => i.status === 'PAID')!;
    const entity = encodeURIComponent(failed.billingEntityName);
    const removed = await t.app.inject({
      method: 'POST',
      url: `/api/v2/billing/invoices/${failed.id}/remove/?billing_entity_name=${entity}`,
      headers: staff.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().status).toBe('VOID');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v2/billing/invoices/${paid.id}/remove/?billing_entity_name=${entity}`,
      headers: staff.headers,
    });
    expect(refused.statusCode).toBe(409);
  });

  it('a card update racing the scheduled retry charges once', async () => {
    for (let round = 0; round < 3; round++) {
      const { accountId, end, headers } = await family(SANDBOX_CARDS.renewalFails);
      await runDueBilling(afterEnd(end, 0.1));
      const sub = await subscriptionOf(accountId);
      const [update] = await Promise.all([
        updateCard(accountId, headers, SANDBOX_CARDS.succeeds),
        runDueBilling(afterEnd(end, 1.1)),
        runDueBilling(afterEnd(end, 1.1)),
      ]);
      expect(update.statusCode, update.body).toBe(200);
      const charges = await renewalCharges(sub.id);
      const succeeded = charges.filter((c) => c.status === 'succeeded');
      const after = await subscriptionOf(accountId);
      const paidRenewals = (await invoicesOf(accountId)).filter(
        (i) => i.status === 'PAID' && i.description.endsWith('renewal'),
      );
      expect(succeeded.length).toBeLessThanOrEqual(1);
      expect(paidRenewals).toHaveLength(succeeded.length);
      expect((await actionsOf(accountId)).filter((a) => a === 'renewal_charged')).toHaveLength(succeeded.length);
      // Each attempt's key charged once.
      expect(new Set(charges.map((c) => c.idempotencyKey)).size).toBe(charges.length);
      if (succeeded.length === 1) expect(after.status).toBe('ACTIVE');
      else expect(after.status).toBe('PAST_DUE');
    }
  });
});
