/**
 * Package returns (/packagereturns; SPEC §2, §4; issue 11 item 13): the steps of a return for
 * everyone, and for a signed-in billing user the return window, the state of their return (from
 * the subscription status and the history) and "Request a return" while it is allowed.
 */
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@grove/domain';
import type { Subscription } from '@grove/domain/api/billing';
import type { UserInfo } from '@grove/domain/api/user';

import { Button } from '../../components/button.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { href, loginHref } from '../../lib/paths.ts';
import { currentSubscription, subscriptionsQuery } from '../../lib/queries/billing.ts';
import { historyQuery } from './billing.api.ts';
import { FlowDialog } from './flow-dialogs.tsx';
import { accountTimeZone, inReturnWindow, isAllowed, isPartnerCovered } from './subscription-status.ts';
import './billing.css';

export const RETURN_STEPS: readonly { title: string; text: string }[] = [
  {
    title: 'Ask for a return',
    text: 'Request the return here or from Subscription & Billing, inside your return window.',
  },
  {
    title: 'Pack the kit',
    text: 'Put the heart-rate band, its charging cable and the tablet stand back in their box.',
  },
  {
    title: 'Ship it with the prepaid label',
    text: 'We e-mail you a prepaid return label within two business days. Stick it on the box and drop it off.',
  },
  {
    title: 'Get your refund',
    text: 'Once the kit arrives, we refund your payment to your card (5 to 10 days) and the subscription ends.',
  },
];

export function ReturnSteps() {
  const headingId = useId();
  return (
    <section className="card billing-card" aria-labelledby={headingId}>
      <h2 className="card__title" id={headingId}>
        How a return works
      </h2>
      <ol className="return-steps">
        {RETURN_STEPS.map((step) => (
          <li key={step.title} className="return-steps__item">
            <strong className="return-steps__title">{step.title}</strong>
            <span className="return-steps__text">{step.text}</span>
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
    body = <Spinner label="Loading your return…" />;
  } else if (subscriptions.isError) {
    body = <LoadError what="your subscription" onRetry={subscriptions.refetch} />;
  } else if (!subscription) {
    body = <p>Your family has no Grove kit to return yet.</p>;
  } else {
    const now = new Date();
    const allowed = isAllowed(subscription, 'return_request', now);
    const windowOpen = inReturnWindow(subscription, now);
    body = (
      <>
        <dl className="details">
          <div>
            <dt>Status</dt>
            <dd>
              {subscription.status === 'RETURN_REQUESTED' ? (
                <span className="billing-status billing-status--return_requested">
                  Return requested{requestedAt ? ` on ${when(requestedAt)}` : ''} — waiting for the kit
                </span>
              ) : subscription.status === 'RETURNED' ? (
                <span className="billing-status billing-status--returned">
                  Returned{completedAt ? ` on ${when(completedAt)}` : ''} — your payment was refunded
                </span>
              ) : (
                'No return requested'
              )}
            </dd>
          </div>
          <div>
            <dt>Return window</dt>
            <dd>
              {windowOpen ? 'Open until' : 'Closed on'} {when(subscription.return_deadline)}
            </dd>
          </div>
        </dl>
        {allowed ? (
          <div className="billing-actions">
            <Button onClick={() => setOpen(true)}>Request a return</Button>
          </div>
        ) : subscription.status !== 'RETURN_REQUESTED' && subscription.status !== 'RETURNED' && !windowOpen ? (
          <p className="muted">
            The return window has ended. You can still cancel your subscription from{' '}
            <Link to={href('root.user.management', null, { segment: 'billing' })}>Subscription &amp; Billing</Link>.
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
        Your return
      </h2>
      {body}
    </section>
  );
}

/** What the page shows about the visitor's own return, by who they are. */
export function ReturnPanel({ user }: { user: UserInfo | null }) {
  const headingId = useId();
  if (!user) {
    return (
      <section className="card billing-card" aria-labelledby={headingId}>
        <h2 className="card__title" id={headingId}>
          Your return
        </h2>
        <p>
          <Link to={loginHref(href('packagereturns'))}>Log in</Link> to see your return window and request a return.
        </p>
      </section>
    );
  }
  if (isPartnerCovered(user) || !user.is_billing_user || !user.account) {
    const reason = isPartnerCovered(user)
      ? 'Your program is covered by your partner: returns go through your partner’s care team.'
      : !user.account
        ? 'Your sign-in has no family account, so there is no kit to return.'
        : 'Only your family’s billing contact can request a return.';
    return (
      <section className="card billing-card" aria-labelledby={headingId}>
        <h2 className="card__title" id={headingId}>
          Your return
        </h2>
        <p>{reason}</p>
      </section>
    );
  }
  return <ReturnStatus user={user} accountId={user.account.id} />;
}
