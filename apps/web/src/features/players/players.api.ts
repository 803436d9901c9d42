/**
 * The players of an account (SPEC §3, §7): GET /api/v2/player/accounts/{id}/?page=N answers links
 * carrying the player, its role, player_name and in_program. Page 1 is read first, then the
 * remaining pages together; the list is merged and sorted by player id. An account the API knows
 * nothing about (404) has no players.
 */
import { queryOptions } from '@tanstack/react-query';

import { ApiError, api, unwrap } from '../../lib/api-client.ts';
import { STALE_TIMES } from '../../lib/query-client.ts';

export type Player = { id: number; name: string; in_program: boolean; role: string };
export type PlayerList = { count: number; results: Player[] };

type PlayerLink = {
  id?: number;
  player: { id: number; name?: string; in_program?: boolean; role?: string };
  role?: string;
  player_name?: string;
  in_program?: boolean;
};

type PlayerPage = { count: number; next: string | null; previous: string | null; results: PlayerLink[] };

export const playerKeys = {
  all: ['players'] as const,
  list: (accountId: number) => [...playerKeys.all, 'list', accountId] as const,
};

export function toPlayer(link: PlayerLink): Player {
  return {
    id: link.player.id,
    name: link.player_name || link.player.name || '',
    in_program: link.in_program ?? link.player.in_program ?? false,
    role: link.role ?? link.player.role ?? '',
  };
}

async function fetchPage(accountId: number, page: number, signal: AbortSignal | undefined): Promise<PlayerPage> {
  return unwrap(await api.get<PlayerPage>(`/v2/player/accounts/${accountId}/`, { query: { page }, signal }));
}

export async function fetchAccountPlayers(accountId: number, signal?: AbortSignal): Promise<PlayerList> {
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
  for (const link of [first, ...rest].flatMap((page) => page.results)) {
    const player = toPlayer(link);
    byId.set(player.id, player);
  }
  const results = [...byId.values()].sort((a, b) => a.id - b.id);
  return { count: results.length, results };
}

/** The account's players; refreshed after 5 minutes (SPEC §4). */
export function playersQuery(accountId: number) {
  return queryOptions({
    queryKey: playerKeys.list(accountId),
    queryFn: ({ signal }) => fetchAccountPlayers(accountId, signal),
    staleTime: STALE_TIMES.player,
    meta: { errorTitle: 'Loading players' },
  });
}
