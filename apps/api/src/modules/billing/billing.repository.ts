import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/raw.ts';
import {
  accounts,
  accountTags,
  idempotencyKeys,
  invoices,
  oneTimeTokens,
  paymentEvents,
  orders,
  paymentCustomers,
  promoCodes,
  refunds,
  shipments,
  subscriptionActions,
  subscriptions,
  users,
} from '../../db/schema/index.ts';

export type OrderRow = typeof orders.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type PromoRow = typeof promoCodes.$inferSelect;
export type CustomerRow = typeof paymentCustomers.$inferSelect;

export async function findPromoByCode(db: Executor, code: string): Promise<PromoRow | null> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(sql`lower(${promoCodes.code}) = ${code.toLowerCase()}`);
  return row ?? null;
}

export async function findPromoById(db: Executor, id: number): Promise<PromoRow | null> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id));
  return row ?? null;
}

/** Counts one use of a promo code unless it is used up (atomic). False when it is used up. */
export async function redeemPromo(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(promoCodes)
    .set({ redemptions: sql`${promoCodes.redemptions} + 1` })
    .where(
      and(
        eq(promoCodes.id, id),
        or(sql`${promoCodes.maxRedemptions} is null`, lt(promoCodes.redemptions, promoCodes.maxRedemptions)),
      ),
    )
    .returning({ id: promoCodes.id });
  return rows.length === 1;
}

export async function insertOrder(db: Executor, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

export async function findOrderByExternalId(db: Executor, externalId: string): Promise<OrderRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(externalId)) return null;
  const [row] = await db.select().from(orders).where(eq(orders.externalId, externalId));
  return row ?? null;
}

/**
 * Takes the order for payment: one request wins (a conditional update), concurrent ones do not.
 * A PROCESSING order left by a crash more than two minutes ago may be taken over.
 */
export async function claimOrder(db: Executor, id: number, now: Date): Promise<OrderRow | null> {
  const stale = new Date(now.getTime() - 120_000);
  const [row] = await db
    .update(orders)
    .set({ status: 'PROCESSING', updatedAt: now })
    .where(
      and(
        eq(orders.id, id),
        or(
          inArray(orders.status, ['PENDING', 'PAYMENT_FAILED']),
          and(eq(orders.status, 'PROCESSING'), lt(orders.updatedAt, stale)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

export async function updateOrder(
  db: Executor,
  id: number,
  values: Partial<typeof orders.$inferInsert>,
): Promise<OrderRow> {
  const [row] = await db.update(orders).set(values).where(eq(orders.id, id)).returning();
  return row!;
}

export async function listAccountOrders(db: Executor, accountId: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.accountId, accountId))
    .orderBy(sql`${orders.dateConfirmed} desc nulls last`, desc(orders.id));
}

export async function latestConfirmedOrder(db: Executor, accountId: number): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), isNotNull(orders.dateConfirmed)))
    .orderBy(desc(orders.dateConfirmed))
    .limit(1);
  return row ?? null;
}

export async function markConversionTracked(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ conversionTrackedAt: now })
    .where(and(eq(orders.id, id), sql`${orders.conversionTrackedAt} is null`))
    .returning({ id: orders.id });
  return rows.length === 1;
}

export async function findCustomer(db: Executor, accountId: number): Promise<CustomerRow | null> {
  const [row] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.accountId, accountId));
  return row ?? null;
}

export async function upsertCustomer(db: Executor, values: typeof paymentCustomers.$inferInsert): Promise<void> {
  await db
    .insert(paymentCustomers)
    .values(values)
    .onConflictDoUpdate({ target: paymentCustomers.accountId, set: { ...values, updatedAt: new Date() } });
}

export async function createAccountWithParent(
  db: Executor,
  values: {
    email: string;
    firstName: string;
    lastName: string;
    phonenumber: string;
    country: string;
    timeZone: string;
  },
): Promise<{ accountId: number; userId: number }> {
  const [account] = await db
    .insert(accounts)
    .values({ accountStatus: 'ACTIVE', timeZone: values.timeZone })
    .returning({ id: accounts.id });
  const [user] = await db
    .insert(users)
    .values({
      email: values.email,
      firstName: values.firstName,
      lastName: values.lastName,
      phonenumber: values.phonenumber,
      country: values.country,
      accountId: account!.id,
      isBillingUser: true,
      billingStatus: 'NOT_PURCHASED',
    })
    .returning({ id: users.id });
  return { accountId: account!.id, userId: user!.id };
}

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id, accountId: users.accountId })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

export async function accountTagList(db: Executor, accountId: number): Promise<string[]> {
  const rows = await db.select({ tag: accountTags.tag }).from(accountTags).where(eq(accountTags.accountId, accountId));
  return rows.map((row) => row.tag);
}

export async function findAccount(db: Executor, accountId: number) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  return row ?? null;
}

/** The account becomes usable and its billing users follow the subscription's status. */
export async function setAccountBilling(db: Executor, accountId: number, status: string, now: Date): Promise<void> {
  await db.update(accounts).set({ accountStatus: 'ACTIVE', updatedAt: now }).where(eq(accounts.id, accountId));
  await db.update(users).set({ billingStatus: status, updatedAt: now }).where(eq(users.accountId, accountId));
}

