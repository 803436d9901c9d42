/** Any address Grove does not know: a friendly way back. */
import { Link, useLocation } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';

import { AcornMascot } from '../../components/icons.tsx';
import { usePageTitle } from '../../components/page.tsx';
import { HOME_PATH } from '../../lib/paths.ts';

export function NotFoundRoute() {
  const { t } = useLingui();
  const { pathname } = useLocation();
  usePageTitle(t`Page not found`);
  return (
    <main className="standalone" id="main">
      <div className="standalone__card">
        <AcornMascot size={96} />
        <h1>
          <Trans>We couldn’t find that page</Trans>
        </h1>
        <p>
          <Trans>
            There is nothing at <code className="standalone__path">{pathname}</code>. The link may be old, or the
            address may have a typo.
          </Trans>
        </p>
        <div className="standalone__actions">
          <Link className="button button--primary" to={HOME_PATH}>
            <span className="button__label">
              <Trans>Go to Home</Trans>
            </span>
          </Link>
        </div>
      </div>
    </main>
  );
}
