/**
 * Checkout and the subscription flows through the real API and database, with the sandbox payment
 * provider (SPEC §4, §7 Billing; issue 11). Money and state must never be lost or doubled.
 */
import { RENEW_RETURNED_MESSAGE, SANDBOX_CARDS } from '@grove/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoach, createParent, createStaff, issueAccessToken, authHeaders } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import {
  accounts,
  emailOutbox,
  invoices,
  orders,
  promoCodes,
  refunds,
  sandboxOperations,
  shipments,
  subscriptionActions,
  subscriptions,
  users,
} from '../../db/schema/index.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await t.db.insert(promoCodes).values([
    { code: 'WELCOME10', externalId: 'promo_welcome10', percentOff: 10 },
    { code: 'FIVEOFF', externalId: 'promo_fiveoff', amountOff: 500, planTags: ['yearly'] },
    { code: 'OLD', externalId: 'promo_old', percentOff: 50, expiresAt: new Date('2020-01-01T00:00:00Z') },
    { code: 'ONCE', externalId: 'promo_once', amountOff: 1000, maxRedemptions: 1 },
    // The demo codes of the README (seed/billing.ts): each for some plans only.
    { code: 'SPRING20', externalId: 'promo_spring20', amountOff: 2000, planTags: ['default', 'spring-trial'] },
    { code: 'YEARLY50', externalId: 'promo_yearly50', amountOff: 5000, planTags: ['yearly'] },
  ]);
});
afterAll(async () => t?.close());

let unique = 0;
const nextEmail = () => `family${Date.now()}${unique++}@example.com`;

function checkoutBody(overrides: Record<string, unknown> = {}) {
  return {
    plan_tag: 'default',
    first_name: 'Dana',
    last_name: 'Whitfield',
    email: nextEmail(),
    phonenumber: '2015550123',
    country: 'US',
    shipping: { address_1: '12 Elm Street', city: 'Springfield', state: 'IL', zipcode: '62701', country: 'US' },
    ...overrides,
  };
}

const card = (number: string = SANDBOX_CARDS.succeeds) => ({
  card: { number, exp_month: 12, exp_year: 2035, cvc: '123' },
});

async function createOrder(body = checkoutBody(), headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v2/billing/order/', payload: body, headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const confirm = (order: string, paymentMethod = card(), headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/billing/order/confirm/',
    payload: { order, payment_method: paymentMethod, consent: true },
    headers,
  });

/** A family that checked out as new visitors, signed in. */
async function subscribedFamily(plan = 'default') {
  const order = await createOrder(checkoutBody({ plan_tag: plan }));
  const res = await confirm(order.external_id);
  expect(res.statusCode, res.body).toBe(200);
  const accountId = res.json().subscription.account_id as number;
  const [parent] = await t.db.select().from(users).where(eq(users.accountId, accountId));
  const token = await issueAccessToken(t.db, parent!.id);
  return { accountId, user: parent!, headers: authHeaders(token), order: res.json().order };
}

