/** Any address Grove does not know: a friendly way back. */
import { Link, useLocation } from 'react-router';

import { AcornMascot } from '../../components/icons.tsx';
import { usePageTitle } from '../../components/page.tsx';
import { HOME_PATH } from '../../lib/paths.ts';

export function NotFoundRoute() {
  const { pathname } = useLocation();
  usePageTitle('Page not found');
  return (
    <main className="standalone" id="main">
      <div className="standalone__card">
        <AcornMascot size={96} />
        <h1>We couldn’t find that page</h1>
        <p>
          There is nothing at <code className="standalone__path">{pathname}</code>. The link may be old, or the address
          may have a typo.
        </p>
        <div className="standalone__actions">
          <Link className="button button--primary" to={HOME_PATH}>
            <span className="button__label">Go to Home</span>
          </Link>
        </div>
      </div>
    </main>
  );
}
