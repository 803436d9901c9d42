/**
 * The past-due banner (docs/billing.md, When a payment fails; decision 0048): on Home and on
 * Subscription & Billing, a family whose renewal charge failed reads what happened, when the charge
 * is tried again and how to update the card. Updating the card charges the renewal at once; the
 * banner goes when the subscription runs again.
 */
import { useId } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { formatMoney } from '@grove/domain';
import type { PastDue } from '@grove/domain/api/billing';
import type { UserInfo } from '@grove/domain/api/user';

import { formatDateTime } from '../../lib/format.ts';
import { domainText } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { billingDetailsQuery } from './billing.api.ts';
import { accountTimeZone, isPartnerCovered } from './subscription-status.ts';
import './billing.css';

/** Whether the signed-in person is the one who can fix a failed renewal. */
function mayUpdateCard(user: UserInfo): boolean {
  return user.is_billing_user && user.account !== null && !isPartnerCovered(user);
}

/** What failed, why, and when it is tried again (the banner, and the page a card-update link opens). */
export function PastDueText({ pastDue, timeZone }: { pastDue: PastDue; timeZone: string | null }) {
  const amount = formatMoney(pastDue.amount_cents, pastDue.currency);
  const failedAt = formatDateTime(pastDue.failed_at, timeZone);
  // The card provider's refusal, in the domain's words (CARD_DECLINED) when it is one of them.
  const reason = domainText(pastDue.reason);
  const nextTry = pastDue.next_retry_at ? formatDateTime(pastDue.next_retry_at, timeZone) : null;
  return (
    <>
      <p>
        <Trans>
          Your renewal payment of {amount} on {failedAt} failed: {reason}
        </Trans>
      </p>
      <p>
        {nextTry ? (
          <Trans>We will try again on {nextTry}. Update your card before then and we charge it at once.</Trans>
        ) : (
          <Trans>This was the last try: update your card now, or your subscription ends.</Trans>
        )}
      </p>
    </>
  );
}

/** The link opens Subscription & Billing's card form (PaymentMethodCard reads `update_card`). */
export function PastDueBanner({
  user,
  timeZone = accountTimeZone(user),
}: {
  user: UserInfo;
  timeZone?: string | null;
}) {
  const enabled = mayUpdateCard(user) && user.billing_status.status_name === 'PAST_DUE';
  const details = useQuery({ ...billingDetailsQuery(user.id), enabled });
  const headingId = useId();
  const pastDue = enabled ? details.data?.past_due : null;
  if (!pastDue || details.data?.subscription_status !== 'PAST_DUE') return null;

  return (
    <section className="billing-past-due" aria-labelledby={headingId} role="region">
      <h2 className="billing-past-due__title" id={headingId}>
        <Trans>Your payment failed</Trans>
      </h2>
      <PastDueText pastDue={pastDue} timeZone={timeZone} />
      <Link
        className="button button--primary"
        to={href('root.user.management', null, { segment: 'billing', update_card: '1' })}
      >
        <span className="button__label">
          <Trans>Update your card</Trans>
        </span>
      </Link>
    </section>
  );
}
