/**
 * What the user layout tells its screens (SPEC §2): the signed-in user, their role, the account's
 * players and whether the player list has finished loading. The player layout adds the selected
 * player (query `pid`, else the first player) and, for staff and coaches without an account of
 * their own, the family whose player `pid` names.
 */
import { useOutletContext } from 'react-router';
import type { Role } from '@grove/domain';

import type { UserInfo } from '@grove/domain/api/user';
import type { Player } from '@grove/domain/api/players';

export type UserLayoutContext = {
  user: UserInfo;
  role: Role;
  players: readonly Player[];
  /** True once the player list has loaded (or failed, or there is no account to list). */
  playersLoaded: boolean;
  playersFailed: boolean;
  /** Reads the player list again (after it failed). */
  retryPlayers: () => unknown;
};

export type PlayerLayoutContext = UserLayoutContext & {
  selectedPlayer: Player | null;
  /**
   * The account a staff member or coach without an account of their own is looking at, found
   * from the player in `pid`; null for people who see their own account.
   */
  visitedAccountId: number | null;
};

export type AdminLayoutContext = { user: UserInfo };

export function useUserLayout(): UserLayoutContext {
  return useOutletContext<UserLayoutContext>();
}

export function usePlayerLayout(): PlayerLayoutContext {
  return useOutletContext<PlayerLayoutContext>();
}

export function useAdminLayout(): AdminLayoutContext {
  return useOutletContext<AdminLayoutContext>();
}
