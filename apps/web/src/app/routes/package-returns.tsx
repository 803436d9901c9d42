/** /packagereturns (SPEC §2): sending a Grove kit back. */
import { useLoaderData } from 'react-router';

import { CheckIcon, PhoneIcon, TimeCircleIcon } from '../../components/icons.tsx';
import { FeatureList, Page } from '../../components/page.tsx';
import type { UserInfo } from '@grove/domain/api/user';
import { EXTERNAL_LINKS } from '../../lib/env.ts';
import { PublicLayout } from '../layouts/public-layout.tsx';

export function PackageReturnsRoute() {
  const { user } = useLoaderData() as { user: UserInfo | null };
  return (
    <PublicLayout user={user}>
      <Page title="Package returns" intro="Sending your Grove kit back: how a return works, step by step.">
        <FeatureList
          heading="How a return works"
          items={[
            {
              icon: <PhoneIcon />,
              title: 'Ask for a return',
              text: 'Request the return from your account; we confirm it or explain why we can’t.',
            },
            {
              icon: <CheckIcon />,
              title: 'Pack the kit',
              text: 'Put the devices back in their box and ship it with the return instructions we send you.',
            },
            {
              icon: <TimeCircleIcon />,
              title: 'We close the return',
              text: 'Once the package reaches us, we close the return and tell you by email.',
            },
          ]}
        />
        <p>
          Questions about a return?{' '}
          <a href={EXTERNAL_LINKS.support} target="_blank" rel="noopener noreferrer">
            Contact support<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          .
        </p>
      </Page>
    </PublicLayout>
  );
}
