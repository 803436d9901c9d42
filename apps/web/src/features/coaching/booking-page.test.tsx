/**
 * Coaching for a family in Spanish (issue 29 item 1): the booking screen's headings, days, times,
 * buttons and sentences, the server's refusals and the confirmation dialog in the page's language,
 * and Home's coach card. English is tested with the routes (app/routes/coaching.test.tsx).
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COACHING_MESSAGES } from '@grove/domain';
import { accountApi } from '@grove/domain/api/endpoints/account';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { userApi } from '@grove/domain/api/endpoints/user';

import { fakeApi } from '../../../test/fake-api.ts';
import { USERS, accountFixture, playerPage, storeSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { loadLanguage } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { CoachCard } from './coach-card.tsx';
import { COACHING_NOW, coachingRoutes, fakeCoaching, type FakeCoaching } from './coaching.fixtures.ts';

const SATURDAY = 'Sábado, 21 de noviembre de 2026';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: COACHING_NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

async function openBookingInSpanish(state: FakeCoaching = fakeCoaching()) {
  await loadLanguage('es', ['app']);
  storeSession();
  fakeApi([
    [userApi.info, { body: USERS.parent }],
    [playersApi.list, { body: playerPage([{ id: 1, name: 'Maya' }]) }, { id: 1 }],
    [accountApi.detail, { body: accountFixture() }, { id: 1 }],
    ...coachingRoutes(state),
  ]);
  renderApp('/dashboard/coaching');
  await screen.findByRole('group', { name: SATURDAY });
}

describe('coaching for a family, in Spanish', () => {
  it('shows the coach, the days and times, the calls and the notes in Spanish', async () => {
    await openBookingInSpanish();
    expect(screen.getByRole('heading', { level: 1, name: 'Coaching' })).toBeInTheDocument();
    const coach = screen.getByRole('region', { name: 'Su coach' });
    expect(within(coach).getByText('Coach de su familia')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Reservar una llamada' })).toBeInTheDocument();
    expect(
      screen.getByText('Los horarios se muestran en su zona horaria, America/New York. Las llamadas duran 30 minutos.'),
    ).toBeInTheDocument();
    const saturday = within(screen.getByRole('group', { name: SATURDAY }));
    expect(saturday.getAllByRole('button').map((button) => button.textContent)).toEqual(['9:00 a. m.', '9:30 a. m.']);
    expect(
      within(screen.getByRole('group', { name: 'Lunes, 23 de noviembre de 2026' })).getByText('Sin horarios libres'),
    ).toBeInTheDocument();
    expect(screen.getByText('20 nov – 26 nov')).toBeInTheDocument();

    const calls = screen.getByRole('region', { name: 'Sus llamadas' });
    expect(within(calls).getByRole('heading', { name: 'Próximas' })).toBeInTheDocument();
    expect(await within(calls).findByText('con Casey Morgan')).toBeInTheDocument();
    expect(within(calls).getByText('Programada')).toBeInTheDocument();
    expect(
      within(calls).getByRole('button', { name: 'Reprogramar la llamada del 11-25-2026 10:00:00 a. m. EST' }),
    ).toHaveTextContent('Reprogramar');
    expect(
      within(calls).getByRole('button', { name: 'Agregar al calendario: llamada del 11-25-2026 10:00:00 a. m. EST' }),
    ).toBeInTheDocument();
    expect(within(calls).getByRole('button', { name: 'Mostrar llamadas pasadas' })).toBeInTheDocument();
    const notes = screen.getByRole('region', { name: 'Notas de su coach' });
    expect(await within(notes).findByText(/bedtime three times/)).toBeInTheDocument();

    for (const english of ['Book a call', 'Your coach', 'Your calls', 'Upcoming', 'No free times', 'Reschedule']) {
      expect(screen.queryByText(english)).not.toBeInTheDocument();
    }
  });

  it('books a call, shows the server’s refusal and asks before cancelling, in Spanish', async () => {
    const user = userEvent.setup();
    await openBookingInSpanish(
      fakeCoaching({ bookAnswer: { status: 409, body: { detail: COACHING_MESSAGES.slotTaken, code: 'slot_taken' } } }),
    );
    await user.click(within(screen.getByRole('group', { name: SATURDAY })).getByRole('button', { name: '9:30 a. m.' }));
    expect(screen.getByText(/Su llamada con/)).toHaveTextContent(
      'Su llamada con Casey Morgan el 11-21-2026 9:30:00 a. m. EST.',
    );
    await user.click(screen.getByRole('button', { name: 'Reservar esta llamada' }));
    const book = screen.getByRole('region', { name: 'Reservar una llamada' });
    expect(await within(book).findByRole('alert')).toHaveTextContent(
      'Otra familia acaba de reservar este horario. Elija otro, por favor.',
    );
    expect(screen.queryByText(COACHING_MESSAGES.slotTaken)).not.toBeInTheDocument();

    await user.click(
      await screen.findByRole('button', { name: 'Cancelar la llamada del 11-25-2026 10:00:00 a. m. EST' }),
    );
    const dialog = await screen.findByRole('dialog', { name: '¿Cancelar esta llamada?' });
    expect(dialog).toHaveTextContent(
      'Se cancelará su llamada del 11-25-2026 10:00:00 a. m. EST con Casey Morgan. Después puede reservar otro horario.',
    );
    expect(within(dialog).getByRole('button', { name: 'Mantener la llamada' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar la llamada' }));
    await waitFor(() =>
      expect(screen.getByText('Se canceló su llamada del 11-25-2026 10:00:00 a. m. EST.')).toBeInTheDocument(),
    );
    expect(screen.queryByText('Cancel this call?')).not.toBeInTheDocument();
  });

  it('shows Home’s coach card in Spanish', async () => {
    await loadLanguage('es', ['app']);
    storeSession();
    fakeApi(coachingRoutes(fakeCoaching()));
    render(
      <QueryClientProvider client={createQueryClient({ retry: false })}>
        <MemoryRouter>
          <CoachCard coach={{ id: 3, name: 'Casey Morgan' }} timeZone="America/New_York" canBook />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const card = screen.getByRole('region', { name: 'Su coach' });
    expect(await within(card).findByText('11-25-2026 10:00:00 a. m. EST')).toBeInTheDocument();
    expect(within(card).getByText('Próxima llamada')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Reservar una llamada' })).toBeInTheDocument();
    expect(screen.queryByText('Next call')).not.toBeInTheDocument();
    expect(screen.queryByText('Book a call')).not.toBeInTheDocument();
  });
});
