/**
 * Checkout, subscriptions and their flows (SPEC §4; docs/billing.md). Every state change is one
 * transaction: the subscription row is locked and updated only from the status it was read in, the
 * history row is appended and the family's e-mail is written with it (ARCHITECTURE §7). Money moves
 * only through the payments port, outside any transaction, with the provider's idempotency key.
 *
 * This file holds what the billing module's parts share: its dependencies, the answers' mappers, the
 * payment errors, the card helpers and the family's messages. The parts: billing.checkout.ts (plans,
 * promo codes, orders and their confirmation), billing.card.ts (the card on file, card-update links),
 * billing.flows.ts (the subscription's transitions), billing.invoices.ts (lists, history, staff
 * refunds) and billing.scheduler.ts (provider events and the scheduled work).
 */
import {
  addDays,
  hasMagellanTag,
  CARD_UPDATE_LINK_DAYS,
  findPlan,
  PAYMENT_SERVICE_ERROR,
  SUBSCRIPTION_MESSAGES,
  type ProgramPlan,
  type SubscriptionStatus,
} from '@grove/domain';
import type { ConfirmOrderRequest, Invoice, Order, Subscription } from '@grove/domain/api/billing';
import { renderEmail } from '../../adapters/email/templates.ts';
import type { SmsSender } from '../../adapters/sms/sms.port.ts';
import type { EmailSender } from '../../adapters/email/email.port.ts';
import {
  PaymentServiceError,
  type PaymentMethodInput,
  type PaymentProvider,
} from '../../adapters/payment/payment.port.ts';
import { CardRefusedError } from '../../adapters/payment/sandbox.provider.ts';
import type { Db, Executor } from '../../db/client.ts';
import { conflict, HttpError } from '../../lib/errors.ts';
import { insertOneTimeToken } from '../auth/auth.repository.ts';
import { hashToken, newToken } from '../auth/auth.tokens.ts';
import type { Notice } from './billing.notices.ts';
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

export const BILLING_ENTITY = 'Grove Health, Inc.';
export const KIT_CARRIER = { carrier: 'UPS', ground: 'UPS Ground', express: 'UPS 2nd Day Air' } as const;
export const RETURN_SERVICE = 'UPS Ground (prepaid return label)';

export const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
export const nowOf = (deps: BillingDeps) => (deps.now ?? (() => new Date()))();

export const paymentDeclined = (reason: string) => new HttpError(402, reason, 'card_declined');
export const paymentServiceFailed = (kind: string) => new HttpError(402, PAYMENT_SERVICE_ERROR, kind);

/** A renewal charge the card refused: answered like any decline, and recorded as a FAILED invoice. */
export class RenewalDeclined extends HttpError {
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

export function planOf(tag: string): ProgramPlan {
  return findPlan(tag).plan;
}

/** A plan as the answers carry it. */
export function planAnswer(plan: ProgramPlan) {
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

/** Accounts tagged magellan are paid for by a partner: no card checkout, no billing flows. */
export async function assertNotPartnerCovered(db: Executor, accountId: number) {
  if (hasMagellanTag(await repo.accountTagList(db, accountId))) {
    throw conflict(SUBSCRIPTION_MESSAGES.partnerCovered, 'partner_covered');
  }
}

export function toMethodInput(input: ConfirmOrderRequest['payment_method']): PaymentMethodInput {
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

export function cardLabel(method: { brand: string | null; last4: string | null }) {
  const brand = method.brand ? method.brand.charAt(0).toUpperCase() + method.brand.slice(1) : 'Card';
  return method.last4 ? `${brand} •••• ${method.last4}` : null;
}

/** Attaches the card; a refused card or a provider failure answers 402 with the family's sentence. */
export async function attachCard(deps: BillingDeps, customerId: string, method: PaymentMethodInput) {
  try {
    return await deps.payments.attachPaymentMethod({ customerId, method });
  } catch (error) {
    if (error instanceof CardRefusedError) throw paymentDeclined(error.reason);
    if (error instanceof PaymentServiceError) throw paymentServiceFailed(error.kind);
    throw error;
  }
}

/** Whom a billing e-mail is written to: their address, first name and stored language (users.language). */
export interface NoticeRecipient {
  email: string;
  firstName: string;
  language: string | null;
}

/** Writes one billing e-mail (the billing_notice template) in the recipient's language; `notice` is written in it. */
export async function sendNotice(
  deps: BillingDeps,
  to: NoticeRecipient,
  notice: Notice,
  tx?: Executor,
  secrets?: readonly string[],
) {
  const { subject, lines: paragraphs, action } = notice;
  await deps.email.send(
    {
      to: to.email,
      ...(await renderEmail(
        'billing_notice',
        { firstName: to.firstName, subject, paragraphs, ...(action ? { action } : {}) },
        to.language,
      )),
      ...(secrets?.length ? { secrets } : {}),
    },
    tx,
  );
}
