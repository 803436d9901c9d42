/**
 * Every screen a person may use is reachable by clicks (issue 25 item 5, docs/decisions/0045).
 *
 * For each kind of person, the test walks the real app as a browser would: it renders Home
 * (real routes, layouts and providers, over a fake API holding that person's data), collects every
 * link the screen shows — the menu's included, since the layout draws it on every screen — and
 * renders each screen those links lead to, breadth first, until nothing new is found. It then
 * fails when a screen that person needs was never reached, names where each reached screen was
 * linked from, and fails on any link that leads to no screen (not found) or that the screen's
 * own rules turn away (a redirect: a link a person can see must not bounce them).
 *
 * A "screen" is a route id; the account's segments (details, players, billing, privacy) count as
 * screens of their own. Every route id of lib/paths.ts must be either a screen some person is expected
 * to reach, or listed below as not a screen, with the reason.
 */
import { screen, waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@grove/domain/api/user';
import { accountApi } from '@grove/domain/api/endpoints/account';
import { adminApi } from '@grove/domain/api/endpoints/admin';
import { playApi } from '@grove/domain/api/endpoints/play';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { userApi } from '@grove/domain/api/endpoints/user';
import { webinarsApi } from '@grove/domain/api/endpoints/webinars';

import { fakeApi, type FakeApi, type FakeRoute } from '../../test/fake-api.ts';
import {
  USERS,
  accountFixture,
  accountRoutes,
  fakeAccount,
  onboardingFixture,
  overviewAnswer,
  playerPage,
  storeSession,
  webinarFixture,
} from '../../test/fixtures.ts';
import { renderApp, setViewportWidth } from '../../test/render-app.tsx';
import { NOW, billingRoutes, fakeBilling, subscriptionFixture } from '../features/billing/billing.fixtures.ts';
import { coachingRoutes, fakeCoaching } from '../features/coaching/coaching.fixtures.ts';
import { ROUTES, type RouteId } from '../lib/paths.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { createRoutes } from './router.tsx';

/** Route ids that are not screens a person clicks to, and why. */
const NOT_SCREENS: Partial<Record<RouteId, string>> = {
  root: 'redirects: exactly / goes to Home',
  'root.user': 'layout without a path (the user area)',
  'root.user.player': 'layout without a path (home and stats)',
  'root.admin': 'redirects to the admin accounts list',
  'root.user.managementRedirect': 'redirects old account/manage/* addresses to Account details',
  'root.user.bookingRedirect': 'redirects dashboard/booking (e-mail links) to Coaching',
  'root.user.onboarding.step':
    'the welcome checklist focused on one step: the same screen as root.user.onboarding, opened from e-mails',
  'root.user.resources-dev': 'developer variant of Resources',
  'checkout-dev': 'developer variant of Checkout',
  checkout:
    'buying Grove happens before there is a usable account; the root rule sends an unusable account there itself',
  'checkout-confirmation': 'shown once, right after paying at checkout',
  login: 'signing in: where a person without a session is sent',
  logout: 'signing out: an action, not a screen',
  setpassword: 'public page opened from the set-password e-mail',
  'password-reset': 'public page linked from the login page',
  'get-access': 'public page linked from the login page',
  'email-confirm': 'public page opened from the e-mail-change e-mail',
  unsubscribe: 'public page opened from the weekly e-mail',
  'update-card': 'public page opened from the failed-payment e-mail, text and “E-mail me a link”',
  shared: 'a clinician’s view of a shared summary: public, opened from the share link',
};

// The app's route tree, to name the screen an address shows.
const ROUTE_TREE = createRoutes(createQueryClient({ retry: false }));

/** The screen an address shows: its route id, and for the account its segment. */
function screenOf(address: string): string {
  const url = new URL(address, 'http://localhost');
  const id = matchRoutes(ROUTE_TREE, url.pathname)?.at(-1)?.route.id ?? 'not-found';
  if (id === 'root.user.management') return `${id}:${url.searchParams.get('segment') ?? 'details'}`;
  return id;
}

/** The internal links a rendered screen shows (outside addresses and new tabs left out). */
function linksOnScreen(container: HTMLElement): string[] {
  return [...container.querySelectorAll<HTMLAnchorElement>('a[href]')]
    .filter((link) => link.target !== '_blank')
    .map((link) => link.getAttribute('href') ?? '')
    .filter((target) => target.startsWith('/') && !target.startsWith('//'));
}

/** Until the screen has its heading, nothing is loading and no call is under way. */
async function settle(api: FakeApi): Promise<void> {
  await screen.findByRole('heading', { level: 1 });
  let seen = -1;
  await waitFor(
    () => {
      const calls = api.calls.length;
      const stable = calls === seen;
      seen = calls;
      expect(document.querySelector('.spinner')).toBeNull();
      expect(stable).toBe(true);
    },
    { interval: 30 },
  );
}

type Persona = {
  who: string;
  user: UserInfo;
  routes: () => FakeRoute[];
  /** The screens this person must be able to reach by clicks. */
  screens: string[];
};

type Walk = {
  /** Each screen reached, with the screen whose link led there first. */
  reached: Map<string, string>;
  /** Links that lead nowhere or are turned away: "from → address (shows …)". */
  broken: string[];
};

async function walk(persona: Persona): Promise<Walk> {
  const reached = new Map<string, string>();
  const broken: string[] = [];
  const queue: { address: string; from: string }[] = [{ address: ROUTES['root.user.player.home'].path, from: 'start' }];
  while (queue.length > 0) {
    const { address, from } = queue.shift()!;
    const wanted = screenOf(address);
    if (reached.has(wanted)) continue;
    if (wanted === 'not-found') {
      broken.push(`${from} → ${address} (no such screen)`);
      continue;
    }
    if (wanted in NOT_SCREENS) {
      reached.set(wanted, from);
      continue;
    }
    storeSession();
    const api = fakeApi(persona.routes());
    const app = renderApp(address);
    try {
      await settle(api);
      const shown = screenOf(app.location());
      if (shown !== wanted) {
        broken.push(`${from} → ${address} (turned away to ${app.location()})`);
        continue;
      }
      reached.set(wanted, from);
      for (const target of linksOnScreen(app.container)) {
        if (!reached.has(screenOf(target))) queue.push({ address: target, from: wanted });
      }
    } finally {
      app.unmount();
      localStorage.clear();
    }
  }
  return { reached, broken };
}

// The people. Their data makes each screen show what it shows a real family on a typical day.

const MAYA = { id: 1, name: 'Maya' };
const ELI = { id: 2, name: 'Eli' };

function familyRoutes(
  user: UserInfo,
  options: { players: (typeof MAYA)[]; steps: Parameters<typeof onboardingFixture>[0] },
) {
  const accountId = user.account?.id ?? 1;
  const account = fakeAccount(user);
  const billing = fakeBilling(
    subscriptionFixture({ account_id: accountId, return_deadline: '2026-12-01T17:00:00.000Z' }),
  );
  return [
    ...accountRoutes(account),
    ...billingRoutes(billing),
    ...coachingRoutes(fakeCoaching()),
    [userApi.info, { body: user }],
    [playersApi.list, { body: playerPage(options.players, undefined, accountId) }, { id: accountId }],
    [playApi.overview, { body: overviewAnswer(MAYA) }, { id: 1 }],
    [playApi.overview, { body: overviewAnswer(ELI) }, { id: 2 }],
    [webinarsApi.onboarding, { body: onboardingFixture(options.steps) }],
    [
      accountApi.detail,
      {
        body: accountFixture({
          id: accountId,
          coach_user: options.players.length > 0 ? { id: 3, name: 'Casey Morgan' } : null,
        }),
      },
      { id: accountId },
    ],
    [
      playersApi.incompleteProfiles,
      {
        body: { count: 0, next: null, previous: null, results: [] },
      },
      { id: accountId },
    ],
    [webinarsApi.list, { body: { count: 1, next: null, previous: null, results: [webinarFixture()] } }],
    [webinarsApi.registrations, { body: { count: 0, next: null, previous: null, results: [] } }],
  ] satisfies FakeRoute[];
}

const ACCOUNT_SEGMENTS = ['details', 'players', 'billing', 'privacy'].map(
  (segment) => `root.user.management:${segment}`,
);

const PERSONAS: Persona[] = [
  {
    who: 'a parent halfway through the first steps, with players and a coach',
    user: USERS.parent,
    routes: () => familyRoutes(USERS.parent, { players: [MAYA, ELI], steps: ['add_players', 'kit_delivered'] }),
    screens: [
      'root.user.player.home',
      'root.user.player.stats',
      ...ACCOUNT_SEGMENTS,
      'root.user.onboarding',
      'root.user.webinars',
      'root.user.booking',
      'root.user.resources',
      'root.user.connect-device',
      'packagereturns',
    ],
  },
  {
    who: 'a parent done with the first steps (nothing pending on Home)',
    user: USERS.parent,
    routes: () =>
      familyRoutes(USERS.parent, {
        players: [MAYA, ELI],
        steps: ['add_players', 'kit_delivered', 'pair_band', 'first_game', 'join_tutorial', 'book_coaching'],
      }),
    screens: [
      'root.user.player.home',
      'root.user.player.stats',
      ...ACCOUNT_SEGMENTS,
      'root.user.webinars',
      'root.user.booking',
      'root.user.resources',
      'root.user.connect-device',
      'packagereturns',
    ],
  },
  {
    who: 'a new family without players, tablet or coach',
    user: USERS.noPlayers,
    routes: () => familyRoutes(USERS.noPlayers, { players: [], steps: [] }),
    // Player Stats is disabled in the menu until there is a player (SPEC §2).
    screens: [
      'root.user.player.home',
      'root.user.management:details',
      'root.user.management:players',
      'root.user.management:privacy',
      'root.user.onboarding',
      'root.user.webinars',
      'root.user.booking',
      'root.user.resources',
      'root.user.connect-device',
    ],
  },
  {
    who: 'a cancelled family (Welcome and Coaching send them home: no link may lead there)',
    user: USERS.cancelled,
    routes: () => familyRoutes(USERS.cancelled, { players: [MAYA, ELI], steps: ['add_players'] }),
    screens: [
      'root.user.player.home',
      'root.user.player.stats',
      'root.user.management:details',
      'root.user.management:players',
      'root.user.management:privacy',
      'root.user.webinars',
      'root.user.resources',
      'root.user.connect-device',
    ],
  },
  {
    who: 'a coach',
    user: USERS.coach,
    routes: () => [[userApi.info, { body: USERS.coach }], ...coachingRoutes(fakeCoaching())],
    screens: [
      'root.user.player.home',
      'root.user.booking',
      'root.user.caseload',
      'root.user.management:details',
      'root.user.resources',
    ],
  },
  {
    who: 'staff',
    user: USERS.staff,
    routes: () => [
      [userApi.info, { body: USERS.staff }],
      [
        adminApi.accounts,
        {
          body: {
            count: 1,
            next: null,
            previous: null,
            first: null,
            last: null,
            results: [
              {
                id: 1,
                holder: { name: 'Jordan Parker', email: 'parent@example.com', phonenumber: '' },
                players: ['Maya', 'Eli'],
                account_status: 'ACTIVE',
                billing_status: 'ACTIVE',
                plan_tag: 'default',
                coach_user: { id: 3, name: 'Casey Morgan' },
                tags: [],
                game_version: 3,
                created_at: '2026-03-01T15:00:00Z',
              },
            ],
          },
        },
      ],
    ],
    screens: [
      'root.user.player.home',
      'root.user.management:details',
      'root.user.management:billing',
      'root.user.resources',
      'root.admin.accounts',
      'root.admin.accounts.details',
      'root.admin.orders',
      'root.admin.billing-requests',
      'root.admin.shipments',
      'root.admin.deletions',
    ],
  },
];

beforeEach(() => {
  // Only the clock (the billing and coaching fakes' "now"); rendering keeps real timers.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  // A desktop (e2e's 1280 px): the side menu and the admin bar show their links without a menu button.
  setViewportWidth(1280);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('every screen is reachable by clicks', () => {
  it('classifies every route: a screen someone must reach, or not a screen (with the reason)', () => {
    const expected = new Set(PERSONAS.flatMap((persona) => persona.screens.map((key) => key.split(':')[0])));
    for (const id of Object.keys(ROUTES) as RouteId[]) {
      const classified = expected.has(id) || NOT_SCREENS[id] !== undefined;
      expect(classified, `${id}: add it to a person's screens, or to NOT_SCREENS with the reason`).toBe(true);
      expect(expected.has(id) && NOT_SCREENS[id] !== undefined, `${id} is both a screen and not one`).toBe(false);
    }
  });

  it.each(PERSONAS.map((persona) => [persona.who, persona] as const))(
    '%s reaches each of their screens from Home and the menu',
    async (_who, persona) => {
      const { reached, broken } = await walk(persona);
      const missing = persona.screens.filter((key) => !reached.has(key));
      const paths = [...reached].map(([key, from]) => `${from} → ${key}`).join('\n');
      expect(missing, `not reachable by clicks; reached:\n${paths}`).toEqual([]);
      expect(broken, 'links that lead nowhere or are turned away').toEqual([]);
    },
    120_000,
  );
});
