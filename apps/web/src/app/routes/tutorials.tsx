/**
 * root.user.webinars — /dashboard/tutorials (SPEC §2): live tutorials (webinars) and registration
 * (features/webinars). Times read in the family's time zone (the user record's account zone).
 */
import { TutorialsPage } from '../../features/webinars/tutorials-page.tsx';
import { useUserLayout } from '../layouts/layout-context.ts';

export function TutorialsRoute() {
  const { user } = useUserLayout();
  return <TutorialsPage timeZone={user.account?.time_zone} />;
}
