/**
 * Billing rules (SPEC §4 "Subscription and order flows", §6, §8, §9; docs/billing.md): program
 * plans as data, promo discounts, the subscription state machine and the payment-service texts.
 */
import { CANCELLATION_GRACE_DAYS, NOT_PURCHASED, PROFESSIONAL_PLAN } from './constants.ts';
import { messages, template } from './translation.ts';

export const DEFAULT_PLAN_TAG = 'default';

export type BillingPeriod = 'month' | 'year';

/** A program plan: what a family buys at checkout. Windows are per plan (ARCHITECTURE §5). */
export interface ProgramPlan {
  tag: string;
  name: string;
  description: string;
  /** Price of one billing period in cents. */
  price_cents: number;
  currency: 'usd';
  billing_period: BillingPeriod;
  /** Days before the first charge; 0 charges at checkout. */
  trial_days: number;
  /** Days between asking to cancel and the cancellation taking effect (SPEC §9: 30). */
  grace_days: number;
  /** Days after the order in which the kit may be returned for a refund. */
  return_days: number;
  includes_kit: boolean;
  kit_items: readonly string[];
  /** The plan inside a sentence: 'SPRING20 is for the <short_name> plan only.' */
  short_name: string;
  /**
   * Whether checkout lists the plan to everyone, or only to a family whose tag names it (an offer
   * link, a clinic's link): decision 0046.
   */
  listed: 'always' | 'when_asked';
}

const KIT = [
  'Grove heart-rate chest band',
  'Band charging cable',
  'Tablet stand',
  'Getting-started cards for parents',
] as const;
const WINDOWS = { grace_days: CANCELLATION_GRACE_DAYS, return_days: 30 } as const;

/** The plans on offer. Unknown tags fall back to the default plan (the answer says so). */
export const PROGRAM_PLANS: readonly ProgramPlan[] = [
  {
    tag: DEFAULT_PLAN_TAG,
    name: 'Grove Family — monthly',
    description: 'The full program for the whole family: the games, the heart-rate band and weekly progress.',
    price_cents: 3900,
    currency: 'usd',
    billing_period: 'month',
    trial_days: 0,
    ...WINDOWS,
    includes_kit: true,
    kit_items: KIT,
    short_name: 'monthly',
    listed: 'always',
  },
  {
    tag: 'yearly',
    name: 'Grove Family — yearly',
    description: 'The full program, paid once a year: two months free compared with monthly.',
    price_cents: 39000,
    currency: 'usd',
    billing_period: 'year',
    trial_days: 0,
    ...WINDOWS,
    includes_kit: true,
    kit_items: KIT,
    short_name: 'yearly',
    listed: 'always',
  },
  {
    tag: 'spring-trial',
    name: 'Grove Family — 14 days free',
    description: 'Try the program free for 14 days, then monthly. Cancel any time in the trial and pay nothing.',
    price_cents: 3900,
    currency: 'usd',
    billing_period: 'month',
    trial_days: 14,
    ...WINDOWS,
    includes_kit: true,
    kit_items: KIT,
    short_name: '14-day free trial',
    listed: 'when_asked',
  },
  {
    tag: PROFESSIONAL_PLAN,
    name: 'Grove Professional — for clinics and schools',
    description: 'For therapists, clinics and schools who run Grove with several children.',
    price_cents: 9900,
    currency: 'usd',
    billing_period: 'month',
    trial_days: 0,
    ...WINDOWS,
    includes_kit: true,
    kit_items: [...KIT, 'Two spare heart-rate bands'],
    short_name: 'Professional',
    listed: 'when_asked',
  },
];

/** The plan of `tag` (case-insensitive), and whether the tag was unknown (then the default plan). */
export function findPlan(tag: string | null | undefined): { plan: ProgramPlan; fallback: boolean } {
  const wanted = (tag ?? '').trim().toLowerCase();
  const plan = PROGRAM_PLANS.find((candidate) => candidate.tag.toLowerCase() === wanted);
  if (plan) return { plan, fallback: false };
  return { plan: PROGRAM_PLANS.find((candidate) => candidate.tag === DEFAULT_PLAN_TAG)!, fallback: true };
}

/**
 * The plans checkout offers a family that came with `requestedTag` (decision 0046): the plans
 * listed always (monthly and yearly), plus the plan the tag names when it is one listed only when
 * asked for (an offer such as spring-trial, or PROFESSIONAL). Works on any plan-shaped list (the
 * API's `plans`), in its order; plans the catalogue does not know are left out.
 */
