/**
 * root.user.onboarding — /dashboard/welcome and /dashboard/welcome/:step (SPEC §2): the first steps
 * of a new family. Cancelled or returned users never get here (they go home).
 */
import { Link, useParams } from 'react-router';

import { CoachingIcon, GameDirectionsIcon, HeartrateIcon, ProfileIcon } from '../../components/icons.tsx';
import { FeatureList, Page } from '../../components/page.tsx';
import { useUserLayout } from '../layouts/layout-context.ts';
import { HOME_PATH } from '../paths.ts';

export function OnboardingRoute() {
  const { user } = useUserLayout();
  const { step } = useParams();
  return (
    <Page
      title="Welcome to Grove"
      intro={`Let’s get your family started, ${user.first_name}. A few short steps and your players are ready to play.`}
    >
      {step ? <p className="pill">Step: {step.replace(/[-_]/g, ' ')}</p> : null}
      <FeatureList
        heading="Your first steps"
        items={[
          {
            icon: <ProfileIcon />,
            title: 'Add your players',
            text: 'Each child gets a player profile that follows their progress.',
          },
          {
            icon: <GameDirectionsIcon />,
            title: 'Set up the games',
            text: 'Install the games on your tablet and pair the heart-rate sensor.',
          },
          {
            icon: <HeartrateIcon />,
            title: 'Play the first session',
            text: 'A short first game shows how raising and calming the heart rate works.',
          },
          {
            icon: <CoachingIcon />,
            title: 'Meet your coach',
            text: 'A coach helps you make the program part of your family’s week.',
          },
        ]}
      />
      <p>
        <Link to={HOME_PATH}>Go to Home</Link>
      </p>
    </Page>
  );
}
