/**
 * root.user.resources — /dashboard/resources and its developer variant (SPEC §2): articles for
 * parents, searchable on the page (features/resources). `?q=` holds the search and `?article=` the
 * open article, so both can be shared and survive a reload.
 */
import { ResourcesPage } from '../../features/resources/resources-page.tsx';
import { DevBanner } from './dev-banner.tsx';

export function ResourcesRoute() {
  return (
    <>
      <DevBanner />
      <ResourcesPage />
    </>
  );
}
