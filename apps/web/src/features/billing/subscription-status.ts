/**
 * What the Subscription & Billing screens say about a subscription: its status in words, its key
 * date, the flows its status allows (the domain's transition rules, never re-declared here) and
 * the dates a flow will lead to, shown before the person confirms.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  addMonths,
  formatMoney,
  hasMagellanTag,
  PARENT_ACTIONS,
  periodEnd,
  transition,
  type SubscriptionAction,
  type SubscriptionStatus,
} from '@grove/domain';
import type { Subscription } from '@grove/domain/api/billing';
import type { UserInfo } from '@grove/domain/api/user';

import { formatDateTime } from '../../lib/format.ts';
import { i18n as pageI18n } from '../../lib/i18n.ts';
import type { ParentFlow } from './billing.api.ts';

/**
 * Each status in words (shown with `i18n._`); the context keeps them apart from the same English
 * words elsewhere (an active link, a cancelled call), which Spanish words differently.
 */
export const STATUS_WORDS: Readonly<Record<SubscriptionStatus, MessageDescriptor>> = {
  TRIAL: msg({ message: 'Free trial', context: 'subscription status' }),
  ACTIVE: msg({ message: 'Active', context: 'subscription status' }),
  PAUSED: msg({ message: 'Paused', context: 'subscription status' }),
  PENDING_CANCELLATION: msg({ message: 'Ending — cancellation requested', context: 'subscription status' }),
  PAST_DUE: msg({ message: 'Payment overdue', context: 'subscription status' }),
  CANCELLED: msg({ message: 'Cancelled', context: 'subscription status' }),
  RETURN_REQUESTED: msg({ message: 'Return requested', context: 'subscription status' }),
  RETURNED: msg({ message: 'Returned', context: 'subscription status' }),
};

/** Each history entry in words (shown with `i18n._`). */
export const ACTION_WORDS: Readonly<Record<SubscriptionAction, MessageDescriptor>> = {
  order_confirmed: msg`Order confirmed`,
  cancel_request: msg`Cancellation requested`,
  cancel_undo: msg`Cancellation undone`,
  cancel_confirm: msg`Subscription ended`,
  return_request: msg`Return requested`,
  return_confirm: msg`Return completed and refunded`,
  return_decline: msg`Return request declined`,
  renew_confirm: msg`Subscription renewed`,
  renew_decline: msg`Renewal turned off`,
  renewal_charged: msg`Renewal charged`,
  renewal_failed: msg`Renewal payment failed`,
  lapse: msg`Subscription ended after failed payments`,
  pause: msg`Subscription paused`,
  resume: msg`Subscription resumed`,
};

/** The order the flows are offered in: ways to stay first, cancelling last. */
const FLOW_ORDER: readonly ParentFlow[] = [
  'cancel_undo',
  'resume',
  'renew_confirm',
  'pause',
  'return_request',
  'renew_decline',
  'cancel_request',
];

function isParentFlow(action: SubscriptionAction): action is ParentFlow {
  return (FLOW_ORDER as readonly SubscriptionAction[]).includes(action) && PARENT_ACTIONS.includes(action);
}

/** The account's zone for dates. The user record carries none yet, so this is the default zone. */
export function accountTimeZone(user: UserInfo): string | null {
  // Read structurally: a future `account.time_zone` in the contract is used as soon as it is there.
  const account: { id: number; time_zone?: unknown } | null = user.account;
  return typeof account?.time_zone === 'string' ? account.time_zone : null;
}

/** An account tagged magellan is covered by a partner: no billing here (SPEC §1, §6). */
export function isPartnerCovered(user: UserInfo): boolean {
  return hasMagellanTag(user.account?.tags);
}

/** Whether `now` is still inside the subscription's return window. */
export function inReturnWindow(subscription: Subscription, now: Date): boolean {
  return new Date(subscription.return_deadline).getTime() >= now.getTime();
}

/** The flows the subscription's status allows now, in the order they are offered. */
export function allowedFlows(subscription: Subscription, now: Date): ParentFlow[] {
  const status = subscription.status;
  return FLOW_ORDER.filter((action) => {
    if (!isParentFlow(action) || !transition(action, status, null).ok) return false;
    return action !== 'return_request' || inReturnWindow(subscription, now);
  });
}