export function offeredPlans<T extends { tag: string }>(
  plans: readonly T[],
  requestedTag: string | null | undefined,
): T[] {
  const requested = findPlan(requestedTag);
  const asked = requested.fallback ? null : requested.plan.tag;
  return plans.filter((candidate) => {
    const known = findPlan(candidate.tag);
    return !known.fallback && (known.plan.listed === 'always' || known.plan.tag === asked);
  });
}

type PlanPrice = { price_cents: number; currency: string; billing_period: BillingPeriod };

/**
 * What a yearly plan saves against twelve payments of a monthly plan, in cents (the yearly
 * family plan: 12 × $39.00 − $390.00 = $78.00). Null when `yearly` is not billed by the year,
 * `monthly` not by the month, their currencies differ, or there is nothing saved.
 */
export function yearlySavingCents(yearly: PlanPrice, monthly: PlanPrice): number | null {
  if (yearly.billing_period !== 'year' || monthly.billing_period !== 'month') return null;
  if (yearly.currency.toLowerCase() !== monthly.currency.toLowerCase()) return null;
  const saving = 12 * monthly.price_cents - yearly.price_cents;
  return saving > 0 ? saving : null;
}

/** '$39.00' */
export function formatMoney(cents: number, currency = 'usd'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** A promo code's discount: a fixed amount (cents) or a percentage (1–100). */
export interface Discount {
  amount_off: number;
  percent_off: number;
}

/** The discount in cents on `priceCents`, never more than the price. */
export function discountCents(priceCents: number, discount: Discount): number {
  const percent = Math.round((priceCents * Math.min(100, Math.max(0, discount.percent_off))) / 100);
  return Math.min(priceCents, Math.max(0, discount.amount_off) + percent);
}

export const PROMO_CODE_MAX_LENGTH = 40;
/** Letters, digits, dash and underscore; compared without case. */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

export const PROMO_MESSAGES = messages({
  unknown: 'This promo code does not exist.',
  expired: 'This promo code has expired.',
  usedUp: 'This promo code has been used up.',
  wrongPlan: 'This promo code does not apply to this plan.',
  invalid: 'Promo codes use letters, digits, dashes and underscores only.',
  tooManyTries: 'Too many promo codes tried. Please wait a few minutes and try again.',
  /** A code for one plan, named by its short name (PLAN_SHORT_NAMES): 'YEARLY50 is for the yearly plan only.' */
  forPlan: template('{code} is for the {plan} plan only.', (code: string, plan: string) => ({ code, plan })),
  forMonthlyPlans: template('{code} is for monthly plans only.', (code: string) => ({ code })),
  forYearlyPlans: template('{code} is for yearly plans only.', (code: string) => ({ code })),
  /** Several plans by name: `plans` all but the last, joined with ', ' (each is translated). */
  forPlans: template(
    '{code} is for the {plans} and {last} plans only.',
    (code: string, plans: string, last: string) => ({ code, plans, last }),
  ),
});

/** The plans' short names, as the promo code messages put them into a sentence. */
export const PLAN_SHORT_NAMES = messages(Object.fromEntries(PROGRAM_PLANS.map((plan) => [plan.tag, plan.short_name])));

const FOR_PERIOD_PLANS: Readonly<Record<BillingPeriod, (code: string) => string>> = {
  month: PROMO_MESSAGES.forMonthlyPlans,
  year: PROMO_MESSAGES.forYearlyPlans,
};

/**
 * Why promo code `code` does not apply to the chosen plan, naming the plans it is for (`planTags`,
 * the code's plan list): 'YEARLY50 is for the yearly plan only.'; 'SPRING20 is for monthly plans
 * only.' when its plans share a billing period and include every plan of that period listed to
 * everyone; otherwise the plans by name ('… for the monthly and Professional plans only.'). Tags the
 * catalogue does not know are left out; none known: PROMO_MESSAGES.wrongPlan.
 */
export function promoPlanMessage(code: string, planTags: readonly string[]): string {
  const wanted = new Set(planTags.map((tag) => tag.trim().toLowerCase()));
  const plans = PROGRAM_PLANS.filter((plan) => wanted.has(plan.tag.toLowerCase()));
  const [first] = plans;
  if (!first) return PROMO_MESSAGES.wrongPlan;
  if (plans.length === 1) return PROMO_MESSAGES.forPlan(code, first.short_name);
  const period = first.billing_period;
  const samePeriod = plans.every((plan) => plan.billing_period === period);
  const coversListed = PROGRAM_PLANS.filter((plan) => plan.listed === 'always' && plan.billing_period === period).every(
    (plan) => plans.includes(plan),
  );
  if (samePeriod && coversListed) return FOR_PERIOD_PLANS[period](code);
  const names = plans.map((plan) => plan.short_name);
  return PROMO_MESSAGES.forPlans(code, names.slice(0, -1).join(', '), names.at(-1)!);
}

// Subscriptions.

export const SUBSCRIPTION_STATUSES = [
  'TRIAL',
  'ACTIVE',
  'PAUSED',
  'PENDING_CANCELLATION',
  'PAST_DUE',
  'CANCELLED',
  'RETURN_REQUESTED',
  'RETURNED',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A family with no subscription yet. */
export const NO_SUBSCRIPTION_STATUS = NOT_PURCHASED;

export const SUBSCRIPTION_ACTIONS = [
  'order_confirmed',
  'cancel_request',
  'cancel_undo',
  'cancel_confirm',
  'return_request',
  'return_confirm',
  'return_decline',
  'renew_confirm',
  'renew_decline',
  'renewal_charged',
  'renewal_failed',
  'lapse',
  'pause',
  'resume',
] as const;
export type SubscriptionAction = (typeof SUBSCRIPTION_ACTIONS)[number];

/** Actions a parent may ask for; the others are staff's or the scheduler's. */
export const PARENT_ACTIONS: readonly SubscriptionAction[] = [
  'cancel_request',
  'cancel_undo',
  'return_request',
  'renew_confirm',
  'renew_decline',
  'pause',
  'resume',
];

/**
 * From which statuses each action may start. `previous` means the status before the pending
 * request (undo and decline go back to it).
 */
export const TRANSITIONS: Readonly<
  Record<SubscriptionAction, { from: readonly SubscriptionStatus[]; to: SubscriptionStatus | 'previous' }>
> = {
  order_confirmed: { from: [], to: 'ACTIVE' },
  cancel_request: { from: ['TRIAL', 'ACTIVE', 'PAUSED', 'PAST_DUE'], to: 'PENDING_CANCELLATION' },
  cancel_undo: { from: ['PENDING_CANCELLATION'], to: 'previous' },
  cancel_confirm: { from: ['PENDING_CANCELLATION'], to: 'CANCELLED' },
  return_request: {
    from: ['TRIAL', 'ACTIVE', 'PAUSED', 'PENDING_CANCELLATION', 'PAST_DUE', 'CANCELLED'],
    to: 'RETURN_REQUESTED',
  },
  return_confirm: { from: ['RETURN_REQUESTED'], to: 'RETURNED' },
  return_decline: { from: ['RETURN_REQUESTED'], to: 'previous' },
  renew_confirm: { from: ['PENDING_CANCELLATION', 'PAST_DUE', 'CANCELLED'], to: 'ACTIVE' },
  renew_decline: { from: ['TRIAL', 'ACTIVE'], to: 'PENDING_CANCELLATION' },
  renewal_charged: { from: ['TRIAL', 'ACTIVE', 'PAST_DUE'], to: 'ACTIVE' },
  renewal_failed: { from: ['TRIAL', 'ACTIVE', 'PAST_DUE'], to: 'PAST_DUE' },
  /** The last renewal retry failed: the subscription ends. */
  lapse: { from: ['PAST_DUE'], to: 'CANCELLED' },
  pause: { from: ['ACTIVE'], to: 'PAUSED' },
  resume: { from: ['PAUSED'], to: 'ACTIVE' },
};

/** Why an action cannot start from a status: a sentence a parent understands (answered with 409). */
const REFUSALS: Readonly<Partial<Record<SubscriptionAction, string>>> = messages({
  cancel_request: 'This subscription cannot be cancelled now: it is not running.',
  cancel_undo: 'There is no cancellation to undo.',
  cancel_confirm: 'There is no cancellation request to confirm.',
  return_request: 'A return cannot be requested for this subscription now.',
  return_confirm: 'There is no return request to confirm.',
  return_decline: 'There is no return request to decline.',
  renew_confirm: 'This subscription is already running: there is nothing to renew.',
  renew_decline: 'This subscription will not renew anyway.',
  pause: 'Only a running subscription can be paused.',
  resume: 'This subscription is not paused.',
});

/** A returned subscription is over for good: renewing it is refused with this (not "already running"). */
export const RENEW_RETURNED_MESSAGE = 'This subscription was returned: the family starts again from checkout.';

/** Refusals that depend on the status the action was tried from (they win over REFUSALS). */
const STATUS_REFUSALS: Readonly<Partial<Record<SubscriptionAction, Partial<Record<SubscriptionStatus, string>>>>> = {
  renew_confirm: { RETURNED: RENEW_RETURNED_MESSAGE },
};

/** The other refusals of a subscription's changes (answered with 403 or 409). */
export const SUBSCRIPTION_MESSAGES = messages({
  renewReturned: RENEW_RETURNED_MESSAGE,
  /** An action with no sentence of its own in REFUSALS. */
  notPossible: 'This change is not possible now.',
  noSubscription: 'This family has no subscription.',
  /** Another request changed the subscription between its read and its update. */
  changedMeanwhile: 'The subscription changed meanwhile. Please reload and try again.',
  billingContactOnly: 'Only the family’s billing contact can change the subscription.',
  /** A parent cannot end a pending cancellation early (staff and the scheduler do). */
  cancelAtGraceEnd: 'Cancellations take effect at the end of the grace period.',
  /** `date` as the family's time zone shows it. */
  returnWindowEnded: template('The return window ended on {date}.', (date: string) => ({ date })),
  alreadyRunning: 'This family already has a running subscription.',
  /** Checkout by a signed-in family that is already subscribed. */
  alreadySubscribed: 'Your family already has a subscription.',
  /** Accounts tagged magellan are paid for by a partner: no card checkout, no billing flows. */
  partnerCovered:
    'Your Grove program is covered by your partner organisation, so there is nothing to pay or manage here.',
});

/** The status an action leads to from `status`, or the sentence that refuses it. */
export function transition(
  action: SubscriptionAction,
  status: SubscriptionStatus,
  previous: SubscriptionStatus | null,
): { ok: true; to: SubscriptionStatus } | { ok: false; reason: string } {
  const rule = TRANSITIONS[action];
  if (!rule.from.includes(status)) {
    const reason = STATUS_REFUSALS[action]?.[status] ?? REFUSALS[action] ?? SUBSCRIPTION_MESSAGES.notPossible;
    return { ok: false, reason };
  }
  const to = rule.to === 'previous' ? (previous ?? 'ACTIVE') : rule.to;
  return { ok: true, to };
}

/** Statuses in which the family uses the program (the account is usable). */
export const RUNNING_STATUSES: readonly SubscriptionStatus[] = [
  'TRIAL',
  'ACTIVE',
  'PAUSED',
  'PENDING_CANCELLATION',
  'PAST_DUE',
  'RETURN_REQUESTED',
];

/** Pause lengths a parent may choose (a school break). */
export const PAUSE_MONTHS = { min: 1, max: 3 } as const;

/** Why a family leaves: asked when they request a cancellation. */
export const CANCEL_REASONS = [
  { id: 'too_expensive', label: 'It costs too much right now', offer: 'pause' },
  { id: 'school_break', label: 'We are taking a break (holidays, school break)', offer: 'pause' },
  { id: 'not_using', label: 'My child is not playing much', offer: 'coaching' },
  { id: 'band_trouble', label: 'The heart-rate band does not work well', offer: 'band_help' },
  { id: 'reached_goals', label: 'We reached our goals', offer: null },
  { id: 'other', label: 'Something else', offer: null },
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number]['id'];
export const CANCEL_REASON_IDS = CANCEL_REASONS.map((reason) => reason.id) as [CancelReason, ...CancelReason[]];

/** What Grove offers before a cancellation, by reason. */
export const RETENTION_OFFERS = messages({
  pause: 'Pause instead: keep your progress and pay nothing for 1 to 3 months.',
  coaching: 'Book a free coaching call: a coach helps your child get back into the games.',
  band_help: 'Let us help with the band: most connection problems are solved in five minutes.',
});

/** The words of the plans and the cancel reasons people read (translated where shown: translation.ts). */
export const PLAN_TEXTS = messages(
  Object.fromEntries(
    [
      ...PROGRAM_PLANS.flatMap((plan) => [plan.name, plan.description, ...plan.kit_items]),
      ...CANCEL_REASONS.map((reason) => reason.label),
    ].map((text) => [text, text]),
  ),
);

// Payments (SPEC §8).

// The payment-service texts and codes are in errors.ts (PAYMENT_SERVICE_ERROR, PAYMENT_ERROR_CODES).
export const CARD_DECLINED = 'Your card was declined. Please use another card.';

/**
 * Why the card was refused, as the family reads it (402 card_declined; also kept as a failed
 * renewal's reason): the payment providers' decline codes in these words (adapters/payment).
 */
export const CARD_REFUSALS = messages({
  declined: CARD_DECLINED,
  insufficientFunds: 'Your card has insufficient funds. Please use another card.',
  expired: 'Your card has expired. Please use another card.',
  securityCode: 'Your card’s security code is incorrect. Please check it or use another card.',
  numberIncorrect: 'Your card number is incorrect. Please check it or use another card.',
  /** The sandbox's refusal of a number that fails the Luhn check. */
  numberIncorrectCheck: 'Your card number is incorrect. Please check it.',
  expiryIncorrect: 'Your card’s expiration date is incorrect. Please check it or use another card.',
  spendingLimit: 'Your card has reached its spending limit. Please use another card.',
  authenticationRequired: 'Your bank asks you to confirm this payment. Please add your card again to confirm it.',
  processingError: 'An error occurred while processing your card. Please try again or use another card.',
});

/** The checkout's refusals: the order, its payment and the card form. */
export const CHECKOUT_MESSAGES = messages({
  staffCannotCheckOut: 'Staff and coaches cannot check out.',
  /** A visitor's checkout with the e-mail of an existing login. */
  emailExists: 'An account with this e-mail already exists. Please log in to continue your checkout.',
  /** A failed order's reason when the payment failed for a reason of its own. */
  paymentIncomplete: 'The payment could not be completed.',
  orderProcessing: template('Order {order} is still being paid. Please try again in a moment.', (order: number) => ({
    order,
  })),
  orderNotConfirmed: 'This order is not confirmed yet.',
  cardNumber: 'Please enter the card number.',
  cardCvc: 'Please enter the 3 or 4 digits on the back.',
  cardMissing: 'Please enter a card.',
  cancelReason: 'Please tell us why you are leaving.',
});

/** The refusals of a billing call's Idempotency-Key header (ARCHITECTURE §7). */
export const IDEMPOTENCY_MESSAGES = messages({
  keyShape: template('An Idempotency-Key is 1 to {max} visible characters.', (max: number) => ({ max })),
  firstFailed: 'The first request with this Idempotency-Key failed. Please try again.',
  keyReused: 'This Idempotency-Key was used with another request.',
  stillRunning: 'The first request with this Idempotency-Key is still running. Please try again in a moment.',
});

/** Staff refunds and removals of invoices: their refusals. */
export const INVOICE_MESSAGES = messages({
  nothingToRefund: 'This invoice has no payment to refund.',
  changedMeanwhile: 'The invoice changed meanwhile. Please reload.',
  wrongBillingEntity: 'This is not the invoice’s billing entity.',
  onlyPaidRefundable: 'Only a paid invoice can be refunded.',
  /** `amount` formatted with its currency ($12.00). */
  leftToRefund: template('At most {amount} is left to refund.', (amount: string) => ({ amount })),
  onlyUnpaidRemovable: 'Only an unpaid invoice can be removed; refund a paid one instead.',
});

/** Renewal retries after a failed charge, in days after the period's end; after the last, it lapses. */
export const RENEWAL_RETRY_DAYS = [1, 3, 7] as const;

/** When a renewal is next due: the period's end, then each retry day after a failure; null once all failed. */
export function nextRenewalAttempt(periodEndAt: Date, failedAttempts: number): Date | null {
  if (failedAttempts === 0) return periodEndAt;
  const days = RENEWAL_RETRY_DAYS[failedAttempts - 1];
  return days === undefined ? null : addDays(periodEndAt, days);
}

/**
 * The signed card-update link (e-mailed, and texted where the family allows, after each failed
 * renewal; also "E-mail me a link"): it opens the card form without signing in, for this many days,
 * and is spent once a card is saved and nothing is left to pay.
 */
export const CARD_UPDATE_LINK_DAYS = 7;

export const CARD_UPDATE_MESSAGES = messages({
  /** The link is unknown, expired, spent, or its family no longer pays by card with Grove. */
  linkInvalid:
    'This card update link has expired or was already used. Sign in to Grove to update your card from Subscription & Billing.',
  /** The link worked and nothing is left to pay. */
  saved: 'Your new card is saved and will be used from your next charge on.',
  renewed: 'Your card is updated and the renewal is paid: your subscription is active again.',
});

/**
 * The sandbox provider's test card numbers (the local default of the payments port). Any other
 * valid-looking number behaves like the first.
 */
export const SANDBOX_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Attaches, then every charge fails as a payment-service error (SPEC §8). */
  serviceError: '4000000000000119',
  /** Attaches and pays at checkout; every later (renewal) charge is declined (Stripe's 4000 0000 0000 0341). */
  renewalFails: '4000000000000341',
  /** Attaches and pays at checkout; the first renewal charge is declined, later ones succeed. */
  renewalFailsOnce: '4000000000003055',
} as const;

/** Adds whole calendar months in UTC, clamping to the month's last day (Jan 31 + 1 month = Feb 28). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

/** The end of a billing period that starts at `start`. */
export function periodEnd(start: Date, period: BillingPeriod): Date {
  return addMonths(start, period === 'year' ? 12 : 1);
}
