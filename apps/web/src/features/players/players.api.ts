/**
 * The players of an account (SPEC §3, §7): GET /api/v2/player/accounts/{id}/?page=N answers links
 * carrying the player, its role, player_name and in_program. Page 1 is read first, then the
 * remaining pages together; the list is merged and sorted by player id. An account the API knows
 * nothing about (404) has no players. Every shape comes from the API contract.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { StatSetting } from '@grove/domain';
import type {
  AcornsAddBody,
  Player,
  PlayerCreate,
  PlayerLink,
  PlayerPage,
  PlayerPatch,
  StatAnswer,
  StatSetBody,
} from '@grove/domain/api/players';

import { playersApi } from '@grove/domain/api/endpoints/players';

import { ApiError, call, unwrap } from '../../lib/api-client.ts';
import { STALE_TIMES } from '../../lib/query-client.ts';

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
    meta: { errorTitle: 'Loading players' },
  });
}

/** One player; a missing or foreign one (404) is null. */
export function playerRecordQuery(playerId: number) {
  return queryOptions({
    queryKey: playerKeys.record(playerId),
    queryFn: async ({ signal }) => {
      try {
        return unwrap(await call(playersApi.get, { params: { id: playerId }, signal }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: STALE_TIMES.player,
    meta: { errorTitle: 'Loading the player' },
  });
}

/**
 * POST /api/v1/accounts/players/{id}/hr_gauge|chase_speed (staff): a new value and the reason.
 * A value that is not a number goes as null; the server answers with the field's message.
 */
export async function setPlayerSetting<F extends StatSetting>(
  playerId: number,
  field: F,
  change: { value: StatSetBody['value'] | null; reason: string },
): Promise<StatAnswer<F>> {
  const request = { params: { id: playerId }, body: change as StatSetBody };
  const answer =
    field === 'hr_gauge' ? await call(playersApi.hrGauge.set, request) : await call(playersApi.chaseSpeed.set, request);
  return unwrap(answer) as StatAnswer<F>;
}

/** POST /api/v1/accounts/players/{id}/acorns (staff): acorns to add (negative takes back) and the reason. */
export async function addAcorns(
  playerId: number,
  change: { amount: AcornsAddBody['amount'] | null; reason: string },
): Promise<StatAnswer<'acorns'>> {
  return unwrap(await call(playersApi.acorns.add, { params: { id: playerId }, body: change as AcornsAddBody }));
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
    meta: { errorTitle: 'Loading incomplete profiles' },
  });
}

/** POST /api/v2/player/: a parent adds a child to their account (consent required); staff name the account. */
export async function createPlayer(body: PlayerCreate): Promise<Player> {
  return unwrap(await call(playersApi.create, { body }));
}

/** PATCH /api/v2/player/{id}/: rename, role, in_program. */
export async function updatePlayer(playerId: number, body: PlayerPatch): Promise<Player> {
  return unwrap(await call(playersApi.patch, { params: { id: playerId }, body }));
}

/**
 * After a player is added, renamed or moved in or out of the program: every player list (the
 * user layout's, which feeds Home and the Stats selector), every player record and the incomplete
 * profiles (the server removes the one a new name matches) are read again. Resolves once the
 * screens on show have their new data.
 */
export function refreshPlayers(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: playerKeys.all });
}
