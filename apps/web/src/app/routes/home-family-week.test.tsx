/**
 * Siblings side by side on Home (issue 29 item 2) through the real routes and providers: every
 * player of the family this week, from one read, and nothing new for a family of one.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { UserInfo } from '@grove/domain/api/user';
import { playApi } from '@grove/domain/api/endpoints/play';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { userApi } from '@grove/domain/api/endpoints/user';
import { fakeApi, type FakeApi, type FakeRoute } from '../../../test/fake-api.ts';
import { USERS, familyWeekAnswer, overviewAnswer, playerPage, storeSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const MAYA = { id: 1, name: 'Maya' };
const ELI = { id: 2, name: 'Eli' };
const IVY = { id: 3, name: 'Ivy' };

const ELI_WEEK = {
  this_week: {
    week_start: '2026-11-16',
    seconds_played: 3000,
    minutes: 50,
    sessions: 3,
    hr_rises: 5,
    cool_downs: 4,
    goal_minutes: 45,
  },
  last_play_date: '2026-11-19T14:05:00.000Z',
  streak: { weeks: 4, this_week_met: true, longest_weeks: 4 },
};
const IVY_WEEK = {
  this_week: {
    week_start: '2026-11-16',
    seconds_played: 0,
    minutes: 0,
    sessions: 0,
    hr_rises: 0,
    cool_downs: 0,
    goal_minutes: 45,
  },
  last_play_date: null,
  streak: { weeks: 0, this_week_met: false, longest_weeks: 0 },
};

function signedIn(
  players: { id: number; name: string }[],
  routes: FakeRoute[] = [],
  user: UserInfo = USERS.parent,
): FakeApi {
  storeSession();
  return fakeApi([
    [userApi.info, { body: user }],
    ...(user.account ? [[playersApi.list, { body: playerPage(players) }, { id: 1 }] as const] : []),
    ...players.map((player): FakeRoute => [playApi.overview, { body: overviewAnswer(player) }, { id: player.id }]),
    [
      playApi.familyWeek,
      { body: familyWeekAnswer([MAYA, { ...ELI, ...ELI_WEEK }, { ...IVY, ...IVY_WEEK }].slice(0, players.length)) },
      { id: 1 },
    ],
    ...routes,
  ]);
}

const card = () => screen.getByRole('region', { name: 'Your players this week' });
const tile = (name: string) => within(card()).getByRole('listitem', { name });
const fact = (name: string, label: string) =>
  within(tile(name)).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('Home: every player of the family this week', () => {
  it('shows each player’s minutes against the goal, rises, cooldowns, streak and last play, from one read', async () => {
    const api = signedIn([MAYA, ELI, IVY]);
    renderApp('/dashboard?gis=3Mos');
    const maya = await screen.findByRole('progressbar', { name: 'Maya’s minutes this week' });
    expect(
      within(card())
        .getAllByRole('listitem')
        .map((item) => item.querySelector('h3')?.textContent),
    ).toEqual(['Maya', 'Eli', 'Ivy']);
    expect(
      within(card()).getByText('Week starting Monday, Nov 16. The goal is 45 minutes for each player.'),
    ).toBeInTheDocument();

    // Maya: 38 of 45 minutes, on the way.
    expect(maya).toHaveAttribute('aria-valuenow', '38');
    expect(maya).toHaveAttribute('aria-valuemax', '45');
    expect(maya).toHaveAttribute('aria-valuetext', '38 minutes of the 45-minute goal');
    expect(tile('Maya')).toHaveTextContent('38 of 45 minutes');
    expect(within(tile('Maya')).getByText('7 minutes to go')).toBeInTheDocument();
    expect(fact('Maya', 'Heart-rate rises')).toHaveTextContent('3');
    expect(fact('Maya', 'Cooldowns')).toHaveTextContent('3');
    expect(fact('Maya', 'Goal streak')).toHaveTextContent('3 weeks');
    // 00:16 UTC on 21 November is 7:16 PM on 20 November in New York (the spec's date format).
    expect(fact('Maya', 'Last play')).toHaveTextContent('11-20-2026 7:16:00 PM EST');
    expect(within(fact('Maya', 'Last play')).getByText(/^11-20-2026/, { selector: 'time' })).toHaveAttribute(
      'datetime',
      '2026-11-21T00:16:00.000Z',
    );

    // Eli: over the goal — said in words and with a tick, not by colour alone; the bar stays full.
    const eli = screen.getByRole('progressbar', { name: 'Eli’s minutes this week' });
    expect(eli).toHaveAttribute('aria-valuenow', '45');
    expect(eli).toHaveAttribute('aria-valuetext', '50 minutes of the 45-minute goal, goal reached');
    expect(within(tile('Eli')).getByText('Goal reached')).toBeInTheDocument();
    expect(fact('Eli', 'Heart-rate rises')).toHaveTextContent('5');
    expect(fact('Eli', 'Cooldowns')).toHaveTextContent('4');
    expect(fact('Eli', 'Goal streak')).toHaveTextContent('4 weeks');
    expect(fact('Eli', 'Last play')).toHaveTextContent('11-19-2026 9:05:00 AM EST');

    // Ivy has not played yet.
    expect(screen.getByRole('progressbar', { name: 'Ivy’s minutes this week' })).toHaveAttribute('aria-valuenow', '0');
    expect(within(tile('Ivy')).getByText('45 minutes to go')).toBeInTheDocument();
    expect(fact('Ivy', 'Goal streak')).toHaveTextContent('None yet');
    expect(fact('Ivy', 'Last play')).toHaveTextContent('No play yet');

    // Each tile leads to that player's stats, keeping the time frame.
    expect(within(tile('Eli')).getByRole('link', { name: 'Eli’s stats' })).toHaveAttribute(
      'href',
      '/dashboard/stats?pid=2&gis=3Mos',
    );
    expect(within(tile('Ivy')).getByRole('link', { name: 'Ivy’s stats' })).toHaveAttribute(
      'href',
      '/dashboard/stats?pid=3&gis=3Mos',
    );

    // One read for the family; the selected player's own week is read as before, the others' not.
    expect(api.callsOf(playApi.familyWeek, { id: 1 })).toHaveLength(1);
    await screen.findByRole('heading', { name: 'Maya’s week' });
    expect(api.callsOf(playApi.overview).map((call) => call.params.id)).toEqual(['1']);
  });

  it('opens a player’s stats from the player’s tile', async () => {
    signedIn([MAYA, ELI]);
    const app = renderApp('/dashboard');
    await screen.findByRole('progressbar', { name: 'Eli’s minutes this week' });
    await userEvent.setup().click(within(tile('Eli')).getByRole('link', { name: 'Eli’s stats' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Player Stats' })).toBeInTheDocument();
    expect(app.location()).toBe('/dashboard/stats?pid=2');
  });

  it('changes nothing for a family of one player', async () => {
    const api = signedIn([MAYA]);
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Maya’s week' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your players this week' })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(api.callsOf(playApi.familyWeek)).toHaveLength(0);
  });

  it('offers to try again when the family’s week fails to load, and keeps the selected player’s week', async () => {
    const api = signedIn([MAYA, ELI], [[playApi.familyWeek, { status: 500 }, { id: 1 }]]);
    renderApp('/dashboard');
    expect(
      await within(await screen.findByRole('region', { name: 'Your players this week' })).findByText(
        'We couldn’t load your players’ week.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Maya’s week' })).toBeInTheDocument();

    api.on(playApi.familyWeek, { body: familyWeekAnswer([MAYA, { ...ELI, ...ELI_WEEK }]) }, { id: 1 });
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Try again', description: 'We couldn’t load your players’ week.' }));
    expect(await screen.findByRole('progressbar', { name: 'Eli’s minutes this week' })).toBeInTheDocument();
  });

  it('shows staff visiting a family its players side by side', async () => {
    const api = signedIn(
      [],
      [
        [playersApi.get, { body: { ...playerPage([ELI]).results[0]!.player } }, { id: 2 }],
        [playersApi.list, { body: playerPage([MAYA, ELI]) }, { id: 1 }],
        [playApi.overview, { body: overviewAnswer(ELI) }, { id: 2 }],
        [playApi.familyWeek, { body: familyWeekAnswer([MAYA, { ...ELI, ...ELI_WEEK }]) }, { id: 1 }],
      ],
      USERS.staff,
    );
    renderApp('/dashboard?pid=2');
    expect(await screen.findByRole('progressbar', { name: 'Maya’s minutes this week' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Eli’s minutes this week' })).toBeInTheDocument();
    expect(api.callsOf(playApi.familyWeek, { id: 1 })).toHaveLength(1);
  });
});
