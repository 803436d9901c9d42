/**
 * Dunning (docs/billing.md, When a payment fails): a renewal the card refuses writes a FAILED
 * invoice, makes the subscription past due, e-mails a link to update the card and is retried on
 * schedule; a new card is charged at once; after the last retry the subscription ends.
 */
import { CARD_UPDATE_MESSAGES, PAYMENT_SERVICE_ERROR_SHORT, SANDBOX_CARDS } from '@grove/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createStaff, issueAccessToken } from '../../../test/factories.ts';
import {
  actionsOf,
  billingDepsAfter,
  buyMonthlyPlan,
  DAY,
  sandboxCard as card,
  subscriptionOf,
} from '../../../test/billing.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import {
  emailOutbox,
  invoices,
  oneTimeTokens,
  sandboxOperations,
  smsOutbox,
  subscriptionActions,
} from '../../db/schema/index.ts';
import { runDueBilling } from './billing.scheduler.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const afterEnd = (end: Date, days: number) => billingDepsAfter(t, end, days);

let n = 0;
/** A family that bought the monthly plan at checkout with `cardNumber`. */
async function family(cardNumber: string) {
  const email = `dunning${Date.now()}${n++}@example.com`;
  const { accountId, userId } = await buyMonthlyPlan(t, { email, cardNumber });
  const headers = authHeaders(await issueAccessToken(t.db, userId));
  const end = (await subscriptionOf(t, accountId)).currentPeriodEnd;
  return { accountId, userId, headers, email, end };
}

const invoicesOf = (accountId: number) => t.db.select().from(invoices).where(eq(invoices.accountId, accountId));
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
/** The token of the signed card-update link in a message. */
const linkToken = (body: string) => /\/update-card\?o=([\w-]+)/.exec(body)![1]!;
const linkUpdate = (token: string, paymentMethod: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/billing/card_update/',
    payload: { o: token, payment_method: paymentMethod },
  });
/** The renewal charges of a subscription at the sandbox provider. */
const renewalCharges = async (subscriptionId: number) =>
  (await t.db.select().from(sandboxOperations).where(eq(sandboxOperations.kind, 'charge'))).filter(
    (charge) => (charge.detail.metadata as Record<string, string> | undefined)?.subscription === String(subscriptionId),
  );

