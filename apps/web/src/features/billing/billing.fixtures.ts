/**
 * Billing answers for component tests, as the API answers them (apps/api billing.service.ts), and
 * a small stateful fake of the subscription flows: each flow checks the domain's transition rule
 * (409 invalid_transition otherwise), changes the subscription and appends to the history.
 */
import { addMonths, CANCEL_REASONS, transition, type SubscriptionStatus } from '@grove/domain';
import type {
  BillingDetails,
  BillingRules,
  FlowAnswer,
  Invoice,
  InvoicePage,
  Subscription,
  SubscriptionActionEntry,
} from '@grove/domain/api/billing';
import { billingApi } from '@grove/domain/api/endpoints/billing';

import type { FakeHandler, FakeRequest, FakeRoute } from '../../../test/fake-api.ts';
import type { ParentFlow } from './billing.api.ts';

/** 12:00:00 PM in New York on Friday 20 November 2026: "now" in the billing tests. */
export const NOW = new Date('2026-11-20T17:00:00.000Z');
const DAY = 86_400_000;

export const YEARLY_PLAN: Subscription['plan'] = {
  tag: 'yearly',
  name: 'Grove Family — yearly',
  description: 'The full program, paid once a year: two months free compared with monthly.',
  price_cents: 39000,
  currency: 'usd',
  billing_period: 'year',
  trial_days: 0,
  grace_days: 30,
  return_days: 30,
  includes_kit: true,
  kit_items: ['Grove heart-rate chest band', 'Band charging cable', 'Tablet stand'],
};

/** parent@example.com's subscription: ACTIVE, yearly, renewing on 03-01-2027 10:00:00 AM EST. */
export function subscriptionFixture(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 31,
    account_id: 1,
    status: 'ACTIVE',
    plan: YEARLY_PLAN,
    current_period_start: '2026-03-01T15:00:00.000Z',
    current_period_end: '2027-03-01T15:00:00.000Z',
    trial_ends_at: null,
    cancel_at: null,
    cancel_reason: null,
    paused_until: null,
    return_deadline: '2025-04-01T15:00:00.000Z',
    cancelled_at: null,
    next_charge_cents: 39000,
    ...overrides,
  };
}

export const RULES: BillingRules = {
  grace_days: 30,
  return_days: 30,
  pause_months: { min: 1, max: 3 },
  renewal_retry_days: [1, 3, 7],
  cancel_reasons: CANCEL_REASONS.map((reason) => ({ ...reason })),
  retention_offers: {
    pause: 'Pause instead: keep your progress and pay nothing for 1 to 3 months.',
    coaching: 'Book a free coaching call: a coach helps your child get back into the games.',
    band_help: 'Let us help with the band: most connection problems are solved in five minutes.',
  },
};

export function detailsFixture(subscription: Subscription): BillingDetails {
  return {
    user_id: 6,
    account_id: 1,
    billing_email: 'parent@example.com',
    payment_method: { brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2029 },
    subscription_status: subscription.status,
    next_charge_at: subscription.next_charge_cents !== null ? subscription.current_period_end : null,
    next_charge_cents: subscription.next_charge_cents,
    currency: 'usd',
  };
}

export function invoiceFixture(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 71,
    external_id: 'in_sandbox_71',
    number: 'GRV-2026-000071',
    billing_entity_name: 'Grove Health, Inc.',
    status: 'PARTIALLY_REFUNDED',
    description: 'Grove Family — yearly — renewal',
    period_start: '2026-03-01T15:00:00.000Z',
    period_end: '2027-03-01T15:00:00.000Z',
    amount_cents: 39000,
    refunded_cents: 5000,
    currency: 'usd',
    card: 'Visa •••• 4242',
    date: '2026-03-01T15:00:00.000Z',
    ...overrides,
  };
}

/** A family's billing on the fake API: its subscription, card, invoices and history, and the flows. */
export type FakeBilling = {
  subscription: Subscription;
  history: SubscriptionActionEntry[];
  /** Answers the next flow call with this instead of running it. */
  nextAnswer: { status: number; body: unknown } | null;
};

export function fakeBilling(subscription: Subscription = subscriptionFixture()): FakeBilling {
  return {
    subscription,
    nextAnswer: null,
    history: [
      {
        id: 1,
        account_id: 1,
        action: 'order_confirmed',
        from_status: null,
        to_status: 'ACTIVE',
        reason: null,
        actor: { id: 6, name: 'Jordan Parker', kind: 'parent' },
        created_at: '2025-03-01T15:00:00.000Z',
      },
    ],
  };
}