const flow = (path: string, accountId: number, headers: Record<string, string>, payload?: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/billing/${path.replace('{id}', String(accountId))}`,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });

describe('program plans and rules', () => {
  it('answers the plan of a tag, and the default plan for an unknown tag (said in the answer)', async () => {
    const yearly = (await t.app.inject({ method: 'GET', url: '/api/v2/billing/program_plan/?tag=yearly' })).json();
    expect(yearly).toMatchObject({
      plan: { tag: 'yearly', billing_period: 'year', price_cents: 39000 },
      fallback: false,
    });
    const unknown = (await t.app.inject({ method: 'GET', url: '/api/v2/billing/program_plan/?tag=nope' })).json();
    expect(unknown).toMatchObject({ plan: { tag: 'default' }, requested_tag: 'nope', fallback: true });
    expect(unknown.plans.map((plan: { tag: string }) => plan.tag)).toContain('PROFESSIONAL');
    const rules = (await t.app.inject({ method: 'GET', url: '/api/v2/billing/rules/' })).json();
    expect(rules).toMatchObject({ grace_days: 30, return_days: 30, pause_months: { min: 1, max: 3 } });
  });
});

describe('promo codes', () => {
  it('answers a usable code with the spec’s fields, and why another cannot be used', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/v2/billing/promo/welcome10/' });
    expect(ok.json()).toEqual({
      external_id: 'promo_welcome10',
      codeString: 'WELCOME10',
      amount_off: 0,
      percent_off: 10,
      expires_at: null,
      plan_tags: [],
    });
    const detail = async (url: string) => (await t.app.inject({ method: 'GET', url })).json().detail;
    expect(await detail('/api/v2/billing/promo/NOPE/')).toBe('This promo code does not exist.');
    expect(await detail('/api/v2/billing/promo/OLD/')).toBe('This promo code has expired.');
    expect(await detail('/api/v2/billing/promo/FIVEOFF/?plan=default')).toBe('FIVEOFF is for the yearly plan only.');
    const bad = await t.app.inject({ method: 'GET', url: '/api/v2/billing/promo/a%00b/' });
    expect(bad.statusCode).toBe(400);
  });

  it('checks a code against the chosen plan, and names the plans it is for in words when it does not apply', async () => {
    const look = (code: string, plan: string) =>
      t.app.inject({ method: 'GET', url: `/api/v2/billing/promo/${code}/?plan=${plan}` });
    for (const plan of ['default', 'spring-trial']) {
      const ok = await look('SPRING20', plan);
      expect(ok.statusCode, plan).toBe(200);
      expect(ok.json()).toMatchObject({
        codeString: 'SPRING20',
        amount_off: 2000,
        plan_tags: ['default', 'spring-trial'],
      });
    }
    expect((await look('yearly50', 'YEARLY')).json()).toMatchObject({ codeString: 'YEARLY50', amount_off: 5000 });

    const spring = await look('spring20', 'yearly');
    expect(spring.statusCode).toBe(404);
    expect(spring.json()).toEqual({ detail: 'SPRING20 is for monthly plans only.', code: 'promo_invalid' });
    const yearly = await look('YEARLY50', 'default');
    expect(yearly.statusCode).toBe(404);
    expect(yearly.json()).toEqual({ detail: 'YEARLY50 is for the yearly plan only.', code: 'promo_invalid' });
    expect((await look('YEARLY50', 'PROFESSIONAL')).json().detail).toBe('YEARLY50 is for the yearly plan only.');
    // A code for every plan applies to each.
    expect((await look('WELCOME10', 'yearly')).statusCode).toBe(200);
  });

  it('refuses an order whose code is for another plan, with the same sentence', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/billing/order/',
      payload: checkoutBody({ plan_tag: 'yearly', promo_code: 'SPRING20' }),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'SPRING20 is for monthly plans only.', code: 'promo_invalid' });
  });

  it('refuses guessing: past 20 look-ups from one address in 10 minutes it answers 429', async () => {
    const look = (i: number) =>
      t.app.inject({ method: 'GET', url: `/api/v2/billing/promo/GUESS${i}/`, remoteAddress: '10.9.8.7' });
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await look(i)).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 404)).toBe(true);
    const last = await look(99);
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
    expect(last.json().detail).toBe('Too many promo codes tried. Please wait a few minutes and try again.');
  });
});

describe('checkout', () => {
  it('checks the order form with the shared rules and messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/billing/order/',
      payload: checkoutBody({
        first_name: 'x'.repeat(57),
        email: 'not-an-email',
        phonenumber: '123',
        shipping: { address_1: '', city: 'Spr1ngfield', state: 'ZZ', zipcode: '62 701!', country: 'US' },
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      first_name: ['Name must be less than 56 characters'],
      email: ['Please input a valid email'],
      phonenumber: ['Please input a valid phone number'],
      'shipping.address_1': ['Address is required'],
      'shipping.city': ['Please input a valid city'],
      'shipping.state': ['Please select a valid state'],
      'shipping.zipcode': ['Please input a valid Zipcode'],
    });
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n).toBe(0);
  });

  it('refuses a NUL in any text of the order with a field message, storing nothing', async () => {
    const body = checkoutBody({
      country: 'GB',
      phonenumber: '07400123456',
      shipping: { address_1: '1 High St', city: 'London', state: 'Lon\u0000don', zipcode: 'SW1A 1AA', country: 'GB' },
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/billing/order/', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ 'shipping.state': ['Remove the control characters (such as NUL) from this text.'] });
    expect(await t.db.select().from(orders).where(eq(orders.email, body.email))).toEqual([]);
  });

  it('creates an order once per Idempotency-Key', async () => {
    const body = checkoutBody();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/billing/order/',
        payload: body,
        headers: { 'idempotency-key': `order-${body.email}` },
      });
    const [first, second] = [await send(), await send()];
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().external_id).toBe(first.json().external_id);
    expect(await t.db.select().from(orders).where(eq(orders.email, body.email))).toHaveLength(1);
  });

  it('accepts a PO Box and says it ships by ground; applies a promo code to the total', async () => {
    const order = await createOrder(
      checkoutBody({
        promo_code: 'welcome10',
        shipping: { address_1: 'P.O. Box 123', city: 'Springfield', state: 'IL', zipcode: '62701', country: 'US' },
      }),
    );
    expect(order).toMatchObject({
      status: 'PENDING',
      po_box: true,
      subtotal_cents: 3900,
      discount_cents: 390,
      total_cents: 3510,
      promo_code: 'WELCOME10',
    });
  });

  it('a new visitor pays: account, parent, subscription, invoice, kit shipment and the set-password e-mail', async () => {
    const body = checkoutBody({ promo_code: 'WELCOME10' });
    const order = await createOrder(body);
    const res = await confirm(order.external_id);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      order: { status: 'CONFIRMED', total_cents: 3510 },
      subscription: { status: 'ACTIVE' },
      set_password_email_sent: true,
    });
    expect(answer.order.number).toMatch(/^GRV-ORD-\d{4}-\d{6}$/);
    const accountId = answer.subscription.account_id;
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(account!.accountStatus).toBe('ACTIVE');
    const [parent] = await t.db.select().from(users).where(eq(users.accountId, accountId));
    expect(parent).toMatchObject({
      email: body.email,
      isBillingUser: true,
      billingStatus: 'ACTIVE',
      passwordHash: null,
    });
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.accountId, accountId));
    expect(invoice).toMatchObject({ status: 'PAID', amountCents: 3510, cardLabel: 'Visa •••• 4242' });
    const [shipment] = await t.db.select().from(shipments).where(eq(shipments.accountId, accountId));
    expect(shipment).toMatchObject({ kind: 'kit', carrier: 'UPS', status: 'LABEL_CREATED' });
    expect(shipment!.items).toContain('Grove heart-rate chest band');
    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, body.email));
    expect(mail.map((m) => m.template).sort()).toEqual(['access_invite', 'billing_notice']);
    expect(mail.find((m) => m.template === 'access_invite')!.textBody).toMatch(/\/start\?o=/);
    const charges = await t.db
      .select()
      .from(sandboxOperations)
      .where(and(eq(sandboxOperations.kind, 'charge'), eq(sandboxOperations.status, 'succeeded')));
    expect(charges.filter((c) => (c.detail.metadata as { order?: string }).order === order.external_id)).toHaveLength(
      1,
    );
  });

  it('a declined card leaves no paid order, and another card then succeeds', async () => {
    const order = await createOrder();
    const declined = await confirm(order.external_id, card(SANDBOX_CARDS.declined));
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({
      detail: 'Your card was declined. Please use another card.',
      code: 'card_declined',
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.externalId, order.external_id));
    expect(row).toMatchObject({ status: 'PAYMENT_FAILED', accountId: null, dateConfirmed: null });
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.orderId, row!.id))).toEqual([]);
    const ok = await confirm(order.external_id);
    expect(ok.statusCode).toBe(200);
  });

  it('answers a payment-service failure with the spec’s text', async () => {
    const order = await createOrder();
    const res = await confirm(order.external_id, card(SANDBOX_CARDS.serviceError));
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      detail: 'We’ve experienced an unexpected issue with our payment service. Please try again.',
      code: 'billing_dates_passed',
    });
  });

  it('20 concurrent identical confirms make one order, one charge, one subscription', async () => {
    const order = await createOrder();
    const answers = await Promise.all(Array.from({ length: 20 }, () => confirm(order.external_id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const accountIds = new Set(answers.map((a) => a.json().subscription.account_id));
    expect(accountIds.size).toBe(1);
    const [row] = await t.db.select().from(orders).where(eq(orders.externalId, order.external_id));
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.orderId, row!.id))).toHaveLength(1);
    const charges = (await t.db.select().from(sandboxOperations).where(eq(sandboxOperations.kind, 'charge'))).filter(
      (c) => (c.detail.metadata as { order?: string }).order === order.external_id,
    );
    expect(charges).toHaveLength(1);
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, row!.id))).toHaveLength(1);
  });

  it('replays an Idempotency-Key’s first answer, and refuses the key with another body', async () => {
    const order = await createOrder();
    const headers = { 'idempotency-key': `confirm-${order.external_id}` };
    const first = await confirm(order.external_id, card(), headers);
    const again = await confirm(order.external_id, card(), headers);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await confirm(order.external_id, card('4000056655665556'), headers);
    expect(other.statusCode).toBe(422);
  });

  it('a signed-in family that has not bought yet checks out into its own account', async () => {
    const family = await createParent(t.db, { user: { billingStatus: 'NOT_PURCHASED', isBillingUser: false } });
    await t.db.update(accounts).set({ accountStatus: 'NOT_PURCHASED' }).where(eq(accounts.id, family.account.id));
    const order = await createOrder(checkoutBody({ email: family.user.email }), family.headers);
    const res = await confirm(order.external_id, card(), family.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      subscription: { account_id: family.account.id },
      set_password_email_sent: false,
    });
    const info = (await t.app.inject({ method: 'GET', url: '/api/v2/user/info/', headers: family.headers })).json();
    expect(info).toMatchObject({
      is_billing_user: true,
      account: { account_status: 'ACTIVE' },
      billing_status: { status_name: 'ACTIVE' },
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v2/billing/order/',
      payload: checkoutBody(),
      headers: family.headers,
    });
    expect(again.statusCode).toBe(409);
  });

  it('a trial plan charges nothing at checkout and shows when the trial ends', async () => {
    const { accountId, headers } = await subscribedFamily('spring-trial');
    const [sub] = (
      await t.app.inject({ method: 'GET', url: `/api/v2/billing/accounts/${accountId}/subscriptions/`, headers })
    ).json().results;
    expect(sub).toMatchObject({ status: 'TRIAL', plan: { tag: 'spring-trial' } });
    expect(await t.db.select().from(invoices).where(eq(invoices.accountId, accountId))).toEqual([]);
    const trials = (
      await t.app.inject({ method: 'GET', url: `/api/v2/billing/accounts/${accountId}/order_trials/`, headers })
    ).json();
    expect(trials).toEqual([expect.objectContaining({ plan_tag: 'spring-trial', active: true })]);
  });
});

describe('the subscription flows', () => {
  it('cancel request → pending with the end date 30 days on; undo → active again; every step is listed', async () => {
    const { accountId, headers } = await subscribedFamily();
    const request = await flow('account/{id}/subscription/cancel/request/', accountId, headers, {
      reason: 'too_expensive',
      comment: 'Money is tight',
    });
    expect(request.statusCode, request.body).toBe(200);
    const sub = request.json().subscription;
    expect(sub.status).toBe('PENDING_CANCELLATION');
    const days = (new Date(sub.cancel_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect(request.json().detail).toMatch(/^Your subscription ends on \d\d-\d\d-\d{4} /);
    const undo = await flow('account/{id}/subscription/cancel/undo/', accountId, headers);
    expect(undo.json().subscription).toMatchObject({ status: 'ACTIVE', cancel_at: null });
    const again = await flow('account/{id}/subscription/cancel/undo/', accountId, headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'There is no cancellation to undo.', code: 'invalid_transition' });
    const actions = (
      await t.app.inject({ method: 'GET', url: `/api/v3/subscription_actions/?account=${accountId}&page=1`, headers })
    ).json();
    expect(actions.results.map((a: { action: string }) => a.action)).toEqual([
      'cancel_undo',
      'cancel_request',
      'order_confirmed',
    ]);
    expect(actions.results[1]).toMatchObject({
      from_status: 'ACTIVE',
      to_status: 'PENDING_CANCELLATION',
      reason: 'It costs too much right now: Money is tight',
      actor: { kind: 'parent' },
    });
  });

  it('staff confirm a pending cancellation; a parent may not', async () => {
    const { accountId, headers } = await subscribedFamily();
    const staff = await createStaff(t.db);
    await flow('account/{id}/subscription/cancel/request/', accountId, headers, { reason: 'reached_goals' });
    expect((await flow('account/{id}/subscription/cancel/confirm/', accountId, headers)).statusCode).toBe(403);
    const confirmed = await flow('account/{id}/subscription/cancel/confirm/', accountId, staff.headers);
    expect(confirmed.json().subscription).toMatchObject({ status: 'CANCELLED' });
    const [parent] = await t.db.select().from(users).where(eq(users.accountId, accountId));
    expect(parent!.billingStatus).toBe('CANCELLED');
  });

  it('pauses for 1–3 months (not more), nothing charged; resumes early', async () => {
    const { accountId, headers } = await subscribedFamily();
    expect((await flow('account/{id}/subscription/pause/', accountId, headers, { months: 4 })).json()).toEqual({
      months: ['Must be between 1 and 3 months.'],
    });
    const before = (
      await t.app.inject({ method: 'GET', url: `/api/v2/billing/accounts/${accountId}/subscriptions/`, headers })
    ).json().results[0];
    const paused = await flow('account/{id}/subscription/pause/', accountId, headers, { months: 2 });
    expect(paused.json().subscription).toMatchObject({ status: 'PAUSED', next_charge_cents: null });
    expect(new Date(paused.json().subscription.current_period_end).getTime()).toBeGreaterThan(
      new Date(before.current_period_end).getTime() + 58 * 86_400_000,
    );
    expect((await flow('account/{id}/subscription/pause/', accountId, headers, { months: 1 })).statusCode).toBe(409);
    const resumed = await flow('account/{id}/subscription/resume/', accountId, headers);
    expect(resumed.json().subscription).toMatchObject({ status: 'ACTIVE', paused_until: null });
    expect(
      Math.abs(
        new Date(resumed.json().subscription.current_period_end).getTime() -
          new Date(before.current_period_end).getTime(),
      ),
    ).toBeLessThan(60_000);
  });

  it('a return is requested by the parent, then confirmed by staff with a refund; or declined', async () => {
    const first = await subscribedFamily();
    const staff = await createStaff(t.db);
    const requested = await flow('accounts/{id}/return/request/', first.accountId, first.headers);
    expect(requested.json().subscription.status).toBe('RETURN_REQUESTED');
    // The kit comes back with a prepaid label: a return shipment from the kit's address.
    const parcels = () =>
      t.db.select().from(shipments).where(eq(shipments.accountId, first.accountId)).orderBy(shipments.id);
    const [kit, parcel] = await parcels();
    expect(parcel).toMatchObject({
      kind: 'return',
      status: 'LABEL_CREATED',
      items: kit!.items,
      shipping: kit!.shipping,
    });
    const confirmed = await flow('accounts/{id}/return/confirm/', first.accountId, staff.headers);
    expect(confirmed.json().subscription.status).toBe('RETURNED');
    expect((await parcels())[1]).toMatchObject({ kind: 'return', status: 'RETURNED' });
    // Staff "renew" on a returned subscription says what is true: the family starts again from checkout.
    const renewReturned = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/admin/billing/account/${first.accountId}/renew/`,
      headers: staff.headers,
    });
    expect(renewReturned.statusCode).toBe(409);
    expect(renewReturned.json().detail).toBe(RENEW_RETURNED_MESSAGE);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.accountId, first.accountId));
    expect(invoice).toMatchObject({ status: 'REFUNDED', refundedCents: 3900 });
    expect(await t.db.select().from(refunds).where(eq(refunds.invoiceId, invoice!.id))).toHaveLength(1);

    const second = await subscribedFamily();
    await flow('accounts/{id}/return/request/', second.accountId, second.headers);
    const declined = await flow('accounts/{id}/return/decline/', second.accountId, staff.headers, {
      reason: 'The band was damaged.',
    });
    expect(declined.json().subscription.status).toBe('ACTIVE');
    expect((await flow('accounts/{id}/return/confirm/', second.accountId, second.headers)).statusCode).toBe(403);
  });

  it('renew decline ends at the period end; renew keeps it; an ended one is charged again', async () => {
    const { accountId, headers } = await subscribedFamily();
    const declined = await flow('account/{id}/renew/decline/', accountId, headers);
    expect(declined.json().subscription.status).toBe('PENDING_CANCELLATION');
    expect(declined.json().subscription.cancel_at).toBe(declined.json().subscription.current_period_end);
    const renewed = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/billing/order/renew/',
      headers,
      payload: { account: accountId },
    });
    expect(renewed.json().subscription).toMatchObject({ status: 'ACTIVE', cancel_at: null });
    const staff = await createStaff(t.db);
    await flow('account/{id}/subscription/cancel/request/', accountId, headers, { reason: 'other' });
    await flow('account/{id}/subscription/cancel/confirm/', accountId, staff.headers);
    const restarted = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/admin/billing/account/${accountId}/renew/`,
      headers: staff.headers,
    });
    expect(restarted.json().subscription.status).toBe('ACTIVE');
    expect(await t.db.select().from(invoices).where(eq(invoices.accountId, accountId))).toHaveLength(2);
  });

  it('concurrent identical requests: exactly one transition wins, the others answer 409', async () => {
    const { accountId, headers } = await subscribedFamily();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        flow('account/{id}/subscription/cancel/request/', accountId, headers, { reason: 'other' }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const rows = await t.db
      .select()
      .from(subscriptionActions)
      .where(and(eq(subscriptionActions.accountId, accountId), eq(subscriptionActions.action, 'cancel_request')));
    expect(rows).toHaveLength(1);
  });

  it('another family, a coach and the anonymous cannot touch a subscription', async () => {
    const { accountId } = await subscribedFamily();
    const other = await createParent(t.db);
    const coach = await createCoach(t.db);
    expect(
      (await flow('account/{id}/subscription/cancel/request/', accountId, other.headers, { reason: 'other' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await flow('account/{id}/subscription/cancel/request/', accountId, coach.headers, { reason: 'other' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await flow('account/{id}/subscription/cancel/request/', accountId, {}, { reason: 'other' })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v2/billing/accounts/${accountId}/invoices/`,
          headers: other.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v3/subscription_actions/?account=${accountId}`,
          headers: other.headers,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('partner-covered accounts (tagged magellan)', () => {
  it('have no card checkout and no billing flows, said in words', async () => {
    const family = await createParent(t.db, { tags: ['Magellan'], user: { billingStatus: 'NOT_PURCHASED' } });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/v2/billing/order/',
      payload: checkoutBody(),
      headers: family.headers,
    });
    expect(order.statusCode).toBe(409);
    expect(order.json()).toMatchObject({ code: 'partner_covered' });
    const cancel = await flow('account/{id}/subscription/cancel/request/', family.account.id, family.headers, {
      reason: 'other',
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().detail).toMatch(/covered by your partner/);
  });
});

describe('invoices and billing details', () => {
  it('staff refund part of an invoice, then the rest; the billing entity must match', async () => {
    const { accountId, headers, user } = await subscribedFamily();
    const staff = await createStaff(t.db);
    const [invoice] = (
      await t.app.inject({ method: 'GET', url: `/api/v2/billing/accounts/${accountId}/invoices/`, headers })
    ).json().results;
    const refund = (query: string, payload: Record<string, unknown>, h = staff.headers) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v2/billing/invoices/${invoice.id}/refund/?${query}`,
        headers: h,
        payload,
      });
    expect((await refund('billing_entity_name=Someone%20Else', { reason: 'x' })).statusCode).toBe(400);
    expect(
      (await refund(`billing_entity_name=${encodeURIComponent(invoice.billing_entity_name)}`, { reason: 'x' }, headers))
        .statusCode,
    ).toBe(403);
    const part = await refund(`billing_entity_name=${encodeURIComponent(invoice.billing_entity_name)}`, {
      amount_cents: 900,
      reason: 'Late kit',
    });
    expect(part.json()).toMatchObject({ status: 'PARTIALLY_REFUNDED', refunded_cents: 900 });
    const tooMuch = await refund(`billing_entity_name=${encodeURIComponent(invoice.billing_entity_name)}`, {
      amount_cents: 5000,
      reason: 'x',
    });
    expect(tooMuch.json()).toEqual({ amount_cents: ['At most $30.00 is left to refund.'] });
    const rest = await refund(`billing_entity_name=${encodeURIComponent(invoice.billing_entity_name)}`, {
      reason: 'Goodwill',
    });
    expect(rest.json()).toMatchObject({ status: 'REFUNDED', refunded_cents: 3900 });

    const details = (
      await t.app.inject({ method: 'GET', url: `/api/v2/billing/users/${user.id}/billing_details/`, headers })
    ).json();
    expect(details).toMatchObject({
      payment_method: { brand: 'Visa', last4: '4242' },
      subscription_status: 'ACTIVE',
      next_charge_cents: 3900,
    });
    const newCard = await t.app.inject({
      method: 'POST',
      url: '/api/v2/billing/payment/',
      headers,
      payload: { account: accountId, payment_method: card('5555555555554444') },
    });
    expect(newCard.json()).toEqual({ brand: 'Mastercard', last4: '4444', exp_month: 12, exp_year: 2035 });
    const orders = (await t.app.inject({ method: 'GET', url: '/api/v2/user/info/orders/', headers })).json();
    expect(orders.results[0]).toMatchObject({ status: 'CONFIRMED' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v2/billing/accounts/${accountId}/order/`, headers })).json()
        .status,
    ).toBe('CONFIRMED');
  });
});