describe('dunning: a renewal the card refuses', () => {
  it('the renewal-failing card pays at checkout; each failed renewal writes a FAILED invoice and e-mails a link; then the subscription ends', async () => {
    const { accountId, email, end, userId, headers } = await family(SANDBOX_CARDS.renewalFails);
    expect((await subscriptionOf(t, accountId)).status).toBe('ACTIVE');
    expect((await invoicesOf(accountId)).map((i) => i.status)).toEqual(['PAID']);

    await runDueBilling(afterEnd(end, 0.1));
    expect(await subscriptionOf(t, accountId)).toMatchObject({ status: 'PAST_DUE', renewalAttempts: 1 });
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
    expect(first[0]!.textBody).toMatch(/http:\/\/127\.0\.0\.1:3000\/update-card\?o=[\w-]{43}/);
    expect(first[0]!.textBody).toMatch(/We will try again on \d\d-\d\d-\d{4}/);

    await runDueBilling(afterEnd(end, 1.1));
    await runDueBilling(afterEnd(end, 3.1));
    await runDueBilling(afterEnd(end, 7.1));
    expect(await subscriptionOf(t, accountId)).toMatchObject({ status: 'PAST_DUE', renewalAttempts: 4 });
    expect((await invoicesOf(accountId)).filter((i) => i.status === 'FAILED')).toHaveLength(4);
    expect(await mailsTo(email, 'We could not charge your card')).toHaveLength(4);

    await runDueBilling(afterEnd(end, 7.2));
    expect((await subscriptionOf(t, accountId)).status).toBe('CANCELLED');
    expect(await actionsOf(t, accountId)).toEqual([
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
    expect((await subscriptionOf(t, accountId)).status).toBe('PAST_DUE');

    // Signed in, Subscription & Billing's card form calls POST /billing/payment/.
    expect(await mailsTo(email, 'We could not charge your card')).toHaveLength(1);

    const res = await updateCard(accountId, headers, SANDBOX_CARDS.succeeds);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ last4: '4242', renewal: { outcome: 'renewed' } });
    const after = await subscriptionOf(t, accountId);
    expect(after).toMatchObject({ status: 'ACTIVE', renewalAttempts: 0 });
    expect(after.currentPeriodStart.getTime()).toBe(end.getTime());
    const statuses = (await invoicesOf(accountId)).map((i) => i.status).sort();
    expect(statuses).toEqual(['FAILED', 'PAID', 'PAID']);
    expect(await actionsOf(t, accountId)).toEqual(['order_confirmed', 'renewal_failed', 'renewal_charged']);
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
    expect(await subscriptionOf(t, accountId)).toMatchObject({ status: 'PAST_DUE', renewalAttempts: 2 });
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
    expect((await subscriptionOf(t, accountId)).status).toBe('PAST_DUE');
    await runDueBilling(afterEnd(end, 1.1));
    expect(await subscriptionOf(t, accountId)).toMatchObject({ status: 'ACTIVE', renewalAttempts: 0 });
    expect((await invoicesOf(accountId)).map((i) => i.status).sort()).toEqual(['FAILED', 'PAID', 'PAID']);
  });

  it('staff remove a FAILED invoice (void); a paid one cannot be removed', async () => {
    const { accountId, end, userId, headers } = await family(SANDBOX_CARDS.renewalFails);
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
    // Voiding changes no subscription: still past due, and the family's banner still says what failed.
    expect((await subscriptionOf(t, accountId)).status).toBe('PAST_DUE');
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/v2/billing/users/${userId}/billing_details/`,
      headers,
    });
    expect(details.json().past_due).toMatchObject({ amount_cents: 3900 });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v2/billing/invoices/${paid.id}/remove/?billing_entity_name=${entity}`,
      headers: staff.headers,
    });
    expect(refused.statusCode).toBe(409);
  });

  it('the e-mailed link opens the card form without signing in: it describes the failure, a good card renews, then it is spent', async () => {
    const { accountId, email, end } = await family(SANDBOX_CARDS.renewalFails);
    await runDueBilling(afterEnd(end, 0.1));
    const [mail] = await mailsTo(email, 'We could not charge your card');
    const token = linkToken(mail!.textBody);
    // Only the token's hash is stored, and the local outbox (the mailbox) keeps the link.
    expect((await t.db.select().from(oneTimeTokens)).some((row) => row.tokenHash === token)).toBe(false);

    const described = await t.app.inject({ method: 'GET', url: `/api/v2/billing/card_update/?o=${token}` });
    expect(described.statusCode, described.body).toBe(200);
    expect(described.json()).toMatchObject({
      first_name: 'Kai',
      email,
      plan_name: expect.any(String),
      payment_method: { last4: '0341' },
      past_due: { amount_cents: 3900, reason: 'Your card was declined. Please use another card.' },
    });

    // Bad input changes nothing: a wrong card shape is a 400 with field messages.
    const bad = await linkUpdate(token, { card: { number: '4242', exp_month: 13, exp_year: 2035, cvc: '1' } });
    expect(bad.statusCode).toBe(400);
    expect((await subscriptionOf(t, accountId)).status).toBe('PAST_DUE');

    // Another refused card: the failure is told, the link still works.
    const refused = await linkUpdate(token, card(SANDBOX_CARDS.declined));
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().renewal).toMatchObject({ outcome: 'failed' });
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/billing/card_update/?o=${token}` })).statusCode).toBe(
      200,
    );

    const saved = await linkUpdate(token, card(SANDBOX_CARDS.succeeds));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ last4: '4242', renewal: { outcome: 'renewed' } });
    expect(await subscriptionOf(t, accountId)).toMatchObject({ status: 'ACTIVE', renewalAttempts: 0 });
    // The parent did it: the history names them.
    const [charged] = await t.db
      .select()
      .from(subscriptionActions)
      .where(and(eq(subscriptionActions.accountId, accountId), eq(subscriptionActions.action, 'renewal_charged')));
    expect(charged!.actorUserId).not.toBeNull();

    for (const spent of [
      await t.app.inject({ method: 'GET', url: `/api/v2/billing/card_update/?o=${token}` }),
      await linkUpdate(token, card(SANDBOX_CARDS.succeeds)),
    ]) {
      expect(spent.statusCode).toBe(404);
      expect(spent.json()).toMatchObject({ code: 'link_invalid', detail: CARD_UPDATE_MESSAGES.linkInvalid });
    }
  });

  it('an unknown or empty link is refused alike', async () => {
    for (const url of ['/api/v2/billing/card_update/?o=nope', '/api/v2/billing/card_update/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('link_invalid');
    }
    expect((await linkUpdate('x'.repeat(43), card(SANDBOX_CARDS.succeeds))).statusCode).toBe(404);
  });

  it('texts the link too, only to a parent who asked for failed-payment texts', async () => {
    const quiet = await family(SANDBOX_CARDS.renewalFails);
    const texted = await family(SANDBOX_CARDS.renewalFails);
    const choice = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/user/privacy/payment_texts/',
      headers: texted.headers,
      payload: { payment_texts: 'on' },
    });
    expect(choice.statusCode, choice.body).toBe(200);
    expect(choice.json().payment_texts).toBe('on');

    await runDueBilling(afterEnd(quiet.end, 0.1));
    await runDueBilling(afterEnd(texted.end, 0.1));
    expect(await t.db.select().from(smsOutbox).where(eq(smsOutbox.userId, quiet.userId))).toHaveLength(0);
    const [text] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.userId, texted.userId));
    expect(text).toMatchObject({ toNumber: '+12015550123', template: 'payment_failed' });
    expect(text!.body).toContain('$39.00');
    // Its own link, which works like the e-mail's.
    const token = linkToken(text!.body);
    const [mail] = await mailsTo(texted.email, 'We could not charge your card');
    expect(linkToken(mail!.textBody)).not.toBe(token);
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/billing/card_update/?o=${token}` })).statusCode).toBe(
      200,
    );
  });

  it('"E-mail me a link" sends the signed link; the new card is used from the next charge on', async () => {
    const { accountId, email, headers } = await family(SANDBOX_CARDS.succeeds);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v2/billing/payment/request_update_email/',
      headers,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const [mail] = await mailsTo(email, 'Update your Grove payment method');
    const saved = await linkUpdate(linkToken(mail!.textBody), card(SANDBOX_CARDS.succeeds));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().renewal).toBeUndefined();
    expect(await invoicesOf(accountId)).toHaveLength(1);
  });

  it('a payment-service failure at renewal is told in the short form: there is nothing for the family to retry', async () => {
    const { accountId, email, end, headers } = await family(SANDBOX_CARDS.succeeds);
    expect((await updateCard(accountId, headers, SANDBOX_CARDS.serviceError)).statusCode).toBe(200);
    await runDueBilling(afterEnd(end, 0.1));
    expect((await subscriptionOf(t, accountId)).status).toBe('PAST_DUE');
    const [failed] = (await invoicesOf(accountId)).filter((i) => i.status === 'FAILED');
    expect(failed!.description).toContain(`payment failed: ${PAYMENT_SERVICE_ERROR_SHORT}`);
    expect(failed!.description).not.toContain('Please try again.');
    const [mail] = await mailsTo(email, 'We could not charge your card');
    expect(mail!.textBody).toContain(`(${PAYMENT_SERVICE_ERROR_SHORT})`);
  });

  it('a card update racing the scheduled retry charges once', async () => {
    for (let round = 0; round < 3; round++) {
      const { accountId, end, headers } = await family(SANDBOX_CARDS.renewalFails);
      await runDueBilling(afterEnd(end, 0.1));
      const sub = await subscriptionOf(t, accountId);
      const [update] = await Promise.all([
        updateCard(accountId, headers, SANDBOX_CARDS.succeeds),
        runDueBilling(afterEnd(end, 1.1)),
        runDueBilling(afterEnd(end, 1.1)),
      ]);
      expect(update.statusCode, update.body).toBe(200);
      const charges = await renewalCharges(sub.id);
      const succeeded = charges.filter((c) => c.status === 'succeeded');
      const after = await subscriptionOf(t, accountId);
      const paidRenewals = (await invoicesOf(accountId)).filter(
        (i) => i.status === 'PAID' && i.description.endsWith('renewal'),
      );
      expect(succeeded.length).toBeLessThanOrEqual(1);
      expect(paidRenewals).toHaveLength(succeeded.length);
      expect((await actionsOf(t, accountId)).filter((a) => a === 'renewal_charged')).toHaveLength(succeeded.length);
      // Each attempt's key charged once.
      expect(new Set(charges.map((c) => c.idempotencyKey)).size).toBe(charges.length);
      if (succeeded.length === 1) expect(after.status).toBe('ACTIVE');
      else expect(after.status).toBe('PAST_DUE');
    }
  });
});
