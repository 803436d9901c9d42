/** root.user.webinars — /dashboard/tutorials (SPEC §2): live tutorials (webinars) and registration. */
import { CheckIcon, TimeCircleIcon, QuestionIcon } from '../../components/icons.tsx';
import { FeatureList, Page } from '../../components/page.tsx';

export function TutorialsRoute() {
  return (
    <Page
      title="Tutorials"
      intro="Live online sessions where the Grove team walks families through the games and answers questions."
    >
      <FeatureList
        heading="What you’ll find here"
        items={[
          { icon: <TimeCircleIcon />, title: 'Upcoming tutorials', text: 'Dates and times, shown in your time zone.' },
          {
            icon: <CheckIcon />,
            title: 'Registration',
            text: 'Sign up for a session, or cancel a registration you can’t make.',
          },
          {
            icon: <QuestionIcon />,
            title: 'Topics',
            text: 'Getting started, reading the stats, and keeping kids motivated.',
          },
        ]}
      />
    </Page>
  );
}
