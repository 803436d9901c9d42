/**
 * Package returns (/packagereturns; SPEC §2, §4; issue 11 item 13): the steps of a return for
 * everyone, and for a signed-in billing user the return window, the state of their return (from
 * the subscription status and the history) and "Request a return" while it is allowed.
 */
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Subscription } from '@grove/domain/api/billing';
import type { UserInfo } from '@grove/domain/api/user';

import { Button } from '../../components/button.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { href, loginHref } from '../../lib/paths.ts';
import { currentSubscription, subscriptionsQuery } from '../../lib/queries/billing.ts';
import { historyQuery } from './billing.api.ts';
import { FlowDialog } from './flow-dialogs.tsx';
import { accountTimeZone, inReturnWindow, isAllowed, isPartnerCovered } from './subscription-status.ts';
import './billing.css';

/** The steps of a return (shown with `i18n._`). */
export const RETURN_STEPS: readonly { title: MessageDescriptor; text: MessageDescriptor }[] = [
  {
    title: msg`Ask for a return`,
    text: msg`Request the return here or from Subscription & Billing, inside your return window.`,
  },
  {
    title: msg`Pack the kit`,
    text: msg`Put the heart-rate band, its charging cable and the tablet stand back in their box.`,
  },
  {
    title: msg`Ship it with the prepaid label`,
    text: msg`We e-mail you a prepaid return label within two business days. Stick it on the box and drop it off.`,
  },
  {
    title: msg`Get your refund`,
    text: msg`Once the kit arrives, we refund your payment to your card (5 to 10 days) and the subscription ends.`,
  },
];

export function ReturnSteps() {
  const { i18n } = useLingui();
  const headingId = useId();
  return (
    <section className="card billing-card" aria-labelledby={headingId}>
      <h2 className="card__title" id={headingId}>
        <Trans>How a return works</Trans>
      </h2>
      <ol className="return-steps">
        {RETURN_STEPS.map((step, index) => (
          <li key={index} className="return-steps__item">
            <strong className="return-steps__title">{i18n._(step.title)}</strong>
            <span className="return-steps__text">{i18n._(step.text)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** When the return was asked for and when it was completed, from the history's newest page. */
function useReturnDates(accountId: number, subscription: Subscription | null) {
  const returning = subscription?.status === 'RETURN_REQUESTED' || subscription?.status === 'RETURNED';
  const history = useQuery({ ...historyQuery(accountId, 1), enabled: returning });
  const entries = history.data?.results ?? [];
  return {
    requestedAt: entries.find((entry) => entry.action === 'return_request')?.created_at ?? null,
    completedAt: entries.find((entry) => entry.action === 'return_confirm')?.created_at ?? null,
  };
}

function ReturnStatus({ user, accountId }: { user: UserInfo; accountId: number }) {
  const { t } = useLingui();
  const timeZone = accountTimeZone(user);
  const subscriptions = useQuery(subscriptionsQuery(accountId));
  const subscription = currentSubscription(subscriptions.data);
  const { requestedAt, completedAt } = useReturnDates(accountId, subscription);
  const [open, setOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const when = (instant: string) => formatDateTime(instant, timeZone);

  let body;
  if (subscriptions.isPending) {
    body = <Spinner label={t`Loading your return…`} />;
  } else if (subscriptions.isError) {
    body = <LoadError what={t`your subscription`} onRetry={subscriptions.refetch} />;
  } else if (!subscription) {
    body = (
      <p>
        <Trans>Your family has no Grove kit to return yet.</Trans>
      </p>
    );
  } else {
    const now = new Date();
    const allowed = isAllowed(subscription, 'return_request', now);
    const windowOpen = inReturnWindow(subscription, now);
    const deadline = when(subscription.return_deadline);
    const requestedOn = requestedAt ? when(requestedAt) : null;
    const completedOn = completedAt ? when(completedAt) : null;
    body = (
      <>
        <dl className="details">
          <div>
            <dt>
              <Trans>Status</Trans>
            </dt>
            <dd>
              {subscription.status === 'RETURN_REQUESTED' ? (
                <span className="billing-status billing-status--return_requested">
                  {requestedOn ? (
                    <Trans>Return requested on {requestedOn} — waiting for the kit</Trans>
                  ) : (
                    <Trans>Return requested — waiting for the kit</Trans>
                  )}
                </span>
              ) : subscription.status === 'RETURNED' ? (
                <span className="billing-status billing-status--returned">
                  {completedOn ? (
                    <Trans>Returned on {completedOn} — your payment was refunded</Trans>
                  ) : (
                    <Trans>Returned — your payment was refunded</Trans>
                  )}
                </span>
              ) : (
                <Trans>No return requested</Trans>
              )}
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Return window</Trans>
            </dt>
            <dd>{windowOpen ? <Trans>Open until {deadline}</Trans> : <Trans>Closed on {deadline}</Trans>}</dd>
          </div>
        </dl>
        {allowed ? (
          <div className="billing-actions">
            <Button onClick={() => setOpen(true)}>
              <Trans>Request a return</Trans>
            </Button>
          </div>
        ) : subscription.status !== 'RETURN_REQUESTED' && subscription.status !== 'RETURNED' && !windowOpen ? (
          <p className="muted">
            <Trans>
              The return window has ended. You can still cancel your subscription from{' '}
              <Link to={href('root.user.management', null, { segment: 'billing' })}>Subscription &amp; Billing</Link>.
            </Trans>
          </p>
        ) : null}
        {open ? (
          <FlowDialog
            action="return_request"
            context={{
              accountId,
              userId: user.id,
              subscription,
              timeZone,
              fallbackFocus: () => headingRef.current,
              linkToReturns: false,
            }}
            onClose={() => setOpen(false)}
            onOpen={() => undefined}
          />
        ) : null}
      </>
    );
  }

  return (
    <section className="card billing-card" aria-labelledby={headingId}>
      <h2 className="card__title" id={headingId} tabIndex={-1} ref={headingRef}>
        <Trans>Your return</Trans>
      </h2>
      {body}
    </section>
  );
}

/** What the page shows about the visitor's own return, by who they are. */
export function ReturnPanel({ user }: { user: UserInfo | null }) {
  const { t } = useLingui();
  const headingId = useId();
  if (!user) {
    return (
      <section className="card billing-card" aria-labelledby={headingId}>
        <h2 className="card__title" id={headingId}>
          <Trans>Your return</Trans>
        </h2>
        <p>
          <Trans>
            <Link to={loginHref(href('packagereturns'))}>Log in</Link> to see your return window and request a return.
          </Trans>
        </p>
      </section>
    );
  }
  if (isPartnerCovered(user) || !user.is_billing_user || !user.account) {
    const reason = isPartnerCovered(user)
      ? t`Your program is covered by your partner: returns go through your partner’s care team.`
      : !user.account
        ? t`Your sign-in has no family account, so there is no kit to return.`
        : t`Only your family’s billing contact can request a return.`;
    return (
      <section className="card billing-card" aria-labelledby={headingId}>
        <h2 className="card__title" id={headingId}>
          <Trans>Your return</Trans>
        </h2>
        <p>{reason}</p>
      </section>
    );
  }
  return <ReturnStatus user={user} accountId={user.account.id} />;
}
