/**
 * App-wide providers and the session's background duties:
 * - a 401 anywhere ends the session: tokens and every cached query are dropped, and a person in
 *   the signed-in area goes to login, coming back to where they were afterwards;
 * - signing out in another tab signs this one out too;
 * - the access token is renewed shortly before it expires.
 */
import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import type { RouteObject } from 'react-router';

import { Notifications } from '../components/notifications.tsx';
import { endLocalSession } from '../features/auth/auth.api.ts';
import { refreshAccessToken, setUnauthorizedHandler } from '../lib/api-client.ts';
import { i18n } from '../lib/i18n.ts';
import { loginHref } from '../lib/paths.ts';
import { REFRESH_MARGIN_MS, readTokens, subscribeTokens } from '../lib/session.ts';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { isSignedInArea, type AppRouter } from './router.tsx';

function useSessionDuties(queryClient: QueryClient, router: AppRouter, routes: RouteObject[]): void {
  useEffect(() => {
    const sendToLogin = () => {
      endLocalSession(queryClient);
      const location = router.state.navigation.location ?? router.state.location;
      if (isSignedInArea(routes, location.pathname)) {
        void router.navigate(loginHref(`${location.pathname}${location.search}`), { replace: true });
      }
    };
    const restoreHandler = setUnauthorizedHandler(sendToLogin);

    const onStorage = (event: StorageEvent) => {
      if ((event.key === STORAGE_KEYS.accessToken || event.key === null) && readTokens() === null) sendToLogin();
    };
    window.addEventListener('storage', onStorage);

    let timer: ReturnType<typeof setTimeout> | undefined;
    const scheduleRefresh = () => {
      clearTimeout(timer);
      const tokens = readTokens();
      if (!tokens?.refreshToken || tokens.expiresAt === null) return;
      const wait = Math.max(0, tokens.expiresAt - REFRESH_MARGIN_MS - Date.now());
      timer = setTimeout(() => void refreshAccessToken(), wait);
    };
    scheduleRefresh();
    const stopWatching = subscribeTokens(scheduleRefresh);

    return () => {
      restoreHandler();
      window.removeEventListener('storage', onStorage);
      stopWatching();
      clearTimeout(timer);
    };
  }, [queryClient, router, routes]);
}

export function Providers({
  queryClient,
  router,
  routes,
  children,
}: {
  queryClient: QueryClient;
  router: AppRouter;
  routes: RouteObject[];
  children: ReactNode;
}) {
  useSessionDuties(queryClient, router, routes);
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Notifications />
      </QueryClientProvider>
    </I18nProvider>
  );
}
