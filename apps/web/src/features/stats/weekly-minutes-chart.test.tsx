import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WeeklyMinutesChart, alignWeeks } from './weekly-minutes-chart.tsx';

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

describe('WeeklyMinutesChart comparing two players', () => {
  const eli = [
    { week_start: '2026-11-09', minutes: 46, sessions: 3 },
    { week_start: '2026-11-16', minutes: 12, sessions: 1 },
  ];

  it('lays the second player’s weeks on the first one’s, a week it has not as no play', () => {
    expect(alignWeeks(weeks, eli)).toEqual([
      { week_start: '2026-11-02', minutes: 0, sessions: 0 },
      { week_start: '2026-11-09', minutes: 46, sessions: 3 },
      { week_start: '2026-11-16', minutes: 12, sessions: 1 },
    ]);
  });

  it('draws the second player as striped bars beside the first’s, with a legend that names both', () => {
    const { container } = render(
      <WeeklyMinutesChart
        weeks={weeks}
        playerName="Maya"
        compare={{ name: 'Eli', weeks: eli }}
        caption="Minutes Maya and Eli played each week"
      />,
    );
    expect(container.querySelectorAll('rect.weekly-chart__bar')).toHaveLength(3);
    const compared = [...container.querySelectorAll('rect.weekly-chart__compare')];
    expect(compared).toHaveLength(3);
    expect(compared.map((bar) => bar.querySelector('title')?.textContent)).toEqual([
      'Eli, week of 2026-11-02: 0 minutes',
      'Eli, week of 2026-11-09: 46 minutes',
      'Eli, week of 2026-11-16: 12 minutes',
    ]);
    // Striped (a pattern), not only another colour; the goal week's stripes are the darker ones.
    const fills = compared.map((bar) => bar.parentElement?.getAttribute('fill') ?? '');
    expect(fills.every((fill) => /^url\(#.+-stripes(-goal)?\)$/.test(fill))).toBe(true);
    expect(fills[1]).toMatch(/-goal\)$/);
    expect(container.querySelectorAll('pattern')).toHaveLength(2);
    expect(compared[1]).toHaveClass('weekly-chart__compare--goal');
    // Each of the first player's bars stands left of the second player's of the same week.
    const first = [...container.querySelectorAll('rect.weekly-chart__bar')];
    first.forEach((bar, i) =>
      expect(Number(bar.getAttribute('x'))).toBeLessThan(Number(compared[i]!.getAttribute('x'))),
    );

    expect(screen.getByText('Maya (solid bars)')).toBeInTheDocument();
    expect(screen.getByText('Eli (striped bars)')).toBeInTheDocument();
    expect(screen.getByTestId('goal-line')).toBeInTheDocument();
  });

  it('gives the table both players’ columns', () => {
    render(
      <WeeklyMinutesChart
        weeks={weeks}
        playerName="Maya"
        compare={{ name: 'Eli', weeks: eli }}
        caption="Minutes Maya and Eli played each week"
      />,
    );
    const table = screen.getByRole('table', { name: 'Minutes Maya and Eli played each week' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Week of', 'Maya’s minutes', 'Maya’s sessions', 'Eli’s minutes', 'Eli’s sessions']);
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2026-11-02', '30', '2', '0', '0']);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2026-11-09', '50', '3', '46', '3']);
  });

  it('shows the table on screen on demand, and hides it again', async () => {
    const user = userEvent.setup();
    render(<WeeklyMinutesChart weeks={weeks} caption="Minutes played per week" />);
    const toggle = screen.getByRole('button', { name: 'Show the table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const table = screen.getByRole('table', { name: 'Minutes played per week' });
    expect(table.parentElement).toHaveClass('visually-hidden');
    expect(toggle).toHaveAttribute('aria-controls', table.parentElement!.id);

    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide the table' })).toHaveAttribute('aria-expanded', 'true');
    expect(table.parentElement).not.toHaveClass('visually-hidden');
    expect(screen.getByRole('region', { name: 'Minutes played per week' })).toContainElement(table);

    await user.click(screen.getByRole('button', { name: 'Hide the table' }));
    expect(table.parentElement).toHaveClass('visually-hidden');
  });
});