export async function makeBillingUser(db: Executor, userId: number): Promise<void> {
  await db.update(users).set({ isBillingUser: true }).where(eq(users.id, userId));
}

export async function billingUsers(db: Executor, accountId: number) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      phonenumber: users.phonenumber,
      country: users.country,
      language: users.language,
    })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.isBillingUser, true), eq(users.isActive, true)));
}

export async function findUser(db: Executor, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function insertSubscription(
  db: Executor,
  values: typeof subscriptions.$inferInsert,
): Promise<SubscriptionRow> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  return row!;
}

/** The account's running subscription (or its latest ended one), locked for the transition. */
export async function lockCurrentSubscription(db: Executor, accountId: number): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId))
    .orderBy(
      sql`case when ${subscriptions.status} in ('CANCELLED', 'RETURNED') then 1 else 0 end`,
      desc(subscriptions.id),
    )
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function currentSubscription(db: Executor, accountId: number): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId))
    .orderBy(
      sql`case when ${subscriptions.status} in ('CANCELLED', 'RETURNED') then 1 else 0 end`,
      desc(subscriptions.id),
    )
    .limit(1);
  return row ?? null;
}

export async function runningSubscription(db: Executor, accountId: number): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.accountId, accountId), notInArray(subscriptions.status, ['CANCELLED', 'RETURNED'])));
  return row ?? null;
}

/**
 * Writes a transition only if the row is still as it was read: with the row lock this is belt and
 * braces; without it (PGlite runs one connection) it is what makes a race lose.
 */
