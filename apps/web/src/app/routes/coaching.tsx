/**
 * root.user.booking — /dashboard/coaching?ref (SPEC §2): booking a coaching call. The loader
 * applies the spec's two coaching rules (see session-rules.ts and docs/decisions/0005).
 */
import { useSearchParams } from 'react-router';

import { CoachingIcon, PhoneIcon, TimeCircleIcon } from '../../components/icons.tsx';
import { FeatureList, Page } from '../../components/page.tsx';

export function CoachingRoute() {
  const [search] = useSearchParams();
  const ref = search.get('ref');
  return (
    <Page
      title="Coaching"
      intro="Talk with a Grove coach about your family’s program, on a call at a time that suits you."
    >
      {ref ? <p className="pill">Reference: {ref}</p> : null}
      <FeatureList
        heading="What you’ll find here"
        items={[
          { icon: <TimeCircleIcon />, title: 'Available times', text: 'Your coach’s free slots, in your time zone.' },
          { icon: <PhoneIcon />, title: 'Book a call', text: 'Pick a slot and we send you a calendar invitation.' },
          { icon: <CoachingIcon />, title: 'Coach notes', text: 'What you talked about and what to try next.' },
        ]}
      />
    </Page>
  );
}
