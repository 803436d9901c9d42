/**
 * The home screen (issue 6 item 6; issue 25 item 5: Home leads the way) through the real routes
 * and providers.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { Account } from '@grove/domain/api/account';
import type { IncompleteProfilePage } from '@grove/domain/api/players';
import type { UserInfo } from '@grove/domain/api/user';
import type { Onboarding, Webinar } from '@grove/domain/api/webinars';
import type { OnboardingStepId } from '@grove/domain';
import { accountApi } from '@grove/domain/api/endpoints/account';
import { playApi } from '@grove/domain/api/endpoints/play';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { userApi } from '@grove/domain/api/endpoints/user';
import { webinarsApi } from '@grove/domain/api/endpoints/webinars';
import { fakeApi, type FakeAnswer, type FakeApi, type FakeHandler, type FakeRoute } from '../../../test/fake-api.ts';
import {
  USERS,
  accountFixture,
  familyWeekAnswer,
  onboardingFixture,
  overviewAnswer,
  playerPage,
  storeSession,
  webinarFixture,
} from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { COACHING_NOW, coachingRoutes, fakeCoaching } from '../../features/coaching/coaching.fixtures.ts';
import { fakePairing, pairingRoutes } from '../../features/devices/devices.fixtures.ts';
import { stepLink } from '../../lib/step-links.ts';
import { loadLanguage } from '../../lib/i18n.ts';

const MAYA = { id: 1, name: 'Maya' };
const ELI = { id: 2, name: 'Eli' };
/** Eli's week in both answers: over the goal, on a streak of 4. */
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
  streak: { weeks: 4, this_week_met: true, longest_weeks: 4 },
};

function signedIn(user: UserInfo, routes: FakeRoute[] = []): FakeApi {
  storeSession();
  const players: FakeRoute[] = user.account
    ? [[playersApi.list, { body: playerPage([ELI, MAYA]) }, { id: user.account.id }]]
    : [];
  return fakeApi([
    [userApi.info, { body: user }],
    ...players,
    [playApi.overview, { body: overviewAnswer(MAYA) }, { id: 1 }],
    [playApi.overview, { body: overviewAnswer(ELI, { ...ELI_WEEK, chase_speed: 3 }) }, { id: 2 }],
    [playApi.familyWeek, { body: familyWeekAnswer([MAYA, { ...ELI, ...ELI_WEEK }]) }, { id: 1 }],
    ...routes,
  ]);
}

