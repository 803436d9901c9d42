/**
 * Checkout, subscriptions and their flows (SPEC §4; docs/billing.md). Every state change is one
 * transaction: the subscription row is locked and updated only from the status it was read in, the
 * history row is appended and the family's e-mail is written with it (ARCHITECTURE §7). Money moves
 * only through the payments port, outside any transaction, with the provider's idempotency key.
 */
import {
  addDays,
  addMonths,
  CANCEL_REASONS,
  hasMagellanTag,
  CARD_DECLINED,
  CARD_UPDATE_LINK_DAYS,
  CARD_UPDATE_MESSAGES,
  DEFAULT_TIMEZONE,
  discountCents,
  findPlan,
  formatDateTime,
  formatMoney,
  isPoBox,
  nextRenewalAttempt,
  PAUSE_MONTHS,
  PAYMENT_SERVICE_ERROR,
  paymentErrorMessage,
  PROMO_MESSAGES,
  PROGRAM_PLANS,
  promoPlanMessage,
  RENEWAL_RETRY_DAYS,
  RETENTION_OFFERS,
  periodEnd,
  toE164,
  transition,
  type ProgramPlan,
  type SubscriptionAction,
  type SubscriptionStatus,
} from '@grove/domain';
import type { Paging } from '@grove/domain/api/common';
import type {
  ConfirmOrderRequest,
  Invoice,
  Order,
  OrderRequest,
  PastDue,
  PaymentMethodUpdateAnswer,
  Subscription,
  SubscriptionActionEntry,
} from '@grove/domain/api/billing';
import { renderEmail } from '../../adapters/email/templates.ts';
import type { SmsSender } from '../../adapters/sms/sms.port.ts';
import { renderSms } from '../../adapters/sms/templates.ts';
import type { EmailSender } from '../../adapters/email/email.port.ts';
import {
  PaymentServiceError,
  type PaymentMethodInput,
  type PaymentProvider,
} from '../../adapters/payment/payment.port.ts';
import { CardRefusedError } from '../../adapters/payment/sandbox.provider.ts';
import type { Db, Executor } from '../../db/client.ts';
import { conflict, forbidden, HttpError, notFound, ValidationError } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import { assertAccountAccess } from '../auth/access.ts';
import { insertOneTimeToken } from '../auth/auth.repository.ts';
import { hashToken, newToken } from '../auth/auth.tokens.ts';
import { recordConsent, wantsPaymentTexts, type ConsentOrigin } from '../privacy/privacy.service.ts';
import * as repo from './billing.repository.ts';

export interface BillingDeps {
  db: Db;
  payments: PaymentProvider;
  email: EmailSender;
  /** Failed-payment texts, to the billing parents who asked for them (privacy choice payment_texts). */
  sms: SmsSender;
  publicUrl: string;
  now?: () => Date;
}

const BILLING_ENTITY = 'Grove Health, Inc.';
const KIT_CARRIER = { carrier: 'UPS', ground: 'UPS Ground', express: 'UPS 2nd Day Air' } as const;
const RETURN_SERVICE = 'UPS Ground (prepaid return label)';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
const nowOf = (deps: BillingDeps) => (deps.now ?? (() => new Date()))();

export const paymentDeclined = (reason: string) => new HttpError(402, reason, 'card_declined');
export const paymentServiceFailed = (kind: string) => new HttpError(402, PAYMENT_SERVICE_ERROR, kind);

/** A renewal charge the card refused: answered like any decline, and recorded as a FAILED invoice. */
class RenewalDeclined extends HttpError {
  constructor(
    reason: string,
    readonly chargeId: string | null,
    readonly cardLabel: string | null,
  ) {
    super(402, reason, 'card_declined');
  }
}

/**
 * A signed card-update link for a billing parent (/update-card?o=…), written in `tx` with the
 * message that carries it: it opens the card form without signing in, for CARD_UPDATE_LINK_DAYS.
 * Only the token's hash is stored.
 */
export async function cardUpdateLink(deps: Pick<BillingDeps, 'publicUrl'>, tx: Executor, userId: number, now: Date) {
  const token = newToken();
  await insertOneTimeToken(tx, {
    tokenHash: hashToken(token),
    userId,
    purpose: repo.CARD_UPDATE_PURPOSE,
    expiresAt: addDays(now, CARD_UPDATE_LINK_DAYS),
  });
  return { token, url: `${deps.publicUrl}/update-card?o=${encodeURIComponent(token)}` };
}

/** The e-mail's button and, where the parent asked for texts and has a phone, the text of a failed renewal. */
async function failedRenewalLinks(
  deps: BillingDeps,
  tx: Executor,
  recipient: Recipient,
  amount: string,
  now: Date,
): Promise<RecipientNotice> {
  const emailLink = await cardUpdateLink(deps, tx, recipient.id, now);
  const notice: RecipientNotice = {
    action: { label: 'Update your card', url: emailLink.url },
    secrets: [emailLink.token],
  };
  const phone = recipient.phonenumber ? toE164(recipient.phonenumber, recipient.country) : null;
  if (phone && (await wantsPaymentTexts(tx, recipient.id))) {
    // A link of its own: either message may be forwarded or seen on a lock screen without the other.
    const textLink = await cardUpdateLink(deps, tx, recipient.id, now);
    await deps.sms.send(
      {
        to: phone,
        kind: 'billing',
        userId: recipient.id,
        ...renderSms('payment_failed', { amount, url: textLink.url }),
        secrets: [textLink.token],
      },
      tx,
    );
  }
  return notice;
}

function planOf(tag: string): ProgramPlan {
  return findPlan(tag).plan;
}

/** A plan as the answers carry it. */
function planAnswer(plan: ProgramPlan) {
  return { ...plan, kit_items: [...plan.kit_items] };
}

export type FlowResult = { subscription: Subscription; detail: string };

// Answers.

/** The order's human number (invoices read `GRV-2026-000024`; orders `GRV-ORD-2026-000024`). */
export function orderNumber(row: Pick<repo.OrderRow, 'id' | 'createdAt'>): string {
  return `GRV-ORD-${row.createdAt.getUTCFullYear()}-${String(row.id).padStart(6, '0')}`;
}

