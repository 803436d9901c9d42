/**
 * Home's play cards in Spanish (issue 29): this week against the goal, the streak in words, the
 * figures, the last sessions and the siblings card read in the page's language, with Spanish
 * plurals and dates.
 */
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { playApi } from '@grove/domain/api/endpoints/play';

import { fakeApi } from '../../../test/fake-api.ts';
import { familyWeekAnswer, overviewAnswer, storeSession } from '../../../test/fixtures.ts';
import { loadLanguage } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { FamilyWeekCard } from './family-week-card.tsx';
import { PlayFigures, RecentSessions, WeekProgress, streakSentence } from './player-overview.tsx';

const MAYA = { id: 1, name: 'Maya' };
const ELI = { id: 2, name: 'Eli' };

describe('Home’s play cards in Spanish', () => {
  it('tell the week, the streak, the figures and the last sessions in Spanish', async () => {
    await loadLanguage('es', ['app']);
    const overview = overviewAnswer(MAYA);
    render(
      <>
        <WeekProgress overview={overview} />
        <PlayFigures overview={overview} />
        <RecentSessions overview={overview} />
      </>,
    );

    expect(screen.getByRole('heading', { name: 'La semana de Maya' })).toBeInTheDocument();
    expect(screen.getByText('Faltan 7 minutos para alcanzar la meta semanal de 45 minutos.')).toBeInTheDocument();
    expect(
      screen.getByText('Racha: 3 semanas seguidas con la meta alcanzada. Alcance la meta esta semana para llegar a 4.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Semana que comienza el lunes 16 nov')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Práctica del pulso y configuración del juego' })).toBeInTheDocument();
    expect(screen.getByText('Velocidad de persecución')).toBeInTheDocument();
    expect(screen.getByText('esta semana · 48 s de promedio general')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Últimas sesiones' })).toBeInTheDocument();
    expect(screen.getAllByText('1 subida')).toHaveLength(1);
    expect(screen.getAllByText('2 recuperaciones')).toHaveLength(1);
    expect(
      screen.getByText('42 sesiones en total, 14 h de juego (20 minutos por sesión en promedio).'),
    ).toBeInTheDocument();

    expect(screen.queryByText('Last sessions')).not.toBeInTheDocument();
    expect(screen.queryByText(/to go to reach the weekly goal/)).not.toBeInTheDocument();
    expect(screen.queryByText('Chase speed')).not.toBeInTheDocument();
  });

  it('words the streak with Spanish plurals', async () => {
    await loadLanguage('es', ['app']);
    expect(streakSentence({ weeks: 0, this_week_met: false, longest_weeks: 1 })).toBe(
      'Alcance la meta esta semana para empezar una nueva racha. Mejor racha hasta ahora: 1 semana seguida.',
    );
    expect(streakSentence({ weeks: 1, this_week_met: true, longest_weeks: 1 })).toBe(
      'Racha: 1 semana seguida con la meta alcanzada, incluida esta semana.',
    );
  });

  it('shows the siblings card in Spanish', async () => {
    await loadLanguage('es', ['app']);
    storeSession();
    fakeApi([
      [
        playApi.familyWeek,
        {
          body: familyWeekAnswer([
            MAYA,
            {
              ...ELI,
              this_week: {
                week_start: '2026-11-16',
                seconds_played: 3000,
                minutes: 50,
                sessions: 3,
                hr_rises: 4,
                cool_downs: 4,
                goal_minutes: 45,
              },
            },
          ]),
        },
        { id: 1 },
      ],
    ]);
    render(
      <QueryClientProvider client={createQueryClient({ retry: false })}>
        <MemoryRouter>
          <FamilyWeekCard accountId={1} players={[MAYA, ELI]} statsHref={(id) => `/dashboard/stats?pid=${id}`} />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    const card = await screen.findByRole('region', { name: 'Sus jugadores esta semana' });
    expect(
      await within(card).findByText('Semana que comienza el lunes 16 nov. La meta es de 45 minutos para cada jugador.'),
    ).toBeInTheDocument();
    const bars = within(card).getAllByRole('progressbar');
    expect(bars[0]).toHaveAccessibleName('Minutos de Maya esta semana');
    expect(bars[0]).toHaveAttribute('aria-valuetext', '38 minutos de la meta de 45 minutos');
    expect(bars[1]).toHaveAttribute('aria-valuetext', '50 minutos de la meta de 45 minutos, meta alcanzada');
    expect(within(card).getByText('Faltan 7 minutos')).toBeInTheDocument();
    expect(within(card).getByText('Meta alcanzada')).toBeInTheDocument();
    expect(within(card).getAllByText('Racha de metas')).toHaveLength(2);
    expect(within(card).getByRole('link', { name: 'Estadísticas de Eli' })).toHaveAttribute(
      'href',
      '/dashboard/stats?pid=2',
    );
    expect(within(card).queryByText('Goal reached')).not.toBeInTheDocument();
    expect(within(card).queryByText(/of the 45-minute goal/)).not.toBeInTheDocument();
  });
});
