/**
 * /update-card?o=<token> (issue 26 item 1; docs/billing.md, When a payment fails): the signed link
 * of the failed-renewal e-mail and text, and of "E-mail me a link". It opens the card form without
 * signing in: what failed and when it is tried again, the card on file, and the new card, which is
 * charged for a failed renewal at once. A link that expired or was spent says so and leads to
 * signing in.
 */
import { useState } from 'react';
import { Link, useLoaderData, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CARD_UPDATE_MESSAGES } from '@grove/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PaymentMethodUpdateAnswer } from '@grove/domain/api/billing';
import type { UserInfo } from '@grove/domain/api/user';

import { LoadError } from '../../components/load-state.tsx';

import { usePageTitle } from '../../components/page.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { cardUpdateLinkQuery, updateCardWithLink } from '../../features/billing/billing.api.ts';
import { CardUpdateForm } from '../../features/billing/card-update-form.tsx';
import { PastDueText } from '../../features/billing/past-due-banner.tsx';
import { cardText } from '../../features/billing/payment-method.tsx';
import { billingKeys } from '../../lib/queries/billing.ts';
import '../../features/billing/billing.css';
import { ApiError } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { domainText } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { PublicLayout } from '../layouts/public-layout.tsx';

/** Where the card is managed once signed in (a signed-out person signs in first). */
function billingLink(user: UserInfo | null) {
  const billing = href('root.user.management', null, { segment: 'billing' });
  return user ? billing : href('login', null, { next: billing });
}

function SpentLink({ user }: { user: UserInfo | null }) {
  const { t } = useLingui();
  usePageTitle(t`This link has expired`);
  return (
    <div className="auth-card">
      <h1 className="auth-card__title">
        <Trans>This link has expired</Trans>
      </h1>
      <p>{domainText(CARD_UPDATE_MESSAGES.linkInvalid)}</p>
      <Link className="button button--primary button--block" to={billingLink(user)}>
        <span className="button__label">{user ? t`Open Subscription & Billing` : t`Log in to Grove`}</span>
      </Link>
    </div>
  );
}

function Saved({ answer, user }: { answer: PaymentMethodUpdateAnswer; user: UserInfo | null }) {
  const { t } = useLingui();
  usePageTitle(t`Your card is updated`);
  const card = cardText(answer);
  return (
    <div className="auth-card">
      <h1 className="auth-card__title">
        <Trans>Your card is updated</Trans>
      </h1>
      <p role="status">{domainText(answer.renewal ? answer.renewal.detail : CARD_UPDATE_MESSAGES.saved)}</p>
      <p>
        <Trans>The card on file is now {card}.</Trans>
      </p>
      <Link className="button button--primary button--block" to={user ? href('root') : href('login')}>
        <span className="button__label">{user ? t`Go to Grove` : t`Log in to Grove`}</span>
      </Link>
    </div>
  );
}

function UpdateCardScreen({ token, user }: { token: string; user: UserInfo | null }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const query = useQuery(cardUpdateLinkQuery(token));
  const [saved, setSaved] = useState<PaymentMethodUpdateAnswer | null>(null);
  usePageTitle(t`Update your card`);

  if (saved) return <Saved answer={saved} user={user} />;
  if (query.error instanceof ApiError && query.error.status === 404) return <SpentLink user={user} />;
  if (query.isPending) return <PageSpinner label={t`Checking your link…`} />;
  if (query.isError) {
    return (
      <div className="auth-card">
        <h1 className="auth-card__title">
          <Trans>Update your card</Trans>
        </h1>
        <LoadError what={t`your link`} onRetry={query.refetch} />
      </div>
    );
  }
  const link = query.data;
  // The page knows no family time zone without a sign-in: dates are in the browser's.
  const timeZone = null;
  const firstName = link.first_name;
  const email = link.email;
  const plan = link.plan_name;
  const onFile = link.payment_method ? cardText(link.payment_method) : t`none`;
  const until = formatDateTime(link.expires_at, timeZone);
  return (
    <div className="auth-card">
      <h1 className="auth-card__title">
        <Trans>Update your card</Trans>
      </h1>
      <CardUpdateForm
        className="card-update"
        actionsClassName="card-update__actions"
        holder={{ name: link.first_name, email: link.email, phone: '' }}
        intro={
          <>
            <p className="auth-card__intro">
              {plan ? (
                <Trans>
                  Hi {firstName}, this page updates the card Grove charges for {plan} ({email}).
                </Trans>
              ) : (
                <Trans>
                  Hi {firstName}, this page updates the card Grove charges ({email}).
                </Trans>
              )}
            </p>
            {link.past_due ? (
              <div className="billing-past-due" role="region" aria-label={t`Your payment failed`}>
                <PastDueText pastDue={link.past_due} timeZone={timeZone} />
              </div>
            ) : (
              <p>
                <Trans>The new card is used from your next charge on. Nothing is charged now.</Trans>
              </p>
            )}
            <p className="card-update__on-file">
              <Trans>
                Card on file: {onFile}. This link works until {until}.
              </Trans>
            </p>
          </>
        }
        save={(paymentMethod) => updateCardWithLink({ o: token, payment_method: paymentMethod })}
        onAnswer={(answer) => {
          // A retried renewal that failed again: the failure and the next try change.
          if (answer.renewal?.outcome === 'failed') void queryClient.invalidateQueries({ queryKey: billingKeys.all });
        }}
        onSaved={(answer) => {
          void queryClient.invalidateQueries({ queryKey: billingKeys.all });
          setSaved(answer);
        }}
      />
      <p className="card-update__sign-in">
        <Trans>
          You can also <Link to={billingLink(user)}>sign in</Link> and update the card from Subscription & Billing.
        </Trans>
      </p>
    </div>
  );
}

export function UpdateCardRoute() {
  const { user } = useLoaderData() as { user: UserInfo | null };
  const [search] = useSearchParams();
  const token = search.get('o')?.trim() ?? '';
  return (
    <PublicLayout narrow user={user}>
      {token === '' ? <SpentLink user={user} /> : <UpdateCardScreen token={token} user={user} />}
    </PublicLayout>
  );
}
