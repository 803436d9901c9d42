/** root.user.resources — /dashboard/resources and its developer variant (SPEC §2). */
import { GameDirectionsIcon, HeartrateIcon, QuestionIcon } from '../../components/icons.tsx';
import { FeatureList, Page } from '../../components/page.tsx';
import { EXTERNAL_LINKS } from '../../lib/env.ts';
import { DevBanner } from './dev-banner.tsx';

export function ResourcesRoute() {
  return (
    <>
      <DevBanner />
      <Page title="Resources" intro="Guides and printables that help the program fit into family life.">
        <FeatureList
          heading="What you’ll find here"
          items={[
            { icon: <GameDirectionsIcon />, title: 'Game guides', text: 'How each game works and what it practises.' },
            {
              icon: <HeartrateIcon />,
              title: 'Heart-rate basics',
              text: 'Why calming down is a skill, explained for parents and kids.',
            },
            {
              icon: <QuestionIcon />,
              title: 'Frequently asked questions',
              text: 'Devices, sensors, schedules and subscriptions.',
            },
          ]}
        />
        <p>
          Looking for something specific? The{' '}
          <a href={EXTERNAL_LINKS.support} target="_blank" rel="noopener noreferrer">
            help centre<span className="visually-hidden"> (opens in a new tab)</span>
          </a>{' '}
          has answers to the most common questions.
        </p>
      </Page>
    </>
  );
}
