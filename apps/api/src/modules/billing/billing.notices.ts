/**
 * The family's billing e-mails (the billing_notice template): each notice's subject, its lines and
 * its button, in the recipient's language (issue 29). Dates arrive formatted in it (`when`); a
 * plan's name and a card's refusal are the domain's words, put into the language by `domain`. The
 * English notice's first line is also the answer's sentence (runFlow).
 */
import { CARD_UPDATE_LINK_DAYS } from '@grove/domain';
import type { Locale } from '../../locales/i18n.ts';

export interface Notice {
  subject: string;
  lines: string[];
  action?: { label: string; url: string };
}

/** A checkout was paid (or its trial started): sent to the person on the order. */
export function orderConfirmedNotice(
  { i18n, domain }: Locale,
  order: { planName: string; amount: string; poBox: boolean },
  /** The first charge: now (paid today, `nextCharge` the next one) or when the trial ends. */
  charge: { paidNow: true; nextCharge: string } | { paidNow: false; trialEnds: string },
): Notice {
  const plan = domain(order.planName);
  const { amount } = order;
  return {
    subject: i18n._({ id: 'billing.order_confirmed.subject', message: 'Your Grove order is confirmed' }),
    lines: [
      i18n._({
        id: 'billing.order_confirmed.thanks',
        message: 'Thank you for joining Grove! Your order of {plan} is confirmed.',
        values: { plan },
      }),
      charge.paidNow
        ? i18n._({
            id: 'billing.order_confirmed.charged',
            message: 'We charged {amount} to your card. Your next charge is on {nextCharge}.',
            values: { amount, nextCharge: charge.nextCharge },
          })
        : i18n._({
            id: 'billing.order_confirmed.trial',
            message: 'Your free trial ends on {trialEnds}; your first charge of {amount} is then.',
            values: { amount, trialEnds: charge.trialEnds },
          }),
      order.poBox
        ? i18n._({
            id: 'billing.order_confirmed.po_box',
            message: 'Your kit ships to a PO Box by ground only: please allow extra time.',
          })
        : i18n._({
            id: 'billing.order_confirmed.shipping',
            message: 'Your kit ships within two business days; we will send the tracking number.',
          }),
    ],
  };
}

/** "E-mail me a link": the signed card-update link. */
export function cardUpdateNotice({ i18n }: Locale, url: string): Notice {
  return {
    subject: i18n._({ id: 'billing.card_update.subject', message: 'Update your Grove payment method' }),
    lines: [
      i18n._({
        id: 'billing.card_update.body',
        message:
          'You asked to update the card Grove charges. The button below opens the card form directly, without signing in, for {days} days; the new card is used from your next charge on.',
        values: { days: String(CARD_UPDATE_LINK_DAYS) },
      }),
    ],
    action: { label: i18n._({ id: 'billing.card_update.action', message: 'Update my card' }), url },
  };
}

/** The e-mail of a failed renewal: what failed, the next try (null: that was the last) and what to do. */
export function failedRenewalNotice(
  { i18n, domain }: Locale,
  planName: string,
  reason: string,
  nextTry: string | null,
): Omit<Notice, 'action'> {
  const plan = domain(planName);
  const why = domain(reason);
  return {
    subject: i18n._({ id: 'billing.renewal_failed.subject', message: 'We could not charge your card' }),
    lines: [
      nextTry
        ? i18n._({
            id: 'billing.renewal_failed.retry',
            message:
              'We could not charge your card for {plan} ({reason}) We will try again on {nextTry}; please update your card before then so the program keeps running.',
            values: { plan, reason: why, nextTry },
          })
        : i18n._({
            id: 'billing.renewal_failed.last',
            message:
              'We could not charge your card for {plan} ({reason}) This was the last try: update your card now, or your subscription ends.',
            values: { plan, reason: why },
          }),
      i18n._({
        id: 'billing.renewal_failed.update',
        message: 'When you update your card, we charge it at once and the program keeps running.',
      }),
    ],
  };
}

/** The button of a failed renewal's e-mail (its signed link). */
export const updateCardLabel = ({ i18n }: Locale) =>
  i18n._({ id: 'billing.renewal_failed.action', message: 'Update your card' });

/** A renewal was charged. */
export function receiptNotice({ i18n, domain }: Locale, amount: string, planName: string, nextCharge: string): Notice {
  return {
    subject: i18n._({ id: 'billing.receipt.subject', message: 'Your Grove receipt' }),
    lines: [
      i18n._({
        id: 'billing.receipt.charged',
        message: 'We charged {amount} for {plan}. Your next charge is on {nextCharge}.',
        values: { amount, plan: domain(planName), nextCharge },
      }),
      i18n._({ id: 'billing.receipt.where', message: 'Your receipt is in Subscription & Billing.' }),
    ],
  };
}