export function toOrder(row: repo.OrderRow, promoCode: string | null): Order {
  return {
    external_id: row.externalId,
    number: orderNumber(row),
    status: row.status === 'PROCESSING' ? 'PENDING' : (row.status as Order['status']),
    plan: planAnswer(planOf(row.planTag)),
    promo_code: promoCode,
    currency: row.currency,
    subtotal_cents: row.subtotalCents,
    discount_cents: row.discountCents,
    total_cents: row.totalCents,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    shipping: row.shipping,
    po_box: row.poBox,
    date_created: row.createdAt.toISOString(),
    date_confirmed: iso(row.dateConfirmed),
    trial_ends_at: iso(row.trialEndsAt),
    account_id: row.accountId,
  };
}

export function toSubscription(row: repo.SubscriptionRow): Subscription {
  const running = !['CANCELLED', 'RETURNED', 'PENDING_CANCELLATION', 'PAUSED'].includes(row.status);
  return {
    id: row.id,
    account_id: row.accountId,
    status: row.status as SubscriptionStatus,
    plan: planAnswer(planOf(row.planTag)),
    current_period_start: row.currentPeriodStart.toISOString(),
    current_period_end: row.currentPeriodEnd.toISOString(),
    trial_ends_at: iso(row.trialEndsAt),
    cancel_at: iso(row.cancelAt),
    cancel_reason: row.cancelReason,
    paused_until: iso(row.pausedUntil),
    return_deadline: row.returnDeadline.toISOString(),
    cancelled_at: iso(row.cancelledAt),
    next_charge_cents: running ? row.priceCents : null,
  };
}

export function toInvoice(row: repo.InvoiceRow): Invoice {
  return {
    id: row.id,
    external_id: row.externalId,
    number: row.number,
    billing_entity_name: row.billingEntityName,
    status: row.status as Invoice['status'],
    description: row.description,
    period_start: row.periodStart.toISOString(),
    period_end: row.periodEnd.toISOString(),
    amount_cents: row.amountCents,
    refunded_cents: row.refundedCents,
    currency: row.currency,
    card: row.cardLabel,
    date: row.createdAt.toISOString(),
  };
}

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
/** Accounts tagged magellan are paid for by a partner: no card checkout, no billing flows. */
export const PARTNER_COVERED =
  'Your Grove program is covered by your partner organisation, so there is nothing to pay or manage here.';

async function assertNotPartnerCovered(db: Executor, accountId: number) {
  if (hasMagellanTag(await repo.accountTagList(db, accountId))) throw conflict(PARTNER_COVERED, 'partner_covered');
}

