/**
 * What the Subscription & Billing screens say about a subscription: its status in words, its key
 * date, the flows its status allows (the domain's transition rules, never re-declared here) and
 * the dates a flow will lead to, shown before the person confirms.
 */
import {
  addMonths,
  formatDateTime,
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

import type { ParentFlow } from './billing.api.ts';

export const STATUS_WORDS: Readonly<Record<SubscriptionStatus, string>> = {
  TRIAL: 'Free trial',
  ACTIVE: 'Active',
  PAUSED: 'Paused',
  PENDING_CANCELLATION: 'Ending — cancellation requested',
  PAST_DUE: 'Payment overdue',
  CANCELLED: 'Cancelled',
  RETURN_REQUESTED: 'Return requested',
  RETURNED: 'Returned',
};

/** Each history entry in words. */
export const ACTION_WORDS: Readonly<Record<SubscriptionAction, string>> = {
  order_confirmed: 'Order confirmed',
  cancel_request: 'Cancellation requested',
  cancel_undo: 'Cancellation undone',
  cancel_confirm: 'Subscription ended',
  return_request: 'Return requested',
  return_confirm: 'Return completed and refunded',
  return_decline: 'Return request declined',
  renew_confirm: 'Subscription renewed',
  renew_decline: 'Renewal turned off',
  renewal_charged: 'Renewal charged',
  renewal_failed: 'Renewal payment failed',
  lapse: 'Subscription ended after failed payments',
  pause: 'Subscription paused',
  resume: 'Subscription resumed',
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

export function planPrice(subscription: Subscription): string {
  const { plan } = subscription;
  return `${formatMoney(plan.price_cents, plan.currency)} a ${plan.billing_period}`;
}

/** The one date that matters now, in words: next charge, end, pause end, trial end. */
export function keyDate(subscription: Subscription, timeZone: string | null): { label: string; value: string } | null {
  const when = (instant: string | null) => (instant ? formatDateTime(instant, timeZone) : null);
  const charge =
    subscription.next_charge_cents !== null
      ? `${formatMoney(subscription.next_charge_cents, subscription.plan.currency)} on `
      : '';
  switch (subscription.status) {
    case 'TRIAL': {
      const end = when(subscription.trial_ends_at ?? subscription.current_period_end);
      return end ? { label: 'Trial ends', value: `${end} — first charge ${charge}${end}` } : null;
    }
    case 'ACTIVE':
      return { label: 'Next renewal', value: `${charge}${when(subscription.current_period_end)}` };
    case 'PAST_DUE':
      return {
        label: 'Payment due',
        value: `${when(subscription.current_period_end)} — we could not charge your card; we try again soon`,
      };
    case 'PAUSED':
      return subscription.paused_until
        ? {
            label: 'Paused until',
            value: `${when(subscription.paused_until)} — then the next charge is on ${when(subscription.current_period_end)}`,
          }
        : null;
    case 'PENDING_CANCELLATION': {
      const end = when(subscription.cancel_at ?? subscription.current_period_end);
      return { label: 'Ends on', value: `${end} — nothing more is charged` };
    }
    case 'CANCELLED':
    case 'RETURNED':
      return subscription.cancelled_at ? { label: 'Ended on', value: when(subscription.cancelled_at) ?? '' } : null;
    case 'RETURN_REQUESTED':
      return { label: 'Return window', value: `until ${when(subscription.return_deadline)}` };
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
