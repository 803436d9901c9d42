/**
 * Billing (SPEC §4, §7; docs/billing.md): orders, promo codes, subscriptions and their history,
 * invoices, refunds, kit shipments, the payment provider's customer, idempotency keys, the
 * sandbox provider's ledger and the webhook events already handled.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export interface ShippingAddress {
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
}

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    externalId: text('external_id').notNull(),
    amountOff: integer('amount_off').notNull().default(0),
    percentOff: integer('percent_off').notNull().default(0),
    planTags: text('plan_tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxRedemptions: integer('max_redemptions'),
    redemptions: integer('redemptions').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt,
  },
  (t) => [
    uniqueIndex('promo_codes_code_uq').on(sql`lower(${t.code})`),
    uniqueIndex('promo_codes_external_id_uq').on(t.externalId),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    externalId: uuid('external_id').notNull().defaultRandom(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('PENDING'),
    planTag: text('plan_tag').notNull(),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    currency: text('currency').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phonenumber: text('phonenumber').notNull(),
    country: text('country').notNull(),
    shipping: jsonb('shipping').$type<ShippingAddress>().notNull(),
    poBox: boolean('po_box').notNull().default(false),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    dateConfirmed: timestamp('date_confirmed', { withTimezone: true }),
    conversionTrackedAt: timestamp('conversion_tracked_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('orders_external_id_uq').on(t.externalId),
    index('orders_account_id_idx').on(t.accountId, t.dateConfirmed),
  ],
);

/** The payment provider's customer of an account and its default payment method. */
export const paymentCustomers = pgTable('payment_customers', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  customerId: text('customer_id').notNull(),
  methodId: text('method_id'),
  brand: text('brand'),
  last4: text('last4'),
  expMonth: integer('exp_month'),
  expYear: integer('exp_year'),
  updatedAt,
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    planTag: text('plan_tag').notNull(),
    status: text('status').notNull(),
    /** The status before a pending request (undo and decline go back to it). */
    previousStatus: text('previous_status'),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    cancelAt: timestamp('cancel_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    cancelComment: text('cancel_comment'),
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    returnDeadline: timestamp('return_deadline', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    renewalAttempts: integer('renewal_attempts').notNull().default(0),
    createdAt,
    updatedAt,
  },
  (t) => [
    index('subscriptions_account_id_idx').on(t.accountId),
    // One running subscription per account: a second checkout or a double confirm cannot make two.
    uniqueIndex('subscriptions_one_running_uq')
      .on(t.accountId)
      .where(sql`status not in ('CANCELLED', 'RETURNED')`),
  ],
);

export const subscriptionActions = pgTable(
  'subscription_actions',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt,
  },
  (t) => [index('subscription_actions_account_idx').on(t.accountId, t.id)],
);

/** Invoice numbers: a sequence, so concurrent checkouts never draw the same one. */
export const invoiceNumbers = pgSequence('invoice_number_seq', { startWith: 1 });

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    externalId: uuid('external_id').notNull().defaultRandom(),
    number: text('number').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    billingEntityName: text('billing_entity_name').notNull(),
    status: text('status').notNull(),
    description: text('description').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    providerChargeId: text('provider_charge_id'),
    cardLabel: text('card_label'),
    createdAt,
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.number),
    uniqueIndex('invoices_external_id_uq').on(t.externalId),
    // One invoice per provider charge: a period charged twice by a race cannot be recorded twice.
    uniqueIndex('invoices_provider_charge_uq').on(t.provider, t.providerChargeId),
    index('invoices_account_id_idx').on(t.accountId, t.id),
  ],
);

export const refunds = pgTable('refunds', {
  id: serial('id').primaryKey(),
  invoiceId: integer('invoice_id')
    .notNull()
    .references(() => invoices.id, { onDelete: 'cascade' }),
  amountCents: integer('amount_cents').notNull(),
  reason: text('reason').notNull(),
  providerRefundId: text('provider_refund_id').notNull(),
  staffUserId: integer('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt,
});

/** Kit shipments from paid orders and return shipments (listed by the admin issue). */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    carrier: text('carrier').notNull(),
    service: text('service').notNull(),
    trackingNumber: text('tracking_number'),
    status: text('status').notNull(),
    items: jsonb('items').$type<string[]>().notNull(),
    shipping: jsonb('shipping').$type<ShippingAddress>().notNull(),
    createdAt,
    updatedAt,
  },
  (t) => [index('shipments_account_id_idx').on(t.accountId, t.id)],
);

/**
 * ARCHITECTURE §7: the same (scope, key) replays the first answer; a unique key, not a
 * read-then-write, decides a race. `scope` is the user (or the order for a new visitor).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt,
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/** What the sandbox payment provider did: customers, cards, charges and refunds (staff can see it). */
export const sandboxOperations = pgTable(
  'sandbox_operations',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    objectId: text('object_id').notNull(),
    customerId: text('customer_id'),
    amountCents: integer('amount_cents'),
    currency: text('currency'),
    status: text('status').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    idempotencyKey: text('idempotency_key'),
    createdAt,
  },
  (t) => [
    uniqueIndex('sandbox_operations_object_uq').on(t.objectId),
    uniqueIndex('sandbox_operations_idempotency_uq').on(t.kind, t.idempotencyKey),
  ],
);

/** Webhook events already handled: a replayed event changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
