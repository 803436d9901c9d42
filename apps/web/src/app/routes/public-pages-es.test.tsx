/**
 * The public pages without a test file of their own, in Spanish (issue 29 item 1): an unknown
 * address, asking for access or a new password, an expired password link, and the page shown when
 * a screen fails.
 */
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { fakeApi } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { loadLanguage } from '../../lib/i18n.ts';
import { RouteError } from '../route-error.tsx';

describe('public pages in Spanish', () => {
  it('answers an unknown address in Spanish', async () => {
    await loadLanguage('es', ['app']);
    fakeApi();
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'No encontramos esa página' })).toBeInTheDocument();
    expect(screen.getByText(/^No hay nada en/)).toHaveTextContent(
      'No hay nada en /no/such/page. Puede que el enlace sea antiguo o que la dirección tenga un error.',
    );
    expect(screen.getByRole('link', { name: 'Ir a Inicio' })).toHaveAttribute('href', '/dashboard');
    expect(document.title).toBe('Página no encontrada · Grove');
    expect(screen.queryByText('We couldn’t find that page')).not.toBeInTheDocument();
  });

  it('asks for access in Spanish', async () => {
    await loadLanguage('es', ['app']);
    fakeApi();
    renderApp('/get-access?email=sam%40example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Obtener acceso' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar mi enlace' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vea los planes e inscríbase' })).toHaveAttribute('href', '/checkout');
    expect(screen.getByRole('link', { name: 'Inicie sesión' })).toHaveAttribute('href', '/login');
    expect(screen.getByText('Ir al contenido')).toBeInTheDocument();
    expect(screen.queryByText(/Bought Grove/)).not.toBeInTheDocument();
  });

  it('asks for a new password in Spanish', async () => {
    await loadLanguage('es', ['app']);
    fakeApi();
    renderApp('/password-reset');
    expect(await screen.findByRole('heading', { level: 1, name: 'Restablezca su contraseña' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Escriba el correo electrónico con el que inicia sesión. Le enviaremos un enlace para elegir una contraseña nueva.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar enlace de restablecimiento' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send reset link' })).not.toBeInTheDocument();
  });

  it('says in Spanish that a password link without its token has expired', async () => {
    await loadLanguage('es', ['app']);
    fakeApi();
    renderApp('/start');
    expect(await screen.findByRole('heading', { level: 1, name: 'Este enlace ha caducado' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enviarme un enlace nuevo' })).toHaveAttribute('href', '/password-reset');
    expect(screen.queryByText('This link has expired')).not.toBeInTheDocument();
  });

  it('apologises in Spanish when a screen fails, and says a new version came', async () => {
    await loadLanguage('es', ['app']);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const router = createMemoryRouter([
      {
        path: '/',
        Component: () => {
          throw new TypeError('Failed to fetch dynamically imported module: /assets/home.js');
        },
        ErrorBoundary: RouteError,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Algo salió mal' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Grove se actualizó mientras esta página estaba abierta. Al volver a cargarla, se abre la versión nueva.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Volver a cargar la página' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Inicio' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });
});
