/** The stats screen (issue 6 items 7 and 8) through the real routes and providers. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { playApi as playContract } from '@grove/domain/api/play';
import { playApi } from '@grove/domain/api/endpoints/play';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { userApi } from '@grove/domain/api/endpoints/user';

import { fakeApi, type FakeApi, type FakeRoute } from '../../../test/fake-api.ts';
import { USERS, playerPage, storeSession, weeklyAnswer } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { frameFromParam } from '../../features/stats/frame-totals.ts';
import { surveyRoutes } from '../../features/surveys/surveys.fixtures.ts';
import { loadLanguage } from '../../lib/i18n.ts';

const MONTH = [
  { week_start: '2026-10-19', minutes: 30, sessions: 2, hr_rises: 6, cool_downs: 4, average_cool_down_seconds: 40 },
  { week_start: '2026-10-26', minutes: 50, sessions: 3, hr_rises: 5, cool_downs: 5, average_cool_down_seconds: 30 },
  { week_start: '2026-11-02', minutes: 75, sessions: 4, hr_rises: 4, cool_downs: 1, average_cool_down_seconds: 60 },
  { week_start: '2026-11-09', minutes: 0, sessions: 0 },
  { week_start: '2026-11-16', minutes: 45, sessions: 3, hr_rises: 2, cool_downs: 2, average_cool_down_seconds: 25 },
];
const WEEK = [
  { week_start: '2026-11-09', minutes: 0, sessions: 0 },
  { week_start: '2026-11-16', minutes: 45, sessions: 3, hr_rises: 2, cool_downs: 2, average_cool_down_seconds: 25 },
];

function signedIn(routes: FakeRoute[] = []): FakeApi {
  storeSession();
  return fakeApi([
    [userApi.info, { body: USERS.parent }],
    [
      playersApi.list,
      {
        body: playerPage([
          { id: 1, name: 'Maya' },
          { id: 2, name: 'Eli' },
        ]),
      },
      { id: 1 },
    ],
    [
      playApi.weekly,
      (request) => {
        const frame = frameFromParam(request.query.get('time_frame'), 'all').id;
        return { body: weeklyAnswer(1, frame, frame === '1W' ? WEEK : MONTH) };
      },
      { id: 1 },
    ],
    [
      playApi.weekly,
      (request) => ({
        body: weeklyAnswer(2, frameFromParam(request.query.get('time_frame'), 'all').id, WEEK),
      }),
      { id: 2 },
    ],
    ...routes,
  ]);
}

function total(label: string): HTMLElement {
  return screen.getByText(label, { selector: 'dt' }).parentElement as HTMLElement;
}

describe('stats', () => {
  it('shows the last month by default: totals for the frame and the charts with their tables', async () => {
    const api = signedIn();
    const app = renderApp('/dashboard/stats?pid=1');
    expect(
      await screen.findByRole('heading', { level: 2, name: /^Totals for the last month, since/ }),
    ).toBeInTheDocument();
    // The first request asks for the frame the contract takes when none is named (one default).
    const contractDefault = playContract.weekly.schema.querystring.parse({}).time_frame;
    expect(contractDefault).toBe('1Mo');
    expect(api.callsOf(playApi.weekly, { id: 1 }).map((call) => call.query.get('time_frame'))).toEqual([
      contractDefault,
    ]);
    expect(app.location()).toBe('/dashboard/stats?pid=1');

    const frames = screen.getByRole('navigation', { name: 'Time frame' });
    expect(
      within(frames)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['1W (the last 7 days)', '1Mo (the last month)', '3Mos (the last 3 months)', 'All Time (all time)']);
    expect(within(frames).getByRole('link', { name: /^1Mo/ })).toHaveAttribute('aria-current', 'page');

    // 200 minutes in 12 sessions; 3 of 5 weeks at 45 minutes or more; cooldowns weighted by count.
    expect(within(total('Time played')).getByText('3 h 20 min')).toBeInTheDocument();
    expect(within(total('Time played')).getByText('in 12 sessions · about 40 minutes a week')).toBeInTheDocument();
    expect(within(total('Weeks at the goal')).getByText('3 of 5')).toBeInTheDocument();
    expect(within(total('Heart-rate rises')).getByText('17')).toBeInTheDocument();
    expect(within(total('Cooldowns')).getByText('12')).toBeInTheDocument();
    expect(within(total('Cooldowns')).getByText('35 s on average')).toBeInTheDocument();

    // The charts, each with a table for screen readers.
    const minutes = await screen.findByRole('table', { name: 'Minutes Maya played each week, the last month' });
    expect(within(minutes).getAllByRole('row')).toHaveLength(6);
    expect(screen.getByTestId('goal-line')).toBeInTheDocument();
    expect(screen.getAllByTestId('clipped-week')).toHaveLength(1);
    expect(
      screen.getByRole('table', { name: 'Heart-rate rises and cooldowns each week, the last month' }),
    ).toBeInTheDocument();
    const cooldowns = screen.getByRole('table', { name: 'Average cooldown time each week in seconds, the last month' });
    expect(within(cooldowns).getByRole('row', { name: '2026-11-09 No cooldowns 0' })).toBeInTheDocument();
  });

  it('switching the time frame asks for that frame, keeps it in the address and updates the totals', async () => {
    const api = signedIn();
    const app = renderApp('/dashboard/stats?pid=1');
    await screen.findByRole('heading', { name: /^Totals for the last month/ });
    const user = userEvent.setup();

    await user.click(within(screen.getByRole('navigation', { name: 'Time frame' })).getByRole('link', { name: /^1W/ }));
    expect(await screen.findByRole('heading', { name: /^Totals for the last 7 days/ })).toBeInTheDocument();
    expect(app.location()).toBe('/dashboard/stats?pid=1&gis=1W');
    expect(api.callsOf(playApi.weekly, { id: 1 }).map((call) => call.query.get('time_frame'))).toEqual(['1Mo', '1W']);
    expect(within(total('Weeks at the goal')).getByText('1 of 2')).toBeInTheDocument();
    expect(within(total('Time played')).getByText('45 min')).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('navigation', { name: 'Time frame' })).getByRole('link', { name: /^All Time/ }),
    );
    expect(await screen.findByRole('heading', { name: /^All time, since Maya’s first game on/ })).toBeInTheDocument();
    expect(app.location()).toBe('/dashboard/stats?pid=1&gis=all');
    expect(api.callsOf(playApi.weekly, { id: 1 }).at(-1)?.query.get('time_frame')).toBe('all');
  });

  it('keeps the time frame when switching players', async () => {
    const api = signedIn();
    const app = renderApp('/dashboard/stats?pid=1&gis=3Mos');
    await screen.findByRole('heading', { name: /^Totals for the last 3 months/ });
    await userEvent
      .setup()
      .click(within(screen.getByRole('navigation', { name: 'Choose a player' })).getByRole('link', { name: 'Eli' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard/stats?pid=2&gis=3Mos'));
    await screen.findByText('How Eli is playing and practising heart-rate control.');
    await waitFor(() =>
      expect(api.callsOf(playApi.weekly, { id: 2 }).map((call) => call.query.get('time_frame'))).toEqual(['3Mos']),
    );
  });

  it('reads an unknown frame in the address as the default and leaves the address alone', async () => {
    const api = signedIn();
    const app = renderApp('/dashboard/stats?pid=2&gis=weekly');
    await screen.findByRole('heading', { name: /^Totals for the last month/ });
    expect(api.callsOf(playApi.weekly, { id: 2 }).map((call) => call.query.get('time_frame'))).toEqual(['1Mo']);
    expect(app.location()).toBe('/dashboard/stats?pid=2&gis=weekly');
  });

  it('says so when the player has not played yet', async () => {
    signedIn([
      [
        playApi.weekly,
        {
          body: { ...weeklyAnswer(1, '1Mo', WEEK.slice(0, 1)), first_play_date: null },
        },
        { id: 1 },
      ],
    ]);
    renderApp('/dashboard/stats?pid=1');
    expect(await screen.findByRole('heading', { name: 'Maya hasn’t played yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('says so when the frame has no play', async () => {
    signedIn([
      [
        playApi.weekly,
        {
          body: weeklyAnswer(1, '1Mo', [{ week_start: '2026-11-16', minutes: 0, sessions: 0 }]),
        },
        { id: 1 },
      ],
    ]);
    renderApp('/dashboard/stats?pid=1');
    expect(
      await screen.findByText('Maya didn’t play in the last month. A longer time frame shows earlier games.'),
    ).toBeInTheDocument();
    expect(within(total('Cooldowns')).getByText('none in this time frame')).toBeInTheDocument();
  });

  it('exports the sessions as CSV with the signed-in token and saves the file the server names', async () => {
    const csv = 'Date,Start time\r\n2026-11-20,19:16\r\n';
    const api = signedIn([
      [
        playApi.sessionsCsv,
        {
          text: csv,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="maya-sessions-2026-11-22.csv"',
          },
        },
        { id: 1 },
      ],
    ]);
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:grove/1';
    });
    const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });

    renderApp('/dashboard/stats?pid=1');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:grove/1', download: 'maya-sessions-2026-11-22.csv' }]));
    const [call] = api.callsOf(playApi.sessionsCsv, { id: 1 });
    expect(call?.headers.get('authorization')).toBe('Bearer access-1');
    expect(await saved[0]?.text()).toBe(csv);
    expect(await screen.findByText('Maya’s sessions were saved as maya-sessions-2026-11-22.csv.')).toBeInTheDocument();
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:grove/1'));
  });

  it('lists every game of the frame on demand, following the activity list’s `next` to the last page', async () => {
    const session = (id: number, when: string, minutes: number) => ({
      id,
      period_datetime: when,
      seconds_played: minutes * 60,
      acorns_earned: id * 10,
      hr_rises: 2,
      cool_downs: 1,
    });
    const link = (page: number) => `https://grove.example/api/v2/player/1/activity/?time_frame=1Mo&page=${page}`;
    const api = signedIn([
      [
        playApi.activity,
        (request) => {
          const common = { count: 3, previous: null, time_frame: '1Mo', frame_start: '2026-10-19T04:00:00.000Z' };
          return request.query.get('page') === '2'
            ? {
                body: {
                  ...common,
                  next: null,
                  total_seconds_played: 3600,
                  results: [session(3, '2026-11-20T21:00:00.000Z', 25)],
                },
              }
            : {
                body: {
                  ...common,
                  next: link(2),
                  total_seconds_played: 3600,
                  results: [session(1, '2026-10-20T21:00:00.000Z', 15), session(2, '2026-11-02T21:00:00.000Z', 20)],
                },
              };
        },
        { id: 1 },
      ],
    ]);
    renderApp('/dashboard/stats?pid=1');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Every game in the last month (12)' })).toBeInTheDocument();
    expect(api.callsOf(playApi.activity, { id: 1 })).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Show the games' }));
    const table = await screen.findByRole('table', { name: 'Maya’s games in the last month, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['25 min', '20 min', '15 min']);
    expect(within(rows[0]!).getByRole('cell', { name: '30' })).toBeInTheDocument();
    const calls = api.callsOf(playApi.activity, { id: 1 });
    expect(calls.map((call) => call.query.get('page'))).toEqual(['1', '2']);
    expect(calls.map((call) => call.query.get('time_frame'))).toEqual(['1Mo', '1Mo']);
    expect(screen.getByRole('button', { name: 'Hide the games' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('reports a failed export', async () => {
    signedIn([[playApi.sessionsCsv, { status: 500 }, { id: 1 }]]);
    renderApp('/dashboard/stats?pid=1');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exporting sessions')).toBeInTheDocument();
  });

  it('shows the check-ins below the figures once the figures are in, so nothing moves down', async () => {
    let answer: (() => void) | undefined;
    signedIn([
      ...surveyRoutes({ responses: [] }),
      [
        playApi.weekly,
        (request) =>
          new Promise((resolve) => {
            answer = () =>
              resolve({ body: weeklyAnswer(1, frameFromParam(request.query.get('time_frame'), 'all').id, MONTH) });
          }),
        { id: 1 },
      ],
    ]);
    renderApp('/dashboard/stats?pid=1');
    expect(await screen.findByText('Loading Maya’s stats…')).toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    expect(screen.queryByRole('heading', { name: 'Check-ins' })).not.toBeInTheDocument();

    answer!();
    expect(await screen.findByRole('heading', { name: 'Check-ins' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /^Totals for the last month/ })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Minutes Maya played each week, the last month' })).toBeInTheDocument();
  });
});

describe('stats in Spanish', () => {
  it('titles the screen, names the time frames and says when a frame has no play, in Spanish', async () => {
    await loadLanguage('es', ['app']);
    signedIn([
      [
        playApi.weekly,
        { body: weeklyAnswer(1, '1Mo', [{ week_start: '2026-11-16', minutes: 0, sessions: 0 }]) },
        { id: 1 },
      ],
    ]);
    renderApp('/dashboard/stats?pid=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Estadísticas' })).toBeInTheDocument();
    expect(screen.getByText('Cómo juega Maya y cómo practica el control del pulso.')).toBeInTheDocument();
    const frames = await screen.findByRole('navigation', { name: 'Período' });
    expect(
      within(frames)
        .getAllByRole('link')
        .map((link) => link.firstChild?.textContent),
    ).toEqual(['1 sem', '1 mes', '3 meses', 'Todo']);
    expect(
      await screen.findByText(/^Maya no jugó en .+\. Un período más largo muestra juegos anteriores\.$/),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /^Totales para .+, desde el / })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Player Stats' })).not.toBeInTheDocument();
    expect(screen.queryByText('All Time')).not.toBeInTheDocument();
  });

  it('says in Spanish that a player has not played yet', async () => {
    await loadLanguage('es', ['app']);
    signedIn([
      [playApi.weekly, { body: { ...weeklyAnswer(1, '1Mo', WEEK.slice(0, 1)), first_play_date: null } }, { id: 1 }],
    ]);
    renderApp('/dashboard/stats?pid=1');
    expect(await screen.findByRole('heading', { name: 'Maya todavía no ha jugado' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a Inicio' })).toHaveAttribute('href', '/dashboard?pid=1');
    expect(screen.queryByText('Back to Home')).not.toBeInTheDocument();
  });
});
