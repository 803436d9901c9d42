/**
 * Tutorials in Spanish (issue 29 item 1): the Tutorials screen's headings, lengths, seats, states
 * and buttons, the domain's notes, and Home's next tutorial, in the page's language. English is
 * tested with the routes (app/routes/tutorials.test.tsx).
 */
import type { ReactNode } from 'react';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COACHING_MESSAGES } from '@grove/domain';
import { webinarsApi } from '@grove/domain/api/endpoints/webinars';

import { fakeApi } from '../../../test/fake-api.ts';
import { storeSession, webinarFixture, webinarPage } from '../../../test/fixtures.ts';
import { loadLanguage } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { TutorialCard } from './tutorial-card.tsx';
import { TutorialsPage } from './tutorials-page.tsx';
import { formatMinutes, seatsText } from './webinar-card.tsx';

const NOW = new Date('2026-11-23T15:00:00.000Z');

const OPEN = webinarFixture();
const FULL = webinarFixture({
  id: 22,
  title: 'Cooldowns at bedtime',
  starts_at: '2026-12-09T23:00:00.000Z',
  duration_minutes: 90,
  seats_left: 0,
});
const REGISTERED = webinarFixture({ id: 23, title: 'Reading the stats', starts_at: '2026-12-16T23:00:00.000Z' });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

function serveTutorials() {
  storeSession();
  fakeApi([
    [
      webinarsApi.list,
      ({ query }) => ({ body: webinarPage(query.get('when') === 'past' ? [] : [OPEN, FULL, REGISTERED]) }),
    ],
    [
      webinarsApi.registrations,
      {
        body: {
          count: 1,
          next: null,
          previous: null,
          results: [{ id: 123, webinar_id: 23, created_at: '2026-11-20T15:00:00Z' }],
        },
      },
    ],
  ]);
}

function renderIn(ui: ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const card = (title: string) => screen.getByRole('article', { name: title });

describe('tutorials, in Spanish', () => {
  it('shows the Tutorials screen in Spanish', async () => {
    await loadLanguage('es', ['app']);
    serveTutorials();
    renderIn(<TutorialsPage timeZone="America/New_York" />);

    expect(screen.getByRole('heading', { level: 1, name: 'Tutoriales' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Próximos tutoriales' })).toBeInTheDocument();
    expect(screen.getByText('Los horarios se muestran en su zona horaria, America/New York.')).toBeInTheDocument();
    await screen.findByRole('article', { name: OPEN.title });

    const open = within(card(OPEN.title));
    expect(open.getByText('6:00:00 p. m. EST')).toBeInTheDocument();
    expect(open.getByText('Presentado por Casey Morgan')).toBeInTheDocument();
    expect(open.getByText('Duración').nextElementSibling).toHaveTextContent('45 minutos');
    expect(open.getByText('Lugares').nextElementSibling).toHaveTextContent('12 de 30 lugares libres');
    expect(open.getByRole('button', { name: 'Inscribirse en “Getting started with Grove”' })).toBeEnabled();

    const full = within(card(FULL.title));
    expect(full.getByText('Completo')).toBeInTheDocument();
    expect(full.getByText('1 hora y 30 minutos')).toBeInTheDocument();
    expect(full.getByText('No quedan lugares')).toBeInTheDocument();
    expect(full.getByText('Este tutorial está completo. Elija otra fecha.')).toBeInTheDocument();

    const registered = within(card(REGISTERED.title));
    expect(await registered.findByText('Inscripción confirmada')).toBeInTheDocument();
    expect(
      registered.getByRole('button', { name: 'Cancelar la inscripción a “Reading the stats”' }),
    ).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Mostrar tutoriales pasados' })).toBeInTheDocument();
    for (const english of ['Upcoming tutorials', 'Length', 'Seats', 'Full', COACHING_MESSAGES.webinarFull]) {
      expect(screen.queryByText(english)).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: /^Register/ })).not.toBeInTheDocument();
  });

  it('says lengths and seats in the page’s language', async () => {
    await loadLanguage('es', ['app']);
    expect(formatMinutes(1)).toBe('1 minuto');
    expect(formatMinutes(60)).toBe('1 hora');
    expect(formatMinutes(120)).toBe('2 horas');
    expect(seatsText({ seats_left: 1, capacity: 1 })).toBe('1 de 1 lugar libre');
  });

  it('shows Home’s next tutorial in Spanish', async () => {
    await loadLanguage('es', ['app']);
    serveTutorials();
    renderIn(<TutorialCard timeZone="America/New_York" />);

    const home = screen.getByRole('region', { name: 'Próximo tutorial' });
    expect(await within(home).findByText(OPEN.title)).toBeInTheDocument();
    expect(home).toHaveTextContent('12-02-2026 6:00:00 p. m. EST · 45 min');
    expect(within(home).getByText('Quedan 12 lugares')).toBeInTheDocument();
    expect(within(home).getByRole('link', { name: 'Elegir un tutorial' })).toBeInTheDocument();
    expect(screen.queryByText('Next tutorial')).not.toBeInTheDocument();
    expect(screen.queryByText('12 seats left')).not.toBeInTheDocument();
  });
});
