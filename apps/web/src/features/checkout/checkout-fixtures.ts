/** Checkout answers as the API gives them (contract types), for the component tests. */
import type {
  ConfirmOrderAnswer,
  Order,
  OrderRequest,
  ProgramPlanAnswer,
  PromoCode,
  Subscription,
} from '@grove/domain/api/billing';

type Plan = ProgramPlanAnswer['plan'];

export const DEFAULT_PLAN: Plan = {
  tag: 'default',
  name: 'Grove Family — monthly',
  description: 'The full program for the whole family: the games, the heart-rate band and weekly progress.',
  price_cents: 3900,
  currency: 'usd',
  billing_period: 'month',
  trial_days: 0,
  grace_days: 30,
  return_days: 30,
  includes_kit: true,
  kit_items: ['Grove heart-rate chest band', 'Band charging cable', 'Tablet stand'],
};

export const YEARLY_PLAN: Plan = {
  ...DEFAULT_PLAN,
  tag: 'yearly',
  name: 'Grove Family — yearly',
  description: 'The full program, paid once a year: two months free compared with monthly.',
  price_cents: 39000,
  billing_period: 'year',
};

export const TRIAL_PLAN: Plan = {
  ...DEFAULT_PLAN,
  tag: 'spring-trial',
  name: 'Grove Family — 14 days free',
  trial_days: 14,
};

export const PROFESSIONAL_PLAN: Plan = {
  ...DEFAULT_PLAN,
  tag: 'PROFESSIONAL',
  name: 'Grove Professional — for clinics and schools',
  description: 'For therapists, clinics and schools who run Grove with several children.',
  price_cents: 9900,
  kit_items: [...DEFAULT_PLAN.kit_items, 'Two spare heart-rate bands'],
};

/** The catalogue, as GET /billing/program_plan/ lists it in `plans`. */
export const PLANS = [DEFAULT_PLAN, YEARLY_PLAN, TRIAL_PLAN, PROFESSIONAL_PLAN];

/** GET /billing/program_plan/?tag= : an unknown tag answers the default plan with fallback. */
export function planAnswer(tag: string | null): ProgramPlanAnswer {
  const requested = tag ?? '';
  const plan = PLANS.find((candidate) => candidate.tag.toLowerCase() === requested.toLowerCase());
  return { plan: plan ?? DEFAULT_PLAN, requested_tag: requested, fallback: !plan, plans: PLANS };
}

export const WELCOME10: PromoCode = {
  external_id: 'promo_welcome10',
  codeString: 'WELCOME10',
  amount_off: 0,
  percent_off: 10,
  expires_at: null,
  plan_tags: [],
};

/** For the monthly plans only (README's demo codes): $20 off. */
export const SPRING20: PromoCode = {
  external_id: 'promo_spring20',
  codeString: 'SPRING20',
  amount_off: 2000,
  percent_off: 0,
  expires_at: '2027-06-30T23:59:59.000Z',
  plan_tags: ['default', 'spring-trial'],
};

/** The order POST /billing/order/ answers for `body`. */
export function orderAnswer(body: OrderRequest, overrides: Partial<Order> = {}): Order {
  const plan = PLANS.find((candidate) => candidate.tag === body.plan_tag) ?? DEFAULT_PLAN;
  const discount = body.promo_code ? Math.round(plan.price_cents / 10) : 0;
  const shipping = body.shipping;
  return {
    external_id: 'ord_test_1',
    number: 'GRV-ORD-2026-000024',
    status: 'PENDING',
    plan,
    promo_code: body.promo_code ? body.promo_code.toUpperCase() : null,
    currency: 'usd',
    subtotal_cents: plan.price_cents,
    discount_cents: discount,
    total_cents: plan.price_cents - discount,
    email: body.email,
    first_name: body.first_name,
    last_name: body.last_name,
    shipping: {
      address_1: shipping.address_1,
      address_2: shipping.address_2 ?? '',
      city: shipping.city,
      state: shipping.state ?? '',
      zipcode: shipping.zipcode,
      country: shipping.country,
    },
    po_box: /p\.?\s*o\.?\s*box/i.test(shipping.address_1),
    date_created: '2026-11-20T15:00:00.000Z',
    date_confirmed: null,
    trial_ends_at: plan.trial_days > 0 ? '2026-12-04T15:00:00.000Z' : null,
    account_id: null,
    ...overrides,
  };
}

export function subscriptionAnswer(plan: Plan, overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 7,
    account_id: 42,
    status: plan.trial_days > 0 ? 'TRIAL' : 'ACTIVE',
    plan,
    current_period_start: '2026-11-20T15:00:00.000Z',
    current_period_end: '2026-12-20T15:00:00.000Z',
    trial_ends_at: plan.trial_days > 0 ? '2026-12-04T15:00:00.000Z' : null,
    cancel_at: null,
    cancel_reason: null,
    paused_until: null,
    return_deadline: '2026-12-20T15:00:00.000Z',
    cancelled_at: null,
    next_charge_cents: plan.price_cents,
    ...overrides,
  };
}

/** The answer of POST /billing/order/confirm/ for `order`. */
export function confirmAnswer(order: Order, setPasswordEmailSent = true): ConfirmOrderAnswer {
  return {
    order: { ...order, status: 'CONFIRMED', date_confirmed: '2026-11-20T15:01:00.000Z', account_id: 42 },
    subscription: subscriptionAnswer(order.plan),
    set_password_email_sent: setPasswordEmailSent,
  };
}
