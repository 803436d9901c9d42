/**
 * Audit specs of the staff writes (lib/contract.ts AuditSpec): which account a write concerns and
 * the state of the changed thing, read with one indexed query before and after the write.
 */
import type { Db } from '../../db/client.ts';
import type { AuditTarget } from '../../lib/contract.ts';
import {
  accountColumns,
  deviceAccountId,
  deviceState,
  invoiceAccountId,
  invoiceState,
  latestSubscriptionState,
  playerAccountId,
  playerGameSettings,
  playerRecord,
  webinarState,
} from './audit.repository.ts';

type IdRequest = { params: { id: number } };

const idOf = (target: AuditTarget) => Number(target.entityId);

/** A write on an account, seen through some of its columns. */
export function accountSpec(
  db: Db,
  columns: readonly ('account_status' | 'coach_user_id' | 'game_version' | 'time_zone')[],
) {
  return {
    entity: 'account',
    target: ({ params }: IdRequest) => ({ accountId: params.id, entityId: params.id }),
    load: async (target: AuditTarget) => {
      const row = await accountColumns(db, idOf(target));
      return row ? Object.fromEntries(columns.map((column) => [column, row[column]])) : null;
    },
  };
}

/** A player's gauge, chase speed and acorns (SPEC §6: staff change them with a reason). */
export function playerSpec(db: Db) {
  return {
    entity: 'player',
    target: async ({ params }: IdRequest) => ({ accountId: await playerAccountId(db, params.id), entityId: params.id }),
    load: (target: AuditTarget) => playerGameSettings(db, idOf(target)),
  };
}

/** What a player is to the family, and its game settings: the columns a staff write may change. */
function loadPlayerRecord(db: Db, target: AuditTarget) {
  return playerRecord(db, idOf(target));
}

/**
 * A staff member changing a player through the family's routes (PATCH and PUT /api/v2/player/{id}):
 * filed under the player's account, so the account's history lists it and an erasure redacts it.
 */
export function playerRecordSpec(db: Db) {
  return {
    entity: 'player',
    target: playerSpec(db).target,
    load: (target: AuditTarget) => loadPlayerRecord(db, target),
  };
}

/**
 * A staff member adding a player to a family (POST /api/v2/player with `account`): filed under that
 * account; the new player's id comes from the answer, and after holds its values.
 */
export function newPlayerSpec(db: Db) {
  return {
    entity: 'player',
    target: ({ body }: { body: { account?: number } }) => ({ accountId: body.account ?? null, entityId: null }),
    load: (target: AuditTarget) => loadPlayerRecord(db, target),
  };
}

export function invoiceSpec(db: Db) {
  return {
    entity: 'invoice',
    target: async ({ params }: IdRequest) => ({
      accountId: await invoiceAccountId(db, params.id),
      entityId: params.id,
    }),
    load: (target: AuditTarget) => invoiceState(db, idOf(target)),
  };
}

/** A subscription flow on an account (the account's newest subscription). */
export function subscriptionSpec(db: Db) {
  return {
    entity: 'subscription',
    target: ({ params }: IdRequest) => ({ accountId: params.id, entityId: params.id }),
    load: (target: AuditTarget) => latestSubscriptionState(db, idOf(target)),
  };
}

export function deviceSpec(db: Db) {
  return {
    entity: 'device',
    target: async ({ params }: IdRequest) => ({ accountId: await deviceAccountId(db, params.id), entityId: params.id }),
    load: (target: AuditTarget) => deviceState(db, idOf(target)),
  };
}

export function webinarSpec(db: Db) {
  return {
    entity: 'webinar',
    target: ({ params }: { params?: { id: number } }) => ({ accountId: null, entityId: params?.id ?? null }),
    load: (target: AuditTarget) => webinarState(db, idOf(target)),
  };
}

/** A conversation logged with a family (customer interactions): the answer is what was logged. */
export function interactionSpec() {
  return {
    entity: 'interaction',
    target: ({ params }: IdRequest) => ({ accountId: params.id, entityId: null }),
  };
}
