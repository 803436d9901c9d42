/**
 * Plans, billing rules, promo codes and orders: an order is created, then paid and confirmed in one
 * request that takes it (SPEC §4 Checkout; docs/billing.md). Shared pieces in billing.service.ts.
 */
import {
  addDays,
  CANCEL_REASONS,
  CARD_DECLINED,
  CHECKOUT_MESSAGES,
  DEFAULT_TIMEZONE,
  discountCents,
  findPlan,
  formatDateTime,
  formatMoney,
  isPoBox,
  PAUSE_MONTHS,
  PROMO_MESSAGES,
  PROGRAM_PLANS,
  promoPlanMessage,
  RENEWAL_RETRY_DAYS,
  RETENTION_OFFERS,
  periodEnd,
  SUBSCRIPTION_MESSAGES,
  DEFAULT_LANGUAGE,
  type Language,
  type SubscriptionStatus,
} from '@grove/domain';
import type { ConfirmOrderRequest, Order, OrderRequest, Subscription } from '@grove/domain/api/billing';
import { PaymentServiceError } from '../../adapters/payment/payment.port.ts';
import type { Executor } from '../../db/client.ts';
import { conflict, forbidden, HttpError, notFound, ValidationError } from '../../lib/errors.ts';
import { localeOf } from '../../locales/i18n.ts';
import { storedLanguage } from '../../locales/language.repository.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import { assertAccountAccess } from '../auth/access.ts';
import { recordConsent, type ConsentOrigin } from '../privacy/privacy.service.ts';
import { orderConfirmedNotice } from './billing.notices.ts';
import * as repo from './billing.repository.ts';
import {
  BILLING_ENTITY,
  type BillingDeps,
  KIT_CARRIER,
  assertNotPartnerCovered,
  attachCard,
  cardLabel,
  iso,
  nowOf,
  paymentDeclined,
  paymentServiceFailed,
  planAnswer,
  planOf,
  sendNotice,
  toMethodInput,
  toOrder,
  toSubscription,
} from './billing.service.ts';

// Plans, rules, promo codes.

export function programPlan(tag: string) {
  const { plan, fallback } = findPlan(tag || null);
  return {
    plan: planAnswer(plan),
    requested_tag: tag,
    fallback: tag === '' ? false : fallback,
    plans: PROGRAM_PLANS.map(planAnswer),
  };
}

export function billingRules() {
  const plan = findPlan(null).plan;
  return {
    grace_days: plan.grace_days,
    return_days: plan.return_days,
    pause_months: { ...PAUSE_MONTHS },
    renewal_retry_days: [...RENEWAL_RETRY_DAYS],
    cancel_reasons: CANCEL_REASONS.map((reason) => ({ ...reason })),
    retention_offers: { ...RETENTION_OFFERS },
  };
}

/** A promo code usable with `planTag` now, or a 404 naming why not (for another plan: the plans it is for). */
async function usablePromo(db: Executor, code: string, planTag: string, now: Date): Promise<repo.PromoRow> {
  const promo = await repo.findPromoByCode(db, code);
  const fail = (message: string) => new HttpError(404, message, 'promo_invalid');
  if (!promo || !promo.active) throw fail(PROMO_MESSAGES.unknown);
  if (promo.expiresAt && promo.expiresAt <= now) throw fail(PROMO_MESSAGES.expired);
  if (promo.maxRedemptions !== null && promo.redemptions >= promo.maxRedemptions) throw fail(PROMO_MESSAGES.usedUp);
  const plan = findPlan(planTag).plan;
  if (promo.planTags.length > 0 && !promo.planTags.some((tag) => tag.toLowerCase() === plan.tag.toLowerCase())) {
    throw fail(promoPlanMessage(promo.code, promo.planTags));
  }
  return promo;
}

export async function promoCode(deps: BillingDeps, code: string, planTag: string) {
  const promo = await usablePromo(deps.db, code, planTag, nowOf(deps));
  return {
    external_id: promo.externalId,
    codeString: promo.code,
    amount_off: promo.amountOff,
    percent_off: promo.percentOff,
    expires_at: iso(promo.expiresAt),
    plan_tags: promo.planTags,
  };
}

// Orders.

