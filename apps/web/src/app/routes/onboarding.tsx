/**
 * root.user.onboarding — /dashboard/welcome and /dashboard/welcome/:step (SPEC §2): the first steps
 * of a new family, as a checklist (features/onboarding). Cancelled or returned users never get here
 * (the loader sends them home: session-rules.ts `onboarding`). Staff and coaches have no family of
 * their own, so no checklist.
 */
import { Link, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';

import { EmptyState, Page } from '../../components/page.tsx';
import { OnboardingChecklist } from '../../features/onboarding/onboarding-checklist.tsx';
import { HOME_PATH } from '../../lib/paths.ts';
import { useUserLayout } from '../layouts/layout-context.ts';

export function OnboardingRoute() {
  const { t } = useLingui();
  const { user } = useUserLayout();
  const { step } = useParams();
  const firstName = user.first_name;
  return (
    <Page
      title={t`Welcome to Grove`}
      intro={t`Let’s get your family started, ${firstName}. A few short steps and your players are ready to play.`}
    >
      {user.account ? (
        <OnboardingChecklist accountId={user.account.id} timeZone={user.account.time_zone} stepParam={step} />
      ) : (
        <EmptyState
          title={t`No first steps to take`}
          action={
            <Link to={HOME_PATH}>
              <Trans>Go to Home</Trans>
            </Link>
          }
        >
          <p>
            <Trans>The welcome checklist belongs to a family’s account; yours has no family of its own.</Trans>
          </p>
        </EmptyState>
      )}
    </Page>
  );
}
