/** /admin/outstanding-billing-requests: billing requests waiting for staff (admin nav, SPEC §2). */
import { CANCELLATION_GRACE_DAYS } from '@grove/domain';

import { CheckIcon, TimeCircleIcon } from '../../components/icons.tsx';
import { FeatureList, Page } from '../../components/page.tsx';

export function AdminBillingRequestsRoute() {
  return (
    <Page title="Outstanding Billing Requests" intro="Requests from families that wait for a decision by staff.">
      <FeatureList
        heading="What you’ll find here"
        items={[
          {
            icon: <TimeCircleIcon />,
            title: 'Cancellations',
            text: `Cancellation requests and their ${CANCELLATION_GRACE_DAYS}-day grace period.`,
          },
          {
            icon: <CheckIcon />,
            title: 'Returns and renewals',
            text: 'Return requests to confirm or decline, and renewals to confirm.',
          },
        ]}
      />
    </Page>
  );
}
