/**
 * root.user.onboarding — /dashboard/welcome and /dashboard/welcome/:step (SPEC §2): the first steps
 * of a new family, as a checklist (features/onboarding). Cancelled or returned users never get here
 * (the loader sends them home: session-rules.ts `onboarding`). Staff and coaches have no family of
 * their own, so no checklist.
 */
import { Link, useParams } from 'react-router';

import { EmptyState, Page } from '../../components/page.tsx';
import { OnboardingChecklist } from '../../features/onboarding/onboarding-checklist.tsx';
import { HOME_PATH } from '../../lib/paths.ts';
import { useUserLayout } from '../layouts/layout-context.ts';

export function OnboardingRoute() {
  const { user } = useUserLayout();
  const { step } = useParams();
  return (
    <Page
      title="Welcome to Grove"
      intro={`Let’s get your family started, ${user.first_name}. A few short steps and your players are ready to play.`}
    >
      {user.account ? (
        <OnboardingChecklist accountId={user.account.id} timeZone={user.account.time_zone} stepParam={step} />
      ) : (
        <EmptyState title="No first steps to take" action={<Link to={HOME_PATH}>Go to Home</Link>}>
          <p>The welcome checklist belongs to a family’s account; yours has no family of its own.</p>
        </EmptyState>
      )}
    </Page>
  );
}
