/** Checkout, orders, subscriptions, invoices and the subscription flows (SPEC §4, §7 Billing). */
import * as z from 'zod';

import {
  CANCEL_REASON_IDS,
  CHECKOUT_MESSAGES,
  PAUSE_MONTHS,
  PROMO_CODE_MAX_LENGTH,
  PROMO_CODE_PATTERN,
  PROMO_MESSAGES,
  SUBSCRIPTION_ACTIONS,
  SUBSCRIPTION_STATUSES,
} from '../billing.ts';
import {
  addressOptionalSchema,
  addressSchema,
  citySchema,
  countrySchema,
  emailSchema,
  nameSchema,
} from '../field-schemas.ts';
import { CONSENT_MESSAGES } from '../privacy.ts';
import { stringInput, unsafeTextMessage } from '../text.ts';
import { consentTick } from './privacy.ts';
import { normalizePhoneDigits } from '../phone.ts';
import {
  normalizeZipcode,
  validatePhone,
  validateState,
  validateZipcode,
  MESSAGES,
  type FieldRule,
} from '../validation.ts';
import {
  count,
  detailAnswer,
  endpoint,
  idParam,
  idParams,
  int,
  page,
  pageQuery,
  text,
  timestamp,
  type Reply,
  type RequestBody,
} from './common.ts';

const tags = ['billing'];

export const programPlan = z.object({
  tag: z.string(),
  name: z.string(),
  description: z.string(),
  price_cents: count,
  currency: z.string(),
  billing_period: z.enum(['month', 'year']),
  trial_days: count,
  grace_days: count,
  return_days: count,
  includes_kit: z.boolean(),
  kit_items: z.array(z.string()),
});

const promoCodeText = text({ max: PROMO_CODE_MAX_LENGTH }).refine(
  (value) => PROMO_CODE_PATTERN.test(value),
  PROMO_MESSAGES.invalid,
);

export const promoCode = z.object({
  external_id: z.string(),
  codeString: z.string(),
  amount_off: count.describe('Cents off each charge of the first period.'),
  percent_off: count.describe('Percent off (0–100).'),
  expires_at: timestamp.nullable(),
  plan_tags: z.array(z.string()).describe('The plans it applies to; empty for every plan.'),
});

/** The state and the zipcode follow the address's country (SPEC §5); the zipcode is stored normalised. */
const COUNTRY_RULES: readonly (readonly ['state' | 'zipcode', FieldRule])[] = [
  ['state', validateState],
  ['zipcode', validateZipcode],
];

const shippingAddress = z
  .object({
    address_1: addressSchema,
    address_2: addressOptionalSchema.optional().default(''),
    city: citySchema,
    state: stringInput(MESSAGES.stateRequired).default(''),
    zipcode: stringInput(MESSAGES.zipcodeRequired),
    country: countrySchema,
  })
  .superRefine((value, ctx) => {
    for (const [field, rule] of COUNTRY_RULES) {
      const issue = rule(value[field], value);
      const message = issue?.severity === 'error' ? issue.message : unsafeTextMessage(value[field]);
      if (message) ctx.addIssue({ code: 'custom', path: [field], message });
    }
  })
  .transform((value) => ({ ...value, zipcode: normalizeZipcode(value.zipcode, value.country) }));

/** POST /billing/order/: the checkout form. A signed-in family's contact fields may be left out. */
const orderRequest = z
  .object({
    plan_tag: text({ max: 40 }).default('default'),
    promo_code: promoCodeText.optional(),
    first_name: nameSchema,
    last_name: nameSchema,
    email: emailSchema,
    phonenumber: stringInput(MESSAGES.phoneRequired),
    country: countrySchema,
    shipping: shippingAddress,
  })
  .superRefine((value, ctx) => {
    const issue = validatePhone(value.phonenumber, value);
    if (issue?.severity === 'error') ctx.addIssue({ code: 'custom', path: ['phonenumber'], message: issue.message });
  })
  // SPEC §5: a phone number is stored as its digits.
  .transform((value) => ({ ...value, phonenumber: normalizePhoneDigits(value.phonenumber) }));

const money = {
  currency: z.string(),
  subtotal_cents: count,
  discount_cents: count,
  total_cents: count.describe('What the first charge is (after the trial, if the plan has one).'),
};

