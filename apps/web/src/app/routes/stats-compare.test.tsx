/**
 * "Compare with" on the stats screen (issue 29 item 2) through the real routes and providers: a
 * second player of the family on the minutes chart and in its table, kept in the address.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { playApi } from '@grove/domain/api/endpoints/play';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { userApi } from '@grove/domain/api/endpoints/user';

import { fakeApi, type FakeApi, type FakeRoute } from '../../../test/fake-api.ts';
import { USERS, playerPage, storeSession, weeklyAnswer } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { frameFromParam } from '../../features/stats/frame-totals.ts';

const MAYA_WEEKS = [
  { week_start: '2026-10-26', minutes: 30, sessions: 2 },
  { week_start: '2026-11-02', minutes: 50, sessions: 3 },
  { week_start: '2026-11-09', minutes: 0, sessions: 0 },
  { week_start: '2026-11-16', minutes: 45, sessions: 3 },
];
// Eli started later: his frame has fewer weeks.
const ELI_WEEKS = [
  { week_start: '2026-11-09', minutes: 52, sessions: 4 },
  { week_start: '2026-11-16', minutes: 20, sessions: 1 },
];
const IVY_WEEKS = [
  { week_start: '2026-10-26', minutes: 10, sessions: 1 },
  { week_start: '2026-11-02', minutes: 0, sessions: 0 },
  { week_start: '2026-11-09', minutes: 0, sessions: 0 },
  { week_start: '2026-11-16', minutes: 15, sessions: 1 },
];

const PLAYERS = [
  { id: 1, name: 'Maya' },
  { id: 2, name: 'Eli' },
  { id: 3, name: 'Ivy' },
];

function weeklyOf(playerId: number, weeks: typeof MAYA_WEEKS): FakeRoute {
  return [
    playApi.weekly,
    (request) => ({ body: weeklyAnswer(playerId, frameFromParam(request.query.get('time_frame'), 'all').id, weeks) }),
    { id: playerId },
  ];
}

function signedIn(players = PLAYERS, routes: FakeRoute[] = []): FakeApi {
  storeSession();
  return fakeApi([
    [userApi.info, { body: USERS.parent }],
    [playersApi.list, { body: playerPage(players) }, { id: 1 }],
    weeklyOf(1, MAYA_WEEKS),
    weeklyOf(2, ELI_WEEKS),
    weeklyOf(3, IVY_WEEKS),
    ...routes,
  ]);
}

const compareSelect = () => screen.getByRole('combobox', { name: 'Compare with' });
const minutesCard = () => screen.getByRole('region', { name: 'Minutes played each week' });

describe('stats: compare two players', () => {
  it('offers the family’s other players and draws the one chosen beside the selected player, kept in the address', async () => {
    const api = signedIn();
    const app = renderApp('/dashboard/stats?pid=1&gis=1Mo');
    await screen.findByRole('table', { name: 'Minutes Maya played each week, the last month' });
    expect(
      within(compareSelect())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No one', 'Eli', 'Ivy']);
    expect(compareSelect()).toHaveValue('');
    expect(within(minutesCard()).queryByText('Maya (solid bars)')).not.toBeInTheDocument();

    await userEvent.setup().selectOptions(compareSelect(), 'Eli');
    await waitFor(() => expect(app.location()).toBe('/dashboard/stats?pid=1&gis=1Mo&compare=2'));
    const table = await screen.findByRole('table', { name: 'Minutes Maya and Eli played each week, the last month' });
    expect(api.callsOf(playApi.weekly, { id: 2 }).map((call) => call.query.get('time_frame'))).toEqual(['1Mo']);
    expect(compareSelect()).toHaveValue('2');

    // The legend names both players and how their bars look; the intro says it in words too.
    expect(within(minutesCard()).getByText('Maya (solid bars)')).toBeInTheDocument();
    expect(within(minutesCard()).getByText('Eli (striped bars)')).toBeInTheDocument();
    expect(within(minutesCard()).getByText(/Maya’s bars are solid green, Eli’s striped violet\./)).toBeInTheDocument();
    expect(minutesCard().querySelectorAll('rect.weekly-chart__compare')).toHaveLength(4);

    // The table gains Eli's columns, on Maya's weeks: before his first game, no play.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Week of', 'Maya’s minutes', 'Maya’s sessions', 'Eli’s minutes', 'Eli’s sessions']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['2026-10-26', '30', '2', '0', '0'],
      ['2026-11-02', '50', '3', '0', '0'],
      ['2026-11-09', '0', '0', '52', '4'],
      ['2026-11-16', '45', '3', '20', '1'],
    ]);

    // The table on screen, for anyone who prefers it to the chart.
    await userEvent.setup().click(within(minutesCard()).getByRole('button', { name: 'Show the table' }));
    expect(
      screen.getByRole('region', { name: 'Minutes Maya and Eli played each week, the last month' }),
    ).toContainElement(table);

    // No one: back to Maya alone.
    await userEvent.setup().selectOptions(compareSelect(), 'No one');
    await waitFor(() => expect(app.location()).toBe('/dashboard/stats?pid=1&gis=1Mo'));
    expect(
      await screen.findByRole('table', { name: 'Minutes Maya played each week, the last month' }),
    ).toBeInTheDocument();
    expect(minutesCard().querySelectorAll('rect.weekly-chart__compare')).toHaveLength(0);
  });

  it('compares from the address on arrival (a reload), and keeps the comparison across time frames', async () => {
    const api = signedIn();
    const app = renderApp('/dashboard/stats?pid=1&compare=3');
    expect(
      await screen.findByRole('table', { name: 'Minutes Maya and Ivy played each week, the last month' }),
    ).toBeInTheDocument();
    expect(compareSelect()).toHaveValue('3');

    await userEvent
      .setup()
      .click(within(screen.getByRole('navigation', { name: 'Time frame' })).getByRole('link', { name: /^3Mos/ }));
    await waitFor(() => expect(app.location()).toBe('/dashboard/stats?pid=1&gis=3Mos&compare=3'));
    expect(
      await screen.findByRole('table', { name: 'Minutes Maya and Ivy played each week, the last 3 months' }),
    ).toBeInTheDocument();
    expect(api.callsOf(playApi.weekly, { id: 3 }).map((call) => call.query.get('time_frame'))).toEqual(['1Mo', '3Mos']);
  });

  it('swaps the two when switching to the player compared with', async () => {
    signedIn();
    const app = renderApp('/dashboard/stats?pid=1&compare=2');
    await screen.findByRole('table', { name: 'Minutes Maya and Eli played each week, the last month' });
    const switcher = screen.getByRole('navigation', { name: 'Choose a player' });
    expect(within(switcher).getByRole('link', { name: 'Eli' })).toHaveAttribute(
      'href',
      '/dashboard/stats?pid=2&compare=1',
    );
    expect(within(switcher).getByRole('link', { name: 'Ivy' })).toHaveAttribute(
      'href',
      '/dashboard/stats?pid=3&compare=2',
    );

    await userEvent.setup().click(within(switcher).getByRole('link', { name: 'Eli' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard/stats?pid=2&compare=1'));
    expect(
      await screen.findByRole('table', { name: 'Minutes Eli and Maya played each week, the last month' }),
    ).toBeInTheDocument();
    expect(
      within(compareSelect())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No one', 'Maya', 'Ivy']);
  });

  it('ignores a comparison with the player itself or with someone not in the family', async () => {
    for (const url of [
      '/dashboard/stats?pid=1&compare=1',
      '/dashboard/stats?pid=1&compare=99',
      '/dashboard/stats?pid=1&compare=x',
    ]) {
      const api = signedIn();
      const view = renderApp(url);
      expect(
        await screen.findByRole('table', { name: 'Minutes Maya played each week, the last month' }),
        url,
      ).toBeInTheDocument();
      expect(compareSelect()).toHaveValue('');
      expect(api.callsOf(playApi.weekly).every((call) => call.params.id === '1')).toBe(true);
      view.unmount();
    }
  });

  it('shows no “Compare with” to a family of one player', async () => {
    signedIn([PLAYERS[0]!]);
    renderApp('/dashboard/stats?pid=1');
    await screen.findByRole('table', { name: 'Minutes Maya played each week, the last month' });
    expect(screen.queryByRole('combobox', { name: 'Compare with' })).not.toBeInTheDocument();
  });

  it('keeps the chart of the selected player while the other’s weeks fail, and tries again', async () => {
    const api = signedIn(PLAYERS, [[playApi.weekly, { status: 500 }, { id: 2 }]]);
    renderApp('/dashboard/stats?pid=1&compare=2');
    expect(await screen.findByText('We couldn’t load Eli’s weeks.')).toBeInTheDocument();
    expect(within(minutesCard()).getByRole('alert')).toHaveTextContent('We couldn’t load Eli’s weeks.');
    expect(screen.getByRole('table', { name: 'Minutes Maya played each week, the last month' })).toBeInTheDocument();

    api.on(...weeklyOf(2, ELI_WEEKS));
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Try again', description: 'We couldn’t load Eli’s weeks.' }));
    expect(
      await screen.findByRole('table', { name: 'Minutes Maya and Eli played each week, the last month' }),
    ).toBeInTheDocument();
  });
});
