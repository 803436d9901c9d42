/**
 * Account → Players (issue 25 item 2) through the real routes and providers, over a fake API that
 * keeps the family's players and incomplete profiles: listing, adding a child (name rules, consent,
 * the server's field messages), renaming, in the program, and completing a profile from `?profile=`.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@grove/domain';
import { CONSENT_MESSAGES, CONSENT_STATEMENTS } from '@grove/domain/privacy';
import type { Player } from '@grove/domain/api/players';
import type { UserInfo } from '@grove/domain/api/user';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { userApi } from '@grove/domain/api/endpoints/user';

import { fakeApi, type FakeApi, type FakeHandler, type FakeRequest, type FakeRoute } from '../../../test/fake-api.ts';
import { USERS, playerPage, playerRecord, storeSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

type Family = {
  players: Player[];
  profiles: { id: number; player_name: string; created_at: string }[];
};

const PROFILE_SAM = { id: 7, player_name: 'Sam', created_at: '2026-11-20T15:00:00.000Z' };

function family(user: UserInfo, overrides: Partial<Family> = {}): Family {
  const accountId = user.account?.id ?? 1;
  return {
    players: [
      playerRecord({ id: 1, name: 'Maya' }, accountId),
      playerRecord({ id: 2, name: 'Eli', in_program: false }, accountId),
    ],
    profiles: [PROFILE_SAM],
    ...overrides,
  };
}

function bodyOf(request: FakeRequest): Record<string, unknown> {
  return (request.body ?? {}) as Record<string, unknown>;
}

/** The family's fake server: players and profiles change as the real one changes them. */
function signedIn(user: UserInfo, state: Family, routes: FakeRoute[] = []): FakeApi {
  storeSession();
  const accountId = user.account?.id ?? 1;
  const patch =
    (id: number): FakeHandler =>
    (request) => {
      const body = bodyOf(request);
      const current = state.players.find((player) => player.id === id);
      if (!current) return { status: 404, body: { detail: 'Not found.', code: 'not_found' } };
      const changed: Player = {
        ...current,
        ...(typeof body.name === 'string' ? { name: body.name } : {}),
        ...(typeof body.in_program === 'boolean' ? { in_program: body.in_program } : {}),
      };
      state.players = state.players.map((player) => (player.id === id ? changed : player));
      return { body: changed };
    };
  const patches = [1, 2, 3, 4].map((id): FakeRoute => [playersApi.patch, patch(id), { id }]);
  return fakeApi([
    [userApi.info, () => ({ body: user })],
    [
      playersApi.list,
      () => ({
        body: playerPage(state.players, state.players.length, accountId),
      }),
      { id: accountId },
    ],
    [
      playersApi.incompleteProfiles,
      () => ({
        body: { count: state.profiles.length, next: null, previous: null, prev: null, results: state.profiles },
      }),
      { id: accountId },
    ],
    [
      playersApi.create,
      (request) => {
        const body = bodyOf(request);
        if (body.consent !== true) return { status: 400, body: { consent: [CONSENT_MESSAGES.playerRequired] } };
        const name = String(body.name);
        const player = playerRecord({ id: Math.max(0, ...state.players.map((each) => each.id)) + 1, name }, accountId);
        state.players = [...state.players, player];
        state.profiles = state.profiles.filter(
          (profile) => profile.player_name.trim().toLowerCase() !== name.trim().toLowerCase(),
        );
        return { status: 201, body: player };
      },
    ],
    ...patches,
    ...routes,
  ]);
}

const playersCard = () => screen.getByRole('region', { name: 'Your players' });

function playerItem(name: string): HTMLElement {
  return within(playersCard()).getByText(name, { selector: 'p' }).closest('li') as HTMLElement;
}

