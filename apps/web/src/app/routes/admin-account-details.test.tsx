/** Staff change a player's gauge, chase speed and acorns on the admin account page (issue 6). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { fakeApi, type FakeApi, type FakeHandler } from '../../../test/fake-api.ts';
import { USERS, playerPage, storeSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

type Records = Parameters<typeof playerPage>[0];

function asStaff(records: Records, routes: Record<string, FakeHandler> = {}): FakeApi {
  storeSession();
  document.cookie = 'csrftoken=csrf-1; path=/';
  return fakeApi({
    'GET /api/v2/user/info/': { body: USERS.staff },
    'GET /api/v2/player/accounts/1/': () => ({ body: playerPage(records) }),
    ...routes,
  });
}

function playerCard(name: string): HTMLElement {
  return screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;
}

describe('staff editor of gauge, chase speed and acorns', () => {
  it('lists the account’s players with their settings and a link to each player’s home', async () => {
    asStaff([
      { id: 1, name: 'Maya', hr_gauge: 2, chase_speed: 9, acorns: 5273 },
      { id: 2, name: 'Eli', hr_gauge: 8, chase_speed: 4, acorns: 12 },
    ]);
    renderApp('/admin/accounts/1');
    const maya = await screen.findByRole('heading', { level: 3, name: 'Maya' });
    expect(maya).toBeInTheDocument();
    const card = playerCard('Maya');
    expect(within(card).getByRole('textbox', { name: /^Gauge/ })).toHaveValue('2');
    expect(within(card).getByRole('textbox', { name: /^Gauge/ })).toHaveAttribute('readonly');
    expect(within(card).getByRole('textbox', { name: /^Chase speed/ })).toHaveValue('9');
    expect(within(card).getByText('Balance: 5,273 acorns')).toBeInTheDocument();
    expect(within(card).queryByLabelText(/Reason/)).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View home of Maya' })).toHaveAttribute('href', '/dashboard?pid=1');
    expect(within(playerCard('Eli')).getByRole('textbox', { name: /^Chase speed/ })).toHaveValue('4');
  });

  it('submits a new chase speed with its reason and shows the saved value', async () => {
    const records: Records = [{ id: 1, name: 'Maya', hr_gauge: 2, chase_speed: 9, acorns: 5273 }];
    const api = asStaff(records, {
      'POST /api/v1/accounts/players/1/chase_speed': (request) => {
        const body = request.body as { value: number; reason: string };
        records[0] = { ...records[0]!, chase_speed: body.value };
        return { body: { player_id: 1, chase_speed: body.value, history: [] } };
      },
    });
    renderApp('/admin/accounts/1');
    await screen.findByRole('heading', { level: 3, name: 'Maya' });
    const form = screen.getByRole('form', { name: 'Chase speed of Maya' });
    const user = userEvent.setup();

    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    const value = within(form).getByLabelText(/^Chase speed/);
    await user.clear(value);
    await user.type(value, '4');
    // A reason is required before Save.
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(within(form).getByLabelText(/^Reason for the change/), 'Coach review: ready for a calmer pace');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Maya’s chase speed is now 4.')).toBeInTheDocument();
    const [call] = api.callsTo('POST /api/v1/accounts/players/1/chase_speed');
    expect(call?.body).toEqual({ value: 4, reason: 'Coach review: ready for a calmer pace' });
    expect(call?.headers.get('x-csrftoken')).toBe('csrf-1');
    await waitFor(() =>
      expect(
        within(screen.getByRole('form', { name: 'Chase speed of Maya' })).getByLabelText(/^Chase speed/),
      ).toHaveValue('4'),
    );
    expect(within(form).queryByLabelText(/^Reason/)).not.toBeInTheDocument();
    // The reason is cleared for the next change.
    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    expect(within(form).getByLabelText(/^Reason for the change/)).toHaveValue('');
  });

  it('checks the range with the shared rule before sending', async () => {
    asStaff([{ id: 1, name: 'Maya', hr_gauge: 2, chase_speed: 9, acorns: 5273 }]);
    renderApp('/admin/accounts/1');
    await screen.findByRole('heading', { level: 3, name: 'Maya' });
    const form = screen.getByRole('form', { name: 'Gauge of Maya' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    const value = within(form).getByLabelText(/^Gauge/);
    await user.clear(value);
    await user.type(value, '11');
    await user.type(within(form).getByLabelText(/^Reason for the change/), 'Testing');

    expect(await within(form).findByText('Must be between 1 and 10.')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows the server’s validation message under the field', async () => {
    asStaff([{ id: 1, name: 'Maya', hr_gauge: 2, chase_speed: 9, acorns: 20 }], {
      'POST /api/v1/accounts/players/1/acorns': { status: 400, body: { amount: ['The balance may not go below 0.'] } },
    });
    renderApp('/admin/accounts/1');
    await screen.findByRole('heading', { level: 3, name: 'Maya' });
    const form = screen.getByRole('form', { name: 'Acorns of Maya' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    await user.type(within(form).getByLabelText(/^Acorns to add/), '-50');
    await user.type(within(form).getByLabelText(/^Reason for the change/), 'Testing');
    await user.click(within(form).getByRole('button', { name: 'Add acorns' }));

    expect(await within(form).findByText('The balance may not go below 0.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Acorns to add/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('adds acorns and says the new balance', async () => {
    const records: Records = [{ id: 1, name: 'Maya', hr_gauge: 2, chase_speed: 9, acorns: 100 }];
    const api = asStaff(records, {
      'POST /api/v1/accounts/players/1/acorns': (request) => {
        const body = request.body as { amount: number };
        records[0] = { ...records[0]!, acorns: (records[0]!.acorns ?? 0) + body.amount };
        return { body: { player_id: 1, acorns: records[0]!.acorns, history: [] } };
      },
    });
    renderApp('/admin/accounts/1');
    await screen.findByRole('heading', { level: 3, name: 'Maya' });
    const form = screen.getByRole('form', { name: 'Acorns of Maya' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    await user.type(within(form).getByLabelText(/^Acorns to add/), '-25');
    await user.type(within(form).getByLabelText(/^Reason for the change/), 'Duplicate reward');
    await user.click(within(form).getByRole('button', { name: 'Add acorns' }));

    expect(await screen.findByText('Maya now has 75 acorns.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/accounts/players/1/acorns')[0]?.body).toEqual({
      amount: -25,
      reason: 'Duplicate reward',
    });
    expect(
      await within(screen.getByRole('form', { name: 'Acorns of Maya' })).findByText('Balance: 75 acorns'),
    ).toBeInTheDocument();
  });

  it('says when the account has no players', async () => {
    asStaff([]);
    renderApp('/admin/accounts/1');
    expect(await screen.findByRole('heading', { name: 'No players on this account' })).toBeInTheDocument();
  });
});
