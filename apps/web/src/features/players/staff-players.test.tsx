/**
 * Staff on the admin account page (issue 25 item 2): add a player for the family (the account is
 * named, no consent box), rename one and switch in_program; the account's history of staff
 * changes is read again after each write.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { adminApi as adminContract } from '@grove/domain/api/admin';
import type { Reply } from '@grove/domain/api/common';
import type { Player } from '@grove/domain/api/players';
import { adminApi } from '@grove/domain/api/endpoints/admin';
import { coachingApi } from '@grove/domain/api/endpoints/coaching';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { userApi } from '@grove/domain/api/endpoints/user';

import { fakeApi, type FakeApi, type FakeRequest } from '../../../test/fake-api.ts';
import { USERS, playerPage, playerRecord, storeSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

type AdminAccount = Reply<typeof adminContract.account>;

const ACCOUNT: AdminAccount = {
  id: 1,
  account_status: 'ACTIVE',
  billing_status: 'ACTIVE',
  plan_tag: 'yearly',
  time_zone: 'America/New_York',
  game_version: 3,
  tags: [],
  coach_user: null,
  custom_note: '',
  experimental_data: {},
  users: [
    {
      id: 5,
      name: 'Jordan Rivera',
      first_name: 'Jordan',
      last_name: 'Rivera',
      email: 'parent@example.com',
      phonenumber: '+1 415 555 0101',
      country: 'US',
      is_billing_user: true,
      billing_status: 'ACTIVE',
      last_login_at: null,
    },
  ],
  players: [],
  devices: [],
  notes_count: 0,
  created_at: '2026-01-05T15:00:00Z',
};

const emptyKeyset = { count: 0, next: null, previous: null, first: '/f', last: '/l', results: [] };

function asStaff(state: { players: Player[] }): FakeApi {
  storeSession();
  document.cookie = 'csrftoken=csrf-1; path=/';
  const body = (request: FakeRequest) => (request.body ?? {}) as Record<string, unknown>;
  return fakeApi([
    [userApi.info, { body: USERS.staff }],
    [playersApi.list, () => ({ body: playerPage(state.players) }), { id: 1 }],
    [adminApi.account, { body: ACCOUNT }, { id: 1 }],
    [adminApi.notes, { body: { count: 0, next: null, previous: null, results: [] } }, { id: 1 }],
    [adminApi.accountAudit, { body: emptyKeyset }, { id: 1 }],
    [coachingApi.coaches, { body: { count: 0, results: [] } }],
    [
      playersApi.create,
      (request) => {
        const player = playerRecord({ id: 9, name: String(body(request).name) });
        state.players = [...state.players, player];
        return { status: 201, body: player };
      },
    ],
    [
      playersApi.patch,
      (request) => {
        const changes = body(request);
        const changed = { ...state.players[0]!, ...changes } as Player;
        state.players = [changed, ...state.players.slice(1)];
        return { body: changed };
      },
      { id: 1 },
    ],
  ]);
}

function playerCard(name: string): HTMLElement {
  return screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;
}

describe('staff and a family’s players', () => {
  it('adds a player to the account without a consent box, and reads the history again', async () => {
    const state = { players: [playerRecord({ id: 1, name: 'Maya' })] };
    const api = asStaff(state);
    renderApp('/admin/accounts/1');
    await screen.findByRole('heading', { level: 3, name: 'Maya' });
    const section = screen.getByRole('region', { name: 'Players' });
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Add a player' }));
    const form = within(section).getByRole('form', { name: 'Add a player' });
    expect(within(form).queryByRole('checkbox')).not.toBeInTheDocument();
    const name = within(form).getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveFocus();
    await user.type(name, '   ');
    await user.tab();
    expect(within(form).getByText('Name may not contain only empty characters')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Kai');
    const historyReads = api.callsOf(adminApi.accountAudit, { id: 1 }).length;
    await user.click(within(form).getByRole('button', { name: 'Add player' }));

    expect(await screen.findByRole('heading', { level: 3, name: 'Kai' })).toBeInTheDocument();
    expect(api.callsOf(playersApi.create).map((call) => call.body)).toEqual([{ name: 'Kai', account: 1 }]);
    expect(within(section).getByText('Kai was added to the account.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(api.callsOf(adminApi.accountAudit, { id: 1 }).length).toBeGreaterThan(historyReads));
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Add a player' })).toHaveFocus());
  });

  it('renames a player and takes them out of the program', async () => {
    const state = { players: [playerRecord({ id: 1, name: 'Maya' })] };
    const api = asStaff(state);
    renderApp('/admin/accounts/1');
    await screen.findByRole('heading', { level: 3, name: 'Maya' });
    const user = userEvent.setup();
    const form = within(playerCard('Maya')).getByRole('form', { name: 'Maya’s name' });
    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    const name = within(form).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Mia');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Mia' })).toBeInTheDocument();
    expect(api.callsOf(playersApi.patch, { id: 1 }).map((call) => call.body)).toEqual([{ name: 'Mia' }]);

    const historyReads = api.callsOf(adminApi.accountAudit, { id: 1 }).length;
    const toggle = within(playerCard('Mia')).getByRole('switch', { name: 'In the program Mia' });
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(api.callsOf(playersApi.patch, { id: 1 }).map((call) => call.body)).toEqual([
      { name: 'Mia' },
      { in_program: false },
    ]);
    await waitFor(() => expect(api.callsOf(adminApi.accountAudit, { id: 1 }).length).toBeGreaterThan(historyReads));
  });
});
