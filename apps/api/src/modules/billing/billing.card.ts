/**
 * The family's billing details and card on file: a new card from Subscription & Billing or through a
 * signed card-update link (e-mailed, texted), which charges a failed renewal at once (docs/billing.md,
 * When a payment fails).
 */
import { CARD_DECLINED, CARD_UPDATE_MESSAGES, nextRenewalAttempt } from '@grove/domain';
import type { ConfirmOrderRequest, PastDue, PaymentMethodUpdateAnswer } from '@grove/domain/api/billing';
import { HttpError, notFound } from '../../lib/errors.ts';
import { localeOf } from '../../locales/i18n.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import { hashToken } from '../auth/auth.tokens.ts';
import { cardUpdateNotice } from './billing.notices.ts';
import * as repo from './billing.repository.ts';
import {
  type BillingDeps,
  assertNotPartnerCovered,
  attachCard,
  cardUpdateLink,
  iso,
  nowOf,
  paymentServiceFailed,
  planOf,
  sendNotice,
  toMethodInput,
  toSubscription,
} from './billing.service.ts';
import { assertMember } from './billing.flows.ts';
import { attemptRenewal } from './billing.scheduler.ts';

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
    await sendNotice(deps, target, cardUpdateNotice(await localeOf(target.language), link.url), tx, [link.token]);
  });
  return { detail: `We sent a link to ${target.email}.` };
}
