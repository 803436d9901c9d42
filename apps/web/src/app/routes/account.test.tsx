/**
 * The account route (issue 12 item 7) and the public pages that open links from e-mails: the
 * details segment, account/manage/* redirecting to it, /email/confirm and /unsubscribe.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@grove/domain';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { userApi } from '@grove/domain/api/endpoints/user';

import { fakeApi } from '../../../test/fake-api.ts';
import { USERS, accountRoutes, fakeAccount, storeSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { loadLanguage } from '../../lib/i18n.ts';

describe('account details', () => {
  it('account/manage/* redirects to the details segment', async () => {
    storeSession();
    fakeApi(accountRoutes(fakeAccount()));
    const app = renderApp('/account/manage/shipping/edit');
    await waitFor(() => expect(app.location()).toBe('/dashboard/account?segment=details'));
    expect(await screen.findByRole('form', { name: 'Contact details' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Account details' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens the details without a segment too, with one h1', async () => {
    storeSession();
    fakeApi(accountRoutes(fakeAccount()));
    renderApp('/dashboard/account');
    expect(await screen.findByRole('form', { name: 'Contact details' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Account']);
    expect(document.title).toBe('Account · Grove');
  });
});

describe('account segments', () => {
  it('offers a family their Players after the details; the segment lists them', async () => {
    storeSession();
    fakeApi([
      ...accountRoutes(fakeAccount()),
      [
        playersApi.incompleteProfiles,
        {
          body: { count: 0, next: null, previous: null, prev: null, results: [] },
        },
        { id: 1 },
      ],
    ]);
    const app = renderApp('/dashboard/account');
    const nav = await screen.findByRole('navigation', { name: 'Account sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Account details', '/dashboard/account?segment=details'],
      ['Players', '/dashboard/account?segment=players'],
      ['Subscription & Billing', '/dashboard/account?segment=billing'],
      ['Privacy', '/dashboard/account?segment=privacy'],
    ]);
    await userEvent.setup().click(within(nav).getByRole('link', { name: 'Players' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard/account?segment=players'));
    const players = await screen.findByRole('region', { name: 'Your players' });
    expect(await within(players).findByRole('switch', { name: 'In the program Maya' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Players' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Account']);
  });

  it('gives staff no Players segment: ?segment=players shows their details', async () => {
    storeSession();
    fakeApi(accountRoutes(fakeAccount(USERS.staff)));
    renderApp('/dashboard/account?segment=players');
    expect(await screen.findByRole('form', { name: 'Contact details' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Account sections' });
    expect(within(nav).queryByRole('link', { name: 'Players' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your players' })).not.toBeInTheDocument();
  });
});

describe('/email/confirm', () => {
  it('sends the token once and shows the answer, with a way to log in', async () => {
    const api = fakeApi([
      [
        userApi.confirmEmail,
        {
          body: { detail: ACCOUNT_MESSAGES.emailConfirmed('new@example.com'), email: 'new@example.com' },
        },
      ],
    ]);
    renderApp('/email/confirm?o=tok-123');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your e-mail address is confirmed' }),
    ).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MESSAGES.emailConfirmed('new@example.com'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?email=new%40example.com');
    expect(api.callsOf(userApi.confirmEmail)).toHaveLength(1);
    expect(api.callsOf(userApi.confirmEmail)[0]?.body).toEqual({ token: 'tok-123' });
    expect(api.callsOf(userApi.confirmEmail)[0]?.headers.get('Authorization')).toBeNull();
  });

  it('takes a signed-in person back to their account, which shows the new address', async () => {
    storeSession();
    const state = fakeAccount({ ...USERS.parent, pending_email: 'new@example.com' });
    fakeApi([
      ...accountRoutes(state),
      [
        userApi.confirmEmail,
        () => {
          state.user = { ...state.user, email: 'new@example.com', pending_email: null };
          return { body: { detail: ACCOUNT_MESSAGES.emailConfirmed('new@example.com'), email: 'new@example.com' } };
        },
      ],
    ]);
    renderApp('/email/confirm?o=tok-123');
    const back = await screen.findByRole('link', { name: 'Back to your account' });
    expect(back).toHaveAttribute('href', '/dashboard/account?segment=details');
    await userEvent.setup().click(back);
    const email = await screen.findByRole('form', { name: 'E-mail address' });
    expect(within(email).getByRole('textbox', { name: /E-mail/ })).toHaveValue('new@example.com');
    expect(screen.queryByRole('button', { name: 'Cancel the change' })).not.toBeInTheDocument();
  });

  it('says why a link did not work', async () => {
    fakeApi([[userApi.confirmEmail, { status: 400, body: { token: [ACCOUNT_MESSAGES.emailLinkInvalid] } }]]);
    renderApp('/email/confirm?o=used');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not confirm your e-mail address' }),
    ).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MESSAGES.emailLinkInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it('a link without its token sends nothing', async () => {
    const api = fakeApi([]);
    renderApp('/email/confirm');
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailLinkInvalid)).toBeInTheDocument();
    expect(api.callsOf(userApi.confirmEmail)).toHaveLength(0);
  });
});

describe('/unsubscribe', () => {
  it('turns the weekly summary off and says so', async () => {
    const api = fakeApi([[userApi.unsubscribe, { body: { detail: 'Unsubscribed.' } }]]);
    renderApp('/unsubscribe?t=abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MESSAGES.unsubscribed)).toBeInTheDocument();
    expect(api.callsOf(userApi.unsubscribe)[0]?.body).toEqual({ token: 'abc' });
    expect(screen.getByRole('link', { name: 'Log in to change your e-mail settings' })).toHaveAttribute(
      'href',
      '/login?next=%2Fdashboard%2Faccount%3Fsegment%3Ddetails',
    );
  });

  it('shows the error of a link that does not work', async () => {
    fakeApi([[userApi.unsubscribe, { status: 400, body: { token: ['This link is not valid.'] } }]]);
    renderApp('/unsubscribe?t=nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not unsubscribe you' })).toBeInTheDocument();
    expect(screen.getByText('This link is not valid.')).toBeInTheDocument();
  });
});

describe('account and its e-mail links in Spanish', () => {
  it('titles the account and names its sections in Spanish', async () => {
    await loadLanguage('es', ['app']);
    storeSession();
    fakeApi([
      ...accountRoutes(fakeAccount()),
      [
        playersApi.incompleteProfiles,
        { body: { count: 0, next: null, previous: null, prev: null, results: [] } },
        { id: 1 },
      ],
    ]);
    renderApp('/dashboard/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cuenta' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Sus jugadores, datos de contacto, dirección de envío, dispositivos, suscripción y privacidad, en un solo lugar.',
      ),
    ).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Secciones de la cuenta' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Datos de la cuenta', 'Jugadores', 'Suscripción y facturación', 'Privacidad']);
    expect(screen.queryByText('Subscription & Billing')).not.toBeInTheDocument();
  });

  it('says in Spanish why a link without its token did not work (the domain’s message translated)', async () => {
    await loadLanguage('es', ['app']);
    fakeApi([]);
    renderApp('/email/confirm');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No pudimos confirmar su correo electrónico' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Este enlace no es válido o ha caducado. Pida uno nuevo desde la página de su cuenta.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.queryByText(ACCOUNT_MESSAGES.emailLinkInvalid)).not.toBeInTheDocument();
  });

  it('unsubscribes in Spanish', async () => {
    await loadLanguage('es', ['app']);
    fakeApi([[userApi.unsubscribe, { body: { detail: 'Unsubscribed.' } }]]);
    renderApp('/unsubscribe?t=abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Se canceló su suscripción' })).toBeInTheDocument();
    expect(
      screen.getByText('Ya no recibirá el resumen semanal. Puede volver a activarlo desde la página de su cuenta.'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Inicie sesión para cambiar la configuración de correo electrónico' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(ACCOUNT_MESSAGES.unsubscribed)).not.toBeInTheDocument();
  });
});
