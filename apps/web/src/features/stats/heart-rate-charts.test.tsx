import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { WeeklyPlay } from '@grove/domain/api/play';
import { CooldownTimeChart, RisesCooldownsChart, niceScale } from './heart-rate-charts.tsx';

const weeks: WeeklyPlay[] = [
  {
    week_start: '2026-11-02',
    seconds_played: 1800,
    minutes: 30,
    sessions: 2,
    hr_rises: 6,
    cool_downs: 4,
    average_cool_down_seconds: 42,
  },
  {
    week_start: '2026-11-09',
    seconds_played: 0,
    minutes: 0,
    sessions: 0,
    hr_rises: 0,
    cool_downs: 0,
    average_cool_down_seconds: null,
  },
  {
    week_start: '2026-11-16',
    seconds_played: 2700,
    minutes: 45,
    sessions: 3,
    hr_rises: 3,
    cool_downs: 3,
    average_cool_down_seconds: 30,
  },
];

describe('heart-rate charts', () => {
  it('draws a rise bar and a cooldown bar per week, with a table for screen readers', () => {
    const { container } = render(<RisesCooldownsChart weeks={weeks} caption="Rises and cooldowns" />);
    expect(container.querySelectorAll('rect.stat-chart__bar--rises')).toHaveLength(3);
    expect(container.querySelectorAll('rect.stat-chart__bar--cooldowns')).toHaveLength(3);
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    const rows = within(screen.getByRole('table', { name: 'Rises and cooldowns' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Week ofHeart-rate risesCooldowns',
      '2026-11-0264',
      '2026-11-0900',
      '2026-11-1633',
    ]);
  });

  it('draws the average cooldown time as a line that breaks at weeks without cooldowns', () => {
    const { container } = render(<CooldownTimeChart weeks={weeks} caption="Cooldown time" />);
    expect(container.querySelectorAll('circle.stat-chart__dot')).toHaveLength(2);
    const path = container.querySelector('path.stat-chart__line')?.getAttribute('d') ?? '';
    expect(path.match(/M/g)).toHaveLength(2);
    expect(
      within(screen.getByRole('table', { name: 'Cooldown time' })).getByRole('row', {
        name: '2026-11-09 No cooldowns 0',
      }),
    ).toBeInTheDocument();
  });

  it('picks round axis steps', () => {
    expect(niceScale(8)).toEqual({ top: 8, step: 2 });
    expect(niceScale(27)).toEqual({ top: 30, step: 10 });
    expect(niceScale(97, 5)).toEqual({ top: 100, step: 50 });
    expect(niceScale(3)).toEqual({ top: 3, step: 1 });
    expect(niceScale(0)).toEqual({ top: 4, step: 1 });
  });
});
