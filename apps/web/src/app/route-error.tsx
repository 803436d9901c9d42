/** Shown when a screen fails unexpectedly: a calm apology, and ways back. */
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { errorText } from '@grove/domain';
import { Trans, useLingui } from '@lingui/react/macro';

import { AcornMascot } from '../components/icons.tsx';
import { usePageTitle } from '../components/page.tsx';
import { domainText } from '../lib/i18n.ts';
import { HOME_PATH } from '../lib/paths.ts';

/** A chunk that no longer exists after a new release: a reload fetches the current one. */
function isStaleChunk(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
}

export function RouteError() {
  const { t } = useLingui();
  const error = useRouteError();
  usePageTitle(t`Something went wrong`);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : domainText(errorText(error));
  return (
    <main className="standalone" id="main">
      <div className="standalone__card">
        <AcornMascot size={88} />
        <h1>
          <Trans>Something went wrong</Trans>
        </h1>
        <p>
          {isStaleChunk(error)
            ? t`Grove was updated while this page was open. Reloading brings in the new version.`
            : t`This page could not be shown. Reloading usually helps; if it keeps happening, our support team can look into it.`}
        </p>
        <p className="standalone__detail">{detail}</p>
        <div className="standalone__actions">
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            <span className="button__label">
              <Trans>Reload the page</Trans>
            </span>
          </button>
          <a className="button button--secondary" href={HOME_PATH}>
            <span className="button__label">
              <Trans>Go to Home</Trans>
            </span>
          </a>
        </div>
      </div>
    </main>
  );
}
