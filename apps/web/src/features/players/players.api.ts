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

/** The player record (GET /api/v2/player/{id}/, and inside each link of the list). */
export type PlayerRecord = {
  id: number;
  account: number;
  name: string;
  role: string;
  in_program: boolean;
  hr_gauge: number;
  chase_speed: number;
  acorns: number;
  first_play_date: string | null;
};

type PlayerLink = {
  id?: number;
  player: { id: number; name?: string; in_program?: boolean; role?: string } & Partial<PlayerRecord>;
  role?: string;
  player_name?: string;
  in_program?: boolean;
};

type PlayerPage = { count: number; next: string | null; previous: string | null; results: PlayerLink[] };

export const playerKeys = {
  all: ['players'] as const,
  list: (accountId: number) => [...playerKeys.all, 'list', accountId] as const,
  records: (accountId: number) => [...playerKeys.all, 'records', accountId] as const,
  record: (playerId: number) => [...playerKeys.all, 'record', playerId] as const,
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

/** Every link of the account (page 1, then the rest together), one per player, sorted by player id. */
async function fetchAccountLinks(accountId: number, signal: AbortSignal | undefined): Promise<PlayerLink[]> {
  let first: PlayerPage;
  try {
    first = await fetchPage(accountId, 1, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
  const pageSize = first.results.length;
  const pages = pageSize > 0 ? Math.ceil(first.count / pageSize) : 1;
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, index) => fetchPage(accountId, index + 2, signal)),
  );
  const byId = new Map<number, PlayerLink>();
  for (const link of [first, ...rest].flatMap((page) => page.results)) byId.set(link.player.id, link);
  return [...byId.values()].sort((a, b) => a.player.id - b.player.id);
}

export async function fetchAccountPlayers(accountId: number, signal?: AbortSignal): Promise<PlayerList> {
  const results = (await fetchAccountLinks(accountId, signal)).map(toPlayer);
  return { count: results.length, results };
}

/** The account's player records with gauge, chase speed and acorns (the staff editor). */
export async function fetchAccountPlayerRecords(accountId: number, signal?: AbortSignal): Promise<PlayerRecord[]> {
  return (await fetchAccountLinks(accountId, signal)).map((link) => ({
    id: link.player.id,
    account: link.player.account ?? accountId,
    name: link.player_name || link.player.name || '',
    role: link.role ?? link.player.role ?? '',
    in_program: link.in_program ?? link.player.in_program ?? false,
    hr_gauge: link.player.hr_gauge ?? 0,
    chase_speed: link.player.chase_speed ?? 0,
    acorns: link.player.acorns ?? 0,
    first_play_date: link.player.first_play_date ?? null,
  }));
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

/** The account's player records, for staff (gauge, chase speed, acorns); player data, 5 minutes. */
export function playerRecordsQuery(accountId: number) {
  return queryOptions({
    queryKey: playerKeys.records(accountId),
    queryFn: ({ signal }) => fetchAccountPlayerRecords(accountId, signal),
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
        return unwrap(await api.get<PlayerRecord>(`/v2/player/${playerId}/`, { signal }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: STALE_TIMES.player,
    meta: { errorTitle: 'Loading the player' },
  });
}

/** The staff-editable settings of a player (SPEC §6): gauge and chase speed are set, acorns added. */
export type PlayerSetting = 'hr_gauge' | 'chase_speed';
export type StatAnswer = { player_id: number; history: unknown[] } & Partial<Record<PlayerSetting | 'acorns', number>>;

/**
 * POST /api/v1/accounts/players/{id}/hr_gauge|chase_speed (staff): a new value and the reason.
 * A value that is not a number goes as null; the server answers with the field's message.
 */
export async function setPlayerSetting(playerId: number, field: PlayerSetting, change: { value: number | null; reason: string }): Promise<StatAnswer> {
  return unwrap(await api.post<StatAnswer>(`/v1/accounts/players/${playerId}/${field}`, change));
}

/** POST /api/v1/accounts/players/{id}/acorns (staff): acorns to add (negative takes back) and the reason. */
export async function addAcorns(playerId: number, change: { amount: number | null; reason: string }): Promise<StatAnswer> {
  return unwrap(await api.post<StatAnswer>(`/v1/accounts/players/${playerId}/acorns`, change));
}
