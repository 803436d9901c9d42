/**
 * An account's page tells staff of the family's pending deletions (issue 17 item 3): what goes and
 * when, that staff cannot undo it, and the way to the full list; nothing when none is pending or
 * the overview cannot be read.
 */
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { DataRights, DeletionRequest } from '@grove/domain/api/data-rights';
import { dataRightsApi } from '@grove/domain/api/endpoints/data-rights';

import { fakeApi, type FakeHandler } from '../../../test/fake-api.ts';
import { storeSession } from '../../../test/fixtures.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { deletionRequestFixture } from './data-rights.fixtures.ts';
import { AccountPendingDeletions } from './pending-deletions.tsx';

const OVERVIEW = dataRightsApi.overview;

function renderNote(answer: FakeHandler) {
  storeSession();
  const api = fakeApi([[OVERVIEW, answer, { id: 7 }]]);
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <QueryClientProvider client={createQueryClient({ retry: false })}>
            <p>Account page</p>
            <AccountPendingDeletions accountId={7} timeZone="America/New_York" />
          </QueryClientProvider>
        ),
      },
    ],
    { initialEntries: ['/admin/accounts/7'] },
  );
  render(<RouterProvider router={router} />);
  return api;
}

const overview = (deletions: DeletionRequest[]): DataRights => ({
  exports: [],
  deletions,
  grace_days: 7,
  link_hours: 72,
});

describe('an account’s pending deletions, for staff', () => {
  it('says what goes and when, that staff cannot undo it, and links to the list', async () => {
    renderNote({
      body: overview([
        deletionRequestFixture({ id: 2, scope: 'account', player: null, due_at: '2026-11-29T20:30:00.000Z' }),
        deletionRequestFixture({}),
        deletionRequestFixture({ id: 0, status: 'completed', player: { id: null, name: 'Otto' } }),
      ]),
    });
    const note = await screen.findByRole('note', { name: 'Pending deletions' });
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'The family asked to close this account: due 11-29-2026 3:30:00 PM EST.',
      'The family asked to delete Maya’s data: due 11-27-2026 10:00:00 AM EST.',
    ]);
    expect(note).toHaveTextContent('Staff cannot undo it or restore the data afterwards.');
    expect(within(note).getByRole('link', { name: 'All pending deletions' })).toHaveAttribute(
      'href',
      '/admin/deletions',
    );
  });

  it('shows nothing when none is pending', async () => {
    const api = renderNote({ body: overview([deletionRequestFixture({ status: 'cancelled' })]) });
    await screen.findByText('Account page');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsOf(OVERVIEW, { id: 7 })).toHaveLength(1);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('shows nothing, and no error, when the overview answers an error', async () => {
    const api = renderNote({ status: 500, body: { detail: 'Server error.' } });
    await screen.findByText('Account page');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsOf(OVERVIEW, { id: 7 })).toHaveLength(1);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
