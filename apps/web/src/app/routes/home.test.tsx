/** The home screen (issue 6 item 6) through the real routes and providers. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { UserInfo } from '@grove/domain/api/user';
import { fakeApi, type FakeApi, type FakeHandler } from '../../../test/fake-api.ts';
import { USERS, overviewAnswer, playerPage, storeSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const MAYA = { id: 1, name: 'Maya' };
const ELI = { id: 2, name: 'Eli' };

function signedIn(user: UserInfo, routes: Record<string, FakeHandler> = {}): FakeApi {
  storeSession();
  return fakeApi({
    'GET /api/v2/user/info/': { body: user },
    ...(user.account ? { [`GET /api/v2/player/accounts/${user.account.id}/`]: { body: playerPage([ELI, MAYA]) } } : {}),
    'GET /api/v1/dashboard/player/1/overview/': { body: overviewAnswer(MAYA) },
    'GET /api/v1/dashboard/player/2/overview/': {
      body: overviewAnswer(ELI, {
        this_week: {
          week_start: '2026-11-16',
          seconds_played: 3000,
          minutes: 50,
          sessions: 3,
          hr_rises: 5,
          cool_downs: 4,
          goal_minutes: 45,
        },
        chase_speed: 3,
      }),
    },
    ...routes,
  });
}

function figure(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.parentElement as HTMLElement;
}

describe('home', () => {
  it('shows the first player’s week against the goal, the figures with their icons and the last sessions', async () => {
    const api = signedIn(USERS.parent);
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 2, name: 'Maya’s week' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Guides for parents' })).toHaveAttribute('href', '/dashboard/resources');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Jordan' })).toBeInTheDocument();

    expect(screen.getByText('38 minutes')).toBeInTheDocument();
    expect(screen.getByText('7 minutes to go to reach the weekly goal of 45 minutes.')).toBeInTheDocument();
    expect(within(figure('Heart-rate rises')).getByText('3')).toBeInTheDocument();
    expect(within(figure('Cooldowns')).getByText('this week · 48 s on average overall')).toBeInTheDocument();
    expect(within(figure('Gauge')).getByText('4')).toBeInTheDocument();
    expect(within(figure('Chase speed')).getByText('7')).toBeInTheDocument();
    expect(within(figure('Acorns')).getByText('1,250')).toBeInTheDocument();
    for (const label of ['Heart-rate rises', 'Cooldowns', 'Gauge', 'Chase speed', 'Acorns']) {
      expect(figure(label).querySelector('.figure__icon svg')).not.toBeNull();
    }

    const sessions = within(screen.getByRole('region', { name: 'Last sessions' })).getAllByRole('listitem');
    expect(sessions).toHaveLength(2);
    // 00:16 UTC on 21 November is 7:16 PM on Friday 20 November in New York, in the spec's
    // date format MM-DD-YYYY h:mm:ss a zz.
    const when = sessions[0]?.querySelector('time');
    expect(when).toHaveTextContent(/^11-20-2026 7:16:00 PM EST$/);
    expect(when).toHaveAttribute('datetime', '2026-11-21T00:16:00.000Z');
    expect(sessions[0]).toHaveTextContent('11-20-2026 7:16:00 PM EST11 min played');
    expect(sessions[1]?.querySelector('time')).toHaveTextContent(/^11-18-2026 6:43:00 PM EST$/);
    expect(sessions[0]).toHaveTextContent('2 rises');
    expect(screen.getByRole('link', { name: /See Maya’s stats/ })).toHaveAttribute('href', '/dashboard/stats?pid=1');
    expect(api.callsTo('GET /api/v1/dashboard/player/1/overview/')).toHaveLength(1);
  });

  it('switches players through the address and says when the goal is reached', async () => {
    const api = signedIn(USERS.parent);
    const app = renderApp('/dashboard?gis=3Mos');
    await screen.findByRole('heading', { name: 'Maya’s week' });
    const switcher = screen.getByRole('navigation', { name: 'Choose a player' });
    expect(within(switcher).getByRole('link', { name: 'Maya' })).toHaveAttribute('aria-current', 'page');

    await userEvent.setup().click(within(switcher).getByRole('link', { name: 'Eli' }));
    expect(await screen.findByRole('heading', { name: 'Eli’s week' })).toBeInTheDocument();
    expect(app.location()).toBe('/dashboard?pid=2&gis=3Mos');
    expect(screen.getByText(/Weekly goal of 45 minutes reached/)).toBeInTheDocument();
    expect(within(figure('Chase speed')).getByText('3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /See Eli’s stats/ })).toHaveAttribute(
      'href',
      '/dashboard/stats?pid=2&gis=3Mos',
    );
    expect(api.callsTo('GET /api/v1/dashboard/player/2/overview/')).toHaveLength(1);
  });

  it('greets a family without players with what to do next', async () => {
    signedIn(USERS.noPlayers, { 'GET /api/v2/player/accounts/5/': { body: playerPage([]) } });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'No players yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your account' })).toHaveAttribute(
      'href',
      '/dashboard/account?segment=details',
    );
    expect(screen.queryByRole('navigation', { name: 'Choose a player' })).not.toBeInTheDocument();
  });

  it('tells a player who has not played yet what will appear, and still shows the game settings', async () => {
    signedIn(USERS.parent, {
      'GET /api/v1/dashboard/player/1/overview/': {
        body: overviewAnswer(MAYA, {
          this_week: {
            week_start: '2026-11-16',
            seconds_played: 0,
            minutes: 0,
            sessions: 0,
            hr_rises: 0,
            cool_downs: 0,
            goal_minutes: 45,
          },
          last_sessions: [],
          totals: {
            sessions: 0,
            seconds_played: 0,
            hr_rises: 0,
            cool_downs: 0,
            cooldown_events: 0,
            average_cool_down_seconds: null,
            acorns_earned: 0,
          },
          acorns: 0,
          first_play_date: null,
          last_play_date: null,
        }),
      },
    });
    renderApp('/dashboard?pid=1');
    expect(await screen.findByRole('heading', { name: 'Maya hasn’t played yet' })).toBeInTheDocument();
    expect(within(figure('Chase speed')).getByText('7')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Last sessions' })).not.toBeInTheDocument();
  });

  it('offers to try again when the figures fail to load', async () => {
    const api = signedIn(USERS.parent, { 'GET /api/v1/dashboard/player/1/overview/': { status: 500 } });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'We couldn’t load Maya’s week' })).toBeInTheDocument();
    api.set('GET /api/v1/dashboard/player/1/overview/', { body: overviewAnswer(MAYA) });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Maya’s week' })).toBeInTheDocument();
  });

  it('shows staff without a family where to find one', async () => {
    signedIn(USERS.staff);
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'No family to show here' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the admin accounts' })).toHaveAttribute('href', '/admin/accounts');
  });

  it('shows staff the family of the player in the address', async () => {
    const api = signedIn(USERS.staff, {
      'GET /api/v2/player/2/': {
        body: {
          id: 2,
          account: 1,
          name: 'Eli',
          role: 'child',
          in_program: true,
          hr_gauge: 4,
          chase_speed: 3,
          acorns: 10,
          first_play_date: null,
        },
      },
      'GET /api/v2/player/accounts/1/': { body: playerPage([MAYA, ELI]) },
    });
    renderApp('/dashboard?pid=2');
    expect(await screen.findByRole('heading', { name: 'Eli’s week' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('You are looking at this family’s home as staff.');
    expect(screen.getByRole('link', { name: 'Back to the account' })).toHaveAttribute('href', '/admin/accounts/1');
    expect(within(screen.getByRole('navigation', { name: 'Choose a player' })).getAllByRole('link')).toHaveLength(2);
    await waitFor(() => expect(api.callsTo('GET /api/v2/player/2/')).toHaveLength(1));
  });

  it('shows a coach where the families they coach are', async () => {
    signedIn(USERS.coach);
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'No family to show here' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Coaching' })).toHaveAttribute('href', '/dashboard/coaching');
  });
});
