/**
 * The players of an account (SPEC §3, §7): GET /api/v2/player/accounts/{id}/?page=N answers links
 * carrying the player, its role, player_name and in_program. Page 1 is read first, then the
 * remaining pages together; the list is merged and sorted by player id. An account the API knows
 * nothing about (404) has no players. Every shape comes from the API contract.
 */
import { msg } from '@lingui/core/macro';
import { queryOptions } from '@tanstack/react-query';
import type { Player, PlayerLink, PlayerPage } from '@grove/domain/api/players';

import { playersApi } from '@grove/domain/api/endpoints/players';

import { ApiError, call, unwrap } from '../api-client.ts';
import { i18n } from '../i18n.ts';
import { STALE_TIMES } from '../query-client.ts';

export const playerKeys = {
  all: ['players'] as const,
  list: (accountId: number) => [...playerKeys.all, 'list', accountId] as const,
  record: (playerId: number) => [...playerKeys.all, 'record', playerId] as const,
  incompleteProfiles: (accountId: number) => [...playerKeys.all, 'incomplete', accountId] as const,
};

/** SPEC §3: the player is built from its link; the link's role, player_name and in_program win. */
export function toPlayer(link: PlayerLink): Player {
  return { ...link.player, name: link.player_name, role: link.role, in_program: link.in_program };
}

async function fetchPage(accountId: number, page: number, signal: AbortSignal | undefined): Promise<PlayerPage> {
  return unwrap(await call(playersApi.list, { params: { id: accountId }, query: { page }, signal }));
}

/** Every player of the account (page 1, then the rest together), sorted by id; SPEC §4: count is the list's length. */
export async function fetchAccountPlayers(
  accountId: number,
  signal?: AbortSignal,
): Promise<{ count: number; results: Player[] }> {
  let first: PlayerPage;
  try {
    first = await fetchPage(accountId, 1, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { count: 0, results: [] };
    throw error;
  }
  const pageSize = first.results.length;
  const pages = pageSize > 0 ? Math.ceil(first.count / pageSize) : 1;
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, index) => fetchPage(accountId, index + 2, signal)),
  );
  const byId = new Map<number, Player>();
  for (const link of [first, ...rest].flatMap((page) => page.results)) byId.set(link.player.id, toPlayer(link));
  const results = [...byId.values()].sort((a, b) => a.id - b.id);
  return { count: results.length, results };
}

/** The account's players with their gauge, chase speed and acorns; refreshed after 5 minutes (SPEC §4). */
export function playersQuery(accountId: number) {
  return queryOptions({
    queryKey: playerKeys.list(accountId),
    queryFn: ({ signal }) => fetchAccountPlayers(accountId, signal),
    staleTime: STALE_TIMES.player,
    meta: { errorTitle: i18n._(msg`Loading players`) },
  });
}

/**
 * GET /api/v2/accounts/{id}/incomplete_profiles/: profiles named in a survey or made on the tablet
 * that a parent has not completed yet (SPEC §3). The first page holds up to 1000, more than a family has.
 */
export function incompleteProfilesQuery(accountId: number) {
  return queryOptions({
    queryKey: playerKeys.incompleteProfiles(accountId),
    queryFn: async ({ signal }) =>
      unwrap(
        await call(playersApi.incompleteProfiles, { params: { id: accountId }, query: { page_size: 1000 }, signal }),
      ),
    staleTime: STALE_TIMES.player,
    meta: { errorTitle: i18n._(msg`Loading incomplete profiles`) },
  });
}
