/** /checkout?tag= and its developer variant (SPEC §2): the plan, the order form and paying. */
import { useState } from 'react';
import { Link, useLoaderData, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@grove/domain/api/user';

import { Button } from '../../components/button.tsx';
import { Page } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { authKeys } from '../../features/auth/auth.api.ts';
import { programPlanQuery } from '../../features/checkout/checkout.api.ts';
import { saveConfirmation, type StoredConfirmation } from '../../features/checkout/confirmation-store.ts';
import { CheckoutForm } from '../../features/checkout/order-form.tsx';
import { DEFAULT_PLAN_TAG, resolvePlanTag } from '../../features/checkout/plan-tag.ts';
import { PlanSummary } from '../../features/checkout/plan-summary.tsx';
import { STRIPE_PUBLISHABLE_KEY } from '../../lib/env.ts';
import { PublicLayout } from '../layouts/public-layout.tsx';
import { href } from '../paths.ts';
import { DevBanner } from './dev-banner.tsx';

export function CheckoutRoute() {
  const { user } = useLoaderData() as { user: UserInfo | null };
  const [search] = useSearchParams();
  const addressTag = search.get('tag');
  // Resolved once on entry, and stored (SPEC §2).
  const [tag] = useState(() => resolvePlanTag(addressTag));
  const plan = useQuery(programPlanQuery(tag));
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const onPaid = (confirmation: StoredConfirmation) => {
    saveConfirmation(confirmation);
    // The family's account is usable now: the next screen reads the user record afresh.
    if (user) queryClient.removeQueries({ queryKey: authKeys.userInfo() });
    void navigate(href('checkout-confirmation'));
  };

  return (
    <PublicLayout user={user}>
      <DevBanner />
      <Page
        title="Checkout"
        intro={
          user
            ? `Welcome, ${user.first_name}! Your account is ready — tell us where to ship your kit and pay securely.`
            : 'Start your family’s Grove program: tell us where to ship your kit, and pay securely.'
        }
      >
        {tag === DEFAULT_PLAN_TAG ? null : (
          <p className="pill" aria-label={`Plan offer: ${tag}`}>
            Plan offer: <strong>{tag}</strong>
          </p>
        )}
        {plan.isPending ? (
          <div className="section__loading">
            <Spinner label="Loading your plan…" size="large" />
          </div>
        ) : plan.isError ? (
          <div className="card stack" role="alert">
            <p className="form-error">We could not load the plan. Please check your connection and try again.</p>
            <p>
              <Button variant="secondary" onClick={() => void plan.refetch()}>
                Try again
              </Button>
            </p>
          </div>
        ) : (
          <div className="checkout">
            <aside className="checkout__aside" aria-label="Plan summary">
              <PlanSummary answer={plan.data} />
              {user ? null : (
                <p className="muted">
                  Already a Grove family?{' '}
                  <Link to={href('login', null, { next: href('checkout', null, { tag }) })}>Log in</Link> first.
                </p>
              )}
            </aside>
            <div className="checkout__main">
              <CheckoutForm plan={plan.data.plan} user={user} stripeKey={STRIPE_PUBLISHABLE_KEY} onPaid={onPaid} />
            </div>
          </div>
        )}
      </Page>
    </PublicLayout>
  );
}
