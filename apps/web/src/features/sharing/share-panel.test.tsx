/**
 * The parent's share links (issue 17 item 5) against the fake API: the list with status and view
 * log, making a link (the domain's rules, the server's field messages, the address shown once with
 * a copy button) and revoking one after confirming.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { SHARING_MESSAGES } from '@grove/domain/sharing';
import type { ShareLink } from '@grove/domain/api/sharing';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { sharingApi } from '@grove/domain/api/endpoints/sharing';

import { fakeApi, type FakeRoute } from '../../../test/fake-api.ts';
import { playerPage, storeSession } from '../../../test/fixtures.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { SharePanel } from './share-panel.tsx';

const SHARES = sharingApi.list;
const CREATE = sharingApi.create;
const TOKEN_URL = 'http://localhost/shared/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';

function link(overrides: Partial<ShareLink> = {}): ShareLink {
  return {
    id: 7,
    player: { id: 11, name: 'Maya Lopez' },
    display_name: 'M.',
    from_date: '2026-08-01',
    to_date: '2026-10-31',
    expires_at: '2026-12-20T15:00:00.000Z',
    revoked_at: null,
    status: 'active',
    created_at: '2026-11-20T15:00:00.000Z',
    created_by: { id: 1, name: 'Jordan Parent' },
    view_count: 0,
    views: [],
    ...overrides,
  };
}

function open(links: ShareLink[], routes: FakeRoute[] = []) {
  storeSession();
  const api = fakeApi([
    [
      playersApi.list,
      {
        body: playerPage([
          { id: 11, name: 'Maya Lopez' },
          { id: 12, name: 'Eli Lopez' },
        ]),
      },
      { id: 1 },
    ],
    [SHARES, { body: { count: links.length, next: null, previous: null, results: links } }, { id: 1 }],
    ...routes,
  ]);
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <SharePanel accountId={1} timeZone="America/Los_Angeles" />
    </QueryClientProvider>,
  );
  return { api, user: userEvent.setup() };
}

describe('SharePanel', () => {
  it('lists each link with its player, time frame, status and view log', async () => {
    open([
      link({
        view_count: 2,
        views: [
          { viewed_at: '2026-11-21T14:00:00.000Z', browser: 'Safari on iOS', network: '203.0.113.0/24' },
          { viewed_at: '2026-11-20T16:00:00.000Z', browser: 'Chrome on Windows', network: '198.51.100.0/24' },
        ],
      }),
      link({
        id: 6,
        player: { id: 12, name: 'Eli Lopez' },
        display_name: 'Eli Lopez',
        status: 'revoked',
        revoked_at: '2026-11-10T10:00:00.000Z',
      }),
    ]);
    const items = await screen.findAllByRole('listitem');
    const maya = items.find((item) => within(item).queryByRole('heading', { name: /Maya Lopez/ }))!;
    expect(within(maya).getByRole('heading', { name: 'Maya Lopez · shown as “M.”' })).toBeInTheDocument();
    expect(within(maya).getByText('August 1, 2026 – October 31, 2026')).toBeInTheDocument();
    expect(within(maya).getByText('Active')).toBeInTheDocument();
    // The expiry reads in the family's time zone, in the spec's format: 15:00 UTC is 7:00 AM in Los Angeles.
    expect(within(maya).getByText('12-20-2026 7:00:00 AM PST')).toBeInTheDocument();
    expect(within(maya).getByText(/Opened 2 times/)).toBeInTheDocument();
    expect(within(maya).getByText(/Safari on iOS · network 203\.0\.113\.0\/24/)).toBeInTheDocument();
    expect(within(maya).getByRole('button', { name: 'Revoke the link for M.' })).toBeInTheDocument();

    const eli = items.find((item) => within(item).queryByRole('heading', { name: 'Eli Lopez' }))!;
    expect(within(eli).getByText('Revoked')).toBeInTheDocument();
    expect(within(eli).getByText('Not opened yet')).toBeInTheDocument();
    expect(within(eli).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('makes a link for the chosen player, checks the days first, and shows the address once to copy', async () => {
    const created = { ...link({ id: 8, player: { id: 12, name: 'Eli Lopez' }, display_name: 'Eli' }), url: TOKEN_URL };
    const { api, user } = open([], [[CREATE, { status: 201, body: created }, { id: 1 }]]);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });

    const form = await screen.findByRole('form', { name: 'Make a new link' });
    const name = within(form).getByRole('textbox', { name: /Child’s name on the summary/ });
    expect(name).toHaveAccessibleDescription(/Your child’s name as printed on the summary/);
    expect(name).toHaveValue('Maya');
    await user.selectOptions(within(form).getByRole('combobox', { name: /Player/ }), 'Eli Lopez');
    expect(name).toHaveValue('Eli');

    const days = within(form).getByRole('spinbutton', { name: /Days the link stays open/ });
    await user.clear(days);
    await user.type(days, '91');
    await user.click(within(form).getByRole('button', { name: 'Create link' }));
    expect(await within(form).findByText(SHARING_MESSAGES.expiry)).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsOf(CREATE, { id: 1 })).toHaveLength(0);

    await user.clear(days);
    await user.type(days, '14');
    await user.click(within(form).getByRole('button', { name: 'Create link' }));
    const shown = await screen.findByRole('textbox', { name: 'Link to share' });
    expect(shown).toHaveValue(TOKEN_URL);
    expect(api.callsOf(CREATE, { id: 1 })[0]!.body).toMatchObject({
      player_id: 12,
      expires_in_days: 14,
      display_name: 'Eli',
    });
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(TOKEN_URL);
    expect(await screen.findByText('Copied.')).toBeInTheDocument();
    // The new link is listed; once dismissed its address is gone for good.
    expect(screen.getByRole('heading', { name: 'Eli Lopez · shown as “Eli”' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue(TOKEN_URL)).not.toBeInTheDocument();
  });

  it('shows the server’s field messages under their fields', async () => {
    const { user } = open(
      [],
      [[CREATE, { status: 400, body: { from_date: [SHARING_MESSAGES.fromInFuture] } }, { id: 1 }]],
    );
    const form = await screen.findByRole('form', { name: 'Make a new link' });
    await user.click(within(form).getByRole('button', { name: 'Create link' }));
    expect(await within(form).findByText(SHARING_MESSAGES.fromInFuture)).toBeInTheDocument();
    expect(within(form).getByLabelText(/Play from/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('revokes a link after confirming', async () => {
    const { api, user } = open(
      [link()],
      [
        [
          sharingApi.revoke,
          {
            body: link({ status: 'revoked', revoked_at: '2026-11-25T10:00:00.000Z' }),
          },
          { id: 1, shareId: 7 },
        ],
      ],
    );
    await user.click(await screen.findByRole('button', { name: 'Revoke the link for M.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the link for M.?' });
    expect(api.callsOf(sharingApi.revoke, { id: 1, shareId: 7 })).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsOf(sharingApi.revoke, { id: 1, shareId: 7 })).toHaveLength(1);
    expect(screen.getByText('Revoked')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Revoke the link/ })).not.toBeInTheDocument();
  });
});
