/** /checkout/confirmation (SPEC §2): where checkout ends. */
import { Link, useLoaderData } from 'react-router';

import { FeatureList, Page } from '../../components/page.tsx';
import { HomeIcon, PhoneIcon, TimeCircleIcon } from '../../components/icons.tsx';
import type { UserInfo } from '@grove/domain/api/user';
import { PublicLayout } from '../layouts/public-layout.tsx';
import { HOME_PATH } from '../paths.ts';

export function CheckoutConfirmationRoute() {
  const { user } = useLoaderData() as { user: UserInfo | null };
  return (
    <PublicLayout user={user}>
      <Page
        title="Order confirmation"
        intro="This page sums up an order once checkout is complete, with what happens next."
      >
        <FeatureList
          heading="After your order"
          items={[
            {
              icon: <TimeCircleIcon />,
              title: 'Your order summary',
              text: 'The plan, the price and the order number, also sent to you by email.',
            },
            { icon: <PhoneIcon />, title: 'Shipping', text: 'Where the kit goes and how to follow the delivery.' },
            {
              icon: <HomeIcon />,
              title: 'Your dashboard',
              text: 'Add players, book your first coaching call and join a tutorial.',
            },
          ]}
        />
        <p>
          <Link className="button button--primary" to={HOME_PATH}>
            <span className="button__label">Go to my dashboard</span>
          </Link>
        </p>
      </Page>
    </PublicLayout>
  );
}
