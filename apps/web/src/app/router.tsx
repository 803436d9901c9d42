/**
 * The route tree (SPEC §2). Route objects carry the spec's route ids; paths come from lib/paths.ts.
 * Screens and layouts load lazily, so the login page carries none of the signed-in screens; the
 * rules that decide where a person may be (session-rules.ts) run as loaders before any screen, and
 * the user layout's and Home's reads start from their loaders (route-prefetch.ts).
 */
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';

import { PageSpinner } from '../components/spinner.tsx';
import { ROUTES } from '../lib/paths.ts';
import { AppFrame } from './app-frame.tsx';
import { RouteError } from './route-error.tsx';
import { createRoutePrefetch } from './route-prefetch.ts';
import { createSessionRules } from './session-rules.ts';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** Loads route module `load` and uses its export `name` as the screen. */
function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): LazyComponent {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const rules = createSessionRules(queryClient);
  const prefetch = createRoutePrefetch(queryClient, rules.loadUser);

  return [
    {
      id: 'app',
      Component: AppFrame,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        {
          id: 'login',
          path: ROUTES.login.path,
          loader: rules.login,
          lazy: screen(() => import('./routes/login.tsx'), 'LoginRoute'),
        },
        { id: 'logout', path: ROUTES.logout.path, loader: rules.logout, Component: PageSpinner },
        {
          id: 'setpassword',
          path: ROUTES.setpassword.path,
          lazy: screen(() => import('./routes/set-password.tsx'), 'SetPasswordRoute'),
        },
        {
          id: 'password-reset',
          path: ROUTES['password-reset'].path,
          lazy: screen(() => import('./routes/password-reset.tsx'), 'PasswordResetRoute'),
        },
        {
          id: 'get-access',
          path: ROUTES['get-access'].path,
          lazy: screen(() => import('./routes/get-access.tsx'), 'GetAccessRoute'),
        },
        {
          id: 'email-confirm',
          path: ROUTES['email-confirm'].path,
          loader: rules.optionalUser,
          lazy: screen(() => import('./routes/email-confirm.tsx'), 'EmailConfirmRoute'),
        },
        {
          id: 'unsubscribe',
          path: ROUTES.unsubscribe.path,
          loader: rules.optionalUser,
          lazy: screen(() => import('./routes/unsubscribe.tsx'), 'UnsubscribeRoute'),
        },
        {
          id: 'update-card',
          path: ROUTES['update-card'].path,
          loader: rules.optionalUser,
          lazy: screen(() => import('./routes/update-card.tsx'), 'UpdateCardRoute'),
        },
        {
          // No session rules: the viewer is a clinician without an account (issue 17 item 5).
          id: 'shared',
          path: ROUTES.shared.path,
          lazy: screen(() => import('./routes/shared-summary.tsx'), 'SharedSummaryRoute'),
        },
        {
          id: 'checkout',
          path: ROUTES.checkout.path,
          loader: rules.optionalUser,
          lazy: screen(() => import('./routes/checkout.tsx'), 'CheckoutRoute'),
        },
        {
          id: 'checkout-confirmation',
          path: ROUTES['checkout-confirmation'].path,
          loader: rules.optionalUser,
          lazy: screen(() => import('./routes/checkout-confirmation.tsx'), 'CheckoutConfirmationRoute'),
        },
        {
          id: 'checkout-dev',
          path: ROUTES['checkout-dev'].path,
          loader: rules.optionalUser,
          lazy: screen(() => import('./routes/checkout.tsx'), 'CheckoutRoute'),
        },
        {
          id: 'packagereturns',
          path: ROUTES.packagereturns.path,
          loader: rules.optionalUser,
          lazy: screen(() => import('./routes/package-returns.tsx'), 'PackageReturnsRoute'),
        },
        {
          id: 'root',
          path: ROUTES.root.path,
          loader: rules.root,
          children: [
            {
              id: 'root.user',
              loader: prefetch.userLayout,
              lazy: screen(() => import('./layouts/user-layout.tsx'), 'UserLayout'),
              children: [
                {
                  id: 'root.user.management',
                  path: ROUTES['root.user.management'].path,
                  lazy: screen(() => import('./routes/account.tsx'), 'AccountRoute'),
                },
                {
                  id: 'root.user.managementRedirect',
                  path: ROUTES['root.user.managementRedirect'].path,
                  loader: rules.managementRedirect,
                  Component: PageSpinner,
                },
                {
                  id: 'root.user.onboarding',
                  path: ROUTES['root.user.onboarding'].path,
                  loader: rules.onboarding,
                  lazy: screen(() => import('./routes/onboarding.tsx'), 'OnboardingRoute'),
                },
                {
                  id: 'root.user.onboarding.step',
                  path: ROUTES['root.user.onboarding.step'].path,
                  loader: rules.onboarding,
                  lazy: screen(() => import('./routes/onboarding.tsx'), 'OnboardingRoute'),
                },
                {
                  id: 'root.user.webinars',
                  path: ROUTES['root.user.webinars'].path,
                  lazy: screen(() => import('./routes/tutorials.tsx'), 'TutorialsRoute'),
                },
                {
                  id: 'root.user.booking',
                  path: ROUTES['root.user.booking'].path,
                  loader: rules.coaching,
                  lazy: screen(() => import('./routes/coaching.tsx'), 'CoachingRoute'),
                },
                {
                  id: 'root.user.caseload',
                  path: ROUTES['root.user.caseload'].path,
                  loader: rules.coaching,
                  lazy: screen(() => import('./routes/caseload.tsx'), 'CaseloadRoute'),
                },
                {
                  id: 'root.user.bookingRedirect',
                  path: ROUTES['root.user.bookingRedirect'].path,
                  loader: rules.bookingRedirect,
                  Component: PageSpinner,
                },
                {
                  id: 'root.user.connect-device',
                  path: ROUTES['root.user.connect-device'].path,
                  lazy: screen(() => import('./routes/connect-device.tsx'), 'ConnectDeviceRoute'),
                },
                {
                  id: 'root.user.resources',
                  path: ROUTES['root.user.resources'].path,
                  lazy: screen(() => import('./routes/resources.tsx'), 'ResourcesRoute'),
                },
                {
                  id: 'root.user.resources-dev',
                  path: ROUTES['root.user.resources-dev'].path,
                  lazy: screen(() => import('./routes/resources.tsx'), 'ResourcesRoute'),
                },
                {
                  id: 'root.user.player',
                  lazy: screen(() => import('./layouts/player-layout.tsx'), 'PlayerLayout'),
                  children: [
                    {
                      id: 'root.user.player.stats',
                      path: ROUTES['root.user.player.stats'].path,
                      lazy: screen(() => import('./routes/stats.tsx'), 'StatsRoute'),
                    },
                    {
                      id: 'root.user.player.home',
                      path: ROUTES['root.user.player.home'].path,
                      loader: prefetch.home,
                      lazy: screen(() => import('./routes/home.tsx'), 'HomeRoute'),
                    },
                  ],
                },
              ],
            },
            {
              id: 'root.admin',
              path: ROUTES['root.admin'].path,
              loader: rules.admin,
              lazy: screen(() => import('./layouts/admin-layout.tsx'), 'AdminLayout'),
              children: [
                { id: 'root.admin.index', index: true, loader: rules.adminIndex, Component: PageSpinner },
                {
                  id: 'root.admin.accounts',
                  path: ROUTES['root.admin.accounts'].path,
                  lazy: screen(() => import('./routes/admin-accounts.tsx'), 'AdminAccountsRoute'),
                },
                {
                  id: 'root.admin.accounts.details',
                  path: ROUTES['root.admin.accounts.details'].path,
                  lazy: screen(() => import('./routes/admin-account-details.tsx'), 'AdminAccountDetailsRoute'),
                },
                {
                  id: 'root.admin.orders',
                  path: ROUTES['root.admin.orders'].path,
                  lazy: screen(() => import('./routes/admin-orders.tsx'), 'AdminOrdersRoute'),
                },
                {
                  id: 'root.admin.billing-requests',
                  path: ROUTES['root.admin.billing-requests'].path,
                  lazy: screen(() => import('./routes/admin-billing-requests.tsx'), 'AdminBillingRequestsRoute'),
                },
                {
                  id: 'root.admin.shipments',
                  path: ROUTES['root.admin.shipments'].path,
                  lazy: screen(() => import('./routes/admin-shipments.tsx'), 'AdminShipmentsRoute'),
                },
                {
                  id: 'root.admin.deletions',
                  path: ROUTES['root.admin.deletions'].path,
                  lazy: screen(() => import('./routes/admin-deletions.tsx'), 'AdminDeletionsRoute'),
                },
              ],
            },
          ],
        },
        { id: 'not-found', path: '*', lazy: screen(() => import('./routes/not-found.tsx'), 'NotFoundRoute') },
      ],
    },
  ];
}

/** True when `pathname` belongs to the signed-in area (below the root route). */
export function isSignedInArea(routes: RouteObject[], pathname: string): boolean {
  return (matchRoutes(routes, pathname) ?? []).some((match) => match.route.id === 'root');
}

export function createAppRouter(queryClient: QueryClient) {
  const routes = createRoutes(queryClient);
  return { routes, router: createBrowserRouter(routes) };
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;