function previousOf(state: FakeBilling): SubscriptionStatus | null {
  const last = state.history[0];
  return (last?.from_status as SubscriptionStatus | null | undefined) ?? null;
}

/** The answers of one flow on the fake: the domain's rule, then the change the server makes. */
function flowHandler(state: FakeBilling, action: ParentFlow): FakeHandler {
  return (request: FakeRequest) => {
    if (state.nextAnswer) {
      const answer = state.nextAnswer;
      state.nextAnswer = null;
      return answer;
    }
    const sub = state.subscription;
    const step = transition(action, sub.status, previousOf(state));
    if (!step.ok) return { status: 409, body: { detail: step.reason, code: 'invalid_transition' } };
    const now = new Date();
    let next: Subscription = { ...sub, status: step.to };
    let detail = '';
    const body = (request.body ?? {}) as { months?: number; reason?: string };
    switch (action) {
      case 'cancel_request': {
        const cancelAt = new Date(now.getTime() + 30 * DAY).toISOString();
        next = { ...next, cancel_at: cancelAt, cancel_reason: body.reason ?? null, next_charge_cents: null };
        detail = 'Your subscription ends on 12-20-2026 12:00:00 PM EST. Until then everything keeps working.';
        break;
      }
      case 'cancel_undo':
        next = { ...next, cancel_at: null, cancel_reason: null, next_charge_cents: sub.plan.price_cents };
        detail = 'Your cancellation is undone: your subscription continues.';
        break;
      case 'pause': {
        const until = addMonths(now, body.months ?? 1);
        next = {
          ...next,
          paused_until: until.toISOString(),
          next_charge_cents: null,
          current_period_end: new Date(
            new Date(sub.current_period_end).getTime() + until.getTime() - now.getTime(),
          ).toISOString(),
        };
        detail = 'Your subscription is paused. Nothing is charged while it is paused.';
        break;
      }
      case 'resume':
        next = { ...next, paused_until: null, next_charge_cents: sub.plan.price_cents };
        detail = 'Welcome back! Your subscription is running again.';
        break;
      case 'renew_decline':
        next = { ...next, cancel_at: sub.current_period_end, next_charge_cents: null };
        detail = 'Your subscription will not renew.';
        break;
      case 'renew_confirm':
        next = { ...next, cancel_at: null, next_charge_cents: sub.plan.price_cents };
        detail = 'Your subscription is renewed.';
        break;
      case 'return_request':
        detail = 'We received your return request.';
        break;
    }
    state.subscription = next;
    state.history.unshift({
      id: state.history.length + 1,
      account_id: 1,
      action,
      from_status: sub.status,
      to_status: next.status,
      reason: null,
      actor: { id: 6, name: 'Jordan Parker', kind: 'parent' },
      created_at: now.toISOString(),
    });
    const answer: FlowAnswer = { subscription: next, detail };
    return { body: answer };
  };
}

/** The billing routes of account 1 / user 6 on the fake API, answering from `state`. */
export function billingRoutes(state: FakeBilling, invoices: Invoice[] = [invoiceFixture()]): FakeRoute[] {
  const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
  return [
    [billingApi.rules, { body: RULES }],
    [billingApi.subscriptions, () => ({ body: { count: 1, results: [state.subscription] } }), { id: 1 }],
    [billingApi.billingDetails, () => ({ body: detailsFixture(state.subscription) }), { id: 6 }],
    [billingApi.invoices, { body: page(invoices) satisfies InvoicePage }, { id: 1 }],
    [billingApi.actions, () => ({ body: page(state.history) })],
    [billingApi.cancelRequest, flowHandler(state, 'cancel_request'), { id: 1 }],
    [billingApi.cancelUndo, flowHandler(state, 'cancel_undo'), { id: 1 }],
    [billingApi.pause, flowHandler(state, 'pause'), { id: 1 }],
    [billingApi.resume, flowHandler(state, 'resume'), { id: 1 }],
    [billingApi.renewDecline, flowHandler(state, 'renew_decline'), { id: 1 }],
    [billingApi.renew, flowHandler(state, 'renew_confirm')],
    [billingApi.returnRequest, flowHandler(state, 'return_request'), { id: 1 }],
  ];
}
