/**
 * A player's record, staff's changes of the game settings (gauge, chase speed, acorns) and the
 * changes of the player list (SPEC §3, §7); the list itself and the incomplete profiles are read
 * through lib/queries/players.ts. Every shape comes from the API contract.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import type { StatSetting } from '@grove/domain';
import type {
  AcornsAddBody,
  Player,
  PlayerCreate,
  PlayerPatch,
  StatAnswer,
  StatSetBody,
} from '@grove/domain/api/players';

import { playersApi } from '@grove/domain/api/endpoints/players';

import { i18n } from '../../lib/i18n.ts';
import { ApiError, call, unwrap } from '../../lib/api-client.ts';
import { playerKeys } from '../../lib/queries/players.ts';
import { STALE_TIMES } from '../../lib/query-client.ts';

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
    meta: { errorTitle: i18n._(msg`Loading the player`) },
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
