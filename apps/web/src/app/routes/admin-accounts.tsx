/** root.admin.accounts — /admin/accounts (SPEC §2): the list of accounts. */
import { HeartrateIcon, ProfileIcon, QuestionIcon } from '../../components/icons.tsx';
import { FeatureList, Page } from '../../components/page.tsx';
import { useAdminLayout } from '../layouts/layout-context.ts';

export function AdminAccountsRoute() {
  const { user } = useAdminLayout();
  return (
    <Page title="Accounts" intro={`Hello ${user.first_name}. Find a family’s account and open it to help them.`}>
      <FeatureList
        heading="What you’ll find here"
        items={[
          {
            icon: <QuestionIcon />,
            title: 'Search',
            text: 'Find an account by the account holder’s name or email, or by tag.',
          },
          {
            icon: <ProfileIcon />,
            title: 'Status at a glance',
            text: 'Account status, billing status, tags and coach for each family.',
          },
          {
            icon: <HeartrateIcon />,
            title: 'Account details',
            text: 'Open an account for its players, notes, shipments and support tickets.',
          },
        ]}
      />
    </Page>
  );
}