async function orderOwner(db: Executor, user: AuthUser | null, email: string) {
  if (user) {
    if (user.isStaff || user.accountId === null) throw forbidden('Staff and coaches cannot check out.');
    await assertNotPartnerCovered(db, user.accountId);
    if (await repo.runningSubscription(db, user.accountId))
      throw conflict('Your family already has a subscription.', 'already_subscribed');
    return { accountId: user.accountId, userId: user.id };
  }
  const existing = await repo.findUserByEmail(db, email);
  if (existing) {
    throw new ValidationError({
      email: ['An account with this e-mail already exists. Please log in to continue your checkout.'],
    });
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

function toMethodInput(input: ConfirmOrderRequest['payment_method']): PaymentMethodInput {
  if (input.card) {
    return {
      kind: 'card',
      number: input.card.number,
      expMonth: input.card.exp_month,
      expYear: input.card.exp_year,
      cvc: input.card.cvc,
    };
  }
  return { kind: 'token', token: input.token ?? '' };
}

function cardLabel(method: { brand: string | null; last4: string | null }) {
  const brand = method.brand ? method.brand.charAt(0).toUpperCase() + method.brand.slice(1) : 'Card';
  return method.last4 ? `${brand} •••• ${method.last4}` : null;
}

/** Attaches the card; a refused card or a provider failure answers 402 with the family's sentence. */
async function attachCard(deps: BillingDeps, customerId: string, method: PaymentMethodInput) {
  try {
    return await deps.payments.attachPaymentMethod({ customerId, method });
  } catch (error) {
    if (error instanceof CardRefusedError) throw paymentDeclined(error.reason);
    if (error instanceof PaymentServiceError) throw paymentServiceFailed(error.kind);
    throw error;
  }
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
    await sendNotice(deps, order.email, order.firstName, 'Your Grove order is confirmed', [
      `Thank you for joining Grove! Your order of ${plan.name} is confirmed.`,
      payNow
        ? `We charged ${formatMoney(order.totalCents, order.currency)} to your card. Your next charge is on ${formatDateTime(result.subscription.currentPeriodEnd.toISOString())}.`
        : `Your free trial ends on ${formatDateTime(result.subscription.currentPeriodEnd.toISOString())}; your first charge of ${formatMoney(order.totalCents, order.currency)} is then.`,
      order.poBox
        ? 'Your kit ships to a PO Box by ground only: please allow extra time.'
        : 'Your kit ships within two business days; we will send the tracking number.',
    ]);
    return {
      order: toOrder(order, await promoCodeOf(db, order)),
      subscription: toSubscription(result.subscription),
      newUserId: result.newUserId,
    };
  } catch (error) {
    const reason = error instanceof HttpError ? error.detail : 'The payment could not be completed.';
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
  throw conflict(`Order ${orderId} is still being paid. Please try again in a moment.`, 'order_processing');
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
  if (!row.dateConfirmed) throw conflict('This order is not confirmed yet.', 'order_not_confirmed');
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

export async function listSubscriptions(deps: BillingDeps, user: AuthUser, accountId: number) {
  await assertAccountAccess(deps.db, user, accountId);
  const results = (await repo.listSubscriptions(deps.db, accountId)).map(toSubscription);
  return { count: results.length, results };
}

export async function listInvoices(deps: BillingDeps, user: AuthUser, accountId: number, paging: Paging) {
  await assertAccountAccess(deps.db, user, accountId);
  const { count, rows } = await repo.pageInvoices(
    deps.db,
    accountId,
    paging.page_size,
    (paging.page - 1) * paging.page_size,
  );
  return { count, page: paging.page, pageSize: paging.page_size, results: rows.map(toInvoice) };
}

export async function billingDetails(deps: BillingDeps, user: AuthUser, userId: number) {
  const target =
    user.id === userId
      ? await repo.findUser(deps.db, userId)
      : user.isStaff
        ? await repo.findUser(deps.db, userId)
        : null;
  if (!target || (!target.isBillingUser && !user.isStaff)) throw notFound();
  const accountId = target.accountId;
  const customer = accountId !== null ? await repo.findCustomer(deps.db, accountId) : null;
  const subscription = accountId !== null ? await repo.currentSubscription(deps.db, accountId) : null;
  const answer = subscription ? toSubscription(subscription) : null;
  return {
    user_id: target.id,
    account_id: accountId,
    billing_email: target.email,
    payment_method: customer ? paymentMethodOf(customer) : null,
    subscription_status: subscription?.status ?? target.billingStatus,
    next_charge_at: answer?.next_charge_cents !== null && answer ? answer.current_period_end : null,
    next_charge_cents: answer?.next_charge_cents ?? null,
    currency: subscription?.currency ?? 'usd',
    past_due: subscription?.status === 'PAST_DUE' ? await pastDueOf(deps, subscription) : null,
  };
}

/** The card on file, as the screens show it; null when there is none. */
function paymentMethodOf(customer: NonNullable<Awaited<ReturnType<typeof repo.findCustomer>>>) {
  return customer.last4 && customer.brand
    ? {
        brand: customer.brand,
        last4: customer.last4,
        exp_month: customer.expMonth ?? 0,
        exp_year: customer.expYear ?? 0,
      }
    : null;
}

/** What the past-due banner says: the renewal that failed, why, and the next try. */
async function pastDueOf(deps: BillingDeps, subscription: repo.SubscriptionRow): Promise<PastDue | null> {
  const failed = await repo.latestFailedRenewal(deps.db, subscription.id);
  if (!failed) return null;
  return {
    amount_cents: failed.invoice.amountCents,
    currency: failed.invoice.currency,
    failed_at: failed.invoice.createdAt.toISOString(),
    reason: failed.reason ?? CARD_DECLINED,
    next_retry_at: iso(nextRenewalAttempt(subscription.currentPeriodEnd, subscription.renewalAttempts)),
  };
}

/** POST /billing/payment/: a new card for the family; it is used from the next charge on. */
export async function updatePaymentMethod(
  deps: BillingDeps,
  user: AuthUser,
  accountId: number,
  input: ConfirmOrderRequest['payment_method'],
) {
  await assertMember(deps, user, accountId);
  return saveCard(deps, accountId, input, user.id);
}

/**
 * Saves a new card for the account at the provider and, on a past-due subscription, charges the
 * failed renewal to it at once (docs/billing.md, When a payment fails); `actorUserId` is the parent
 * who did it, in the subscription's history.
 */
async function saveCard(
  deps: BillingDeps,
  accountId: number,
  input: ConfirmOrderRequest['payment_method'],
  actorUserId: number,
): Promise<PaymentMethodUpdateAnswer> {
  const customer = await repo.findCustomer(deps.db, accountId);
  if (!customer || customer.provider !== deps.payments.name) throw paymentServiceFailed('unknown_customer');
  const method = await attachCard(deps, customer.customerId, toMethodInput(input));
  await repo.upsertCustomer(deps.db, {
    ...customer,
    methodId: method.id,
    brand: method.brand,
    last4: method.last4,
    expMonth: method.expMonth,
    expYear: method.expYear,
  });
  const answer = { brand: method.brand, last4: method.last4, exp_month: method.expMonth, exp_year: method.expYear };
  const current = await repo.currentSubscription(deps.db, accountId);
  if (current?.status !== 'PAST_DUE') return answer;
  let outcome = await attemptRenewal(deps, accountId, current, actorUserId);
  let after = await repo.currentSubscription(deps.db, accountId);
  // The scheduled retry recorded its attempt meanwhile (with the card it read): the new card gets its own.
  if (outcome === 'not_due' && after?.status === 'PAST_DUE') {
    outcome = await attemptRenewal(deps, accountId, after, actorUserId);
    after = await repo.currentSubscription(deps.db, accountId);
  }
  const renewed = outcome === 'renewed' || (outcome === 'not_due' && after?.status === 'ACTIVE');
  const retry = after ? nextRenewalAttempt(after.currentPeriodEnd, after.renewalAttempts) : null;
  return {
    ...answer,
    renewal: renewed
      ? { outcome: 'renewed' as const, detail: CARD_UPDATE_MESSAGES.renewed }
      : {
          outcome: 'failed' as const,
          detail: `Your card is updated, but the renewal charge failed: ${(after && (await repo.latestFailedRenewal(deps.db, after.id))?.reason) ?? CARD_DECLINED}${retry ? ' We will try again later.' : ''}`,
        },
  };
}

/** The live link of a token, or 404 link_invalid (unknown, expired, spent, or no longer a billing parent). */
async function liveCardUpdateLink(deps: BillingDeps, token: string) {
  const link = token ? await repo.findCardUpdateLink(deps.db, hashToken(token), nowOf(deps)) : null;
  if (!link) throw new HttpError(404, CARD_UPDATE_MESSAGES.linkInvalid, 'link_invalid');
  return link;
}

/** GET /billing/card_update?o=: what a signed card-update link is for (no sign-in: the link is the key). */
export async function describeCardUpdateLink(deps: BillingDeps, token: string) {
  const link = await liveCardUpdateLink(deps, token);
  const [customer, subscription] = await Promise.all([
    repo.findCustomer(deps.db, link.accountId),
    repo.currentSubscription(deps.db, link.accountId),
  ]);
  return {
    first_name: link.firstName,
    email: link.email,
    plan_name: subscription ? planOf(subscription.planTag).name : null,
    payment_method: customer ? paymentMethodOf(customer) : null,
    past_due: subscription?.status === 'PAST_DUE' ? await pastDueOf(deps, subscription) : null,
    expires_at: link.expiresAt.toISOString(),
  };
}

/**
 * POST /billing/card_update: a new card through a signed link. The links of the parent are spent
 * once the card is saved and nothing is left to pay; after a refused retry they still work.
 */
export async function updateCardWithLink(
  deps: BillingDeps,
  token: string,
  input: ConfirmOrderRequest['payment_method'],
) {
  const link = await liveCardUpdateLink(deps, token);
  await assertNotPartnerCovered(deps.db, link.accountId);
  const answer = await saveCard(deps, link.accountId, input, link.userId);
  if (answer.renewal?.outcome !== 'failed') await repo.spendCardUpdateLinks(deps.db, link.userId, nowOf(deps));
  return answer;
}

/** "E-mail me a link": the signed card-update link, to the billing parent who asked. */
export async function requestUpdateEmail(deps: BillingDeps, user: AuthUser) {
  const target = await repo.findUser(deps.db, user.id);
  if (!target || target.accountId === null || !target.isBillingUser) throw notFound();
  await deps.db.transaction(async (tx) => {
    const link = await cardUpdateLink(deps, tx, target.id, nowOf(deps));
    await sendNotice(
      deps,
      target.email,
      target.firstName,
      'Update your Grove payment method',
      [
        `You asked to update the card Grove charges. The button below opens the card form directly, without signing in, for ${CARD_UPDATE_LINK_DAYS} days; the new card is used from your next charge on.`,
      ],
      { label: 'Update my card', url: link.url },
      tx,
      [link.token],
    );
  });
  return { detail: `We sent a link to ${target.email}.` };
}

// The subscription flows.

async function assertMember(deps: BillingDeps, user: AuthUser, accountId: number) {
  const relation = await assertAccountAccess(deps.db, user, accountId, 'write');
  if (relation === 'member' && !user.isBillingUser)
    throw forbidden('Only the family’s billing contact can change the subscription.');
  await assertNotPartnerCovered(deps.db, accountId);
  return relation;
}

/** What moving money changed: columns of the subscription, and the invoice to record with the transition. */
interface MoneyOutcome {
  values?: Partial<repo.SubscriptionRow>;
  invoice?: Omit<NewInvoice, 'number'>;
}
type NewInvoice = Parameters<typeof repo.insertInvoice>[1];

interface FlowPlan {
  /** Extra columns to write with the new status. */
  values: (current: repo.SubscriptionRow, now: Date) => Partial<repo.SubscriptionRow>;
  /** The e-mail's subject and lines (and a button), and the answer's sentence. */
  notice: (
    next: repo.SubscriptionRow,
    when: (date: Date | null) => string,
  ) => { subject: string; lines: string[]; action?: { label: string; url: string } };
  /** Money to move before the state changes (a renewal charge, a return refund). */
  money?: (current: repo.SubscriptionRow) => Promise<MoneyOutcome | void>;
  reason?: string | null;
  /** More writes of the same transaction (a return's shipment). */
  effects?: (tx: Executor, current: repo.SubscriptionRow, now: Date) => Promise<void>;
  /** Per billing parent, in the transaction: a signed link in place of the e-mail's button (and a text). */
  perRecipient?: (
    tx: Executor,
    recipient: Recipient,
    next: repo.SubscriptionRow,
    now: Date,
  ) => Promise<RecipientNotice>;
}

type Recipient = Awaited<ReturnType<typeof repo.billingUsers>>[number];
interface RecipientNotice {
  action: { label: string; url: string };
  /** One-time secrets the e-mail carries (its link's token). */
  secrets: string[];
}

/** Dates in e-mails and answers, in the family's time zone (SPEC §9 format). */
const inZone = (timeZone: string) => (date: Date | null) => (date ? formatDateTime(date.toISOString(), timeZone) : '');

/**
 * Runs one transition of the state machine: checks it is allowed from the current status (409
 * with a sentence otherwise), moves money first when it must, then writes the new status, the
 * history row and the family's e-mail in one transaction. A concurrent transition loses (the
 * update only applies to the status it was read in) and answers 409.
 */
async function runFlow(
  deps: BillingDeps,
  actor: Pick<AuthUser, 'id'> | null,
  accountId: number,
  action: SubscriptionAction,
  plan: FlowPlan,
): Promise<FlowResult> {
  const now = nowOf(deps);
  const current = await repo.currentSubscription(deps.db, accountId);
  if (!current) throw conflict('This family has no subscription.', 'no_subscription');
  const step = transition(
    action,
    current.status as SubscriptionStatus,
    current.previousStatus as SubscriptionStatus | null,
  );
  if (!step.ok) throw conflict(step.reason, 'invalid_transition');
  const money = plan.money ? ((await plan.money(current)) ?? {}) : {};
  const next = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockCurrentSubscription(tx, accountId);
    if (
      !locked ||
      locked.id !== current.id ||
      locked.status !== current.status ||
      locked.updatedAt.getTime() !== current.updatedAt.getTime()
    ) {
      throw conflict('The subscription changed meanwhile. Please reload and try again.', 'invalid_transition');
    }
    const keepsPrevious = step.to === 'PENDING_CANCELLATION' || step.to === 'RETURN_REQUESTED';
    const updated = await repo.updateSubscription(
      tx,
      locked,
      {
        status: step.to,
        previousStatus: keepsPrevious ? locked.status : null,
        ...plan.values(locked, now),
        ...money.values,
      },
      now,
    );
    if (!updated)
      throw conflict('The subscription changed meanwhile. Please reload and try again.', 'invalid_transition');
    // The invoice is written only by the request whose transition won, with it.
    if (money.invoice)
      await repo.insertInvoice(tx, { ...money.invoice, number: await repo.nextInvoiceNumber(tx, now) });
    await repo.insertAction(tx, {
      accountId,
      subscriptionId: locked.id,
      action,
      fromStatus: locked.status,
      toStatus: step.to,
      reason: plan.reason ?? null,
      actorUserId: actor?.id ?? null,
    });
    await repo.setAccountBilling(tx, accountId, step.to, now);
    if (plan.effects) await plan.effects(tx, locked, now);
    // The family's e-mail is an outbox row of this transaction (ARCHITECTURE §7).
    const notice = plan.notice(updated, inZone((await repo.findAccount(tx, accountId))?.timeZone ?? DEFAULT_TIMEZONE));
    for (const recipient of await repo.billingUsers(tx, accountId)) {
      const own = plan.perRecipient ? await plan.perRecipient(tx, recipient, updated, now) : null;
      await sendNotice(
        deps,
        recipient.email,
        recipient.firstName,
        notice.subject,
        notice.lines,
        own?.action ?? notice.action,
        tx,
        own?.secrets,
      );
    }
    return { updated, notice };
  });
  return { subscription: toSubscription(next.updated), detail: next.notice.lines[0]! };
}

export async function cancelRequest(
  deps: BillingDeps,
  user: AuthUser,
  accountId: number,
  body: { reason: string; comment?: string },
) {
  await assertMember(deps, user, accountId);
  const label = CANCEL_REASONS.find((reason) => reason.id === body.reason)?.label ?? body.reason;
  return runFlow(deps, user, accountId, 'cancel_request', {
    reason: body.comment ? `${label}: ${body.comment}` : label,
    values: (current, now) => ({
      cancelAt: addDays(now, planOf(current.planTag).grace_days),
      cancelReason: body.reason,
      cancelComment: body.comment ?? null,
    }),
    notice: (next, when) => ({
      subject: 'Your Grove cancellation is scheduled',
      lines: [
        `Your subscription ends on ${when(next.cancelAt)}. Until then everything keeps working, and nothing more is charged.`,
        'Changed your mind? Undo the cancellation from Subscription & Billing any time before that date.',
      ],
    }),
  });
}

export async function cancelUndo(deps: BillingDeps, user: AuthUser, accountId: number) {
  await assertMember(deps, user, accountId);
  return runFlow(deps, user, accountId, 'cancel_undo', {
    values: () => ({ cancelAt: null, cancelReason: null, cancelComment: null }),
    notice: (next, when) => ({
      subject: 'Your Grove subscription continues',
      lines: [
        `Your cancellation is undone: your subscription continues, and the next charge is on ${when(next.currentPeriodEnd)}.`,
      ],
    }),
  });
}

/** Ends a pending cancellation now (staff), or when its grace period is over (the scheduler). */
export async function cancelConfirm(deps: BillingDeps, actor: AuthUser | null, accountId: number) {
  if (actor && !actor.isStaff) throw forbidden('Cancellations take effect at the end of the grace period.');
  return runFlow(deps, actor, accountId, 'cancel_confirm', {
    values: (_current, now) => ({ cancelledAt: now, cancelAt: null }),
    notice: () => ({
      subject: 'Your Grove subscription has ended',
      lines: ['Your subscription has ended. Your children’s progress stays in your account if you come back.'],
    }),
  });
}

export async function pause(deps: BillingDeps, user: AuthUser, accountId: number, months: number) {
  await assertMember(deps, user, accountId);
  return runFlow(deps, user, accountId, 'pause', {
    reason: `${months} month${months === 1 ? '' : 's'}`,
    values: (current, now) => {
      const until = addMonths(now, months);
      // The paused time is not billed: the period ends that much later.
      return {
        pausedUntil: until,
        currentPeriodEnd: new Date(current.currentPeriodEnd.getTime() + (until.getTime() - now.getTime())),
      };
    },
    notice: (next, when) => ({
      subject: 'Your Grove subscription is paused',
      lines: [
        `Your subscription is paused until ${when(next.pausedUntil)}. Nothing is charged while it is paused.`,
        `It resumes by itself then, and the next charge is on ${when(next.currentPeriodEnd)}.`,
      ],
    }),
  });
}

/** Resumes now (a parent) or when the pause is over (the scheduler). */
export async function resume(deps: BillingDeps, actor: AuthUser | null, accountId: number) {
  if (actor) await assertMember(deps, actor, accountId);
  return runFlow(deps, actor, accountId, 'resume', {
    values: (current, now) => {
      // Resuming early gives back the paused time not used.
      const unused =
        current.pausedUntil && current.pausedUntil > now ? current.pausedUntil.getTime() - now.getTime() : 0;
      return { pausedUntil: null, currentPeriodEnd: new Date(current.currentPeriodEnd.getTime() - unused) };
    },
    notice: (next, when) => ({
      subject: 'Your Grove subscription is running again',
      lines: [
        `Welcome back! Your subscription is running again; the next charge is on ${when(next.currentPeriodEnd)}.`,
      ],
    }),
  });
}

export async function returnRequest(deps: BillingDeps, user: AuthUser, accountId: number) {
  await assertMember(deps, user, accountId);
  const current = await repo.currentSubscription(deps.db, accountId);
  const now = nowOf(deps);
  if (current && current.returnDeadline < now && !user.isStaff) {
    const account = await repo.findAccount(deps.db, accountId);
    throw conflict(
      `The return window ended on ${inZone(account?.timeZone ?? DEFAULT_TIMEZONE)(current.returnDeadline)}.`,
      'return_window_closed',
    );
  }
  return runFlow(deps, user, accountId, 'return_request', {
    values: () => ({}),
    // The kit comes back with a prepaid label: a return shipment from the kit's address.
    effects: async (tx, current, now) => {
      const kit = await repo.latestShipment(tx, accountId, 'kit');
      if (!kit) return;
      await repo.insertShipment(tx, {
        accountId,
        orderId: current.orderId,
        kind: 'return',
        carrier: KIT_CARRIER.carrier,
        service: RETURN_SERVICE,
        status: 'LABEL_CREATED',
        items: kit.items,
        shipping: kit.shipping,
        createdAt: now,
        updatedAt: now,
      });
    },
    notice: (next, when) => ({
      subject: 'Your Grove return request',
      lines: [
        'We received your return request. Pack the band, the cable and the stand in their box; we e-mail a prepaid return label within two business days.',
        `Returns are accepted until ${when(next.returnDeadline)}. Once the kit is back, we refund your payment.`,
      ],
    }),
  });
}

export async function returnConfirm(deps: BillingDeps, staff: AuthUser, accountId: number) {
  if (!staff.isStaff) throw forbidden();
  return runFlow(deps, staff, accountId, 'return_confirm', {
    money: async (current) => {
      const invoice = await repo.latestPaidInvoice(deps.db, current.id);
      if (invoice)
        await refundInvoiceMoney(deps, staff, invoice, invoice.amountCents - invoice.refundedCents, 'Kit returned');
      return { values: { cancelledAt: nowOf(deps) } };
    },
    values: () => ({}),
    effects: async (tx, _current, now) => {
      const parcel = await repo.latestShipment(tx, accountId, 'return');
      if (parcel && parcel.status !== 'RETURNED') await repo.setShipmentStatus(tx, parcel.id, 'RETURNED', now);
    },
    notice: () => ({
      subject: 'Your Grove return is complete',
      lines: [
        'We received the kit and refunded your payment; the refund reaches your card within 5 to 10 days. Your subscription has ended.',
      ],
    }),
  });
}

export async function returnDecline(deps: BillingDeps, staff: AuthUser, accountId: number, reason: string) {
  if (!staff.isStaff) throw forbidden();
  return runFlow(deps, staff, accountId, 'return_decline', {
    reason,
    values: () => ({}),
    notice: () => ({
      subject: 'About your Grove return request',
      lines: [`We could not accept your return request: ${reason}`],
    }),
  });
}

export async function renewDecline(deps: BillingDeps, user: AuthUser, accountId: number) {
  await assertMember(deps, user, accountId);
  return runFlow(deps, user, accountId, 'renew_decline', {
    reason: 'Does not renew',
    values: (current) => ({ cancelAt: current.currentPeriodEnd, cancelReason: 'renewal_declined' }),
    notice: (next, when) => ({
      subject: 'Your Grove subscription will not renew',
      lines: [`Your subscription will not renew: it ends on ${when(next.cancelAt)}. You can still renew before then.`],
    }),
  });
}

/**
 * Renew: a subscription that was going to end keeps running (nothing charged now); an ended or
 * past-due one is charged for a new period first.
 */
export async function renew(deps: BillingDeps, actor: AuthUser, accountId: number) {
  if (!actor.isStaff) await assertMember(deps, actor, accountId);
  const current = await repo.currentSubscription(deps.db, accountId);
  const needsCharge = current?.status === 'CANCELLED' || current?.status === 'PAST_DUE';
  if (current?.status === 'CANCELLED') {
    // An ended subscription restarts as a new period of the same row only if no other is running.
    if (await repo.runningSubscription(deps.db, accountId))
      throw conflict('This family already has a running subscription.', 'already_subscribed');
  }
  return runFlow(deps, actor, accountId, 'renew_confirm', {
    money: needsCharge
      ? (sub) => chargePeriod(deps, sub, `renew:${sub.id}:${sub.currentPeriodEnd.toISOString()}`)
      : undefined,
    values: () => ({ cancelAt: null, cancelReason: null, cancelComment: null, cancelledAt: null, renewalAttempts: 0 }),
    notice: (next, when) => ({
      subject: 'Your Grove subscription is renewed',
      lines: [`Your subscription is renewed. It runs until ${when(next.currentPeriodEnd)}.`],
    }),
  });
}

/**
 * Charges one period of a subscription; answers the new period and the invoice to record with the
 * transition. `idempotencyKey` names the period, so the provider charges it once whoever asks.
 */
async function chargePeriod(
  deps: BillingDeps,
  sub: repo.SubscriptionRow,
  idempotencyKey: string,
): Promise<MoneyOutcome> {
  const customer = await repo.findCustomer(deps.db, sub.accountId);
  if (!customer) throw paymentServiceFailed('unknown_customer');
  const plan = planOf(sub.planTag);
  // A renewal continues the period that ended; an ended subscription restarts today.
  const start = sub.status === 'CANCELLED' ? nowOf(deps) : sub.currentPeriodEnd;
  const end = periodEnd(start, plan.billing_period);
  const result = await deps.payments
    .charge({
      customerId: customer.customerId,
      amountCents: sub.priceCents,
      currency: sub.currency,
      description: `${plan.name} — renewal`,
      idempotencyKey,
      metadata: { subscription: String(sub.id) },
    })
    .catch((error: unknown) => {
      if (error instanceof PaymentServiceError) throw paymentServiceFailed(error.kind);
      throw error;
    });
  if (result.status === 'declined') throw new RenewalDeclined(result.reason, result.chargeId, cardLabel(customer));
  return {
    values: { currentPeriodStart: start, currentPeriodEnd: end },
    invoice: {
      accountId: sub.accountId,
      subscriptionId: sub.id,
      billingEntityName: BILLING_ENTITY,
      status: 'PAID',
      description: `${plan.name} — renewal`,
      periodStart: start,
      periodEnd: end,
      amountCents: sub.priceCents,
      currency: sub.currency,
      provider: deps.payments.name,
      providerChargeId: result.chargeId,
      cardLabel: cardLabel(customer),
    },
  };
}

// Invoices (staff).

async function refundInvoiceMoney(
  deps: BillingDeps,
  staff: AuthUser,
  invoice: repo.InvoiceRow,
  amount: number,
  reason: string,
) {
  if (!invoice.providerChargeId) throw conflict('This invoice has no payment to refund.', 'nothing_to_refund');
  const refund = await deps.payments
    .refund({
      chargeId: invoice.providerChargeId,
      amountCents: amount,
      idempotencyKey: `refund:${invoice.id}:${invoice.refundedCents}:${amount}`,
    })
    .catch((error: unknown) => {
      if (error instanceof PaymentServiceError) throw paymentServiceFailed(error.kind);
      throw error;
    });
  return deps.db.transaction(async (tx) => {
    const locked = await repo.lockInvoice(tx, invoice.id);
    if (!locked || locked.refundedCents !== invoice.refundedCents)
      throw conflict('The invoice changed meanwhile. Please reload.', 'invoice_changed');
    const refunded = locked.refundedCents + refund.amountCents;
    await repo.insertRefund(tx, {
      invoiceId: locked.id,
      amountCents: refund.amountCents,
      reason,
      providerRefundId: refund.refundId,
      staffUserId: staff.id,
    });
    return repo.updateInvoice(tx, locked.id, {
      refundedCents: refunded,
      status: refunded >= locked.amountCents ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
    });
  });
}

async function staffInvoice(deps: BillingDeps, staff: AuthUser, invoiceId: number, entity: string) {
  if (!staff.isStaff) throw forbidden();
  const invoice = await repo.findInvoice(deps.db, invoiceId);
  if (!invoice) throw notFound();
  if (invoice.billingEntityName !== entity)
    throw new ValidationError({ billing_entity_name: ['This is not the invoice’s billing entity.'] });
  return invoice;
}

export async function refundInvoice(
  deps: BillingDeps,
  staff: AuthUser,
  invoiceId: number,
  entity: string,
  body: { amount_cents?: number; reason: string },
) {
  const invoice = await staffInvoice(deps, staff, invoiceId, entity);
  if (!['PAID', 'PARTIALLY_REFUNDED'].includes(invoice.status))
    throw conflict('Only a paid invoice can be refunded.', 'not_refundable');
  const left = invoice.amountCents - invoice.refundedCents;
  const amount = body.amount_cents ?? left;
  if (amount > left)
    throw new ValidationError({ amount_cents: [`At most ${formatMoney(left, invoice.currency)} is left to refund.`] });
  return toInvoice(await refundInvoiceMoney(deps, staff, invoice, amount, body.reason || 'Refund'));
}

export async function removeInvoice(deps: BillingDeps, staff: AuthUser, invoiceId: number, entity: string) {
  const invoice = await staffInvoice(deps, staff, invoiceId, entity);
  if (!['FAILED'].includes(invoice.status))
    throw conflict('Only an unpaid invoice can be removed; refund a paid one instead.', 'not_removable');
  return toInvoice(await repo.updateInvoice(deps.db, invoice.id, { status: 'VOID' }));
}

// History.

export async function subscriptionActions(deps: BillingDeps, user: AuthUser, accountId: number, paging: Paging) {
  await assertAccountAccess(deps.db, user, accountId);
  const { count, rows } = await repo.pageActions(
    deps.db,
    accountId,
    paging.page_size,
    (paging.page - 1) * paging.page_size,
  );
  const results: SubscriptionActionEntry[] = rows.map(({ action, actorFirstName, actorLastName, actorIsStaff }) => ({
    id: action.id,
    account_id: action.accountId,
    action: action.action as SubscriptionActionEntry['action'],
    from_status: action.fromStatus,
    to_status: action.toStatus,
    reason: action.reason,
    actor:
      action.actorUserId === null
        ? null
        : {
            id: action.actorUserId,
            name: `${actorFirstName ?? ''} ${actorLastName ?? ''}`.trim(),
            kind: actorIsStaff ? 'staff' : 'parent',
          },
    created_at: action.createdAt.toISOString(),
  }));
  return { count, page: paging.page, pageSize: paging.page_size, results };
}

async function sendNotice(
  deps: BillingDeps,
  to: string,
  firstName: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  tx?: Executor,
  secrets?: readonly string[],
) {
  await deps.email.send(
    {
      to,
      ...renderEmail('billing_notice', { firstName, subject, paragraphs, ...(action ? { action } : {}) }),
      ...(secrets?.length ? { secrets } : {}),
    },
    tx,
  );
}

// Provider webhooks.

/**
 * A provider event, after its signature was checked: recorded once (a replay changes nothing) in the
 * same transaction as its effect. charge.refunded brings refunds made at the provider onto the invoice.
 */
export async function handleProviderEvent(deps: BillingDeps, rawBody: string, signature: string | undefined) {
  let event;
  try {
    event = deps.payments.verifyWebhook(rawBody, signature);
  } catch {
    throw new HttpError(400, 'The webhook signature is missing, wrong or too old.', 'bad_signature');
  }
  return deps.db.transaction(async (tx) => {
    if (!(await repo.recordPaymentEvent(tx, deps.payments.name, event.id, event.type)))
      return { received: true, duplicate: true };
    if (event.type === 'charge.refunded') {
      const chargeId = typeof event.object.payment_intent === 'string' ? event.object.payment_intent : null;
      const refunded = typeof event.object.amount_refunded === 'number' ? event.object.amount_refunded : null;
      const invoice = chargeId ? await repo.findInvoiceByCharge(tx, chargeId) : null;
      if (invoice && refunded !== null && refunded > invoice.refundedCents) {
        const total = Math.min(refunded, invoice.amountCents);
        await repo.updateInvoice(tx, invoice.id, {
          refundedCents: total,
          status: total >= invoice.amountCents ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
        });
      }
    }
    return { received: true, duplicate: false };
  });
}

// Scheduled work (billing.jobs.ts runs it from the job queue). Each step is guarded by the
// subscription's status, so running it twice, or in two workers at once, acts once.

/** A pending cancellation whose grace period is over ends. */
export async function endGracePeriod(deps: BillingDeps, accountId: number): Promise<boolean> {
  const current = await repo.currentSubscription(deps.db, accountId);
  if (current?.status !== 'PENDING_CANCELLATION' || !current.cancelAt || current.cancelAt > nowOf(deps)) return false;
  return settle(cancelConfirm(deps, null, accountId));
}

/** A pause that is over ends: the subscription runs again. */
export async function endPause(deps: BillingDeps, accountId: number): Promise<boolean> {
  const current = await repo.currentSubscription(deps.db, accountId);
  if (current?.status !== 'PAUSED' || !current.pausedUntil || current.pausedUntil > nowOf(deps)) return false;
  return settle(resume(deps, null, accountId));
}

/**
 * A period (or trial) that is over is renewed: charged with an idempotency key naming the period and
 * attempt. A failure makes it past due, records a FAILED invoice and tells the family when the next
 * try is, with a link to update the card; after the last retry it lapses.
 */
export async function renewWhenDue(deps: BillingDeps, accountId: number): Promise<RenewalOutcome | 'lapsed'> {
  const now = nowOf(deps);
  const current = await repo.currentSubscription(deps.db, accountId);
  if (!current || !['TRIAL', 'ACTIVE', 'PAST_DUE'].includes(current.status)) return 'not_due';
  const due = nextRenewalAttempt(current.currentPeriodEnd, current.renewalAttempts);
  if (due === null) {
    const lapsed = await settle(
      runFlow(deps, null, accountId, 'lapse', {
        reason: 'Every renewal attempt failed',
        values: () => ({ cancelledAt: now }),
        notice: () => ({
          subject: 'Your Grove subscription has ended',
          lines: [
            'We could not charge your card after several tries, so your subscription has ended.',
            'Your child’s progress is kept. To restart the program, choose a plan and enter a card at checkout; or renew from Subscription & Billing.',
          ],
          action: { label: 'Restart Grove', url: `${deps.publicUrl}/checkout` },
        }),
      }),
    );
    return lapsed ? 'lapsed' : 'not_due';
  }
  if (due > now) return 'not_due';
  return attemptRenewal(deps, accountId, current);
}

type RenewalOutcome = 'renewed' | 'failed' | 'not_due';

/**
 * Charges the renewal of `current` now (when due, or at once after a new card on a past-due
 * subscription). The key names the period and the attempt, so a card update racing the scheduled
 * retry charges once; the transition is guarded by the row as it was read, so one of them records it
 * and the other answers 'not_due'.
 */
async function attemptRenewal(
  deps: BillingDeps,
  accountId: number,
  current: repo.SubscriptionRow,
  /** The parent whose new card is charged (null: the scheduled retry). */
  actorUserId: number | null = null,
): Promise<RenewalOutcome> {
  const actor = actorUserId === null ? null : { id: actorUserId };
  const plan = planOf(current.planTag);
  // Another worker (or a card update) acted on it after it was read here: this attempt is not due.
  const unchanged = (sub: repo.SubscriptionRow) => {
    if (sub.id !== current.id || sub.updatedAt.getTime() !== current.updatedAt.getTime()) {
      throw conflict('The subscription changed meanwhile. Please reload and try again.', 'invalid_transition');
    }
  };
  try {
    await runFlow(deps, actor, accountId, 'renewal_charged', {
      money: (sub) => {
        unchanged(sub);
        return chargePeriod(
          deps,
          sub,
          `renewal:${sub.id}:${sub.currentPeriodEnd.toISOString()}:${sub.renewalAttempts}`,
        );
      },
      values: () => ({ renewalAttempts: 0, trialEndsAt: null }),
      notice: (next, when) => ({
        subject: 'Your Grove receipt',
        lines: [
          `We charged ${formatMoney(next.priceCents, next.currency)} for ${plan.name}. Your next charge is on ${when(next.currentPeriodEnd)}.`,
          'Your receipt is in Subscription & Billing.',
        ],
      }),
    });
    return 'renewed';
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode !== 402) {
      if (error instanceof HttpError && error.statusCode === 409) return 'not_due';
      throw error;
    }
    const attempts = current.renewalAttempts + 1;
    const retry = nextRenewalAttempt(current.currentPeriodEnd, attempts);
    // A payment-service failure of a scheduled charge is told without "Please try again." (SPEC §8):
    // the family has nothing to retry; Grove retries on schedule.
    const reason = paymentErrorMessage(error.code, { retry: false }) ?? error.detail;
    const failed = await settle(
      runFlow(deps, actor, accountId, 'renewal_failed', {
        // Recorded only if no one recorded this attempt meanwhile (the transaction checks the row).
        money: async (sub) => unchanged(sub),
        reason,
        values: () => ({ renewalAttempts: attempts }),
        effects: async (tx, locked, now) => {
          await repo.insertInvoice(tx, {
            number: await repo.nextInvoiceNumber(tx, now),
            accountId,
            subscriptionId: locked.id,
            billingEntityName: BILLING_ENTITY,
            status: 'FAILED',
            description: `${plan.name} — renewal — payment failed: ${reason}`,
            periodStart: locked.currentPeriodEnd,
            periodEnd: periodEnd(locked.currentPeriodEnd, plan.billing_period),
            amountCents: locked.priceCents,
            currency: locked.currency,
            provider: deps.payments.name,
            providerChargeId: error instanceof RenewalDeclined ? error.chargeId : null,
            cardLabel: error instanceof RenewalDeclined ? error.cardLabel : null,
          });
        },
        notice: (_next, when) => failedRenewalNotice(plan.name, reason, retry ? when(retry) : null),
        perRecipient: (tx, recipient, next, now) =>
          failedRenewalLinks(deps, tx, recipient, formatMoney(next.priceCents, next.currency), now),
      }),
    );
    return failed ? 'failed' : 'not_due';
  }
}

