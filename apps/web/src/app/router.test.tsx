/**
 * The shell through the real routes and providers: where each person lands (SPEC §2 entry rules and
 * redirects), what the layouts show, and how a session ends.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { LoaderFunctionArgs } from 'react-router';

import type { UserInfo } from '@grove/domain/api/user';
import { authApi } from '@grove/domain/api/endpoints/auth';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { userApi } from '@grove/domain/api/endpoints/user';
import { createQueryClient } from '../lib/query-client.ts';
import { createSessionRules } from './session-rules.ts';
import { readTokens } from '../lib/session.ts';
import { fakeApi, type FakeApi, type FakeRoute } from '../../test/fake-api.ts';
import { USERS, playerPage, storeSession } from '../../test/fixtures.ts';
import { renderApp, setViewportWidth } from '../../test/render-app.tsx';

const PLAYERS = playerPage([
  { id: 2, name: 'Eli' },
  { id: 1, name: 'Maya' },
]);

function signedIn(user: UserInfo, players = PLAYERS): FakeApi {
  storeSession();
  const routes: FakeRoute[] = [[userApi.info, { body: user }]];
  if (user.account) routes.push([playersApi.list, { body: players }, { id: user.account.id }]);
  return fakeApi([...routes, [authApi.logout, { body: { detail: 'Signed out.' } }], [authApi.revoke, { body: {} }]]);
}

async function menuLabels(): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name: 'Main menu' });
  return within(nav)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.menu__label')?.textContent ?? '');
}

describe('entry rules', () => {
  it('sends a person without a session to login, coming back afterwards', async () => {
    fakeApi();
    const app = renderApp('/dashboard/stats?pid=1');
    await waitFor(() => expect(app.location()).toBe('/login?next=%2Fdashboard%2Fstats%3Fpid%3D1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Grove' })).toBeInTheDocument();
  });

  it('sends a person whose user fetch fails to login', async () => {
    storeSession();
    fakeApi([[userApi.info, { status: 503, body: { detail: 'Down' } }]]);
    const app = renderApp('/dashboard');
    await waitFor(() => expect(app.location()).toBe('/login?next=%2Fdashboard'));
  });

  it('sends a person whose account is not usable to checkout with a reload', async () => {
    signedIn(USERS.newFamily);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    renderApp('/dashboard');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout'));
  });

  it('goes home from exactly /', async () => {
    signedIn(USERS.parent);
    const app = renderApp('/');
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Jordan' })).toBeInTheDocument();
  });

  it('ignores a trailing slash and letter case', async () => {
    signedIn(USERS.parent);
    const app = renderApp('/Dashboard/Tutorials/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tutorials' })).toBeInTheDocument();
    expect(app.location()).toBe('/Dashboard/Tutorials/');
  });

  it('shows a friendly page for an unknown address', async () => {
    fakeApi();
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'We couldn’t find that page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/dashboard');
  });
});

describe('redirects', () => {
  it('/admin → admin accounts for staff', async () => {
    signedIn(USERS.staff);
    const app = renderApp('/admin');
    await waitFor(() => expect(app.location()).toBe('/admin/accounts'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Accounts' })).toBeInTheDocument();
  });

  it('the admin area sends non-staff home', async () => {
    signedIn(USERS.parent);
    const app = renderApp('/admin/accounts/7');
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
  });

  it('account/manage/* → account details', async () => {
    signedIn(USERS.parent);
    const app = renderApp('/account/manage/shipping/edit');
    await waitFor(() => expect(app.location()).toBe('/dashboard/account?segment=details'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
  });

  it('dashboard/booking → coaching keeping ref', async () => {
    signedIn(USERS.parent);
    const rules = createSessionRules(createQueryClient({ retry: false }));
    const args = {
      request: new Request('http://localhost/dashboard/booking?ref=spring-email'),
      params: {},
    } as unknown as LoaderFunctionArgs;
    const answer = await rules.bookingRedirect(args);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe('/dashboard/coaching?ref=spring-email');

    const app = renderApp('/dashboard/booking?ref=spring-email');
    await waitFor(() => expect(app.location()).toBe('/dashboard/coaching?ref=spring-email'));
  });

  it('coaching opens for a usable, not cancelled account (docs/decisions/0007)', async () => {
    signedIn(USERS.parent);
    const app = renderApp('/dashboard/coaching?ref=x');
    expect(await screen.findByRole('heading', { level: 1, name: 'Coaching' })).toBeInTheDocument();
    expect(app.location()).toBe('/dashboard/coaching?ref=x');
  });

  it('coaching sends a cancelled user home (SPEC §4)', async () => {
    signedIn(USERS.cancelled);
    const app = renderApp('/dashboard/coaching?ref=x');
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
  });

  it('onboarding sends a cancelled user home and shows others their steps', async () => {
    signedIn(USERS.cancelled);
    const cancelled = renderApp('/dashboard/welcome/devices');
    await waitFor(() => expect(cancelled.location()).toBe('/dashboard'));
    cancelled.unmount();

    signedIn(USERS.parent);
    renderApp('/dashboard/welcome/devices');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Grove' })).toBeInTheDocument();
    expect(
      await screen.findByText('We couldn’t find a step called “devices”. Here are all your first steps.'),
    ).toBeInTheDocument();
  });

  it('the developer variants show the same screens under four leading segments', async () => {
    signedIn(USERS.parent);
    renderApp('/s3/staging/feature/new-menu/dashboard/resources');
    expect(await screen.findByRole('heading', { level: 1, name: 'Resources' })).toBeInTheDocument();
    expect(screen.getByText(/Preview build · staging · feature\/new-menu/)).toBeInTheDocument();
  });

  it('checkout keeps the plan tag from the address, else the stored one, else default', async () => {
    fakeApi();
    const first = renderApp('/checkout?tag=spring');
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(localStorage.getItem('grove.program_plan_tag')).toBe('spring');
    first.unmount();

    // The developer variant, without a tag, takes the stored one (the plans themselves: checkout.test.tsx).
    renderApp('/local/dev/feature/x/checkout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(localStorage.getItem('grove.program_plan_tag')).toBe('spring');
    localStorage.clear();
  });
});

describe('user layout', () => {
  it('greets by first name and lets the home screen switch between the players, sorted by id', async () => {
    signedIn(USERS.parent);
    renderApp('/dashboard');
    expect(await screen.findByText('Hi, Jordan')).toBeInTheDocument();
    const switcher = await screen.findByRole('navigation', { name: 'Choose a player' });
    const links = within(switcher).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['MMaya', '/dashboard?pid=1'],
      ['EEli', '/dashboard?pid=2'],
    ]);
    expect(links[0]).toHaveAttribute('aria-current', 'page');
  });

  it('shows the spec side menu of a parent on desktop, with external links in a new tab', async () => {
    signedIn(USERS.parent);
    renderApp('/dashboard?pid=2');
    expect(await menuLabels()).toEqual(['Home', 'Player Stats', 'Game Directions', 'Account', 'Support', 'Community']);
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    const games = within(nav).getByRole('link', { name: /Game Directions/ });
    expect(games).toHaveAttribute('target', '_blank');
    expect(games).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/dashboard?pid=2');
    expect(within(nav).getByRole('link', { name: 'Player Stats' })).toHaveAttribute('href', '/dashboard/stats?pid=2');
    expect(within(nav).getByRole('link', { name: 'Account' })).toHaveAttribute(
      'href',
      '/dashboard/account?segment=details',
    );
  });

  it('shows Coaching and no Community to a coach; Player Stats is disabled without players', async () => {
    signedIn(USERS.coach);
    renderApp('/dashboard');
    expect(await menuLabels()).toEqual(['Home', 'Player Stats', 'Coaching', 'Game Directions', 'Account', 'Support']);
    const stats = within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', {
      name: 'Player Stats',
    });
    expect(stats).toHaveAttribute('aria-disabled', 'true');
    expect(stats).not.toHaveAttribute('href');
  });

  it('shows Admin to staff', async () => {
    signedIn(USERS.staff);
    renderApp('/dashboard');
    expect(await menuLabels()).toEqual([
      'Home',
      'Player Stats',
      'Game Directions',
      'Account',
      'Support',
      'Community',
      'Admin',
    ]);
  });

  it('gives a magellan user the parent menu', async () => {
    signedIn(USERS.magellan);
    renderApp('/dashboard');
    expect(await menuLabels()).toEqual(['Home', 'Player Stats', 'Game Directions', 'Account', 'Support', 'Community']);
  });

  it('inside onboarding, Home goes back to the onboarding step', async () => {
    signedIn(USERS.parent);
    renderApp('/dashboard/welcome/devices');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/dashboard/welcome/devices');
  });

  it('expands the side menu over an overlay and closes it', async () => {
    signedIn(USERS.parent);
    const user = userEvent.setup();
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Expand side menu' }));
    expect(screen.getByRole('button', { name: 'Close side menu' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByTestId('menu-overlay'));
    expect(screen.getByRole('button', { name: 'Expand side menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('up to 900 px: a hamburger opens a full-screen menu with Sign out', async () => {
    setViewportWidth(900);
    signedIn(USERS.parent);
    const user = userEvent.setup();
    renderApp('/dashboard');
    expect(await screen.findByText('Hi, Jordan')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(await menuLabels()).toEqual([
      'Home',
      'Player Stats',
      'Game Directions',
      'Account',
      'Support',
      'Community',
      'Sign out',
    ]);
    expect(within(dialog).getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/logout');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a 401 ends the session: tokens and cached data are gone and login opens', async () => {
    storeSession();
    fakeApi([
      [userApi.info, { body: USERS.parent }],
      [playersApi.list, { status: 401, body: { detail: 'Invalid Token' } }, { id: 1 }],
    ]);
    const app = renderApp('/dashboard/stats');
    await waitFor(() => expect(app.location()).toBe('/login?next=%2Fdashboard%2Fstats'));
    expect(readTokens()).toBeNull();
    expect(app.queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('sign out revokes the session, forgets it and cannot go back', async () => {
    const server = signedIn(USERS.parent);
    const user = userEvent.setup();
    const app = renderApp('/dashboard');
    await user.click(await screen.findByRole('link', { name: 'Sign out' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(readTokens()).toBeNull();
    expect(server.callsOf(authApi.revoke)[0]?.body).toEqual({
      token: 'refresh-1',
      client_id: 'grove-web',
    });
    expect(server.callsOf(authApi.logout)).toHaveLength(1);

    await app.router.navigate(-1);
    await waitFor(() => expect(app.location()).toBe('/login?next=%2Fdashboard'));
  });
});

describe('admin layout', () => {
  it('at 1165 px and below: a menu adds Account Details and, for billing users, Subscription & Billing', async () => {
    setViewportWidth(1165);
    signedIn(USERS.staff);
    const user = userEvent.setup();
    renderApp('/admin/accounts');
    await user.click(await screen.findByRole('button', { name: 'Open admin menu' }));
    const nav = screen.getByRole('navigation', { name: 'Admin menu' });
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Accounts',
      'Orders',
      'Outstanding Billing Requests',
      'Shipments',
      'Deletions',
      'Account Details',
      'Subscription & Billing',
    ]);
    expect(within(nav).getByText('Sam Rivera')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
  });

  it('above 1165 px: the nav bar with the five links, the name and Logout', async () => {
    setViewportWidth(1280);
    signedIn({ ...USERS.staff, is_billing_user: false });
    renderApp('/admin/shipments');
    const nav = await screen.findByRole('navigation', { name: 'Admin menu' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Accounts', 'Orders', 'Outstanding Billing Requests', 'Shipments', 'Deletions']);
    expect(screen.getByText('Sam Rivera')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open admin menu' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Shipments' })).toBeInTheDocument();
  });
});
