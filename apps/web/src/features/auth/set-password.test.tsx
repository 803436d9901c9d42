/** /start?o= and the password reset screen (issue 4 item 10). */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authApi } from '@grove/domain/api/endpoints/auth';

import { loadLanguage } from '../../lib/i18n.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

const LINK = { email: 'robin@example.com', first_name: 'Robin', last_name: 'Chen', purpose: 'invite' };

describe('set password', () => {
  it('says when the link expired or was used', async () => {
    fakeApi([[authApi.describeLink, { status: 404, body: { detail: 'This link has expired or was already used.' } }]]);
    renderApp('/start?o=old-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link has expired' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/password-reset');
  });

  it('without a token, says the link cannot be used', async () => {
    fakeApi();
    renderApp('/start');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link has expired' })).toBeInTheDocument();
  });

  it('applies the password rules as the person types, needs a matching copy, then sets it', async () => {
    const server = fakeApi([
      [authApi.describeLink, { body: LINK }],
      [authApi.setPassword, { body: { detail: 'Password set.', email: LINK.email } }],
    ]);
    const user = userEvent.setup();
    renderApp('/start?o=token-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your password' })).toBeInTheDocument();
    expect(server.callsOf(authApi.describeLink)[0]?.query.get('o')).toBe('token-1');

    const password = screen.getByLabelText('New password');
    await user.type(password, 'short');
    expect(await screen.findByText('Password should not be less than 8 characters')).toBeInTheDocument();
    await user.type(password, 'robin');
    expect(await screen.findByText('Password must not contain parts of the name')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'lowercaseonly');
    expect(
      await screen.findByText('Please add something from: upper case letters, digits, special symbols'),
    ).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'Sunny-Day-42');
    await waitFor(() => expect(screen.queryByText(/Please add something from/)).not.toBeInTheDocument());

    const save = screen.getByRole('button', { name: 'Save password' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Repeat the password'), 'Sunny-Day-41');
    await user.tab();
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Repeat the password'));
    await user.type(screen.getByLabelText('Repeat the password'), 'Sunny-Day-42');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    expect(await screen.findByRole('heading', { level: 1, name: 'Your password is set' })).toBeInTheDocument();
    expect(server.callsOf(authApi.setPassword)[0]?.body).toEqual({
      token: 'token-1',
      password: 'Sunny-Day-42',
      password_copy: 'Sunny-Day-42',
    });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?email=robin%40example.com');
  });

  it('an expired token on saving shows the expired message', async () => {
    fakeApi([
      [authApi.describeLink, { body: { ...LINK, purpose: 'reset' } }],
      [authApi.setPassword, { status: 400, body: { token: ['Invalid Token'] } }],
    ]);
    const user = userEvent.setup();
    renderApp('/start?o=token-2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'Sunny-Day-42');
    await user.type(screen.getByLabelText('Repeat the password'), 'Sunny-Day-42');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link has expired' })).toBeInTheDocument();
  });
});

describe('password reset and get access', () => {
  it('asks for a reset link and confirms without saying whether the account exists', async () => {
    const server = fakeApi([
      [authApi.passwordReset, { body: { detail: 'If the address is registered, a link was sent.' } }],
    ]);
    const user = userEvent.setup();
    renderApp('/password-reset?email=parent%40example.com');
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveValue('parent@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Check your inbox')).toBeInTheDocument();
    expect(screen.getByText(/belongs to a Grove account/)).toBeInTheDocument();
    expect(server.callsOf(authApi.passwordReset)[0]?.body).toEqual({ email: 'parent@example.com' });
  });

  it('checks the email before asking for access', async () => {
    const server = fakeApi([[authApi.accessRequest, { body: { detail: 'Sent.' } }]]);
    const user = userEvent.setup();
    renderApp('/get-access');
    const email = await screen.findByLabelText('Email');
    await user.type(email, 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Please input a valid email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send my link' })).toBeDisabled();
    await user.clear(email);
    await user.type(email, 'family@example.com{Enter}');
    expect(await screen.findByText('Check your inbox')).toBeInTheDocument();
    expect(server.callsOf(authApi.accessRequest)).toHaveLength(1);
  });
});

describe('set password and password reset in Spanish', () => {
  it('words the password rules, the fields and the button in Spanish', async () => {
    await loadLanguage('es', ['login']);
    fakeApi([[authApi.describeLink, { body: LINK }]]);
    const user = userEvent.setup();
    renderApp('/start?o=token-1');
    const password = await screen.findByLabelText('Contraseña nueva');
    expect(screen.getByText('Su contraseña necesita:')).toBeInTheDocument();
    expect(screen.getByText(/al menos 8 caracteres, sin espacios ni partes de su nombre/)).toBeInTheDocument();
    expect(screen.getByText('3 de estos 4 tipos:')).toBeInTheDocument();
    expect(screen.getByText('letras minúsculas')).toBeInTheDocument();
    expect(screen.getAllByText('(falta)')).toHaveLength(4);
    expect(screen.getByLabelText('Repita la contraseña')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar contraseña' })).toBeDisabled();
    expect(screen.queryByText('Your password needs:')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save password' })).not.toBeInTheDocument();

    await user.type(password, 'short');
    expect(await screen.findByText('La contraseña no debe tener menos de 8 caracteres')).toBeInTheDocument();
    expect(screen.getAllByText('(cumplido)')).toHaveLength(1);
  });

  it('confirms a reset link in Spanish, with the way back to log in', async () => {
    await loadLanguage('es', ['login']);
    fakeApi([[authApi.passwordReset, { body: { detail: 'If the address is registered, a link was sent.' } }]]);
    const user = userEvent.setup();
    renderApp('/password-reset');
    await user.type(await screen.findByLabelText('Correo electrónico'), 'parent@example.com{Enter}');
    expect(await screen.findByRole('heading', { name: 'Revise su bandeja de entrada' })).toBeInTheDocument();
    expect(screen.queryByText('Check your inbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' })).toHaveAttribute(
      'href',
      '/login?email=parent%40example.com',
    );
  });
});