export const ORDER_STATUSES = ['PENDING', 'CONFIRMED', 'PAYMENT_FAILED', 'REFUNDED'] as const;

export const order = z.object({
  external_id: z.string().describe('The order’s public id (used to confirm it).'),
  number: z.string().describe('The order’s human number shown to the family, like `GRV-ORD-2026-000024`.'),
  status: z.enum(ORDER_STATUSES),
  plan: programPlan,
  promo_code: z.string().nullable(),
  ...money,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  shipping: z.object({
    address_1: z.string(),
    address_2: z.string(),
    city: z.string(),
    state: z.string(),
    zipcode: z.string(),
    country: z.string(),
  }),
  po_box: z.boolean().describe('The address is a PO Box: ground shipping only.'),
  date_created: timestamp,
  date_confirmed: timestamp.nullable(),
  trial_ends_at: timestamp.nullable(),
  account_id: count.nullable(),
});

const cardInput = z.object({
  number: text({ max: 23 }).refine((value) => /^[0-9 ]{12,23}$/.test(value), CHECKOUT_MESSAGES.cardNumber),
  exp_month: int(1, 12),
  exp_year: int(2000, 2100),
  cvc: text({ max: 4 }).refine((value) => /^[0-9]{3,4}$/.test(value), CHECKOUT_MESSAGES.cardCvc),
});

/** A payment method: the sandbox's card form, or a provider token (Stripe Elements). */
const paymentMethodInput = z
  .object({ card: cardInput.optional(), token: text({ max: 255 }).optional() })
  .refine((value) => (value.card === undefined) !== (value.token === undefined), CHECKOUT_MESSAGES.cardMissing);

export const paymentMethod = z.object({ brand: z.string(), last4: z.string(), exp_month: count, exp_year: count });
/** A past-due subscription: the renewal charge that failed, why, and when it is tried again. */
export const pastDue = z.object({
  amount_cents: count,
  currency: z.string(),
  failed_at: timestamp,
  reason: z.string(),
  next_retry_at: timestamp.nullable().describe('null: the last try failed; the subscription ends at the next sweep.'),
});
export type PastDue = z.infer<typeof pastDue>;

/** A new card's answer; on a past-due subscription the renewal is retried with it at once. */
export const paymentMethodUpdate = paymentMethod.extend({
  renewal: z
    .object({ outcome: z.enum(['renewed', 'failed']), detail: z.string() })
    .optional()
    .describe('Only when the subscription was past due: the retried renewal charge.'),
});

/** What a signed card-update link is for (GET …/card_update?o=): enough for the page, nothing more. */
export const cardUpdateLink = z.object({
  first_name: z.string().describe('The billing parent the link was sent to.'),
  email: z.string().describe('Their billing e-mail (the card provider’s form takes it).'),
  plan_name: z.string().nullable().describe('The plan of the current subscription, if any.'),
  payment_method: paymentMethod.nullable().describe('The card on file now.'),
  past_due: pastDue.nullable().describe('The failed renewal the new card is charged for at once, if any.'),
  expires_at: timestamp,
});

export const subscription = z.object({
  id: count,
  account_id: count,
  status: z.enum(SUBSCRIPTION_STATUSES),
  plan: programPlan,
  current_period_start: timestamp,
  current_period_end: timestamp.describe('When the next charge is due (or the subscription ends).'),
  trial_ends_at: timestamp.nullable(),
  cancel_at: timestamp.nullable().describe('When a pending cancellation takes effect.'),
  cancel_reason: z.string().nullable(),
  paused_until: timestamp.nullable(),
  return_deadline: timestamp.describe('The last day a return can be requested.'),
  cancelled_at: timestamp.nullable(),
  next_charge_cents: count.nullable(),
});

export const INVOICE_STATUSES = ['PAID', 'FAILED', 'REFUNDED', 'PARTIALLY_REFUNDED', 'VOID'] as const;

export const invoice = z.object({
  id: count,
  external_id: z.string(),
  number: z.string(),
  billing_entity_name: z.string(),
  status: z.enum(INVOICE_STATUSES),
  description: z.string(),
  period_start: timestamp,
  period_end: timestamp,
  amount_cents: count,
  refunded_cents: count,
  currency: z.string(),
  card: z.string().nullable().describe('“Visa •••• 4242”'),
  date: timestamp,
});