/** Whether one flow is allowed now. */
export function isAllowed(subscription: Subscription, action: ParentFlow, now: Date): boolean {
  return allowedFlows(subscription, now).includes(action);
}

/** '$390.00 a year', in the page's language (`i18n`: the caller's, from useLingui). */
export function planPrice(subscription: Subscription, i18n: I18n = pageI18n): string {
  const { plan } = subscription;
  const price = formatMoney(plan.price_cents, plan.currency);
  return plan.billing_period === 'year' ? i18n._(msg`${price} a year`) : i18n._(msg`${price} a month`);
}

/**
 * The one date that matters now, in words: next charge, end, pause end, trial end (`i18n`: the
 * caller's, from useLingui, so that the words follow the page's language).
 */
export function keyDate(
  subscription: Subscription,
  timeZone: string | null,
  i18n: I18n = pageI18n,
): { label: string; value: string } | null {
  const when = (instant: string) => formatDateTime(instant, timeZone);
  const amount =
    subscription.next_charge_cents !== null
      ? formatMoney(subscription.next_charge_cents, subscription.plan.currency)
      : null;
  switch (subscription.status) {
    case 'TRIAL': {
      const endsAt = subscription.trial_ends_at ?? subscription.current_period_end;
      if (!endsAt) return null;
      const end = when(endsAt);
      return {
        label: i18n._(msg`Trial ends`),
        value:
          amount !== null
            ? i18n._(msg`${end} — first charge ${amount} on ${end}`)
            : i18n._(msg`${end} — first charge ${end}`),
      };
    }
    case 'ACTIVE': {
      const date = when(subscription.current_period_end);
      return { label: i18n._(msg`Next renewal`), value: amount !== null ? i18n._(msg`${amount} on ${date}`) : date };
    }
    case 'PAST_DUE': {
      const date = when(subscription.current_period_end);
      return {
        label: i18n._(msg`Payment due`),
        value: i18n._(msg`${date} — we could not charge your card; we try again soon`),
      };
    }
    case 'PAUSED': {
      if (!subscription.paused_until) return null;
      const until = when(subscription.paused_until);
      const nextCharge = when(subscription.current_period_end);
      return {
        label: i18n._(msg`Paused until`),
        value: i18n._(msg`${until} — then the next charge is on ${nextCharge}`),
      };
    }
    case 'PENDING_CANCELLATION': {
      const end = when(subscription.cancel_at ?? subscription.current_period_end);
      return { label: i18n._(msg`Ends on`), value: i18n._(msg`${end} — nothing more is charged`) };
    }
    case 'CANCELLED':
    case 'RETURNED':
      return subscription.cancelled_at
        ? { label: i18n._(msg`Ended on`), value: when(subscription.cancelled_at) }
        : null;
    case 'RETURN_REQUESTED': {
      const deadline = when(subscription.return_deadline);
      return { label: i18n._(msg`Return window`), value: i18n._(msg`until ${deadline}`) };
    }
  }
}

const DAY_MS = 86_400_000;

/** The dates a flow leads to, computed as the server will (shown before confirming). */
export function cancelEndDate(now: Date, graceDays: number): Date {
  return new Date(now.getTime() + graceDays * DAY_MS);
}

export function pauseDates(subscription: Subscription, now: Date, months: number): { until: Date; nextCharge: Date } {
  const until = addMonths(now, months);
  const nextCharge = new Date(new Date(subscription.current_period_end).getTime() + (until.getTime() - now.getTime()));
  return { until, nextCharge };
}

export function resumeNextCharge(subscription: Subscription, now: Date): Date {
  const pausedUntil = subscription.paused_until ? new Date(subscription.paused_until).getTime() : 0;
  const unused = pausedUntil > now.getTime() ? pausedUntil - now.getTime() : 0;
  return new Date(new Date(subscription.current_period_end).getTime() - unused);
}

/** Renewing an ended or past-due subscription charges a new period now. */
export function renewCharges(subscription: Subscription): boolean {
  return subscription.status === 'CANCELLED' || subscription.status === 'PAST_DUE';
}

export function renewedPeriodEnd(subscription: Subscription, now: Date): Date {
  const end = new Date(subscription.current_period_end);
  return periodEnd(now > end ? now : end, subscription.plan.billing_period);
}
