/** Users and players as the API answers them, one per kind of person the shell treats differently. */
import type { UserInfo } from '../src/features/auth/auth.api.ts';
import { saveTokens } from '../src/lib/session.ts';

function user(overrides: Partial<UserInfo>): UserInfo {
  const first = overrides.first_name ?? 'Jordan';
  const last = overrides.last_name ?? 'Parker';
  return {
    id: 6,
    first_name: first,
    last_name: last,
    name: `${first} ${last}`,
    full_name: `${first} ${last}`,
    email: 'parent@example.com',
    phonenumber: '2015550123',
    country: 'US',
    is_staff: false,
    is_coach: false,
    is_billing_user: true,
    role: 'user',
    account: { id: 1, tags: [], account_status: 'ACTIVE' },
    billing_status: { status_name: 'ACTIVE' },
    ...overrides,
  };
}

export const USERS = {
  parent: user({}),
  magellan: user({ id: 8, first_name: 'Morgan', last_name: 'Reyes', email: 'magellan@example.com', role: 'magellan_user', account: { id: 3, tags: ['Magellan'], account_status: 'ACTIVE' } }),
  coach: user({ id: 3, first_name: 'Casey', last_name: 'Morgan', email: 'coach@example.com', is_coach: true, is_billing_user: false, role: 'coach', account: null }),
  staff: user({ id: 1, first_name: 'Sam', last_name: 'Rivera', email: 'staff@example.com', is_staff: true, is_billing_user: true, role: 'admin', account: null }),
  newFamily: user({ id: 9, first_name: 'Robin', last_name: 'Chen', email: 'newfamily@example.com', account: { id: 4, tags: [], account_status: 'NOT_PURCHASED' }, billing_status: { status_name: 'NOT_PURCHASED' } }),
  noPlayers: user({ id: 10, first_name: 'Taylor', last_name: 'Brooks', email: 'noplayers@example.com', account: { id: 5, tags: [], account_status: 'ACTIVE' } }),
  cancelled: user({ id: 11, first_name: 'Jamie', last_name: 'Foster', email: 'cancelled@example.com', account: { id: 6, tags: [], account_status: 'ACTIVE' }, billing_status: { status_name: 'CANCELLED' } }),
} satisfies Record<string, UserInfo>;

export function playerPage(players: { id: number; name: string; in_program?: boolean }[], count = players.length) {
  return {
    count,
    next: null,
    previous: null,
    results: players.map((player) => ({
      id: player.id + 100,
      player: { id: player.id, name: player.name, in_program: player.in_program ?? true, role: 'child' },
      role: 'child',
      player_name: player.name,
      in_program: player.in_program ?? true,
    })),
  };
}

/** Stores a signed-in session's tokens (access token valid for 15 minutes). */
export function storeSession(): void {
  saveTokens({ access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 900 });
}