export const subscriptionAction = z.object({
  id: count,
  account_id: count,
  action: z.enum(SUBSCRIPTION_ACTIONS),
  from_status: z.string().nullable(),
  to_status: z.string(),
  reason: z.string().nullable(),
  actor: z
    .object({ id: count, name: z.string(), kind: z.enum(['parent', 'staff']) })
    .nullable()
    .describe('null: the scheduler.'),
  created_at: timestamp,
});

const flowAnswer = z.object({ subscription, detail: z.string().describe('What happened and when, in words.') });
const accountParams = idParams;
/** A subscription flow without a body: one guarded transition of an account's subscription. */
const flow = (method: 'POST' | 'PUT', url: string, summary: string) =>
  endpoint(method, url, { tags, summary, params: accountParams, response: { 200: flowAnswer } });
/** A subscription flow that takes a body (a reason, a pause length). */
const flowWithBody = <B extends z.ZodType>(url: string, summary: string, body: B) =>
  endpoint('POST', url, { tags, summary, params: accountParams, body, response: { 200: flowAnswer } });

export const billingApi = {
  programPlan: endpoint('GET', '/api/v2/billing/program_plan', {
    tags,
    summary: 'The program plan of a tag (unknown tags: the default plan, said in the answer)',
    querystring: z.object({ tag: text({ max: 40, allowBlank: true }).default('') }),
    response: {
      200: z.object({
        plan: programPlan,
        requested_tag: z.string(),
        fallback: z.boolean(),
        plans: z.array(programPlan),
      }),
    },
  }),
  rules: endpoint('GET', '/api/v2/billing/rules', {
    tags,
    summary: 'The billing rules families see: windows, pause lengths, cancel reasons and offers',
    response: {
      200: z.object({
        grace_days: count,
        return_days: count,
        pause_months: z.object({ min: count, max: count }),
        renewal_retry_days: z.array(count),
        cancel_reasons: z.array(z.object({ id: z.string(), label: z.string(), offer: z.string().nullable() })),
        retention_offers: z.record(z.string(), z.string()),
      }),
    },
  }),
  promo: endpoint('GET', '/api/v2/billing/promo/:code', {
    tags,
    summary: 'A promo code (404 with the reason when it cannot be used; 429 when guessing)',
    params: z.object({ code: promoCodeText }),
    querystring: z.object({ plan: text({ max: 40, allowBlank: true }).default('') }),
    response: { 200: promoCode },
  }),
  createOrder: endpoint('POST', '/api/v2/billing/order', {
    tags,
    summary: 'Start a checkout order (a new visitor, or a signed-in family that has not bought yet)',
    description: 'Answers the order with its amounts. Nothing is charged before the order is confirmed.',
    body: orderRequest,
    response: { 201: order },
  }),
  confirmOrder: endpoint('POST', '/api/v2/billing/order/confirm', {
    tags,
    summary: 'Pay and confirm an order (Idempotency-Key honoured)',
    description:
      'Charges the first period (not during a trial), creates the account and its parent for a new visitor (a set-password e-mail goes out), the subscription, the invoice and the kit shipment. A declined card answers 402 and leaves no paid order.',
    body: z.object({
      order: text({ max: 64 }),
      payment_method: paymentMethodInput,
      consent: consentTick(CONSENT_MESSAGES.checkoutRequired).describe(
        'The parent agrees to the privacy policy in force and consents to the collection of the children’s play and heart-rate data (recorded with the policy version).',
      ),
    }),
    response: { 200: z.object({ order, subscription, set_password_email_sent: z.boolean() }) },
  }),
  payment: endpoint('POST', '/api/v2/billing/payment', {
    tags,
    summary: 'Change the payment method of the signed-in family (Idempotency-Key honoured)',
    body: z.object({ account: int(1, 2_147_483_647), payment_method: paymentMethodInput }),
    response: { 200: paymentMethodUpdate },
  }),
  cardUpdateLink: endpoint('GET', '/api/v2/billing/card_update', {
    tags,
    summary: 'What a signed card-update link (/update-card?o=…) is for: the parent, the card on file, what failed',
    description:
      'No sign-in: the link is the key (docs/billing.md). 404 { detail, code: "link_invalid" } when it is unknown, expired or spent.',
    querystring: z.object({ o: text({ max: 200, allowBlank: true }).default('') }),
    response: { 200: cardUpdateLink },
  }),
  cardUpdate: endpoint('POST', '/api/v2/billing/card_update', {
    tags,
    summary: 'Save a new card through a signed link; a past-due renewal is charged to it at once',
    description:
      'The link is spent once the card is saved and nothing is left to pay; after a refused retry it still works (another card). 404 link_invalid as above.',
    body: z.object({ o: text({ max: 200 }), payment_method: paymentMethodInput }),
    response: { 200: paymentMethodUpdate },
  }),
  trackConversion: endpoint('PUT', '/api/v2/billing/order/track_conversion', {
    tags,
    summary: 'Record that the confirmation page was seen (once per order)',
    body: z.object({ order: text({ max: 64 }) }),
    response: { 200: z.object({ tracked: z.boolean(), first_time: z.boolean() }) },
  }),
  accountOrder: endpoint('GET', '/api/v2/billing/accounts/:id/order', {
    tags,
    summary: "The account's recent confirmed order (404 when there is none)",
    params: idParams,
    response: { 200: order },
  }),
  orderTrials: endpoint('GET', '/api/v2/billing/accounts/:id/order_trials', {
    tags,
    summary: "The account's orders with a trial and when each trial ends",
    params: idParams,
    response: {
      200: z.array(
        z.object({ order: z.string(), plan_tag: z.string(), trial_ends_at: timestamp, active: z.boolean() }),
      ),
    },
  }),
  userOrders: endpoint('GET', '/api/v2/user/info/orders', {
    tags,
    summary: "The signed-in family's orders, the recent confirmed order first",
    response: { 200: z.object({ count, results: z.array(order) }) },
  }),
  subscriptions: endpoint('GET', '/api/v2/billing/accounts/:id/subscriptions', {
    tags,
    summary: "The account's subscriptions, newest first",
    params: idParams,
    response: { 200: z.object({ count, results: z.array(subscription) }) },
  }),
  invoices: endpoint('GET', '/api/v2/billing/accounts/:id/invoices', {
    tags,
    summary: "The account's invoices, newest first (paged)",
    params: idParams,
    querystring: pageQuery(),
    response: { 200: page(invoice) },
  }),
  billingDetails: endpoint('GET', '/api/v2/billing/users/:id/billing_details', {
    tags,
    summary: "A billing user's billing details: payment method, next charge, billing e-mail",
    params: idParams,
    response: {
      200: z.object({
        user_id: count,
        account_id: count.nullable(),
        billing_email: z.string(),
        payment_method: paymentMethod.nullable(),
        subscription_status: z.string(),
        next_charge_at: timestamp.nullable(),
        next_charge_cents: count.nullable(),
        currency: z.string(),
        past_due: pastDue.nullable().optional(),
      }),
    },
  }),
  requestUpdateEmail: endpoint('POST', '/api/v2/billing/payment/request_update_email', {
    tags,
    summary: 'E-mail the family a link to update their payment method',
    response: { 200: detailAnswer },
  }),
  refundInvoice: endpoint('POST', '/api/v2/billing/invoices/:id/refund', {
    tags,
    summary: 'Refund an invoice, wholly or in part (staff)',
    params: idParams,
    querystring: z.object({ billing_entity_name: text({ max: 120 }) }),
    body: z
      .object({ amount_cents: int(1, 100_000_000).optional(), reason: text({ max: 500 }) })
      .default({ reason: '' }),
    response: { 200: invoice },
  }),
  removeInvoice: endpoint('POST', '/api/v2/billing/invoices/:id/remove', {
    tags,
    summary: 'Void an unpaid or failed invoice (staff)',
    params: idParams,
    querystring: z.object({ billing_entity_name: text({ max: 120 }) }),
    response: { 200: invoice },
  }),
  cancelRequest: flowWithBody(
    '/api/v2/billing/account/:id/subscription/cancel/request',
    'Ask to cancel: takes effect after the grace period',
    z.object({
      reason: z.enum(CANCEL_REASON_IDS, { error: CHECKOUT_MESSAGES.cancelReason }),
      comment: text({ max: 1000, multiline: true, allowBlank: true }).optional(),
    }),
  ),
  cancelUndo: flow('POST', '/api/v2/billing/account/:id/subscription/cancel/undo', 'Undo a pending cancellation'),
  cancelConfirm: flow(
    'POST',
    '/api/v2/billing/account/:id/subscription/cancel/confirm',
    'End a pending cancellation now (staff)',
  ),
  pause: flowWithBody(
    '/api/v2/billing/account/:id/subscription/pause',
    'Pause for 1–3 months (nothing is charged while paused)',
    z.object({ months: int(PAUSE_MONTHS.min, PAUSE_MONTHS.max, 'months') }),
  ),
  resume: flow('POST', '/api/v2/billing/account/:id/subscription/resume', 'Resume a paused subscription now'),
  returnRequest: flow(
    'POST',
    '/api/v2/billing/accounts/:id/return/request',
    'Ask to return the kit (inside the return window)',
  ),
  returnConfirm: flow(
    'POST',
    '/api/v2/billing/accounts/:id/return/confirm',
    'Confirm a return: refund and end the subscription (staff)',
  ),
  returnDecline: flowWithBody(
    '/api/v2/billing/accounts/:id/return/decline',
    'Decline a return request (staff)',
    z.object({ reason: text({ max: 500 }) }),
  ),
  renewDecline: flow(
    'POST',
    '/api/v2/billing/account/:id/renew/decline',
    'Do not renew: the subscription ends with the current period',
  ),
  renew: endpoint('PUT', '/api/v2/billing/order/renew', {
    tags,
    summary: 'Renew: keep a subscription that was going to end, or restart an ended one (charges when needed)',
    body: z.object({ account: int(1, 2_147_483_647) }),
    response: { 200: flowAnswer },
  }),
  adminRenew: flow('PUT', '/api/v2/admin/billing/account/:id/renew', 'Renew an account’s subscription (staff)'),
  stripeWebhook: endpoint('POST', '/api/v2/billing/webhooks/stripe', {
    tags,
    summary: 'Stripe events (signature checked; each event acted on once)',
    description:
      'Stripe calls this with a Stripe-Signature header. A bad or stale signature answers 400 and changes nothing; an event already handled answers 200 with `duplicate: true`. Handled: charge.refunded (refunds made in the Stripe dashboard are recorded on the invoice).',
    body: z.string().max(1024 * 1024),
    response: { 200: z.object({ received: z.boolean(), duplicate: z.boolean() }) },
  }),
  actions: endpoint('GET', '/api/v3/subscription_actions', {
    tags,
    summary: "Every change of an account's subscription, newest first (paged)",
    querystring: pageQuery().extend({ account: idParam }),
    response: { 200: page(subscriptionAction) },
  }),
};

export type ProgramPlanAnswer = Reply<typeof billingApi.programPlan>;
export type BillingRules = Reply<typeof billingApi.rules>;
export type PromoCode = Reply<typeof billingApi.promo>;
export type Order = z.input<typeof order>;
export type OrderRequest = RequestBody<typeof billingApi.createOrder>;
export type ConfirmOrderRequest = RequestBody<typeof billingApi.confirmOrder>;
export type ConfirmOrderAnswer = Reply<typeof billingApi.confirmOrder>;
export type Subscription = z.input<typeof subscription>;
export type Invoice = z.input<typeof invoice>;
export type InvoicePage = Reply<typeof billingApi.invoices>;
export type SubscriptionActionEntry = z.input<typeof subscriptionAction>;
export type FlowAnswer = z.input<typeof flowAnswer>;
export type BillingDetails = Reply<typeof billingApi.billingDetails>;
export type PaymentMethodAnswer = z.input<typeof paymentMethod>;
export type PaymentMethodUpdateAnswer = z.input<typeof paymentMethodUpdate>;
export type CardUpdateLink = Reply<typeof billingApi.cardUpdateLink>;
export type CardUpdateRequest = RequestBody<typeof billingApi.cardUpdate>;
