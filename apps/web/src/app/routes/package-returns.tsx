/**
 * /packagereturns (SPEC §2): sending a Grove kit back. Everyone sees the steps; a signed-in billing
 * user also sees their return window and return, and can request a return while it is allowed
 * (features/billing/package-returns.tsx). The route's loader (rules.optionalUser) says who is
 * signed in, if anyone.
 */
import { useLoaderData } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';

import { Page } from '../../components/page.tsx';
import type { UserInfo } from '@grove/domain/api/user';
import { ReturnPanel, ReturnSteps } from '../../features/billing/package-returns.tsx';
import { EXTERNAL_LINKS } from '../../lib/env.ts';
import { PublicLayout } from '../layouts/public-layout.tsx';

export function PackageReturnsRoute() {
  const { t } = useLingui();
  const { user } = useLoaderData() as { user: UserInfo | null };
  return (
    <PublicLayout user={user}>
      <Page title={t`Package returns`} intro={t`Sending your Grove kit back: how a return works, step by step.`}>
        <ReturnPanel user={user} />
        <ReturnSteps />
        <p>
          <Trans>
            Questions about a return?{' '}
            <a href={EXTERNAL_LINKS.support} target="_blank" rel="noopener noreferrer">
              Contact support<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            .
          </Trans>
        </p>
      </Page>
    </PublicLayout>
  );
}
