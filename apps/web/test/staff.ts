/**
 * Staff in component and route tests: a staff session and the reads of an account's staff page
 * (/admin/accounts/1) — the account, its players, notes, history of staff changes and the coaches.
 */
import type { adminApi as adminContract } from '@grove/domain/api/admin';
import type { Reply } from '@grove/domain/api/common';
import { adminApi } from '@grove/domain/api/endpoints/admin';
import { coachingApi } from '@grove/domain/api/endpoints/coaching';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { userApi } from '@grove/domain/api/endpoints/user';

import { fakeApi, type FakeApi, type FakeRoute } from './fake-api.ts';
import { USERS, playerPage, storeSession } from './fixtures.ts';

export type AdminAccount = Reply<typeof adminContract.account>;

/** A staff member signed in (with the CSRF cookie writes need), and `routes` answering the API. */
export function asStaff(routes: readonly FakeRoute[] = []): FakeApi {
  storeSession();
  document.cookie = 'csrftoken=csrf-1; path=/';
  return fakeApi([[userApi.info, { body: USERS.staff }], ...routes]);
}

/** A page of a keyset list (`first` and `last` links, no next or previous). */
export function keysetPage<T>(results: T[]) {
  return { count: results.length, next: null, previous: null, first: '/f', last: '/l', results };
}

/** Account 1 as the admin API answers it: Jordan Rivera, billing user, no tags, no coach. */
export function adminAccountFixture(changes: Partial<AdminAccount> = {}): AdminAccount {
  return {
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
    ...changes,
  };
}

/**
 * What the staff page of account 1 reads: `account`, the players `players()` gives at each read,
 * no notes, an empty history of staff changes, and `coaches` to assign.
 */
export function adminAccountPageRoutes({
  account,
  players = () => [],
  coaches = [],
}: {
  account: AdminAccount;
  players?: () => Parameters<typeof playerPage>[0];
  coaches?: readonly object[];
}): FakeRoute[] {
  return [
    [playersApi.list, () => ({ body: playerPage(players()) }), { id: 1 }],
    [adminApi.account, { body: account }, { id: 1 }],
    [adminApi.notes, { body: { count: 0, next: null, previous: null, results: [] } }, { id: 1 }],
    [adminApi.accountAudit, { body: keysetPage([]) }, { id: 1 }],
    [coachingApi.coaches, { body: { count: coaches.length, results: coaches } }],
  ];
}