/** Whose account an order is for: a signed-in family that has not bought yet, or a new visitor. */
async function orderOwner(db: Executor, user: AuthUser | null, email: string) {
  if (user) {
    if (user.isStaff || user.accountId === null) throw forbidden(CHECKOUT_MESSAGES.staffCannotCheckOut);
    await assertNotPartnerCovered(db, user.accountId);
    if (await repo.runningSubscription(db, user.accountId))
      throw conflict(SUBSCRIPTION_MESSAGES.alreadySubscribed, 'already_subscribed');
    return { accountId: user.accountId, userId: user.id };
  }
  const existing = await repo.findUserByEmail(db, email);
  if (existing) {
    throw new ValidationError({ email: [CHECKOUT_MESSAGES.emailExists] });
  }
  return { accountId: null, userId: null };
}

export async function createOrder(
  deps: BillingDeps,
  user: AuthUser | null,
  body: OrderRequest & { address_2?: string },
) {
  const now = nowOf(deps);
  const { plan } = findPlan(body.plan_tag);
  const owner = await orderOwner(deps.db, user, body.email);
  const promo = body.promo_code ? await usablePromo(deps.db, body.promo_code, plan.tag, now) : null;
  const discount = promo
    ? discountCents(plan.price_cents, { amount_off: promo.amountOff, percent_off: promo.percentOff })
    : 0;
  const shipping = {
    address_1: body.shipping.address_1,
    address_2: body.shipping.address_2 ?? '',
    city: body.shipping.city,
    state: body.shipping.state ?? '',
    zipcode: body.shipping.zipcode,
    country: body.shipping.country,
  };
  const row = await repo.insertOrder(deps.db, {
    accountId: owner.accountId,
    userId: owner.userId,
    planTag: plan.tag,
    promoCodeId: promo?.id ?? null,
    currency: plan.currency,
    subtotalCents: plan.price_cents,
    discountCents: discount,
    totalCents: plan.price_cents - discount,
    email: body.email.trim(),
    firstName: body.first_name.trim(),
    lastName: body.last_name.trim(),
    phonenumber: body.phonenumber.replace(/\D/g, ''),
    country: body.country,
    shipping,
    poBox: isPoBox(shipping.address_1) || isPoBox(shipping.address_2),
    trialEndsAt: plan.trial_days > 0 ? addDays(now, plan.trial_days) : null,
  });
  return toOrder(row, promo?.code ?? null);
}

async function promoCodeOf(db: Executor, row: repo.OrderRow) {
  return row.promoCodeId ? ((await repo.findPromoById(db, row.promoCodeId))?.code ?? null) : null;
}

/** The order a caller may see: its own account's, or a new visitor's by its unguessable id. */
async function orderFor(db: Executor, user: AuthUser | null, externalId: string): Promise<repo.OrderRow> {
  const row = await repo.findOrderByExternalId(db, externalId);
  if (!row) throw notFound();
  if (row.accountId !== null && row.userId !== null && !user?.isStaff && user?.accountId !== row.accountId) {
    // A confirmed new visitor's order stays reachable by its id for the confirmation page.
    if (!(row.dateConfirmed && user === null)) throw notFound();
  }
  return row;
}

export interface ConfirmResult {
  order: Order;
  subscription: Subscription;
  /** A new visitor's parent, who needs a set-password link. */
  newUserId: number | null;
}

/**
 * Pays and confirms an order. One request takes the order (a conditional update); concurrent ones
 * wait for its outcome and answer the same. The charge carries the provider idempotency key of the
 * order and card, so a retry after a crash never charges twice.
 */