/** Every renewal attempt failed: the subscription has ended. */
export function lapsedNotice({ i18n }: Locale, checkoutUrl: string): Notice {
  return {
    subject: i18n._({ id: 'billing.ended.subject', message: 'Your Grove subscription has ended' }),
    lines: [
      i18n._({
        id: 'billing.lapsed.body',
        message: 'We could not charge your card after several tries, so your subscription has ended.',
      }),
      i18n._({
        id: 'billing.lapsed.restart',
        message:
          'Your child’s progress is kept. To restart the program, choose a plan and enter a card at checkout; or renew from Subscription & Billing.',
      }),
    ],
    action: { label: i18n._({ id: 'billing.lapsed.action', message: 'Restart Grove' }), url: checkoutUrl },
  };
}

/** The subscription flows' notices (billing.flows.ts), each from its dates formatted in the language. */
export const FLOW_NOTICES = {
  cancelScheduled: ({ i18n }: Locale, endsOn: string): Notice => ({
    subject: i18n._({ id: 'billing.cancel_request.subject', message: 'Your Grove cancellation is scheduled' }),
    lines: [
      i18n._({
        id: 'billing.cancel_request.ends',
        message:
          'Your subscription ends on {endsOn}. Until then everything keeps working, and nothing more is charged.',
        values: { endsOn },
      }),
      i18n._({
        id: 'billing.cancel_request.undo',
        message: 'Changed your mind? Undo the cancellation from Subscription & Billing any time before that date.',
      }),
    ],
  }),
  cancelUndone: ({ i18n }: Locale, nextCharge: string): Notice => ({
    subject: i18n._({ id: 'billing.cancel_undo.subject', message: 'Your Grove subscription continues' }),
    lines: [
      i18n._({
        id: 'billing.cancel_undo.body',
        message: 'Your cancellation is undone: your subscription continues, and the next charge is on {nextCharge}.',
        values: { nextCharge },
      }),
    ],
  }),
  ended: ({ i18n }: Locale): Notice => ({
    subject: i18n._({ id: 'billing.ended.subject', message: 'Your Grove subscription has ended' }),
    lines: [
      i18n._({
        id: 'billing.cancel_confirm.body',
        message: 'Your subscription has ended. Your children’s progress stays in your account if you come back.',
      }),
    ],
  }),
  paused: ({ i18n }: Locale, until: string, nextCharge: string): Notice => ({
    subject: i18n._({ id: 'billing.pause.subject', message: 'Your Grove subscription is paused' }),
    lines: [
      i18n._({
        id: 'billing.pause.until',
        message: 'Your subscription is paused until {until}. Nothing is charged while it is paused.',
        values: { until },
      }),
      i18n._({
        id: 'billing.pause.resumes',
        message: 'It resumes by itself then, and the next charge is on {nextCharge}.',
        values: { nextCharge },
      }),
    ],
  }),
  resumed: ({ i18n }: Locale, nextCharge: string): Notice => ({
    subject: i18n._({ id: 'billing.resume.subject', message: 'Your Grove subscription is running again' }),
    lines: [
      i18n._({
        id: 'billing.resume.body',
        message: 'Welcome back! Your subscription is running again; the next charge is on {nextCharge}.',
        values: { nextCharge },
      }),
    ],
  }),
  returnRequested: ({ i18n }: Locale, deadline: string): Notice => ({
    subject: i18n._({ id: 'billing.return_request.subject', message: 'Your Grove return request' }),
    lines: [
      i18n._({
        id: 'billing.return_request.pack',
        message:
          'We received your return request. Pack the band, the cable and the stand in their box; we e-mail a prepaid return label within two business days.',
      }),
      i18n._({
        id: 'billing.return_request.deadline',
        message: 'Returns are accepted until {deadline}. Once the kit is back, we refund your payment.',
        values: { deadline },
      }),
    ],
  }),
  returnComplete: ({ i18n }: Locale): Notice => ({
    subject: i18n._({ id: 'billing.return_confirm.subject', message: 'Your Grove return is complete' }),
    lines: [
      i18n._({
        id: 'billing.return_confirm.body',
        message:
          'We received the kit and refunded your payment; the refund reaches your card within 5 to 10 days. Your subscription has ended.',
      }),
    ],
  }),
  /** `reason` is the staff member's own words, as they wrote them. */
  returnDeclined: ({ i18n }: Locale, reason: string): Notice => ({
    subject: i18n._({ id: 'billing.return_decline.subject', message: 'About your Grove return request' }),
    lines: [
      i18n._({
        id: 'billing.return_decline.body',
        message: 'We could not accept your return request: {reason}',
        values: { reason },
      }),
    ],
  }),
  wontRenew: ({ i18n }: Locale, endsOn: string): Notice => ({
    subject: i18n._({ id: 'billing.renew_decline.subject', message: 'Your Grove subscription will not renew' }),
    lines: [
      i18n._({
        id: 'billing.renew_decline.body',
        message: 'Your subscription will not renew: it ends on {endsOn}. You can still renew before then.',
        values: { endsOn },
      }),
    ],
  }),
  renewed: ({ i18n }: Locale, until: string): Notice => ({
    subject: i18n._({ id: 'billing.renew.subject', message: 'Your Grove subscription is renewed' }),
    lines: [
      i18n._({
        id: 'billing.renew.body',
        message: 'Your subscription is renewed. It runs until {until}.',
        values: { until },
      }),
    ],
  }),
};