describe('Account → Players', () => {
  it('lists the family’s players with their screens and whether they are in the program, and the profiles to complete', async () => {
    signedIn(USERS.parent, family(USERS.parent));
    const app = renderApp('/dashboard/account?segment=players');
    expect(await screen.findByText('Maya', { selector: 'p' })).toBeInTheDocument();
    expect(app.location()).toBe('/dashboard/account?segment=players');
    const nav = screen.getByRole('navigation', { name: 'Account sections' });
    expect(within(nav).getByRole('link', { name: 'Players' })).toHaveAttribute('aria-current', 'page');

    const maya = playerItem('Maya');
    expect(within(maya).getByRole('link', { name: 'Home of Maya' })).toHaveAttribute('href', '/dashboard?pid=1');
    expect(within(maya).getByRole('link', { name: 'Stats of Maya' })).toHaveAttribute('href', '/dashboard/stats?pid=1');
    expect(within(maya).getByRole('switch', { name: 'In the program Maya' })).toHaveAttribute('aria-checked', 'true');
    expect(within(playerItem('Eli')).getByRole('switch', { name: 'In the program Eli' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    const form = within(maya).getByRole('form', { name: 'Maya’s name' });
    expect(within(form).getByRole('textbox', { name: /^Name/ })).toHaveValue('Maya');
    expect(within(form).getByRole('textbox', { name: /^Name/ })).toHaveAttribute('readonly');

    const profiles = await screen.findByRole('region', { name: 'Incomplete profiles' });
    expect(within(profiles).getByText('Sam')).toBeInTheDocument();
    expect(within(profiles).getByRole('button', { name: 'Complete Sam’s profile' })).toBeEnabled();
  });

  it('adds a child: the full-name rule’s messages, Save only with the consent box ticked, then consent sent and the lists read again', async () => {
    const state = family(USERS.noPlayers, { players: [], profiles: [] });
    const api = signedIn(USERS.noPlayers, state);
    renderApp('/dashboard/account?segment=players');
    expect(await screen.findByText('No players yet. Add each child who will play.')).toBeInTheDocument();
    // The layout's list is empty: Player Stats is disabled.
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Player Stats' })).toHaveAttribute('aria-disabled', 'true');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a player' }));
    const form = screen.getByRole('form', { name: 'Add a player' });
    const name = within(form).getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveFocus();
    const save = within(form).getByRole('button', { name: 'Add player' });
    expect(save).toBeDisabled();

    for (const [typed, message] of [
      ['Дима', MESSAGES.nameInvalid],
      ['   ', MESSAGES.nameBlank],
      ['x'.repeat(114), MESSAGES.fullNameTooLong],
    ] as const) {
      await user.clear(name);
      await user.type(name, typed);
      await user.tab();
      expect(within(form).getByText(message)).toBeInTheDocument();
      expect(name).toHaveAttribute('aria-invalid', 'true');
      expect(save).toBeDisabled();
    }
    await user.clear(name);
    await user.tab();
    expect(within(form).getByText(MESSAGES.nameRequired)).toBeInTheDocument();

    await user.type(name, 'Nora');
    expect(within(form).queryByText(MESSAGES.nameRequired)).not.toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.click(within(form).getByRole('checkbox', { name: CONSENT_STATEMENTS.player_added }));
    expect(save).toBeEnabled();
    await user.click(save);

    const added = await within(playersCard()).findByText('Nora', { selector: 'p' });
    expect(api.callsOf(playersApi.create).map((call) => call.body)).toEqual([{ name: 'Nora', consent: true }]);
    await waitFor(() => expect(added).toHaveFocus());
    expect(within(playersCard()).getByText('Nora is on your account now.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('form', { name: 'Add a player' })).not.toBeInTheDocument();
    // The layout's player list was read again: Player Stats opens Nora's stats.
    await waitFor(() =>
      expect(within(menu).getByRole('link', { name: 'Player Stats' })).not.toHaveAttribute('aria-disabled'),
    );
  });

  it('puts the server’s field messages under the name and the consent box', async () => {
    const state = family(USERS.parent, { profiles: [] });
    signedIn(USERS.parent, state, [
      [
        playersApi.create,
        {
          status: 400,
          body: { name: ['Please include valid characters'], consent: [CONSENT_MESSAGES.playerRequired] },
        },
      ],
    ]);
    renderApp('/dashboard/account?segment=players');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a player' }));
    const form = screen.getByRole('form', { name: 'Add a player' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Ada');
    const consent = within(form).getByRole('checkbox', { name: CONSENT_STATEMENTS.player_added });
    await user.click(consent);
    await user.click(within(form).getByRole('button', { name: 'Add player' }));

    expect(await within(form).findByText('Please include valid characters')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /^Name/ })).toHaveFocus();
    expect(within(form).getByText(CONSENT_MESSAGES.playerRequired)).toBeInTheDocument();
    expect(consent).not.toBeChecked();
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(state.players.map((player) => player.name)).toEqual(['Maya', 'Eli']);

    // Cancel closes the form and gives the focus back to its button.
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a player' })).toHaveFocus());
  });

  it('renames a player with Edit and Save (the name rules apply), then focuses and announces the new name', async () => {
    const state = family(USERS.parent);
    const api = signedIn(USERS.parent, state);
    renderApp('/dashboard/account?segment=players');
    const user = userEvent.setup();
    await screen.findByText('Maya', { selector: 'p' });
    const form = within(playerItem('Maya')).getByRole('form', { name: 'Maya’s name' });
    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    const name = within(form).getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveFocus();
    expect(name).not.toHaveAttribute('readonly');

    await user.clear(name);
    await user.type(name, '   ');
    await user.tab();
    expect(within(form).getByText(MESSAGES.nameBlank)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();

    // Cancel restores the saved name.
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(form).getByRole('textbox', { name: /^Name/ })).toHaveValue('Maya');
    expect(api.callsOf(playersApi.patch, { id: 1 })).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    await user.clear(name);
    await user.type(name, 'Mia');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const renamed = await within(playersCard()).findByText('Mia', { selector: 'p' });
    expect(api.callsOf(playersApi.patch, { id: 1 }).map((call) => call.body)).toEqual([{ name: 'Mia' }]);
    expect(renamed).toHaveFocus();
    expect(within(playersCard()).getByText('Maya is now Mia.')).toHaveAttribute('role', 'status');
    const saved = within(renamed.closest('li') as HTMLElement).getByRole('form', { name: 'Mia’s name' });
    expect(within(saved).getByRole('textbox', { name: /^Name/ })).toHaveValue('Mia');
    expect(within(saved).getByRole('textbox', { name: /^Name/ })).toHaveAttribute('readonly');
  });

  it('takes a player out of the program and back with the switch, which saves on change and says "Saved"', async () => {
    const state = family(USERS.parent);
    const api = signedIn(USERS.parent, state);
    renderApp('/dashboard/account?segment=players');
    const user = userEvent.setup();
    await screen.findByText('Maya', { selector: 'p' });
    const toggle = within(playerItem('Maya')).getByRole('switch', { name: 'In the program Maya' });
    expect(toggle).toHaveAccessibleDescription(/left out of the weekly summary/);

    toggle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    await waitFor(() => expect(toggle).not.toHaveAttribute('aria-busy'));
    expect(api.callsOf(playersApi.patch, { id: 1 }).map((call) => call.body)).toEqual([{ in_program: false }]);
    expect(state.players[0]?.in_program).toBe(false);
    // A buttonless form (SPEC §4): no Save button, and the change is announced.
    const programForm = within(playerItem('Maya')).getByRole('form', { name: 'Whether Maya is in the program' });
    expect(within(programForm).queryByRole('button')).not.toBeInTheDocument();
    expect(within(programForm).getByRole('status')).toHaveTextContent('Saved');

    await user.click(toggle);
    await waitFor(() => expect(state.players[0]?.in_program).toBe(true));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
  });

  it('opens a profile’s completion from ?profile= and completes it: the profile leaves, the player joins', async () => {
    const state = family(USERS.parent);
    const api = signedIn(USERS.parent, state);
    const app = renderApp('/dashboard/account?segment=players&profile=7');
    const form = await screen.findByRole('form', { name: 'Complete Sam’s profile' });
    const name = within(form).getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Sam');
    await waitFor(() => expect(name).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Complete Sam’s profile' })).toBeDisabled();

    const user = userEvent.setup();
    const save = within(form).getByRole('button', { name: 'Complete the profile' });
    expect(save).toBeDisabled();
    await user.click(within(form).getByRole('checkbox', { name: CONSENT_STATEMENTS.player_added }));
    await user.click(save);

    const sam = await within(playersCard()).findByText('Sam', { selector: 'p' });
    expect(api.callsOf(playersApi.create).map((call) => call.body)).toEqual([{ name: 'Sam', consent: true }]);
    await waitFor(() => expect(app.location()).toBe('/dashboard/account?segment=players'));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Incomplete profiles' })).not.toBeInTheDocument());
    expect(screen.queryByRole('form', { name: 'Complete Sam’s profile' })).not.toBeInTheDocument();
    expect(screen.queryByText(/That profile is complete already/)).not.toBeInTheDocument();
    expect(within(playersCard()).getByText('Sam’s profile is complete.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(sam).toHaveFocus());
  });

  it('opens the completion with the Complete button, and says when a linked profile is gone', async () => {
    signedIn(USERS.parent, family(USERS.parent));
    const app = renderApp('/dashboard/account?segment=players&profile=99');
    expect(await screen.findByText(/That profile is complete already/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Complete Sam’s profile' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard/account?segment=players&profile=7'));
    const form = await screen.findByRole('form', { name: 'Complete Sam’s profile' });
    expect(within(form).getByRole('textbox', { name: /^Name/ })).toHaveValue('Sam');
    expect(screen.queryByText(/That profile is complete already/)).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard/account?segment=players'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a player' })).toHaveFocus());
  });
});
