/**
 * Account → Players in Spanish (issue 29): the family's players, the incomplete profiles and the
 * add form read in the page's language.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { playersApi } from '@grove/domain/api/endpoints/players';

import { fakeApi } from '../../../test/fake-api.ts';
import { playerPage, playerRecord, storeSession } from '../../../test/fixtures.ts';
import { loadLanguage } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { PlayersPanel } from './players-panel.tsx';

describe('Account → Players in Spanish', () => {
  it('lists the players and the profiles to complete, and opens the add form, in Spanish', async () => {
    await loadLanguage('es', ['app']);
    storeSession();
    fakeApi([
      [
        playersApi.list,
        {
          body: playerPage([
            playerRecord({ id: 1, name: 'Maya' }),
            playerRecord({ id: 2, name: 'Eli', in_program: false }),
          ]),
        },
        { id: 1 },
      ],
      [
        playersApi.incompleteProfiles,
        {
          body: {
            count: 1,
            next: null,
            previous: null,
            prev: null,
            results: [{ id: 7, player_name: 'Sam', created_at: '2026-11-20T15:00:00.000Z' }],
          },
        },
        { id: 1 },
      ],
    ]);
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient({ retry: false })}>
        <MemoryRouter initialEntries={['/dashboard/account?segment=players']}>
          <PlayersPanel accountId={1} />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    const players = await screen.findByRole('region', { name: 'Sus jugadores' });
    const maya = (await within(players).findByText('Maya', { selector: 'p' })).closest('li') as HTMLElement;
    expect(within(maya).getByRole('navigation', { name: 'Pantallas de Maya' })).toBeInTheDocument();
    expect(within(maya).getByRole('link', { name: 'Inicio de Maya' })).toHaveAttribute('href', '/dashboard?pid=1');
    expect(within(maya).getByRole('link', { name: 'Estadísticas de Maya' })).toBeInTheDocument();
    expect(within(maya).getByRole('switch', { name: 'En el programa Maya' })).toBeInTheDocument();
    expect(within(maya).getByRole('form', { name: 'Nombre de Maya' })).toBeInTheDocument();
    expect(within(maya).getByText(/^Los jugadores fuera del programa conservan su historial/)).toBeInTheDocument();

    const profiles = await screen.findByRole('region', { name: 'Perfiles incompletos' });
    expect(within(profiles).getByRole('button', { name: 'Completar el perfil de Sam' })).toBeEnabled();

    await user.click(within(players).getByRole('button', { name: 'Agregar un jugador' }));
    const form = screen.getByRole('form', { name: 'Agregar un jugador' });
    expect(within(form).getByText('Cada niño que vaya a jugar necesita su propio jugador.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /^Nombre/ })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Agregar jugador' })).toBeDisabled();

    expect(screen.queryByRole('region', { name: 'Your players' })).not.toBeInTheDocument();
    expect(screen.queryByText('Incomplete profiles')).not.toBeInTheDocument();
    expect(screen.queryByText('Each child who will play needs their own player.')).not.toBeInTheDocument();
  });
});
