/**
 * The signed-in frame in Spanish (issue 29 item 1): the top bar, the side menu and the mobile menu
 * speak the page's language, and <html lang> says which one it is.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { UserInfo } from '@grove/domain/api/user';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { userApi } from '@grove/domain/api/endpoints/user';
import { fakeApi, type FakeApi, type FakeRoute } from '../../test/fake-api.ts';
import { USERS, playerPage, storeSession } from '../../test/fixtures.ts';
import { renderApp, setViewportWidth } from '../../test/render-app.tsx';
import { loadLanguage } from '../lib/i18n.ts';

function signedIn(user: UserInfo): FakeApi {
  storeSession();
  const routes: FakeRoute[] = [[userApi.info, { body: user }]];
  if (user.account) {
    routes.push([playersApi.list, { body: playerPage([{ id: 1, name: 'Maya' }]) }, { id: user.account.id }]);
  }
  return fakeApi(routes);
}

async function menuLabels(): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name: 'Menú principal' });
  return within(nav)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.menu__label')?.textContent ?? '');
}

describe('the signed-in frame in Spanish', () => {
  it('names the menu entries, the greeting and the top bar’s buttons in Spanish, with <html lang="es">', async () => {
    await loadLanguage('es', ['app']);
    signedIn(USERS.parent);
    renderApp('/dashboard');
    expect(await menuLabels()).toEqual([
      'Inicio',
      'Estadísticas',
      'Instrucciones del juego',
      'Cuenta',
      'Soporte',
      'Comunidad',
    ]);
    expect(document.documentElement.lang).toBe('es');
    expect(screen.getByText('Hola, Jordan')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Menú principal' });
    expect(within(nav).getByRole('link', { name: 'Cuenta' })).toHaveAttribute(
      'href',
      '/dashboard/account?segment=details',
    );
    expect(within(nav).getByRole('link', { name: 'Soporte (se abre en una pestaña nueva)' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(screen.getByRole('link', { name: 'Cerrar sesión' })).toHaveAttribute('href', '/logout');
    expect(screen.getByRole('button', { name: 'Expandir el menú lateral' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inicio de Grove' })).toBeInTheDocument();
    expect(screen.getByText('Ir al contenido')).toBeInTheDocument();
    // The English is gone.
    expect(screen.queryByText('Player Stats')).not.toBeInTheDocument();
    expect(screen.queryByText('Hi, Jordan')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  });

  it('gives a coach Coaching, and says why Estadísticas waits for a player', async () => {
    await loadLanguage('es', ['app']);
    signedIn(USERS.coach);
    renderApp('/dashboard');
    expect(await menuLabels()).toEqual([
      'Inicio',
      'Estadísticas',
      'Coaching',
      'Instrucciones del juego',
      'Cuenta',
      'Soporte',
    ]);
    const stats = within(screen.getByRole('navigation', { name: 'Menú principal' })).getByRole('link', {
      name: 'Estadísticas',
    });
    expect(stats).toHaveAttribute('aria-disabled', 'true');
    expect(stats).toHaveAttribute('title', 'Estadísticas: primero agregue un jugador a su cuenta');
  });

  it('up to 900 px: the hamburger opens the menu in Spanish, Cerrar sesión last', async () => {
    await loadLanguage('es', ['app']);
    setViewportWidth(900);
    signedIn(USERS.parent);
    const user = userEvent.setup();
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Abrir el menú' }));
    const dialog = screen.getByRole('dialog', { name: 'Menú' });
    expect(await menuLabels()).toEqual([
      'Inicio',
      'Estadísticas',
      'Instrucciones del juego',
      'Cuenta',
      'Soporte',
      'Comunidad',
      'Cerrar sesión',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Cerrar el menú' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Sign out')).not.toBeInTheDocument();
  });

  it('switches to the signed-in person’s stored language', async () => {
    signedIn({ ...USERS.parent, language: 'es' });
    renderApp('/dashboard');
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
    expect(await menuLabels()).toContain('Inicio');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola de nuevo, Jordan' })).toBeInTheDocument();
  });
});
