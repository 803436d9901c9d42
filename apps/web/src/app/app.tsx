import { RouterProvider } from 'react-router/dom';

import { prepareFormatters } from '../lib/format.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';

const queryClient = createQueryClient();
const { router, routes } = createAppRouter(queryClient);
// The router has sent the first reads: build the formatters while they are on the network.
setTimeout(prepareFormatters, 0);

export function App() {
  return (
    <Providers queryClient={queryClient} router={router} routes={routes}>
      <RouterProvider router={router} />
    </Providers>
  );
}
