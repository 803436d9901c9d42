import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WeeklyMinutesChart } from './weekly-minutes-chart.tsx';

const weeks = [
  { week_start: '2026-11-02', minutes: 30, sessions: 2 },
  { week_start: '2026-11-09', minutes: 50, sessions: 3 },
  { week_start: '2026-11-16', minutes: 75, sessions: 5 },
];

describe('WeeklyMinutesChart', () => {
  it('draws one bar per week with the 45-minute goal line', () => {
    const { container } = render(<WeeklyMinutesChart weeks={weeks} caption="Minutes played per week" />);
    expect(container.querySelectorAll('rect.weekly-chart__bar')).toHaveLength(3);
    expect(screen.getByTestId('goal-line')).toBeInTheDocument();
    expect(screen.getByText('Goal 45 min')).toBeInTheDocument();
  });

  it('draws the y axis to 60 with ticks every 10', () => {
    const { container } = render(<WeeklyMinutesChart weeks={weeks} caption="Minutes" />);
    const ticks = [...container.querySelectorAll('g > text.weekly-chart__tick')].map((t) => t.textContent);
    expect(ticks.slice(0, 7)).toEqual(['0', '10', '20', '30', '40', '50', '60']);
  });

  it('marks a week above 60 minutes as clipped instead of hiding it', () => {
    render(<WeeklyMinutesChart weeks={weeks} caption="Minutes" />);
    expect(screen.getAllByTestId('clipped-week')).toHaveLength(1);
  });

  it('gives screen readers a table with the same figures', () => {
    render(<WeeklyMinutesChart weeks={weeks} caption="Minutes played per week" />);
    const table = screen.getByRole('table', { name: 'Minutes played per week' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[3]!).getByText('75')).toBeInTheDocument();
  });
});
