/**
 * Subscription & Billing (dashboard/account?segment=billing; SPEC §2, §4, §6; issue 11 item 12):
 * for a billing user, the plan, its status in words and its key date, the flows its status allows,
 * the payment method, the invoices with printable receipts and the history. Accounts covered by a
 * partner (tagged magellan) and people who are not the family's billing contact see why there is
 * nothing to manage here.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Invoice, Subscription } from '@grove/domain/api/billing';
import type { UserInfo } from '@grove/domain/api/user';

import { Button } from '../../components/button.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { EmptyState } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { domainText } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { currentSubscription, subscriptionsQuery } from '../../lib/queries/billing.ts';
import { type ParentFlow } from './billing.api.ts';
import { FLOW_BUTTONS, FlowDialog, type FlowContext } from './flow-dialogs.tsx';
import { HistoryCard } from './history.tsx';
import { InvoiceReceipt, InvoicesCard } from './invoices.tsx';
import { PastDueBanner } from './past-due-banner.tsx';
import { PaymentMethodCard } from './payment-method.tsx';
import { PaymentTextsCard } from './payment-texts.tsx';
import {
  accountTimeZone,
  allowedFlows,
  isPartnerCovered,
  keyDate,
  planPrice,
  STATUS_WORDS,
} from './subscription-status.ts';
import './billing.css';

function Explanation({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="card billing-card" aria-labelledby={headingId}>
      <h2 className="card__title" id={headingId}>
        {title}
      </h2>
      {children}
    </section>
  );
}

const FLOW_VARIANTS: Readonly<Record<ParentFlow, 'primary' | 'secondary' | 'danger'>> = {
  cancel_undo: 'primary',
  resume: 'primary',
  renew_confirm: 'primary',
  pause: 'secondary',
  return_request: 'secondary',
  renew_decline: 'secondary',
  cancel_request: 'danger',
};

/** The status, key date and the flows the status allows, each opening its dialog. */
export function SubscriptionCard({
  user,
  accountId,
  subscription,
  timeZone,
}: {
  user: UserInfo;
  accountId: number;
  subscription: Subscription;
  timeZone: string | null;
}) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState<ParentFlow | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const now = new Date();
  const flows = allowedFlows(subscription, now);
  const date = keyDate(subscription, timeZone, i18n);
  const returnDeadline = formatDateTime(subscription.return_deadline, timeZone);
  const context: FlowContext = {
    accountId,
    userId: user.id,
    subscription,
    timeZone,
    fallbackFocus: () => headingRef.current,
  };

  return (
    <section className="card billing-card" aria-labelledby={headingId}>
      <h2 className="card__title" id={headingId} tabIndex={-1} ref={headingRef}>
        <Trans>Subscription</Trans>
      </h2>
      <dl className="details">
        <div>
          <dt>
            <Trans>Plan</Trans>
          </dt>
          <dd>
            {domainText(subscription.plan.name)} · {planPrice(subscription, i18n)}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Status</Trans>
          </dt>
          <dd>
            <span className={`billing-status billing-status--${subscription.status.toLowerCase()}`}>
              {i18n._(STATUS_WORDS[subscription.status])}
            </span>
          </dd>
        </div>
        {date ? (
          <div>
            <dt>{date.label}</dt>
            <dd>{date.value}</dd>
          </div>
        ) : null}
        {flows.includes('return_request') ? (
          <div>
            <dt>
              <Trans>Return window</Trans>
            </dt>
            <dd>
              <Trans>You can return the kit until {returnDeadline}.</Trans>{' '}
              <Link to={href('packagereturns')}>
                <Trans>How returns work</Trans>
              </Link>
            </dd>
          </div>
        ) : null}
      </dl>
      {flows.length > 0 ? (
        <div className="billing-actions" role="group" aria-label={t`Change your subscription`}>
          {flows.map((action) => (
            <Button key={action} variant={FLOW_VARIANTS[action]} onClick={() => setOpen(action)}>
              {i18n._(FLOW_BUTTONS[action])}
            </Button>
          ))}
        </div>
      ) : null}
      {open ? <FlowDialog action={open} context={context} onClose={() => setOpen(null)} onOpen={setOpen} /> : null}
    </section>
  );
}

function FamilyBilling({ user, accountId }: { user: UserInfo; accountId: number }) {
  const { t } = useLingui();
  const timeZone = accountTimeZone(user);
  const subscriptions = useQuery(subscriptionsQuery(accountId));
  const [receipt, setReceipt] = useState<{ invoice: Invoice; opener: HTMLElement | null } | null>(null);
  const subscription = currentSubscription(subscriptions.data);

  if (subscriptions.isPending) return <Spinner label={t`Loading your subscription…`} />;
  if (subscriptions.isError) {
    return (
      <Explanation title={t`Subscription`}>
        <LoadError what={t`your subscription`} onRetry={subscriptions.refetch} />
      </Explanation>
    );
  }
  if (!subscription) {
    return (
      <EmptyState
        title={t`No subscription yet`}
        action={
          <Link className="button button--primary" to={href('checkout')}>
            <span className="button__label">
              <Trans>Choose a plan</Trans>
            </span>
          </Link>
        }
      >
        <Trans>Once your family has a Grove plan, its renewals, invoices and payment method appear here.</Trans>
      </EmptyState>
    );
  }

  const closeReceipt = () => {
    const opener = receipt?.opener ?? null;
    setReceipt(null);
    // The list stays in the page while the receipt shows, so its button is still there.
    requestAnimationFrame(() => opener?.focus());
  };

  return (
    <>
      {receipt ? <InvoiceReceipt invoice={receipt.invoice} timeZone={timeZone} onBack={closeReceipt} /> : null}
      <div className="billing-stack" hidden={receipt !== null}>
        <PastDueBanner user={user} timeZone={timeZone} />
        <SubscriptionCard user={user} accountId={accountId} subscription={subscription} timeZone={timeZone} />
        <PaymentMethodCard user={user} accountId={accountId} timeZone={timeZone} />
        <PaymentTextsCard user={user} />
        <InvoicesCard
          accountId={accountId}
          timeZone={timeZone}
          onReceipt={(invoice, opener) => setReceipt({ invoice, opener })}
        />
        <HistoryCard accountId={accountId} timeZone={timeZone} />
      </div>
    </>
  );
}

export function BillingSegment({ user }: { user: UserInfo }) {
  const { t } = useLingui();
  if (isPartnerCovered(user)) {
    return (
      <Explanation title={t`Your program is covered by your partner`}>
        <p>
          <Trans>
            Your family’s Grove program is paid for by your partner organisation, so there is no subscription, card or
            invoice to manage here. Questions about your coverage go to your partner’s care team.
          </Trans>
        </p>
      </Explanation>
    );
  }
  if (!user.is_billing_user) {
    return (
      <Explanation title={t`Subscription & Billing`}>
        <p>
          <Trans>
            Only your family’s billing contact can see and change the subscription, the card and the invoices. Ask them
            to sign in, or contact support if the billing contact should change.
          </Trans>
        </p>
      </Explanation>
    );
  }
  if (!user.account) {
    return (
      <Explanation title={t`Subscription & Billing`}>
        <p>
          <Trans>Your sign-in has no family account, so there is no subscription to manage here.</Trans>
        </p>
      </Explanation>
    );
  }
  return <FamilyBilling user={user} accountId={user.account.id} />;
}
