/** /checkout?tag= and its developer variant (SPEC §2): choosing a plan and paying. */
import { useState } from 'react';
import { Link, useLoaderData, useSearchParams } from 'react-router';

import { HeartrateIcon, PhoneIcon, WeeklyGoalIcon, CheckIcon } from '../../components/icons.tsx';
import { FeatureList, Page } from '../../components/page.tsx';
import type { UserInfo } from '@grove/domain/api/user';
import { resolvePlanTag } from '../../features/checkout/plan-tag.ts';
import { PublicLayout } from '../layouts/public-layout.tsx';
import { href } from '../paths.ts';
import { DevBanner } from './dev-banner.tsx';

export function CheckoutRoute() {
  const { user } = useLoaderData() as { user: UserInfo | null };
  const [search] = useSearchParams();
  const addressTag = search.get('tag');
  // Resolved once on entry, and stored (SPEC §2).
  const [tag] = useState(() => resolvePlanTag(addressTag));
  return (
    <PublicLayout user={user}>
      <DevBanner />
      <Page
        title="Checkout"
        intro={
          user
            ? `Welcome, ${user.first_name}! Your account is ready — choose a plan to start your family’s program.`
            : 'Start your family’s Grove program: pick a plan, tell us where to ship, and pay securely.'
        }
      >
        <p className="pill" aria-label={`Plan offer: ${tag}`}>
          Plan offer: <strong>{tag}</strong>
        </p>
        <FeatureList
          heading="What happens at checkout"
          items={[
            {
              icon: <WeeklyGoalIcon />,
              title: 'Choose a program plan',
              text: 'Compare the plans of this offer and add a promo code if you have one.',
            },
            {
              icon: <PhoneIcon />,
              title: 'Shipping and contact details',
              text: 'Where your Grove kit should go, and a phone number for delivery questions.',
            },
            {
              icon: <CheckIcon />,
              title: 'Secure payment',
              text: 'Pay by card; you get an email receipt and can manage the subscription from your account.',
            },
            {
              icon: <HeartrateIcon />,
              title: 'Then: set up and play',
              text: 'Add your players and start the heart-rate games as soon as the kit arrives.',
            },
          ]}
        />
        {user ? null : (
          <p>
            Already a Grove family?{' '}
            <Link to={href('login', null, { next: href('checkout', null, { tag }) })}>Log in</Link> first.
          </p>
        )}
      </Page>
    </PublicLayout>
  );
}
