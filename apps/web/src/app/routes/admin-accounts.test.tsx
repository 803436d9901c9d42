/**
 * The admin accounts list (issue 14 §9): search as you type, filters and sort in the URL, keyset
 * paging by the API's links, rows that open the account, arrow keys between rows.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { adminApi as adminContract } from '@grove/domain/api/admin';
import type { Reply } from '@grove/domain/api/common';
import { adminApi } from '@grove/domain/api/endpoints/admin';
import { coachingApi } from '@grove/domain/api/endpoints/coaching';
import { userApi } from '@grove/domain/api/endpoints/user';

import { fakeApi, type FakeHandler } from '../../../test/fake-api.ts';
import { USERS, storeSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

type Row = Reply<typeof adminContract.accounts>['results'][number];

function row(id: number, name: string, players: string[], tags: string[] = []): Row {
  return {
    id,
    holder: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com`, phonenumber: '' },
    players,
    account_status: 'ACTIVE',
    billing_status: 'ACTIVE',
    plan_tag: 'default',
    coach_user: { id: 31, name: 'Casey Morgan' },
    tags,
    game_version: 3,
    created_at: '2026-03-01T15:00:00Z',
  };
}

const ROWS = [row(1, 'Jordan Rivera', ['Maya', 'Eli'], ['vip']), row(2, 'Sam Okafor', ['Noah'])];
const NEXT = 'http://127.0.0.1:3000/api/v2/admin/accounts/?cursor=WyJhIiwieCIsMl0';

function asStaff(accounts: FakeHandler) {
  storeSession();
  return fakeApi([
    [userApi.info, { body: USERS.staff }],
    [adminApi.accounts, accounts],
    [adminApi.tags, { body: { results: [{ tag: 'vip', count: 3 }] } }],
    [coachingApi.coaches, { body: { count: 0, results: [] } }],
  ]);
}

const page = (results: Row[], links: { next?: string | null; previous?: string | null } = {}) => ({
  body: { count: 120, next: links.next ?? null, previous: links.previous ?? null, first: 'f', last: 'l', results },
});

describe('admin accounts list', () => {
  it('lists accounts with their holder, players, tags and a link to each account', async () => {
    asStaff(page(ROWS));
    renderApp('/admin/accounts');
    const link = await screen.findByRole('link', { name: 'Jordan Rivera' });
    expect(link).toHaveAttribute('href', '/admin/accounts/1');
    const jordan = link.closest('tr') as HTMLElement;
    expect(jordan).toHaveTextContent('Maya, Eli');
    expect(jordan).toHaveTextContent('vip');
    expect(screen.getByText('120 accounts')).toBeInTheDocument();
  });

  it('searches as you type and keeps the search in the URL', async () => {
    const api = asStaff((request) => page(request.query.get('search') === 'maya' ? [ROWS[0]!] : ROWS));
    const { router } = renderApp('/admin/accounts');
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Sam Okafor' });
    await user.type(screen.getByRole('searchbox', { name: 'Search accounts' }), 'maya');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Sam Okafor' })).not.toBeInTheDocument());
    expect(api.callsOf(adminApi.accounts).at(-1)?.query.get('search')).toBe('maya');
    expect(router.state.location.search).toContain('q=maya');
  });

  it('filters by tag and sorts by a column, both in the URL and the request', async () => {
    const api = asStaff(page(ROWS));
    const { router } = renderApp('/admin/accounts');
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Jordan Rivera' });
    await user.selectOptions(screen.getByLabelText('Tag'), 'vip');
    await waitFor(() => expect(api.callsOf(adminApi.accounts).at(-1)?.query.get('tag')).toBe('vip'));
    expect(router.state.location.search).toContain('tag=vip');

    const header = screen.getByRole('columnheader', { name: /Account holder/ });
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(api.callsOf(adminApi.accounts).at(-1)?.query.get('sort')).toBe('-name'));
    expect(screen.getByRole('columnheader', { name: /Account holder/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('follows the next link’s cursor and moves between rows with the arrow keys', async () => {
    const api = asStaff((request) =>
      request.query.get('cursor') ? page([row(3, 'Ana Lima', ['Zoe'])]) : page(ROWS, { next: NEXT }),
    );
    renderApp('/admin/accounts');
    const user = userEvent.setup();
    const first = await screen.findByRole('link', { name: 'Jordan Rivera' });
    first.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Sam Okafor' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(first).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Ana Lima' })).toBeInTheDocument());
    expect(api.callsOf(adminApi.accounts).at(-1)?.query.get('cursor')).toBe('WyJhIiwieCIsMl0');
  });

  it('says when nothing matches and clears the filters', async () => {
    asStaff((request) => page(request.query.get('search') ? [] : ROWS));
    renderApp('/admin/accounts?q=zzzz');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'No accounts match' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    // The list reloads (the rows may be drawn more than once): wait for the settled list.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Jordan Rivera' })).toBeInTheDocument());
    expect(screen.getByRole('searchbox', { name: 'Search accounts' })).toHaveValue('');
  });
});
