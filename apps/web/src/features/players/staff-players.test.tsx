/**
 * Staff on the admin account page (issue 25 item 2): add a player for the family (the account is
 * named, no consent box), rename one and switch in_program; the account's history of staff
 * changes is read again after each write.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Player } from '@grove/domain/api/players';
import { adminApi } from '@grove/domain/api/endpoints/admin';
import { playersApi } from '@grove/domain/api/endpoints/players';

import type { FakeApi, FakeRequest } from '../../../test/fake-api.ts';
import { playerRecord } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { adminAccountFixture, adminAccountPageRoutes, asStaff } from '../../../test/staff.ts';

function staffAccountApi(state: { players: Player[] }): FakeApi {
  const body = (request: FakeRequest) => (request.body ?? {}) as Record<string, unknown>;
  return asStaff([
    ...adminAccountPageRoutes({ account: adminAccountFixture(), players: () => state.players }),
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
    const api = staffAccountApi(state);
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
    const api = staffAccountApi(state);
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
