/**
 * The login page's own entry (login-main.tsx, docs/decisions/0059-login-bundle.md): the login
 * screen without the app, and the whole app in its place once signed in or already signed in.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '@grove/domain/api/endpoints/auth';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { userApi } from '@grove/domain/api/endpoints/user';

import { readTokens, saveTokens } from './lib/session.ts';
import { fakeApi } from '../test/fake-api.ts';
import { USERS, playerPage } from '../test/fixtures.ts';

function serve() {
  return fakeApi([
    [
      authApi.login,
      {
        body: {
          access_token: 'access-9',
          refresh_token: 'refresh-9',
          expires_in: 900,
          token_type: 'Bearer',
          user: USERS.parent,
        },
      },
    ],
    [userApi.info, { body: USERS.parent }],
    [playersApi.list, { body: playerPage([{ id: 1, name: 'Maya' }]) }, { id: 1 }],
  ]);
}

/**
 * Runs the entry on a fresh module graph, as the browser does when it opens `address`. The whole
 * app is a stand-in here (its routes have their own tests; the e2e journeys sign in for real).
 */
async function openLoginPage(address: string) {
  window.history.replaceState(null, '', address);
  vi.resetModules();
  vi.doMock('./app/app.tsx', () => ({
    App: () => <h1>The app at {`${window.location.pathname}${window.location.search}`}</h1>,
  }));
  await import('./login-main.tsx');
}

describe('the login entry', () => {
  // Each test runs the entry on a fresh module graph: the first would otherwise also pay for
  // transforming it (seconds on a busy CI machine, the findBy… wait's whole budget). Transformed
  // once here, outside any wait; vi.resetModules keeps the transforms and only re-evaluates.
  beforeAll(async () => {
    await Promise.all([
      import('./features/auth/login-screen.tsx'),
      import('./components/notifications.tsx'),
      import('./components/spinner.tsx'),
      import('./lib/i18n.ts'),
    ]);
  }, 60_000);
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"></div>';
  });
  afterEach(() => {
    document.body.innerHTML = '';
    vi.doUnmock('./app/app.tsx');
  });

  it('shows the login screen with plain links, prefilled from the address', async () => {
    serve();
    await openLoginPage('/login?email=parent%40example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Grove' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('parent@example.com');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/password-reset?email=parent%40example.com',
    );
    expect(document.title).toBe('Log in · Grove');
  });

  it('announces a refused sign-in and stays', async () => {
    const server = serve();
    server.on(authApi.login, { status: 400, body: { non_field_errors: ['No.'] } });
    await openLoginPage('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'parent@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password{Enter}');
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(within(alert).getByText('Failed to log in!')).toBeInTheDocument());
    expect(window.location.pathname).toBe('/login');
    expect(readTokens()).toBeNull();
  });

  it('once signed in, opens the app in place, whose login rule follows next', async () => {
    serve();
    await openLoginPage('/login?next=%2Fdashboard%2Ftutorials');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'parent@example.com');
    await user.type(screen.getByLabelText('Password'), 'GroveDemo!2026{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The app at /login?next=%2Fdashboard%2Ftutorials' }),
    ).toBeInTheDocument();
    expect(readTokens()).toMatchObject({ accessToken: 'access-9' });
  });

  it('gives someone already signed in the app, whose login rule sends them on', async () => {
    serve();
    saveTokens({ access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 900 });
    await openLoginPage('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'The app at /login' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  });
});
