/**
 * The stats screen's charts and totals in Spanish (issue 29): titles, intros, legends, the tables
 * behind the charts, the time frames and the week labels (day/month in Spanish).
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TIME_FRAMES } from '@grove/domain';
import type { WeeklyPlay } from '@grove/domain/api/play';

import { loadLanguage } from '../../lib/i18n.ts';
import { CompareSelect } from './compare-select.tsx';
import { frameDescription, frameTotals } from './frame-totals.ts';
import { StatsCharts } from './stats-charts.tsx';
import { TotalsFigures } from './totals-figures.tsx';

const week = (weekStart: string, minutes: number, extra: Partial<WeeklyPlay> = {}): WeeklyPlay => ({
  week_start: weekStart,
  seconds_played: minutes * 60,
  minutes,
  sessions: 2,
  hr_rises: 3,
  cool_downs: 2,
  average_cool_down_seconds: 40,
  ...extra,
});

const WEEKS = [
  week('2026-03-02', 30),
  week('2026-03-09', 50),
  week('2026-03-16', 75, { cool_downs: 0, average_cool_down_seconds: null }),
];

describe('the stats charts in Spanish', () => {
  it('name the time frames in Spanish', async () => {
    await loadLanguage('es', ['app']);
    expect(TIME_FRAMES.map(frameDescription)).toEqual([
      'los últimos 7 días',
      'el último mes',
      'los últimos 3 meses',
      'todo el tiempo',
    ]);
  });

  it('show the charts’ words, tables and week labels in Spanish', async () => {
    await loadLanguage('es', ['app']);
    const user = userEvent.setup();
    const { container } = render(
      <StatsCharts weeks={WEEKS} playerName="Maya" frameText={frameDescription(TIME_FRAMES[1]!)} />,
    );

    expect(screen.getByRole('heading', { name: 'Minutos jugados cada semana' })).toBeInTheDocument();
    expect(
      screen.getByText(/^Las semanas empiezan el lunes\. La línea discontinua es la meta semanal de 45 minutos/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Las semanas de más de 60 minutos llegan al tope del gráfico/)).toBeInTheDocument();
    expect(screen.getByText('Meta 45 min')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Subidas del pulso y recuperaciones' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tiempo promedio de recuperación' })).toBeInTheDocument();

    // Day/month on the axis in Spanish: the week of March 2 is 2/3.
    const ticks = [...container.querySelectorAll('text.weekly-chart__tick')].map((tick) => tick.textContent);
    expect(ticks).toContain('2/3');
    expect(ticks).not.toContain('3/2');

    const table = screen.getByRole('table', { name: 'Minutos que jugó Maya cada semana, el último mes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Semana del', 'Minutos jugados', 'Sesiones']);
    const cooldowns = screen.getByRole('table', {
      name: 'Tiempo promedio de recuperación cada semana, en segundos, el último mes',
    });
    expect(within(cooldowns).getByText('Sin recuperaciones')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mostrar la tabla' }));
    expect(screen.getByRole('button', { name: 'Ocultar la tabla' })).toHaveAttribute('aria-expanded', 'true');

    expect(screen.queryByText('Minutes played each week')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /the table/ })).not.toBeInTheDocument();
  });

  it('compare two players in Spanish', async () => {
    await loadLanguage('es', ['app']);
    render(
      <>
        <CompareSelect
          players={[
            { id: 1, name: 'Maya' },
            { id: 2, name: 'Eli' },
          ]}
          selectedId={1}
          compareId={null}
          onChange={() => undefined}
        />
        <StatsCharts
          weeks={WEEKS}
          playerName="Maya"
          frameText={frameDescription(TIME_FRAMES[3]!)}
          compare={{ name: 'Eli', weeks: [week('2026-03-09', 20)] }}
        />
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Comparar con' });
    expect(within(select).getByRole('option', { name: 'Nadie' })).toBeInTheDocument();
    expect(screen.getByText('Maya (barras lisas)')).toBeInTheDocument();
    expect(screen.getByText('Eli (barras a rayas)')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Minutos que jugaron Maya y Eli cada semana, todo el tiempo' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Semana del', 'Minutos de Maya', 'Sesiones de Maya', 'Minutos de Eli', 'Sesiones de Eli']);
    expect(screen.queryByText('Compare with')).not.toBeInTheDocument();
  });

  it('sum up the time frame in Spanish', async () => {
    await loadLanguage('es', ['app']);
    render(<TotalsFigures totals={frameTotals(WEEKS)} goalMinutes={45} />);
    expect(screen.getByText('Tiempo de juego')).toBeInTheDocument();
    expect(screen.getByText('en 6 sesiones · alrededor de 52 minutos por semana')).toBeInTheDocument();
    expect(screen.getByText('Semanas con la meta alcanzada')).toBeInTheDocument();
    expect(screen.getByText('2 de 3')).toBeInTheDocument();
    expect(screen.getByText('semanas con 45 minutos o más')).toBeInTheDocument();
    expect(screen.getByText('1.5 por sesión')).toBeInTheDocument();
    expect(screen.getByText('40 s en promedio')).toBeInTheDocument();
    expect(screen.queryByText('Time played')).not.toBeInTheDocument();
  });
});
