/** The route table (lib/paths.ts) and the router agree: every id is a route, every path finds its id. */
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { ROUTES, SPEC_ROUTE_IDS, href } from '../lib/paths.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { createRoutes, isSignedInArea } from './router.tsx';

const routes = createRoutes(createQueryClient({ retry: false }));

function routeIdAt(pathname: string): string | undefined {
  return matchRoutes(routes, pathname)?.at(-1)?.route.id;
}

describe('the route table in the router', () => {
  it('defines every route id of the spec, and the router uses each of them', () => {
    const ids = new Set<string>();
    const collect = (list: typeof routes) => {
      for (const route of list) {
        if (route.id) ids.add(route.id);
        if (route.children) collect(route.children);
      }
    };
    collect(routes);
    for (const id of SPEC_ROUTE_IDS) {
      expect(ROUTES).toHaveProperty([id]);
      expect(ids.has(id), id).toBe(true);
    }
    expect(SPEC_ROUTE_IDS).toHaveLength(23);
  });

  it.each([
    ['/login', 'login'],
    ['/checkout', 'checkout'],
    ['/checkout/confirmation', 'checkout-confirmation'],
    ['/s3/prod/release/v2/checkout', 'checkout-dev'],
    ['/admin', 'root.admin.index'],
    ['/admin/accounts', 'root.admin.accounts'],
    ['/admin/accounts/42', 'root.admin.accounts.details'],
    ['/dashboard/account', 'root.user.management'],
    ['/account/manage/anything/here', 'root.user.managementRedirect'],
    ['/dashboard/welcome', 'root.user.onboarding'],
    ['/dashboard/welcome/devices', 'root.user.onboarding.step'],
    ['/dashboard/tutorials', 'root.user.webinars'],
    ['/dashboard/coaching', 'root.user.booking'],
    ['/dashboard/booking', 'root.user.bookingRedirect'],
    ['/dashboard/resources', 'root.user.resources'],
    ['/s3/prod/release/v2/dashboard/resources', 'root.user.resources-dev'],
    ['/dashboard/stats', 'root.user.player.stats'],
    ['/dashboard', 'root.user.player.home'],
    ['/dashboard/', 'root.user.player.home'],
    ['/DASHBOARD/Stats/', 'root.user.player.stats'],
    ['/packagereturns', 'packagereturns'],
    ['/start', 'setpassword'],
    ['/shared/Abc_123-xyz', 'shared'],
    ['/', 'root'],
    ['/nowhere', 'not-found'],
  ])('%s → %s', (pathname, id) => {
    expect(routeIdAt(pathname)).toBe(id);
  });

  it('keeps the shared summary outside the signed-in area and its layouts', () => {
    expect(matchRoutes(routes, '/shared/Abc_123-xyz')?.map((match) => match.route.id)).toEqual(['app', 'shared']);
    expect(isSignedInArea(routes, '/shared/Abc_123-xyz')).toBe(false);
    expect(href('shared', { token: 'Abc_123-xyz' })).toBe('/shared/Abc_123-xyz');
  });

  it('places the player screens inside root.user.player, inside root.user, inside root', () => {
    const chain = matchRoutes(routes, '/dashboard/stats')?.map((match) => match.route.id);
    expect(chain).toEqual(['app', 'root', 'root.user', 'root.user.player', 'root.user.player.stats']);
    expect(matchRoutes(routes, '/admin/accounts/3')?.map((match) => match.route.id)).toEqual([
      'app',
      'root',
      'root.admin',
      'root.admin.accounts.details',
    ]);
  });
});
