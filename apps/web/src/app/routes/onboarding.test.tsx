/** The welcome checklist (issue 13 item 6) through the real routes and providers, against a fake API. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ONBOARDING_STEPS, type OnboardingStepId } from '@grove/domain';
import type { Onboarding } from '@grove/domain/api/webinars';
import type { UserInfo } from '@grove/domain/api/user';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { userApi } from '@grove/domain/api/endpoints/user';
import { webinarsApi } from '@grove/domain/api/endpoints/webinars';

import { fakeApi, type FakeApi, type FakeRoute } from '../../../test/fake-api.ts';
import { USERS, onboardingFixture, playerPage, storeSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { EXTERNAL_LINKS } from '../../lib/env.ts';
import { loadLanguage } from '../../lib/i18n.ts';

const ONBOARDING = webinarsApi.onboarding;

/** The server's side: finishing a manual step moves it to the passed steps. */
function onboardingServer(initial: Onboarding): FakeRoute[] {
  let state = initial;
  const routes: FakeRoute[] = [[ONBOARDING, () => ({ body: state })]];
  for (const { id } of ONBOARDING_STEPS) {
    routes.push([
      webinarsApi.finishStep,
      () => {
        const step = state.to_pass.find((item) => item.id === id);
        if (step) {
          state = {
            passed: [...state.passed, { ...step, passed_at: '2026-11-21T14:30:00.000Z' }],
            to_pass: state.to_pass.filter((item) => item.id !== id),
          };
        }
        return { body: state };
      },
      { step: id },
    ]);
  }
  return routes;
}

function signedIn(user: UserInfo, routes: FakeRoute[] = []): FakeApi {
  storeSession();
  const players: FakeRoute[] = user.account
    ? [[playersApi.list, { body: playerPage([{ id: 1, name: 'Maya' }]) }, { id: user.account.id }]]
    : [];
  return fakeApi([[userApi.info, { body: user }], ...players, ...routes]);
}

const section = (name: string) => screen.getByRole('region', { name });
const stepTitles = (name: string) =>
  within(section(name))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
const stepItem = (title: string) => screen.getByRole('heading', { level: 3, name: title }).closest('li') as HTMLElement;

