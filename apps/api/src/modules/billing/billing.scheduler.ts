/**
 * Billing work no person starts: the payment provider's events (webhooks) and the scheduled sweep
 * (billing.jobs.ts) that ends grace periods and pauses and renews periods when they are due.
 */
import {
  formatMoney,
  nextRenewalAttempt,
  paymentErrorMessage,
  periodEnd,
  SUBSCRIPTION_MESSAGES,
  toE164,
} from '@grove/domain';
import { renderSms } from '../../adapters/sms/templates.ts';
import type { Executor } from '../../db/client.ts';
import { conflict, HttpError } from '../../lib/errors.ts';
import type { Locale } from '../../locales/i18n.ts';
import { wantsPaymentTexts } from '../privacy/privacy.service.ts';
import { failedRenewalNotice, lapsedNotice, receiptNotice, updateCardLabel } from './billing.notices.ts';
import * as repo from './billing.repository.ts';
import {
  BILLING_ENTITY,
  type BillingDeps,
  type FlowResult,
  RenewalDeclined,
  cardUpdateLink,
  nowOf,
  planOf,
} from './billing.service.ts';
import { type Recipient, type RecipientNotice, cancelConfirm, chargePeriod, resume, runFlow } from './billing.flows.ts';

/** The e-mail's button and, where the parent asked for texts and has a phone, the text of a failed renewal. */
async function failedRenewalLinks(
  deps: BillingDeps,
  tx: Executor,
  recipient: Recipient,
  amount: string,
  now: Date,
  locale: Locale,
): Promise<RecipientNotice> {
  const emailLink = await cardUpdateLink(deps, tx, recipient.id, now);
  const notice: RecipientNotice = {
    action: { label: updateCardLabel(locale), url: emailLink.url },
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
        ...(await renderSms('payment_failed', { amount, url: textLink.url }, locale.language)),
        secrets: [textLink.token],
      },
      tx,
    );
  }
  return notice;
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
        notice: (_next, _when, locale) => lapsedNotice(locale, `${deps.publicUrl}/checkout`),
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
export async function attemptRenewal(
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
      throw conflict(SUBSCRIPTION_MESSAGES.changedMeanwhile, 'invalid_transition');
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
      notice: (next, when, locale) =>
        receiptNotice(locale, formatMoney(next.priceCents, next.currency), plan.name, when(next.currentPeriodEnd)),
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
        notice: (_next, when, locale) => failedRenewalNotice(locale, plan.name, reason, retry ? when(retry) : null),
        perRecipient: (tx, recipient, next, now, locale) =>
          failedRenewalLinks(deps, tx, recipient, formatMoney(next.priceCents, next.currency), now, locale),
      }),
    );
    return failed ? 'failed' : 'not_due';
  }
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
