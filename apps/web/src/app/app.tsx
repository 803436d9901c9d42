import { RouterProvider } from 'react-router/dom';

import { createQueryClient } from '../lib/query-client.ts';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';

const queryClient = createQueryClient();
const { router, routes } = createAppRouter(queryClient);

export function App() {
  return (
    <Providers queryClient={queryClient} router={router} routes={routes}>
      <RouterProvider router={router} />
    </Providers>
  );
}
