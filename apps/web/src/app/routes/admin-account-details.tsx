/** root.admin.accounts.details — /admin/accounts/:accountId (SPEC §2). */
import { Link, useParams } from 'react-router';

import { CoachingIcon, HeartrateIcon, PhoneIcon, ProfileIcon, QuestionIcon, WeeklyGoalIcon } from '../../components/icons.tsx';
import { FeatureList, Page } from '../../components/page.tsx';
import { href } from '../paths.ts';

export function AdminAccountDetailsRoute() {
  const { accountId = '' } = useParams();
  return (
    <Page title={`Account ${accountId}`} intro="Everything staff need to help this family." actions={<Link to={href('root.admin.accounts')}>All accounts</Link>}>
      <FeatureList
        heading="What you’ll find here"
        items={[
          { icon: <ProfileIcon />, title: 'Details and tags', text: 'The account holder, status, tags and shipping address.' },
          { icon: <QuestionIcon />, title: 'Notes', text: 'Staff notes about the account, newest first.' },
          { icon: <PhoneIcon />, title: 'Shipments and support tickets', text: 'What was sent, and what the family asked.' },
          { icon: <CoachingIcon />, title: 'Coach assignment', text: 'The family’s coach, and changing it.' },
          { icon: <HeartrateIcon />, title: 'Players', text: 'Each player’s gauge, chase speed and acorns.' },
          { icon: <WeeklyGoalIcon />, title: 'Game version', text: 'Moving the account to a new game version.' },
        ]}
      />
    </Page>
  );
}