export async function confirmOrder(
  deps: BillingDeps,
  user: AuthUser | null,
  body: ConfirmOrderRequest,
  origin: ConsentOrigin = { ip: null, userAgent: null },
  /** The checkout page's language (the request's): the confirmation's when the person has none stored. */
  language: Language = DEFAULT_LANGUAGE,
): Promise<ConfirmResult> {
  const db = deps.db;
  const found = await orderFor(db, user, body.order);
  const now = nowOf(deps);
  const claimed = await repo.claimOrder(db, found.id, now);
  if (!claimed) return awaitOutcome(deps, found.id, body.order);

  let order = claimed;
  const plan = planOf(order.planTag);
  try {
    const customerId = await customerFor(deps, order);
    const method = await attachCard(deps, customerId, toMethodInput(body.payment_method));
    const payNow = plan.trial_days === 0 && order.totalCents > 0;
    let chargeId: string | null = null;
    if (payNow) {
      const result = await deps.payments
        .charge({
          customerId,
          amountCents: order.totalCents,
          currency: order.currency,
          description: `${plan.name} — first ${plan.billing_period}`,
          idempotencyKey: `order:${order.externalId}:${method.id}`,
          paymentMethodId: method.id,
          metadata: { order: order.externalId },
        })
        .catch((error: unknown) => {
          if (error instanceof PaymentServiceError) throw paymentServiceFailed(error.kind);
          throw error;
        });
      if (result.status === 'declined') throw paymentDeclined(result.reason);
      chargeId = result.chargeId;
    }
    const result = await db.transaction(async (tx) => {
      let accountId = order.accountId;
      let newUserId: number | null = null;
      if (accountId === null) {
        const created = await repo.createAccountWithParent(tx, {
          email: order.email,
          firstName: order.firstName,
          lastName: order.lastName,
          phonenumber: order.phonenumber,
          country: order.country,
          timeZone: DEFAULT_TIMEZONE,
        });
        accountId = created.accountId;
        newUserId = created.userId;
      }
      if (order.promoCodeId !== null && !(await repo.redeemPromo(tx, order.promoCodeId))) {
        throw new HttpError(409, PROMO_MESSAGES.usedUp, 'promo_invalid');
      }
      await repo.upsertCustomer(tx, {
        accountId,
        provider: deps.payments.name,
        customerId,
        methodId: method.id,
        brand: method.brand,
        last4: method.last4,
        expMonth: method.expMonth,
        expYear: method.expYear,
      });
      const status: SubscriptionStatus = plan.trial_days > 0 ? 'TRIAL' : 'ACTIVE';
      const periodStart = now;
      const firstEnd = plan.trial_days > 0 ? addDays(now, plan.trial_days) : periodEnd(now, plan.billing_period);
      const subscription = await repo.insertSubscription(tx, {
        accountId,
        orderId: order.id,
        planTag: plan.tag,
        status,
        priceCents: plan.price_cents,
        currency: plan.currency,
        currentPeriodStart: periodStart,
        currentPeriodEnd: firstEnd,
        trialEndsAt: plan.trial_days > 0 ? firstEnd : null,
        returnDeadline: addDays(now, plan.return_days),
      });
      if (payNow) {
        await repo.insertInvoice(tx, {
          number: await repo.nextInvoiceNumber(tx, now),
          accountId,
          subscriptionId: subscription.id,
          orderId: order.id,
          billingEntityName: BILLING_ENTITY,
          status: 'PAID',
          description: `${plan.name} — ${formatDateTime(periodStart.toISOString()).slice(0, 10)} to ${formatDateTime(firstEnd.toISOString()).slice(0, 10)}`,
          periodStart,
          periodEnd: firstEnd,
          amountCents: order.totalCents,
          currency: order.currency,
          provider: deps.payments.name,
          providerChargeId: chargeId,
          cardLabel: cardLabel(method),
        });
      }
      await repo.insertShipment(tx, {
        accountId,
        orderId: order.id,
        kind: 'kit',
        carrier: KIT_CARRIER.carrier,
        service: order.poBox ? KIT_CARRIER.ground : KIT_CARRIER.express,
        status: 'LABEL_CREATED',
        items: [...plan.kit_items],
        shipping: order.shipping,
      });
      await repo.insertAction(tx, {
        accountId,
        subscriptionId: subscription.id,
        action: 'order_confirmed',
        fromStatus: null,
        toStatus: status,
        reason: plan.tag,
        actorUserId: user?.id ?? newUserId,
      });
      await repo.setAccountBilling(tx, accountId, status, now);
      // The parent's consent (the contract requires the ticked box), with the rows it allows.
      await recordConsent(tx, {
        accountId,
        userId: order.userId ?? newUserId,
        kind: 'program_terms',
        granted: body.consent,
        origin,
      });
      // The family member who paid manages the subscription.
      if (order.userId !== null) await repo.makeBillingUser(tx, order.userId);
      order = await repo.updateOrder(tx, order.id, {
        status: 'CONFIRMED',
        accountId,
        userId: order.userId ?? newUserId,
        dateConfirmed: now,
        failureReason: null,
        updatedAt: now,
      });
      return { subscription, newUserId };
    });
    // In the language of the person on the order: their stored one, else the checkout page's.
    const stored = order.userId !== null ? await storedLanguage(db, order.userId) : null;
    const locale = await localeOf(stored ?? language);
    const date = (instant: Date) => formatDateTime(instant, DEFAULT_TIMEZONE, locale.language);
    const amount = formatMoney(order.totalCents, order.currency);
    const end = date(result.subscription.currentPeriodEnd);
    await sendNotice(
      deps,
      { email: order.email, firstName: order.firstName, language: locale.language },
      orderConfirmedNotice(
        locale,
        { planName: plan.name, amount, poBox: order.poBox },
        payNow ? { paidNow: true, nextCharge: end } : { paidNow: false, trialEnds: end },
      ),
    );
    return {
      order: toOrder(order, await promoCodeOf(db, order)),
      subscription: toSubscription(result.subscription),
      newUserId: result.newUserId,
    };
  } catch (error) {
    const reason = error instanceof HttpError ? error.detail : CHECKOUT_MESSAGES.paymentIncomplete;
    await repo.updateOrder(db, order.id, { status: 'PAYMENT_FAILED', failureReason: reason, updatedAt: nowOf(deps) });
    throw error;
  }
}

