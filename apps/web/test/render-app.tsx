/** Renders the real route tree and providers at `path`, in memory. */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { Providers } from '../src/app/providers.tsx';
import { createRoutes } from '../src/app/router.tsx';
import { createQueryClient } from '../src/lib/query-client.ts';

export function renderApp(path: string) {
  const queryClient = createQueryClient({ retry: false });
  const routes = createRoutes(queryClient);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Providers queryClient={queryClient} router={router} routes={routes}>
      <RouterProvider router={router} />
    </Providers>,
  );
  /** The current address, path and query. */
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, queryClient, location };
}

export function setViewportWidth(width: number): void {
  (
    window as unknown as { happyDOM: { setViewport: (size: { width: number; height: number }) => void } }
  ).happyDOM.setViewport({ width, height: 800 });
}