/** A figure of the selected player's week (the siblings card has figures of the same names). */
function figure(label: string): HTMLElement {
  const figures = screen.getByRole('region', { name: 'Heart-rate practice and game settings' });
  const term = within(figures).getByText(label, { selector: 'dt' });
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
    expect(
      screen.getByText('Streak: 3 weeks in a row at the goal. Reach the goal this week to make it 4.'),
    ).toBeInTheDocument();
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
    expect(api.callsOf(playApi.overview, { id: 1 })).toHaveLength(1);
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
    expect(screen.getByText('Streak: 4 weeks in a row at the goal, this week included.')).toBeInTheDocument();
    expect(within(figure('Chase speed')).getByText('3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /See Eli’s stats/ })).toHaveAttribute(
      'href',
      '/dashboard/stats?pid=2&gis=3Mos',
    );
    expect(api.callsOf(playApi.overview, { id: 2 })).toHaveLength(1);
  });

  it('greets a family without players with what to do next', async () => {
    signedIn(USERS.noPlayers, [[playersApi.list, { body: playerPage([]) }, { id: 5 }]]);
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'No players yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your first player' })).toHaveAttribute(
      'href',
      '/dashboard/account?segment=players',
    );
    expect(screen.getByRole('link', { name: 'Connect a tablet' })).toHaveAttribute('href', '/dashboard/connect');
    expect(screen.queryByRole('navigation', { name: 'Choose a player' })).not.toBeInTheDocument();
  });

  it('tells a player who has not played yet what will appear, and still shows the game settings', async () => {
    signedIn(USERS.parent, [
      [
        playApi.overview,
        {
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
        { id: 1 },
      ],
    ]);
    renderApp('/dashboard?pid=1');
    expect(await screen.findByRole('heading', { name: 'Maya hasn’t played yet' })).toBeInTheDocument();
    expect(within(figure('Chase speed')).getByText('7')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Last sessions' })).not.toBeInTheDocument();
  });

  it('offers to try again when the figures fail to load', async () => {
    const api = signedIn(USERS.parent, [[playApi.overview, { status: 500 }, { id: 1 }]]);
    renderApp('/dashboard');
    expect(await screen.findByText('We couldn’t load Maya’s week.')).toBeInTheDocument();
    api.on(playApi.overview, { body: overviewAnswer(MAYA) }, { id: 1 });
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Try again', description: 'We couldn’t load Maya’s week.' }));
    expect(await screen.findByRole('heading', { name: 'Maya’s week' })).toBeInTheDocument();
  });

  it('shows staff without a family where to find one', async () => {
    signedIn(USERS.staff);
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'No family to show here' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the admin accounts' })).toHaveAttribute('href', '/admin/accounts');
  });

  it('shows staff the family of the player in the address', async () => {
    const api = signedIn(USERS.staff, [
      [
        playersApi.get,
        {
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
        { id: 2 },
      ],
      [playersApi.list, { body: playerPage([MAYA, ELI]) }, { id: 1 }],
    ]);
    renderApp('/dashboard?pid=2');
    expect(await screen.findByRole('heading', { name: 'Eli’s week' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('You are looking at this family’s home as staff.');
    expect(screen.getByRole('link', { name: 'Back to the account' })).toHaveAttribute('href', '/admin/accounts/1');
    expect(within(screen.getByRole('navigation', { name: 'Choose a player' })).getAllByRole('link')).toHaveLength(2);
    await waitFor(() => expect(api.callsOf(playersApi.get, { id: 2 })).toHaveLength(1));
  });

  it('shows a coach where the families they coach are', async () => {
    signedIn(USERS.coach);
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'No family to show here' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Coaching' })).toHaveAttribute('href', '/dashboard/coaching');
  });
});

// Home leads the way (issue 25 item 5): the next step, profiles to complete, the coach, the next tutorial.

const ALL_STEPS: OnboardingStepId[] = [
  'add_players',
  'kit_delivered',
  'pair_band',
  'first_game',
  'join_tutorial',
  'book_coaching',
];

type FamilyOptions = {
  user?: UserInfo;
  players?: { id: number; name: string }[];
  onboarding?: Onboarding | FakeHandler;
  account?: Account;
  profiles?: IncompleteProfilePage['results'];
  webinars?: Webinar[];
  registeredIds?: number[];
  routes?: FakeRoute[];
};

/** A family signed in with everything Home reads for it; the calls of the coach card from the coaching fake. */
function family(options: FamilyOptions = {}): FakeApi {
  const user = options.user ?? USERS.parent;
  const accountId = user.account?.id ?? 1;
  const profiles = options.profiles ?? [];
  const onboarding = options.onboarding ?? onboardingFixture(['add_players', 'kit_delivered']);
  return signedIn(user, [
    [
      playersApi.list,
      {
        body: playerPage(options.players ?? [ELI, MAYA], undefined, accountId),
      },
      { id: accountId },
    ],
    [
      webinarsApi.onboarding,
      typeof onboarding === 'function' || !('passed' in onboarding) ? onboarding : { body: onboarding },
    ],
    [accountApi.detail, { body: options.account ?? accountFixture({ id: accountId }) }, { id: accountId }],
    [
      playersApi.incompleteProfiles,
      {
        body: { count: profiles.length, next: null, previous: null, results: profiles },
      },
      { id: accountId },
    ],
    [
      webinarsApi.list,
      {
        body: { count: 1, next: null, previous: null, results: options.webinars ?? [webinarFixture()] },
      },
    ],
    [
      webinarsApi.registrations,
      {
        body: {
          count: options.registeredIds?.length ?? 0,
          next: null,
          previous: null,
          results: (options.registeredIds ?? []).map((id, index) => ({
            id: 90 + index,
            webinar_id: id,
            created_at: '2026-11-10T15:00:00.000Z',
          })),
        },
      },
    ],
    [playApi.familyWeek, { body: familyWeekAnswer(options.players ?? [MAYA, ELI], accountId) }, { id: accountId }],
    ...coachingRoutes(fakeCoaching()),
    ...(options.routes ?? []),
  ]);
}

const region = (name: string | RegExp) => screen.getByRole('region', { name });

describe('Home leads the way', () => {
  it('shows the welcome checklist’s next step, with where to do it and all the steps', async () => {
    const api = family({ onboarding: onboardingFixture([]) });
    renderApp('/dashboard');
    const step = await screen.findByRole('region', { name: 'Step 1 of 6: Add your players' });
    expect(within(step).getByText('Your first steps · 0 of 6 done')).toBeInTheDocument();
    expect(within(step).getByText(/Each child gets a player profile/)).toBeInTheDocument();
    const link = stepLink('add_players');
    expect(within(step).getByRole('link', { name: link.label })).toHaveAttribute('href', link.to);
    expect(within(step).getByRole('link', { name: 'See all steps' })).toHaveAttribute('href', '/dashboard/welcome');
    expect(api.callsOf(webinarsApi.onboarding)).toHaveLength(1);
  });

  it('leads the tablet step to Connect a tablet, and ticks it by itself once the tablet is connected', async () => {
    const pairing = fakePairing();
    // The server ticks "Connect the tablet" once the account has a device.
    const onboarding = () => ({
      body: onboardingFixture(
        pairing.devices.length > 0 ? ['add_players', 'kit_delivered', 'pair_band'] : ['add_players', 'kit_delivered'],
      ),
    });
    family({ onboarding, routes: pairingRoutes(pairing) });
    const app = renderApp('/dashboard');
    const user = userEvent.setup();
    const step = await screen.findByRole('region', { name: 'Step 3 of 6: Connect the tablet' });
    expect(within(step).getByText(/type the code it shows into Grove/)).toBeInTheDocument();
    await user.click(within(step).getByRole('link', { name: 'Type the tablet’s code' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Connect a tablet' })).toBeInTheDocument();
    expect(app.location()).toBe('/dashboard/connect');
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'wdjb mjht');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Connect' }));
    const done = await screen.findByRole('region', { name: 'Living room tablet is connected' });
    await user.click(within(done).getByRole('link', { name: 'Go to Home' }));

    expect(await screen.findByRole('region', { name: 'Step 4 of 6: Play the first game' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Connect the tablet/ })).not.toBeInTheDocument();
  });

  it('reads the checklist again when the window regains focus', async () => {
    const api = family();
    renderApp('/dashboard');
    await screen.findByRole('region', { name: 'Step 3 of 6: Connect the tablet' });
    api.on(webinarsApi.onboarding, { body: onboardingFixture(['add_players', 'kit_delivered', 'pair_band']) });
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await screen.findByRole('region', { name: 'Step 4 of 6: Play the first game' })).toBeInTheDocument();
  });

  it('shows no next step once every step is done, nor to a cancelled family (the checklist sends them home)', async () => {
    family({ onboarding: onboardingFixture(ALL_STEPS) });
    const done = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Maya’s week' });
    expect(screen.queryByRole('region', { name: /^Step \d of 6/ })).not.toBeInTheDocument();
    done.unmount();

    const api = family({ user: USERS.cancelled, onboarding: onboardingFixture([]) });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Maya’s week' });
    expect(screen.queryByRole('region', { name: /^Step \d of 6/ })).not.toBeInTheDocument();
    expect(api.callsOf(webinarsApi.onboarding)).toHaveLength(0);
    // The coaching screen would send them home too: their coach card offers no booking.
    expect(within(region('Your coach')).queryByRole('link', { name: 'Book a call' })).not.toBeInTheDocument();
  });

  it('lists the profiles to complete, each with a link to complete it in the Players segment', async () => {
    family({
      profiles: [
        { id: 7, player_name: 'Sam', created_at: '2026-11-01T15:00:00.000Z' },
        { id: 8, player_name: 'Ada', created_at: '2026-11-02T15:00:00.000Z' },
      ],
    });
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: '2 profiles to complete' });
    expect(within(card).getByRole('link', { name: 'Complete Sam’s profile' })).toHaveAttribute(
      'href',
      '/dashboard/account?segment=players&profile=7',
    );
    expect(within(card).getByRole('link', { name: 'Complete Ada’s profile' })).toHaveAttribute(
      'href',
      '/dashboard/account?segment=players&profile=8',
    );
  });

  it('shows the family’s coach with the next call in the family’s zone, and books a call on the booking screen', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: COACHING_NOW });
    family();
    const app = renderApp('/dashboard');
    const coach = await screen.findByRole('region', { name: 'Your coach' });
    expect(within(coach).getByText('Casey Morgan')).toBeInTheDocument();
    expect(within(coach).getByText('CM')).toHaveAttribute('aria-hidden', 'true');
    // 15:00 UTC on 25 November is 10:00 AM in New York, in the spec's date format.
    expect(await within(coach).findByText('11-25-2026 10:00:00 AM EST')).toBeInTheDocument();
    expect(coach).toHaveTextContent('Next call 11-25-2026 10:00:00 AM EST');
    await waitFor(() => expect(within(coach).getByText('Family coach')).toBeInTheDocument());

    await userEvent.setup().click(within(coach).getByRole('link', { name: 'Book a call' }));
    // The parent lands on the screen that books (session-rules.ts `coaching` lets them in).
    expect(await screen.findByRole('heading', { level: 1, name: 'Coaching' })).toBeInTheDocument();
    expect(app.location()).toBe('/dashboard/coaching');
    expect(await screen.findByRole('region', { name: 'Your calls' })).toBeInTheDocument();
  });

  it('invites a family without a coach yet to book its first call (the booking assigns the coach)', async () => {
    family({ account: accountFixture({ coach_user: null }) });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Maya’s week' });
    expect(screen.queryByRole('region', { name: 'Your coach' })).not.toBeInTheDocument();
    const coaching = region('Coaching');
    expect(within(coaching).getByText(/Meet a Grove coach/)).toBeInTheDocument();
    expect(within(coaching).getByRole('link', { name: 'Book a call' })).toHaveAttribute('href', '/dashboard/coaching');
    expect(region('Next tutorial')).toBeInTheDocument();
  });

  it('while the kit is on its way, shows the step to do when it arrives: connecting the tablet', async () => {
    family({ onboarding: onboardingFixture(['add_players']) });
    renderApp('/dashboard');
    const step = await screen.findByRole('region', { name: 'Step 3 of 6: Connect the tablet' });
    expect(within(step).getByText(/Your kit is on its way/)).toBeInTheDocument();
    expect(within(step).getByText('Your first steps · 1 of 6 done')).toBeInTheDocument();
    expect(within(step).getByRole('link', { name: 'Type the tablet’s code' })).toHaveAttribute(
      'href',
      '/dashboard/connect',
    );
  });

  it('shows the next tutorial, registered or not, with the way to Tutorials', async () => {
    family({ webinars: [webinarFixture({ id: 20, cancelled: true }), webinarFixture()] });
    const first = renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Next tutorial' });
    expect(await within(card).findByText('Getting started with Grove')).toBeInTheDocument();
    // 23:00 UTC on 2 December is 6:00 PM in New York.
    expect(within(card).getByText('12-02-2026 6:00:00 PM EST')).toBeInTheDocument();
    expect(within(card).getByText('12 seats left')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Choose a tutorial' })).toHaveAttribute(
      'href',
      '/dashboard/tutorials',
    );
    first.unmount();

    family({ registeredIds: [21] });
    renderApp('/dashboard');
    const registered = await screen.findByRole('region', { name: 'Next tutorial' });
    expect(await within(registered).findByText('You’re registered.')).toBeInTheDocument();
    expect(within(registered).getByRole('link', { name: 'See your tutorials' })).toHaveAttribute(
      'href',
      '/dashboard/tutorials',
    );
  });

  it('still leads to Tutorials when none is planned', async () => {
    family({ webinars: [] });
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Next tutorial' });
    expect(await within(card).findByText(/No tutorial is planned right now/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Choose a tutorial' })).toHaveAttribute(
      'href',
      '/dashboard/tutorials',
    );
  });

  it('lays the cards out at once: the players wait with the skeleton until Home knows which cards to show', async () => {
    let release: (answer: FakeAnswer) => void = () => undefined;
    const held = new Promise<FakeAnswer>((resolve) => {
      release = resolve;
    });
    family({ onboarding: () => held });
    renderApp('/dashboard');
    expect(await screen.findByText('Loading your players…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Maya’s week' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Next tutorial' })).not.toBeInTheDocument();

    release({ body: onboardingFixture(['add_players', 'kit_delivered']) });
    expect(await screen.findByRole('region', { name: 'Step 3 of 6: Connect the tablet' })).toBeInTheDocument();
    expect(region('Next tutorial')).toBeInTheDocument();
    expect(region('Your coach')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Maya’s week' })).toBeInTheDocument();
  });

  it('puts the next step first, the players next, then the coach and the tutorial, all under the page heading', async () => {
    family({ profiles: [{ id: 7, player_name: 'Sam', created_at: '2026-11-01T15:00:00.000Z' }] });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Maya’s week' });
    await screen.findByRole('progressbar', { name: 'Maya’s minutes this week' });
    const headings = screen
      .getAllByRole('heading')
      .map((heading) => `${heading.tagName} ${heading.textContent?.trim() ?? ''}`);
    expect(headings).toEqual([
      'H1 Welcome back, Jordan',
      'H2 Step 3 of 6: Connect the tablet',
      'H2 A profile to complete',
      'H2 Your players this week',
      'H3 Maya',
      'H3 Eli',
      'H2 Maya’s week',
      'H2 Heart-rate practice and game settings',
      'H2 Last sessions',
      'H2 Your coach',
      'H2 Next tutorial',
    ]);
  });

  it('shows staff and coaches none of a family’s cards', async () => {
    for (const person of [USERS.staff, USERS.coach]) {
      const api = signedIn(person);
      const app = renderApp('/dashboard');
      await screen.findByRole('heading', { name: 'No family to show here' });
      expect(screen.queryByRole('region', { name: 'Next tutorial' })).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Your coach' })).not.toBeInTheDocument();
      expect(api.callsOf(webinarsApi.onboarding)).toHaveLength(0);
      app.unmount();
    }
  });
});

describe('home in Spanish', () => {
  it('greets the family, links to the stats and explains Grove in Spanish', async () => {
    await loadLanguage('es', ['app']);
    signedIn(USERS.parent);
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola de nuevo, Jordan' })).toBeInTheDocument();
    expect(screen.getByText('Así juega su familia esta semana y así va su práctica del pulso.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Ver las estadísticas de Maya/ })).toHaveAttribute(
      'href',
      '/dashboard/stats?pid=1',
    );
    expect(screen.getByRole('link', { name: 'guías para padres' })).toHaveAttribute('href', '/dashboard/resources');
    expect(screen.getByText('Cómo funciona Grove:')).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
    expect(screen.queryByText(/How Grove works/)).not.toBeInTheDocument();
  });

  it('tells a family without players what to do, in Spanish', async () => {
    await loadLanguage('es', ['app']);
    signedIn(USERS.noPlayers, [[playersApi.list, { body: playerPage([]) }, { id: 5 }]]);
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Todavía no hay jugadores' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Agregue su primer jugador' })).toHaveAttribute(
      'href',
      '/dashboard/account?segment=players',
    );
    expect(screen.getByRole('link', { name: 'Conectar una tableta' })).toHaveAttribute('href', '/dashboard/connect');
    expect(screen.queryByText('No players yet')).not.toBeInTheDocument();
  });
});
