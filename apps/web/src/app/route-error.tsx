/** Shown when a screen fails unexpectedly: a calm apology, and ways back. */
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { errorText } from '@grove/domain';

import { AcornMascot } from '../components/icons.tsx';
import { usePageTitle } from '../components/page.tsx';
import { HOME_PATH } from '../lib/paths.ts';

/** A chunk that no longer exists after a new release: a reload fetches the current one. */
function isStaleChunk(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
}

export function RouteError() {
  const error = useRouteError();
  usePageTitle('Something went wrong');
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : errorText(error);
  return (
    <main className="standalone" id="main">
      <div className="standalone__card">
        <AcornMascot size={88} />
        <h1>Something went wrong</h1>
        <p>
          {isStaleChunk(error)
            ? 'Grove was updated while this page was open. Reloading brings in the new version.'
            : 'This page could not be shown. Reloading usually helps; if it keeps happening, our support team can look into it.'}
        </p>
        <p className="standalone__detail">{detail}</p>
        <div className="standalone__actions">
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            <span className="button__label">Reload the page</span>
          </button>
          <a className="button button--secondary" href={HOME_PATH}>
            <span className="button__label">Go to Home</span>
          </a>
        </div>
      </div>
    </main>
  );
}
