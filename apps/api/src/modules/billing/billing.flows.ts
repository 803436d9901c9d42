/**
 * The subscription flows (SPEC §4; docs/billing.md): cancel and undo, pause and resume, return,
 * renew and decline. Each is one guarded transition of the state machine, run by runFlow.
 */
import {
  addDays,
  addMonths,
  CANCEL_REASONS,
  DEFAULT_LANGUAGE,
  DEFAULT_TIMEZONE,
  formatDateTime,
  periodEnd,
  SUBSCRIPTION_MESSAGES,
  transition,
  type Language,
  type SubscriptionAction,
  type SubscriptionStatus,
} from '@grove/domain';
import { PaymentServiceError } from '../../adapters/payment/payment.port.ts';
import type { Executor } from '../../db/client.ts';
import { conflict, forbidden } from '../../lib/errors.ts';
import { localeOf, type Locale } from '../../locales/i18n.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import { assertAccountAccess } from '../auth/access.ts';
import { FLOW_NOTICES, type Notice } from './billing.notices.ts';
import * as repo from './billing.repository.ts';
import {
  BILLING_ENTITY,
  type BillingDeps,
  type FlowResult,
  KIT_CARRIER,
  RETURN_SERVICE,
  RenewalDeclined,
  assertNotPartnerCovered,
  cardLabel,
  nowOf,
  paymentServiceFailed,
  planOf,
  sendNotice,
  toSubscription,
} from './billing.service.ts';
import { refundInvoiceMoney } from './billing.invoices.ts';

// The subscription flows.

export async function assertMember(deps: BillingDeps, user: AuthUser, accountId: number) {
  const relation = await assertAccountAccess(deps.db, user, accountId, 'write');
  if (relation === 'member' && !user.isBillingUser) throw forbidden(SUBSCRIPTION_MESSAGES.billingContactOnly);
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
  /**
   * The e-mail's subject and lines (and a button) in `locale`, its dates written by `when` in it; in
   * English, its first line is the answer's sentence.
   */
  notice: (next: repo.SubscriptionRow, when: (date: Date | null) => string, locale: Locale) => Notice;
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
    locale: Locale,
  ) => Promise<RecipientNotice>;
}

export type Recipient = Awaited<ReturnType<typeof repo.billingUsers>>[number];
export interface RecipientNotice {
  action: { label: string; url: string };
  /** One-time secrets the e-mail carries (its link's token). */
  secrets: string[];
}

/** Dates in e-mails and answers, in the family's time zone (SPEC §9 format), in a language. */
const inZone =
  (timeZone: string, language: Language = DEFAULT_LANGUAGE) =>
  (date: Date | null) =>
    date ? formatDateTime(date.toISOString(), timeZone, language) : '';

/**
 * Runs one transition of the state machine: checks it is allowed from the current status (409
 * with a sentence otherwise), moves money first when it must, then writes the new status, the
 * history row and the family's e-mail in one transaction. A concurrent transition loses (the
 * update only applies to the status it was read in) and answers 409.
 */
export async function runFlow(
  deps: BillingDeps,
  actor: Pick<AuthUser, 'id'> | null,
  accountId: number,
  action: SubscriptionAction,
  plan: FlowPlan,
): Promise<FlowResult> {
  const now = nowOf(deps);
  const current = await repo.currentSubscription(deps.db, accountId);
  if (!current) throw conflict(SUBSCRIPTION_MESSAGES.noSubscription, 'no_subscription');
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
      throw conflict(SUBSCRIPTION_MESSAGES.changedMeanwhile, 'invalid_transition');
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
    if (!updated) throw conflict(SUBSCRIPTION_MESSAGES.changedMeanwhile, 'invalid_transition');
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
    // The family's e-mail is an outbox row of this transaction (ARCHITECTURE §7), to each billing
    // parent in their language.
    const timeZone = (await repo.findAccount(tx, accountId))?.timeZone ?? DEFAULT_TIMEZONE;
    for (const recipient of await repo.billingUsers(tx, accountId)) {
      const locale = await localeOf(recipient.language);
      const notice = plan.notice(updated, inZone(timeZone, locale.language), locale);
      const own = plan.perRecipient ? await plan.perRecipient(tx, recipient, updated, now, locale) : null;
      await sendNotice(deps, recipient, { ...notice, action: own?.action ?? notice.action }, tx, own?.secrets);
    }
    // The answer's sentence: the notice's first line, in English (the answer's language is the request's).
    return { updated, answer: plan.notice(updated, inZone(timeZone), await localeOf(DEFAULT_LANGUAGE)).lines[0]! };
  });
  return { subscription: toSubscription(next.updated), detail: next.answer };
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
    notice: (next, when, locale) => FLOW_NOTICES.cancelScheduled(locale, when(next.cancelAt)),
  });
}