/** Another request is paying this order: wait for it, then answer what it achieved. */
async function awaitOutcome(deps: BillingDeps, orderId: number, externalId: string): Promise<ConfirmResult> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const row = await repo.findOrderByExternalId(deps.db, externalId);
    if (!row) throw notFound();
    if (row.status === 'CONFIRMED' && row.accountId !== null) {
      const subscription = await repo.currentSubscription(deps.db, row.accountId);
      return {
        order: toOrder(row, await promoCodeOf(deps.db, row)),
        subscription: toSubscription(subscription!),
        newUserId: null,
      };
    }
    if (row.status === 'PAYMENT_FAILED') throw paymentDeclined(row.failureReason ?? CARD_DECLINED);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw conflict(CHECKOUT_MESSAGES.orderProcessing(orderId), 'order_processing');
}

async function customerFor(deps: BillingDeps, order: repo.OrderRow): Promise<string> {
  if (order.accountId !== null) {
    const existing = await repo.findCustomer(deps.db, order.accountId);
    if (existing && existing.provider === deps.payments.name) return existing.customerId;
  }
  try {
    const { customerId } = await deps.payments.createCustomer({
      accountId: order.accountId ?? 0,
      email: order.email,
      name: `${order.firstName} ${order.lastName}`,
    });
    return customerId;
  } catch (error) {
    if (error instanceof PaymentServiceError) throw paymentServiceFailed(error.kind);
    throw error;
  }
}

export async function trackConversion(deps: BillingDeps, user: AuthUser | null, externalId: string) {
  const row = await orderFor(deps.db, user, externalId);
  if (!row.dateConfirmed) throw conflict(CHECKOUT_MESSAGES.orderNotConfirmed, 'order_not_confirmed');
  const firstTime = await repo.markConversionTracked(deps.db, row.id, nowOf(deps));
  return { tracked: true, first_time: firstTime };
}

export async function accountOrder(deps: BillingDeps, user: AuthUser, accountId: number) {
  await assertAccountAccess(deps.db, user, accountId);
  const row = await repo.latestConfirmedOrder(deps.db, accountId);
  if (!row) throw notFound();
  return toOrder(row, await promoCodeOf(deps.db, row));
}

export async function orderTrials(deps: BillingDeps, user: AuthUser, accountId: number) {
  await assertAccountAccess(deps.db, user, accountId);
  const now = nowOf(deps);
  const rows = await repo.listAccountOrders(deps.db, accountId);
  return rows
    .filter((row) => row.trialEndsAt !== null && row.dateConfirmed !== null)
    .map((row) => ({
      order: row.externalId,
      plan_tag: row.planTag,
      trial_ends_at: row.trialEndsAt!.toISOString(),
      active: row.trialEndsAt! > now,
    }));
}

export async function userOrders(deps: BillingDeps, user: AuthUser) {
  if (user.accountId === null) return { count: 0, results: [] };
  const rows = (await repo.listAccountOrders(deps.db, user.accountId)).filter((row) => row.dateConfirmed !== null);
  const results = await Promise.all(rows.map(async (row) => toOrder(row, await promoCodeOf(deps.db, row))));
  return { count: results.length, results };
}
