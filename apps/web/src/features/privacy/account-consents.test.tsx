/** Staff read an account's consent history on its admin page (issue 17 item 1), a page at a time. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ConsentPage, ConsentRecord } from '@grove/domain/api/privacy';
import { privacyApi } from '@grove/domain/api/endpoints/privacy';

import { fakeApi } from '../../../test/fake-api.ts';
import { storeSession } from '../../../test/fixtures.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { AccountConsents } from './account-consents.tsx';

const record = (id: number, overrides: Partial<ConsentRecord> = {}): ConsentRecord => ({
  id,
  kind: 'program_terms',
  granted: true,
  policy_version: '2026-11-25',
  created_at: '2026-11-02T15:00:00.000Z',
  user: { id: 6, name: 'Jordan Parker' },
  player: null,
  ...overrides,
});

function renderSection() {
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <AccountConsents accountId={7} timeZone="America/New_York" />
    </QueryClientProvider>,
  );
}

describe('the consent section of an account', () => {
  it('lists the records newest first and pages through older ones', async () => {
    storeSession();
    const pages: Record<string, ConsentPage> = {
      '1': {
        count: 51,
        next: 'http://localhost/api/v2/accounts/7/consents/?page=2',
        previous: null,
        results: [record(3, { kind: 'analytics', granted: false, user: null })],
      },
      '2': {
        count: 51,
        next: null,
        previous: 'http://localhost/api/v2/accounts/7/consents/?page=1',
        results: [record(1)],
      },
    };
    const api = fakeApi([
      [privacyApi.accountConsents, (request) => ({ body: pages[request.query.get('page') ?? '1'] }), { id: 7 }],
    ]);
    renderSection();
    const section = await screen.findByRole('region', { name: 'Consent (51)' });
    const cells = () =>
      within(section)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        );
    expect(cells()).toEqual([['Nov 2, 2026', 'Analytics turned off', '2026-11-25', 'A former member']]);
    expect(within(section).getByText(/Page 1 of 2/)).toBeInTheDocument();

    await userEvent.setup().click(within(section).getByRole('button', { name: 'Older' }));
    expect(
      await within(section).findByRole('cell', { name: 'Privacy policy and parental consent' }),
    ).toBeInTheDocument();
    expect(cells()).toEqual([['Nov 2, 2026', 'Privacy policy and parental consent', '2026-11-25', 'Jordan Parker']]);
    expect(api.callsOf(privacyApi.accountConsents, { id: 7 }).map((call) => call.query.get('page'))).toEqual([
      '1',
      '2',
    ]);
  });

  it('says when nothing is recorded, and when the history cannot be read', async () => {
    storeSession();
    const api = fakeApi([
      [privacyApi.accountConsents, { body: { count: 0, next: null, previous: null, results: [] } }, { id: 7 }],
    ]);
    renderSection();
    expect(await screen.findByText('No consent recorded yet.')).toBeInTheDocument();

    api.on(privacyApi.accountConsents, { status: 500, body: { detail: 'Internal Server Error' } }, { id: 7 });
    renderSection();
    expect(await screen.findByText(/We couldn’t load the consent history/)).toBeInTheDocument();
  });
});