export async function updateSubscription(
  db: Executor,
  expected: Pick<SubscriptionRow, 'id' | 'status' | 'updatedAt'>,
  values: Partial<typeof subscriptions.$inferInsert>,
  now: Date,
): Promise<SubscriptionRow | null> {
  // The row must still be as it was read: same status and not changed since (a renewal keeps the
  // status, so the time of the last change tells two renewals of one period apart).
  const [row] = await db
    .update(subscriptions)
    .set({ ...values, updatedAt: now > expected.updatedAt ? now : new Date(expected.updatedAt.getTime() + 1) })
    .where(
      and(
        eq(subscriptions.id, expected.id),
        eq(subscriptions.status, expected.status),
        // JavaScript dates hold milliseconds; PostgreSQL keeps microseconds.
        sql`date_trunc('milliseconds', ${subscriptions.updatedAt}) = ${expected.updatedAt.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row ?? null;
}

export async function listSubscriptions(db: Executor, accountId: number): Promise<SubscriptionRow[]> {
  return db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId)).orderBy(desc(subscriptions.id));
}

export async function insertAction(db: Executor, values: typeof subscriptionActions.$inferInsert): Promise<void> {
  await db.insert(subscriptionActions).values(values);
}

export async function pageActions(db: Executor, accountId: number, limit: number, offset: number) {
  const [total] = await db
    .select({ value: count() })
    .from(subscriptionActions)
    .where(eq(subscriptionActions.accountId, accountId));
  const rows = await db
    .select({
      action: subscriptionActions,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      actorIsStaff: users.isStaff,
    })
    .from(subscriptionActions)
    .leftJoin(users, eq(users.id, subscriptionActions.actorUserId))
    .where(eq(subscriptionActions.accountId, accountId))
    .orderBy(desc(subscriptionActions.id))
    .limit(limit)
    .offset(offset);
  return { count: total?.value ?? 0, rows };
}

export async function nextInvoiceNumber(db: Executor, now: Date): Promise<string> {
  const result = await db.execute<{ value: string }>(sql`select nextval('invoice_number_seq')::text as value`);
  const value = rowsOf<{ value: string }>(result)[0]!.value;
  return `GRV-${now.getUTCFullYear()}-${value.padStart(6, '0')}`;
}

export async function insertInvoice(db: Executor, values: typeof invoices.$inferInsert): Promise<InvoiceRow> {
  const [row] = await db.insert(invoices).values(values).returning();
  return row!;
}

export async function pageInvoices(db: Executor, accountId: number, limit: number, offset: number) {
  const [total] = await db.select({ value: count() }).from(invoices).where(eq(invoices.accountId, accountId));
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.accountId, accountId))
    .orderBy(desc(invoices.id))
    .limit(limit)
    .offset(offset);
  return { count: total?.value ?? 0, rows };
}

export async function lockInvoice(db: Executor, id: number): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).for('update');
  return row ?? null;
}

export async function findInvoice(db: Executor, id: number): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row ?? null;
}

export async function updateInvoice(
  db: Executor,
  id: number,
  values: Partial<typeof invoices.$inferInsert>,
): Promise<InvoiceRow> {
  const [row] = await db.update(invoices).set(values).where(eq(invoices.id, id)).returning();
  return row!;
}

export async function insertRefund(db: Executor, values: typeof refunds.$inferInsert): Promise<void> {
  await db.insert(refunds).values(values);
}

export async function latestPaidInvoice(db: Executor, subscriptionId: number): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.subscriptionId, subscriptionId), inArray(invoices.status, ['PAID', 'PARTIALLY_REFUNDED'])))
    .orderBy(desc(invoices.id))
    .limit(1);
  return row ?? null;
}

/** The last failed renewal of a subscription: its FAILED invoice and the reason the history keeps. */
export async function latestFailedRenewal(
  db: Executor,
  subscriptionId: number,
): Promise<{ invoice: InvoiceRow; reason: string | null } | null> {
  const [invoice] = await db
    .select()
    .from(invoices)
    // A FAILED invoice staff removed (VOID) still tells what failed while the subscription is past due.
    .where(and(eq(invoices.subscriptionId, subscriptionId), inArray(invoices.status, ['FAILED', 'VOID'])))
    .orderBy(desc(invoices.id))
    .limit(1);
  if (!invoice) return null;
  const [action] = await db
    .select({ reason: subscriptionActions.reason })
    .from(subscriptionActions)
    .where(
      and(eq(subscriptionActions.subscriptionId, subscriptionId), eq(subscriptionActions.action, 'renewal_failed')),
    )
    .orderBy(desc(subscriptionActions.id))
    .limit(1);
  return { invoice, reason: action?.reason ?? null };
}

export async function insertShipment(db: Executor, values: typeof shipments.$inferInsert): Promise<void> {
  await db.insert(shipments).values(values);
}

/** The account's newest shipment of a kind ('kit' or 'return'). */
export async function latestShipment(db: Executor, accountId: number, kind: string) {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.accountId, accountId), eq(shipments.kind, kind)))
    .orderBy(desc(shipments.id))
    .limit(1);
  return row ?? null;
}

export async function setShipmentStatus(db: Executor, shipmentId: number, status: string, now: Date) {
  await db.update(shipments).set({ status, updatedAt: now }).where(eq(shipments.id, shipmentId));
}

// Idempotency keys (ARCHITECTURE §7).

/** True when this request owns the key; false when another request took it first. */
export async function claimIdempotencyKey(
  db: Executor,
  scope: string,
  key: string,
  requestHash: string,
): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ scope, key, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

export async function findIdempotencyKey(db: Executor, scope: string, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  return row ?? null;
}

export async function storeIdempotentAnswer(
  db: Executor,
  scope: string,
  key: string,
  statusCode: number,
  response: unknown,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ statusCode, response })
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
}

export async function releaseIdempotencyKey(db: Executor, scope: string, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
}

/** Records a provider event; false when it was recorded before (a replay). */
export async function recordPaymentEvent(
  db: Executor,
  provider: string,
  eventId: string,
  type: string,
): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values({ provider, eventId, type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.eventId });
  return rows.length === 1;
}

export async function findInvoiceByCharge(db: Executor, providerChargeId: string): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.providerChargeId, providerChargeId));
  return row ?? null;
}

/** Accounts whose subscription has scheduled work due at `now` (grace ends, pause ends, renewals). */
export async function dueAccounts(db: Executor, now: Date, limit = 500) {
  const at = now.toISOString();
  const graceEnded = await db
    .select({ accountId: subscriptions.accountId })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'PENDING_CANCELLATION'), sql`${subscriptions.cancelAt} <= ${at}::timestamptz`))
    .limit(limit);
  const pauseEnded = await db
    .select({ accountId: subscriptions.accountId })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'PAUSED'), sql`${subscriptions.pausedUntil} <= ${at}::timestamptz`))
    .limit(limit);
  const renewals = await db
    .select({ accountId: subscriptions.accountId })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, ['TRIAL', 'ACTIVE', 'PAST_DUE']),
        sql`${subscriptions.currentPeriodEnd} <= ${at}::timestamptz`,
      ),
    )
    .limit(limit);
  return {
    graceEnded: graceEnded.map((row) => row.accountId),
    pauseEnded: pauseEnded.map((row) => row.accountId),
    renewals: renewals.map((row) => row.accountId),
  };
}

// Signed card-update links (one_time_tokens, purpose 'card_update'; docs/billing.md).

export const CARD_UPDATE_PURPOSE = 'card_update';

/** The live card-update link of a token hash: its billing parent, still active and billing. */
export async function findCardUpdateLink(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      userId: users.id,
      accountId: users.accountId,
      email: users.email,
      firstName: users.firstName,
      expiresAt: oneTimeTokens.expiresAt,
    })
    .from(oneTimeTokens)
    .innerJoin(users, eq(users.id, oneTimeTokens.userId))
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.purpose, CARD_UPDATE_PURPOSE),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
        eq(users.isActive, true),
        eq(users.isBillingUser, true),
        isNotNull(users.accountId),
      ),
    )
    .limit(1);
  return row ? { ...row, accountId: row.accountId! } : null;
}

/** Spends every card-update link of the parent (a card was saved and nothing is left to pay). */
export async function spendCardUpdateLinks(db: Executor, userId: number, now: Date) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, CARD_UPDATE_PURPOSE),
        isNull(oneTimeTokens.usedAt),
      ),
    );
}
