/** The login page through the real routes (SPEC §2, §5, §8). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@grove/domain';

import { loadLanguage } from '../../lib/i18n.ts';
import { readTokens } from '../../lib/session.ts';
import { fakeApi, type FakeAnswer } from '../../../test/fake-api.ts';
import { USERS, playerPage } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import type { UserInfo } from '@grove/domain/api/user';
import { authApi } from '@grove/domain/api/endpoints/auth';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { userApi } from '@grove/domain/api/endpoints/user';

function loginAnswer(user: UserInfo): FakeAnswer {
  return {
    body: { access_token: 'access-9', refresh_token: 'refresh-9', expires_in: 900, token_type: 'Bearer', user },
  };
}

function serve(login: FakeAnswer) {
  return fakeApi([
    [authApi.login, login],
    [userApi.info, { body: USERS.parent }],
    [playersApi.list, { body: playerPage([{ id: 1, name: 'Maya' }]) }, { id: 1 }],
  ]);
}

async function fillIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  return user;
}

describe('login page', () => {
  it('shows the logo, the welcome heading, both fields, LOGIN and the two links', async () => {
    fakeApi();
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Grove' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Grove' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('maxlength', String(LIMITS.loginPasswordMax));
    expect(screen.getByRole('button', { name: 'LOGIN' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/password-reset');
    expect(screen.getByRole('link', { name: 'Get access' })).toHaveAttribute('href', '/get-access');
  });

  it('prefills the email from the address', async () => {
    fakeApi();
    renderApp('/login?email=parent%40example.com');
    expect(await screen.findByLabelText('Email')).toHaveValue('parent@example.com');
  });

  it('shows an error only after the field was left', async () => {
    fakeApi();
    const user = userEvent.setup();
    renderApp('/login');
    const email = await screen.findByLabelText('Email');
    await user.click(email);
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
  });

  it('a wrong password (400) shows the notification titled by the action, with the spec text', async () => {
    serve({ status: 400, body: { non_field_errors: ['Unable to log in with provided credentials.'] } });
    const app = renderApp('/login');
    const user = await fillIn('parent@example.com', 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(within(alert).getByText('Failed to log in!')).toBeInTheDocument());
    expect(within(alert).getByText('Please make sure your email and password are correct.')).toBeInTheDocument();
    expect(app.location()).toBe('/login');
    expect(readTokens()).toBeNull();
  });

  it('any other failure (500) shows the unknown-error text', async () => {
    serve({ status: 500, body: { detail: 'Internal error' } });
    renderApp('/login');
    const user = await fillIn('parent@example.com', 'GroveDemo!2026');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(within(alert).getByText('Failed to log in!')).toBeInTheDocument());
    expect(within(alert).getByText('An unknown error has occured.')).toBeInTheDocument();
  });

  it('maps the server’s field errors onto the fields', async () => {
    serve({ status: 400, body: { email: ['Enter a valid email address.'] } });
    renderApp('/login');
    const user = await fillIn('parent@', 'GroveDemo!2026');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('Enter submits; a usable account goes to next', async () => {
    const server = serve(loginAnswer(USERS.parent));
    const app = renderApp('/login?next=%2Fdashboard%2Ftutorials');
    await fillIn('parent@example.com', 'GroveDemo!2026{Enter}');
    await waitFor(() => expect(app.location()).toBe('/dashboard/tutorials'));
    expect(server.callsOf(authApi.login)[0]?.body).toEqual({
      email: 'parent@example.com',
      password: 'GroveDemo!2026',
    });
    expect(readTokens()).toMatchObject({ accessToken: 'access-9', refreshToken: 'refresh-9' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tutorials' })).toBeInTheDocument();
  });

  it('without next, a usable account goes to /dashboard/', async () => {
    serve(loginAnswer(USERS.parent));
    const app = renderApp('/login');
    const user = await fillIn('parent@example.com', 'GroveDemo!2026');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard/'));
    expect(await screen.findByText('Hi, Jordan')).toBeInTheDocument();
  });

  it('an account that is not usable goes to checkout', async () => {
    serve(loginAnswer(USERS.newFamily));
    const app = renderApp('/login?next=%2Fdashboard');
    const user = await fillIn('newfamily@example.com', 'GroveDemo!2026');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    await waitFor(() => expect(app.location()).toBe('/checkout'));
  });

  it('staff land in the admin area', async () => {
    const server = serve(loginAnswer(USERS.staff));
    server.on(userApi.info, { body: USERS.staff });
    const app = renderApp('/login');
    const user = await fillIn('staff@example.com', 'GroveDemo!2026');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    await waitFor(() => expect(app.location()).toBe('/admin/accounts'));
  });

  it('never follows a next that leaves the portal', async () => {
    serve(loginAnswer(USERS.parent));
    const app = renderApp('/login?next=%2F%2Fevil.example%2Fsteal');
    const user = await fillIn('parent@example.com', 'GroveDemo!2026');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard/'));
  });
});

describe('login page in Spanish', () => {
  it('reads in Spanish: heading, fields, LOGIN, links, field rules and the failed sign-in', async () => {
    await loadLanguage('es', ['login']);
    serve({ status: 400, body: { non_field_errors: ['Unable to log in with provided credentials.'] } });
    const user = userEvent.setup();
    renderApp('/login');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Le damos la bienvenida a Grove' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Welcome to Grove')).not.toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(screen.getByRole('link', { name: '¿Olvidó su contraseña?' })).toHaveAttribute('href', '/password-reset');
    expect(screen.getByRole('link', { name: 'Obtenga acceso' })).toHaveAttribute('href', '/get-access');
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');

    const email = screen.getByLabelText('Correo electrónico');
    await user.click(email);
    await user.tab();
    expect(await screen.findByText('El correo electrónico es obligatorio')).toBeInTheDocument();
    await user.type(email, 'parent@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'wrong-password');
    expect(screen.queryByRole('button', { name: 'LOGIN' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'INICIAR SESIÓN' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(within(alert).getByText('¡No se pudo iniciar sesión!')).toBeInTheDocument());
    expect(
      within(alert).getByText('Compruebe que su correo electrónico y su contraseña sean correctos.'),
    ).toBeInTheDocument();
  });
});