export async function cancelUndo(deps: BillingDeps, user: AuthUser, accountId: number) {
  await assertMember(deps, user, accountId);
  return runFlow(deps, user, accountId, 'cancel_undo', {
    values: () => ({ cancelAt: null, cancelReason: null, cancelComment: null }),
    notice: (next, when, locale) => FLOW_NOTICES.cancelUndone(locale, when(next.currentPeriodEnd)),
  });
}

/** Ends a pending cancellation now (staff), or when its grace period is over (the scheduler). */
export async function cancelConfirm(deps: BillingDeps, actor: AuthUser | null, accountId: number) {
  if (actor && !actor.isStaff) throw forbidden(SUBSCRIPTION_MESSAGES.cancelAtGraceEnd);
  return runFlow(deps, actor, accountId, 'cancel_confirm', {
    values: (_current, now) => ({ cancelledAt: now, cancelAt: null }),
    notice: (_next, _when, locale) => FLOW_NOTICES.ended(locale),
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
    notice: (next, when, locale) => FLOW_NOTICES.paused(locale, when(next.pausedUntil), when(next.currentPeriodEnd)),
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
    notice: (next, when, locale) => FLOW_NOTICES.resumed(locale, when(next.currentPeriodEnd)),
  });
}

export async function returnRequest(deps: BillingDeps, user: AuthUser, accountId: number) {
  await assertMember(deps, user, accountId);
  const current = await repo.currentSubscription(deps.db, accountId);
  const now = nowOf(deps);
  if (current && current.returnDeadline < now && !user.isStaff) {
    const account = await repo.findAccount(deps.db, accountId);
    throw conflict(
      SUBSCRIPTION_MESSAGES.returnWindowEnded(inZone(account?.timeZone ?? DEFAULT_TIMEZONE)(current.returnDeadline)),
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
    notice: (next, when, locale) => FLOW_NOTICES.returnRequested(locale, when(next.returnDeadline)),
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
    notice: (_next, _when, locale) => FLOW_NOTICES.returnComplete(locale),
  });
}

export async function returnDecline(deps: BillingDeps, staff: AuthUser, accountId: number, reason: string) {
  if (!staff.isStaff) throw forbidden();
  return runFlow(deps, staff, accountId, 'return_decline', {
    reason,
    values: () => ({}),
    notice: (_next, _when, locale) => FLOW_NOTICES.returnDeclined(locale, reason),
  });
}

export async function renewDecline(deps: BillingDeps, user: AuthUser, accountId: number) {
  await assertMember(deps, user, accountId);
  return runFlow(deps, user, accountId, 'renew_decline', {
    reason: 'Does not renew',
    values: (current) => ({ cancelAt: current.currentPeriodEnd, cancelReason: 'renewal_declined' }),
    notice: (next, when, locale) => FLOW_NOTICES.wontRenew(locale, when(next.cancelAt)),
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
      throw conflict(SUBSCRIPTION_MESSAGES.alreadyRunning, 'already_subscribed');
  }
  return runFlow(deps, actor, accountId, 'renew_confirm', {
    money: needsCharge
      ? (sub) => chargePeriod(deps, sub, `renew:${sub.id}:${sub.currentPeriodEnd.toISOString()}`)
      : undefined,
    values: () => ({ cancelAt: null, cancelReason: null, cancelComment: null, cancelledAt: null, renewalAttempts: 0 }),
    notice: (next, when, locale) => FLOW_NOTICES.renewed(locale, when(next.currentPeriodEnd)),
  });
}

/**
 * Charges one period of a subscription; answers the new period and the invoice to record with the
 * transition. `idempotencyKey` names the period, so the provider charges it once whoever asks.
 */
export async function chargePeriod(
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
