/**
 * /admin/deletions (issue 17 item 3): staff see the deletions families asked for, soonest first —
 * the holder, the account, what goes, when it was asked for and when it is due — read-only, with a
 * sentence saying they cannot undo or restore; the page is in the admin nav.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PendingDeletion } from '@grove/domain/api/data-rights';
import { dataRightsApi } from '@grove/domain/api/endpoints/data-rights';

import { asStaff } from '../../../test/staff.ts';
import { deletionRequestFixture } from '../../features/data-rights/data-rights.fixtures.ts';
import { renderApp, setViewportWidth } from '../../../test/render-app.tsx';

const PENDING = dataRightsApi.pending;

function pending(overrides: Partial<PendingDeletion> = {}): PendingDeletion {
  return {
    ...deletionRequestFixture({ id: 3 }),
    account: { id: 41, holder_name: 'Jordan Parker', holder_email: 'parent@example.com' },
    ...overrides,
  };
}

const page = (results: PendingDeletion[], next: string | null = null) => ({
  count: results.length + (next ? 25 : 0),
  next,
  previous: null,
  results,
});

describe('Pending deletions', () => {
  it('lists each pending deletion with its account, holder, what goes and the dates, and nothing to act on', async () => {
    asStaff([
      [
        PENDING,
        {
          body: page([
            pending(),
            pending({
              id: 4,
              scope: 'account',
              player: null,
              due_at: '2026-11-29T20:30:00.000Z',
              account: { id: 52, holder_name: 'Alex Kim', holder_email: 'parent2@example.com' },
            }),
          ]),
        },
      ],
    ]);
    renderApp('/admin/deletions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pending deletions' })).toBeInTheDocument();
    expect(
      screen.getByText(/Staff cannot undo one, and once it is carried out nothing can be restored/),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        'Jordan Parkerparent@example.com',
        'Account 41',
        'Maya',
        'Nov 20, 2026 by Jordan Parker',
        '11-27-2026 10:00:00 AM EST',
      ],
      [
        'Alex Kimparent2@example.com',
        'Account 52',
        'Whole account',
        'Nov 20, 2026 by Jordan Parker',
        '11-29-2026 3:30:00 PM EST',
      ],
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'Account 52' })).toHaveAttribute('href', '/admin/accounts/52');
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('2 pending deletions')).toBeInTheDocument();
  });

  it('says when nothing is pending, and pages through a long list', async () => {
    const api = asStaff([
      [
        PENDING,
        (request) =>
          request.query.get('page') === '2'
            ? { body: page([]) }
            : { body: page([pending()], 'http://x/api/v2/admin/deletions?page=2&page_size=25') },
      ],
    ]);
    const { location } = renderApp('/admin/deletions');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(location()).toBe('/admin/deletions?page=2'));
    expect(await screen.findByRole('heading', { name: 'No deletions are pending' })).toBeInTheDocument();
    expect(api.callsOf(PENDING).at(-1)?.query.get('page')).toBe('2');
  });

  it('is reached from the admin nav', async () => {
    setViewportWidth(1280);
    asStaff([[PENDING, { body: page([]) }]]);
    const { location } = renderApp('/admin/shipments');
    const user = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: 'Admin menu' });
    await user.click(within(nav).getByRole('link', { name: 'Deletions' }));
    await waitFor(() => expect(location()).toBe('/admin/deletions'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pending deletions' })).toBeInTheDocument();
  });
});
