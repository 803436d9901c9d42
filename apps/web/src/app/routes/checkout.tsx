/**
 * /checkout?tag= and its developer variant (SPEC §2): the plans to choose from, the order form and
 * paying. The tag of the address (else the stored one, else 'default') chooses the plan on entry;
 * choosing another writes its tag to the address (replacing the entry, no scroll) and to storage,
 * so that a reload finds it (decision 0046).
 */
import { useState } from 'react';
import { Link, useLoaderData, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { offeredPlans } from '@grove/domain';
import type { UserInfo } from '@grove/domain/api/user';
import { Trans, useLingui } from '@lingui/react/macro';

import { LoadError } from '../../components/load-state.tsx';
import { Page } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { programPlanQuery } from '../../features/checkout/checkout.api.ts';
import { saveConfirmation, type StoredConfirmation } from '../../features/checkout/confirmation-store.ts';
import { CheckoutForm } from '../../features/checkout/order-form.tsx';
import { PlanChoice } from '../../features/checkout/plan-choice.tsx';
import { resolvePlanTag, storePlanTag } from '../../features/checkout/plan-tag.ts';
import { STRIPE_PUBLISHABLE_KEY } from '../../lib/env.ts';
import { href } from '../../lib/paths.ts';
import { authKeys } from '../../lib/queries/user.ts';
import { PublicLayout } from '../layouts/public-layout.tsx';
import { DevBanner } from './dev-banner.tsx';

export function CheckoutRoute() {
  const { t } = useLingui();
  const { user } = useLoaderData() as { user: UserInfo | null };
  const [search, setSearch] = useSearchParams();
  // Resolved once on entry, and stored (SPEC §2). The plans offered follow this tag (an offer link
  // adds its plan to monthly and yearly) even after the family chooses another.
  const [entryTag] = useState(() => resolvePlanTag(search.get('tag')));
  const [chosenTag, setChosenTag] = useState<string | null>(null);
  const answer = useQuery(programPlanQuery(entryTag));
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const choose = (tag: string) => {
    setChosenTag(tag);
    storePlanTag(tag);
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tag', tag);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const onPaid = (confirmation: StoredConfirmation) => {
    saveConfirmation(confirmation);
    // The family's account is usable now: the next screen reads the user record afresh.
    if (user) queryClient.removeQueries({ queryKey: authKeys.userInfo() });
    void navigate(href('checkout-confirmation'));
  };

  const plans = answer.data ? offeredPlans(answer.data.plans, entryTag) : [];
  const plan = answer.data
    ? (plans.find((candidate) => candidate.tag === (chosenTag ?? answer.data.plan.tag)) ?? answer.data.plan)
    : null;

  const firstName = user?.first_name;
  return (
    <PublicLayout user={user}>
      <DevBanner />
      <Page
        title={t`Checkout`}
        intro={
          user
            ? t`Welcome, ${firstName}! Your account is ready — choose your plan, tell us where to ship your kit and pay securely.`
            : t`Start your family’s Grove program: choose your plan, tell us where to ship your kit, and pay securely.`
        }
      >
        {answer.isPending ? (
          <div className="section__loading">
            <Spinner label={t`Loading the plans…`} size="large" />
          </div>
        ) : answer.isError || !plan ? (
          <LoadError what={t`the plans`} onRetry={answer.refetch} />
        ) : (
          <div className="checkout">
            <PlanChoice
              plans={plans}
              chosenTag={plan.tag}
              missingOffer={answer.data.fallback ? answer.data.requested_tag : null}
              onChoose={choose}
            />
            {user ? null : (
              <p className="muted checkout__login">
                <Trans>
                  Already a Grove family?{' '}
                  <Link to={href('login', null, { next: href('checkout', null, { tag: plan.tag }) })}>Log in</Link>{' '}
                  first.
                </Trans>
              </p>
            )}
            <CheckoutForm plan={plan} user={user} stripeKey={STRIPE_PUBLISHABLE_KEY} onPaid={onPaid} />
          </div>
        )}
      </Page>
    </PublicLayout>
  );
}