/** The e-mail of a failed renewal: what failed, the next try (null: that was the last) and what to do. */
export function failedRenewalNotice(planName: string, reason: string, nextTry: string | null) {
  return {
    subject: 'We could not charge your card',
    lines: [
      nextTry
        ? `We could not charge your card for ${planName} (${reason}) We will try again on ${nextTry}; please update your card before then so the program keeps running.`
        : `We could not charge your card for ${planName} (${reason}) This was the last try: update your card now, or your subscription ends.`,
      'When you update your card, we charge it at once and the program keeps running.',
    ],
  };
}

/** A scheduled step that lost a race (409) did nothing: someone else acted. */
async function settle(step: Promise<FlowResult>): Promise<boolean> {
  try {
    await step;
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) return false;
    throw error;
  }
}

/** One sweep of the scheduled billing work; answers what it did. */
export async function runDueBilling(deps: BillingDeps) {
  const due = await repo.dueAccounts(deps.db, nowOf(deps));
  const done = { graceEnded: 0, pauseEnded: 0, renewed: 0, failed: 0, lapsed: 0 };
  for (const accountId of due.graceEnded) if (await endGracePeriod(deps, accountId)) done.graceEnded++;
  for (const accountId of due.pauseEnded) if (await endPause(deps, accountId)) done.pauseEnded++;
  for (const accountId of due.renewals) {
    const outcome = await renewWhenDue(deps, accountId);
    if (outcome === 'renewed') done.renewed++;
    if (outcome === 'failed') done.failed++;
    if (outcome === 'lapsed') done.lapsed++;
  }
  return done;
}