describe('welcome checklist', () => {
  it('shows the progress, the steps still to do in order with where to do them, then the steps done', async () => {
    signedIn(USERS.parent, onboardingServer(onboardingFixture(['add_players', 'kit_delivered'])));
    renderApp('/dashboard/welcome');

    expect(await screen.findByText('2 of 6 done')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '2 of 6 done' })).toHaveAttribute('value', '2');
    expect(stepTitles('Still to do')).toEqual([
      'Connect the tablet',
      'Play the first game',
      'Join a live tutorial',
      'Book your first coaching call',
    ]);
    expect(stepTitles('Done')).toEqual(['Add your players', 'Receive your kit']);

    const band = stepItem('Connect the tablet');
    expect(within(band).getByText('Step 3 of 6')).toBeInTheDocument();
    expect(within(band).getByText(/type the code it shows into Grove/)).toBeInTheDocument();
    expect(within(band).getByRole('link', { name: 'Type the tablet’s code' })).toHaveAttribute(
      'href',
      '/dashboard/connect',
    );
    expect(within(band).getByRole('button', { name: 'Mark as done (Connect the tablet)' })).toBeInTheDocument();

    // Automatic steps say they tick themselves and offer no button.
    const gameStep = stepItem('Play the first game');
    const game = within(gameStep).getByRole('link', { name: /Open Game Directions/ });
    expect(game).toHaveAttribute('href', EXTERNAL_LINKS.gameDirections);
    expect(game).toHaveAttribute('target', '_blank');
    expect(game.getAttribute('rel')).toContain('noopener');
    expect(within(gameStep).getByText('This step ticks itself after your child’s first game.')).toBeInTheDocument();
    expect(within(gameStep).queryByRole('button')).not.toBeInTheDocument();

    const tutorial = stepItem('Join a live tutorial');
    expect(within(tutorial).getByRole('link', { name: 'Choose a tutorial' })).toHaveAttribute(
      'href',
      '/dashboard/tutorials',
    );
    expect(within(tutorial).getByRole('button', { name: 'Mark as done (Join a live tutorial)' })).toBeInTheDocument();
    expect(
      within(stepItem('Book your first coaching call')).getByRole('link', { name: 'Book a coaching call' }),
    ).toHaveAttribute('href', '/dashboard/coaching');

    // Passed steps say when (in the family's zone, the spec's format).
    expect(within(stepItem('Add your players')).getByText('11-20-2026 10:00:00 AM EST')).toBeInTheDocument();
  });

  it('links adding players to the players area', async () => {
    signedIn(USERS.parent, onboardingServer(onboardingFixture()));
    renderApp('/dashboard/welcome');
    const players = await screen.findByRole('heading', { level: 3, name: 'Add your players' });
    expect(
      within(players.closest('li') as HTMLElement).getByRole('link', { name: 'Add your players' }),
    ).toHaveAttribute('href', '/dashboard/account?segment=players');
  });

  it('moves a step to Done with “Mark as done” (SPEC §4)', async () => {
    const api = signedIn(USERS.parent, onboardingServer(onboardingFixture(['add_players', 'kit_delivered'])));
    renderApp('/dashboard/welcome');
    const user = userEvent.setup();

    await screen.findByText('2 of 6 done');
    await user.click(screen.getByRole('button', { name: 'Mark as done (Connect the tablet)' }));

    expect(await screen.findByText('3 of 6 done')).toHaveFocus();
    expect(stepTitles('Still to do')).toEqual([
      'Play the first game',
      'Join a live tutorial',
      'Book your first coaching call',
    ]);
    expect(stepTitles('Done')).toEqual(['Add your players', 'Receive your kit', 'Connect the tablet']);
    expect(await screen.findByText('Nice work — “Connect the tablet” is done.')).toBeInTheDocument();
    expect(api.callsOf(webinarsApi.finishStep, { step: 'pair_band' })).toHaveLength(1);
    await waitFor(() =>
      expect(within(stepItem('Connect the tablet')).getByText('11-21-2026 9:30:00 AM EST')).toBeInTheDocument(),
    );
  });

  it('puts the step back and says so when the server refuses', async () => {
    signedIn(USERS.parent, [
      ...onboardingServer(onboardingFixture()),
      [webinarsApi.finishStep, { status: 500 }, { step: 'join_tutorial' }],
    ]);
    renderApp('/dashboard/welcome');
    const user = userEvent.setup();

    await screen.findByText('0 of 6 done');
    await user.click(screen.getByRole('button', { name: 'Mark as done (Join a live tutorial)' }));
    expect(await screen.findByText('Marking the step as done')).toBeInTheDocument();
    expect(screen.getByText('0 of 6 done')).toBeInTheDocument();
    expect(stepTitles('Still to do')).toContain('Join a live tutorial');
  });

  it('opens the step the address names', async () => {
    signedIn(USERS.parent, onboardingServer(onboardingFixture(['add_players'])));
    renderApp('/dashboard/welcome/book-coaching');

    const heading = await screen.findByRole('heading', { level: 3, name: 'Book your first coaching call' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading.closest('li')).toHaveAttribute('aria-current', 'step');
    expect(screen.queryByRole('status', { name: /couldn’t find/ })).not.toBeInTheDocument();
  });

  it('shows every step with a polite note when the address names an unknown step', async () => {
    signedIn(USERS.parent, onboardingServer(onboardingFixture()));
    renderApp('/dashboard/welcome/fly-a-kite');

    expect(
      await screen.findByText('We couldn’t find a step called “fly-a-kite”. Here are all your first steps.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('0 of 6 done')).toBeInTheDocument();
    expect(stepTitles('Still to do')).toHaveLength(6);
  });

  it('congratulates a family that passed every step, with the way to Home and Player Stats', async () => {
    const all = ONBOARDING_STEPS.map((step) => step.id) as OnboardingStepId[];
    signedIn(USERS.parent, onboardingServer(onboardingFixture(all)));
    renderApp('/dashboard/welcome');

    expect(await screen.findByRole('heading', { level: 2, name: 'You’re all set!' })).toBeInTheDocument();
    expect(screen.getByText('6 of 6 done')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'See Player Stats' })).toHaveAttribute('href', '/dashboard/stats');
    expect(screen.queryByRole('region', { name: 'Still to do' })).not.toBeInTheDocument();
    expect(stepTitles('Done')).toHaveLength(6);
  });

  it.each([
    ['cancelled', 'CANCELLED'],
    ['returned', 'RETURNED'],
  ])('sends a %s family home from the welcome screen and its steps', async (_name, status) => {
    const user: UserInfo = { ...USERS.cancelled, billing_status: { status_name: status } };
    for (const path of ['/dashboard/welcome', '/dashboard/welcome/pair_band']) {
      const api = signedIn(user, onboardingServer(onboardingFixture()));
      const app = renderApp(path);
      await waitFor(() => expect(app.location()).toBe('/dashboard'));
      expect(api.callsOf(ONBOARDING)).toHaveLength(0);
      app.unmount();
    }
  });

  it('tells staff there is no checklist of their own', async () => {
    const api = signedIn(USERS.staff);
    renderApp('/dashboard/welcome');
    expect(await screen.findByRole('heading', { name: 'No first steps to take' })).toBeInTheDocument();
    expect(api.callsOf(ONBOARDING)).toHaveLength(0);
  });
});

describe('welcome checklist in Spanish', () => {
  it('welcomes the family in Spanish', async () => {
    await loadLanguage('es', ['app']);
    signedIn(USERS.parent, onboardingServer(onboardingFixture(['add_players', 'kit_delivered'])));
    renderApp('/dashboard/welcome');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Le damos la bienvenida a Grove' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Empecemos con su familia, Jordan. Unos pocos pasos y sus jugadores estarán listos para jugar.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Let’s get your family started/)).not.toBeInTheDocument();
  });

  it('tells staff in Spanish that there is no checklist of their own', async () => {
    await loadLanguage('es', ['app']);
    signedIn(USERS.staff);
    renderApp('/dashboard/welcome');
    expect(await screen.findByRole('heading', { name: 'No hay primeros pasos que dar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Inicio' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByText('No first steps to take')).not.toBeInTheDocument();
  });
});
