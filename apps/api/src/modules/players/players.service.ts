import { API_MESSAGES, INT4_MAX, type Paging } from '@grove/domain/api/common';
import { PLAYER_MESSAGES, type PlayerRole } from '@grove/domain';
import { CONSENT_MESSAGES } from '@grove/domain/privacy';
import {
  STAT_FIELDS,
  STAT_HISTORY_LIMIT,
  type Player,
  type PlayerLink,
  type StatAnswer,
  type StatField,
} from '@grove/domain/api/players';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound, ValidationError } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import { assertAccountAccess } from '../auth/access.ts';
import { recordConsent, type ConsentOrigin } from '../privacy/privacy.service.ts';
import {
  accountExists,
  countAccountPlayers,
  countIncompleteProfiles,
  findPlayer,
  findPlayerAccountId,
  insertPlayer,
  insertStatChange,
  listAccountPlayers,
  listIncompleteProfiles,
  listStatChanges,
  lockPlayer,
  readStat,
  resolveIncompleteProfile,
  setStat,
  updatePlayer as updatePlayerRow,
  type PlayerRow,
  type PlayerValues,
} from './players.repository.ts';

function toPlayer(row: PlayerRow): Player {
  return {
    id: row.id,
    account: row.accountId,
    name: row.name,
    role: row.role,
    in_program: row.inProgram,
    hr_gauge: row.hrGauge,
    chase_speed: row.chaseSpeed,
    acorns: row.acorns,
    first_play_date: row.firstPlayDate ? row.firstPlayDate.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toLink(row: PlayerRow): PlayerLink {
  const player = toPlayer(row);
  return { id: row.id, player, role: row.role, player_name: row.name, in_program: row.inProgram };
}

/** 404 unless the account exists and the user may read (or write) it. */
async function assertAccount(db: Db, user: AuthUser, accountId: number, mode: 'read' | 'write') {
  await assertAccountAccess(db, user, accountId, mode);
  if (user.isStaff && !(await accountExists(db, accountId))) throw notFound();
}

/** The player's account, after checking the user may read (or write) it; 404 otherwise. */
export async function playerAccount(db: Db, user: AuthUser, playerId: number, mode: 'read' | 'write'): Promise<number> {
  const accountId = await findPlayerAccountId(db, playerId);
  if (accountId === null) throw notFound();
  await assertAccountAccess(db, user, accountId, mode);
  return accountId;
}

export async function listPlayerLinks(db: Db, user: AuthUser, accountId: number, paging: Paging) {
  await assertAccount(db, user, accountId, 'read');
  const offset = (paging.page - 1) * paging.page_size;
  const [count, rows] = await Promise.all([
    countAccountPlayers(db, accountId),
    listAccountPlayers(db, accountId, paging.page_size, offset),
  ]);
  return { count, page: paging.page, pageSize: paging.page_size, results: rows.map(toLink) };
}

export async function getPlayer(db: Db, user: AuthUser, playerId: number): Promise<Player> {
  const row = await findPlayer(db, playerId);
  if (!row) throw notFound();
  await assertAccountAccess(db, user, row.accountId, 'read');
  return toPlayer(row);
}

export interface PlayerInput {
  name?: string;
  role?: PlayerRole;
  in_program?: boolean;
  hr_gauge?: number;
  chase_speed?: number;
  acorns?: number;
}

const STAT_VALUE_KEYS = { hr_gauge: 'hrGauge', chase_speed: 'chaseSpeed', acorns: 'acorns' } as const;

function toValues(input: PlayerInput): PlayerValues {
  const values: PlayerValues = {};
  if (input.name !== undefined) values.name = input.name.trim();
  if (input.role !== undefined) values.role = input.role;
  if (input.in_program !== undefined) values.inProgram = input.in_program;
  return values;
}

/**
 * POST /api/v2/player/: a new player in the caller's account (staff name the account). Gauge,
 * chase speed and acorns start at their defaults; a non-staff caller who sends other values is
 * refused, as on update.
 */
export async function createPlayer(
  db: Db,
  user: AuthUser,
  input: PlayerInput & { name: string; account?: number; consent?: true },
  origin: ConsentOrigin = { ip: null, userAgent: null },
) {
  const accountId = user.isStaff ? input.account : (input.account ?? user.accountId);
  if (accountId === undefined || accountId === null) throw new ValidationError({ account: [API_MESSAGES.required] });
  await assertAccount(db, user, accountId, 'write');
  const stats = STAT_FIELDS.filter((field) => input[field] !== undefined);
  if (stats.length > 0 && !user.isStaff) throw forbidden(PLAYER_MESSAGES.statsStaffOnlySet);
  // A parent consents for the new player (issue 17); staff adding a player for a family cannot.
  if (!user.isStaff && input.consent !== true)
    throw new ValidationError({ consent: [CONSENT_MESSAGES.playerRequired] });

  const id = await db.transaction(async (tx) => {
    const values = toValues(input);
    for (const field of stats) values[STAT_VALUE_KEYS[field]] = input[field];
    const playerId = await insertPlayer(tx, accountId, { ...values, name: values.name ?? input.name.trim() });
    await resolveIncompleteProfile(tx, accountId, input.name, playerId);
    if (!user.isStaff) {
      await recordConsent(tx, { accountId, userId: user.id, playerId, kind: 'player_added', granted: true, origin });
    }
    return playerId;
  });
  return getPlayer(db, user, id);
}

/**
 * PATCH and PUT /api/v2/player/{id}/ and PATCH /api/v1/accounts/players/{id}. Parents of the
 * account and staff change name, role and in_program. hr_gauge, chase_speed and acorns may be sent
 * back unchanged (a client that PUTs the whole player); changing them is staff-only (403 otherwise)
 * and is written to the audit trail. Whatever changed, a matching incomplete profile is resolved.
 */
export async function updatePlayer(db: Db, user: AuthUser, playerId: number, input: PlayerInput): Promise<Player> {
  await playerAccount(db, user, playerId, 'write');
  await db.transaction(async (tx) => {
    const current = await lockPlayer(tx, playerId);
    if (!current) throw notFound();
    const values = toValues(input);
    const changed = STAT_FIELDS.filter(
      (field) => input[field] !== undefined && input[field] !== current[STAT_VALUE_KEYS[field]],
    );
    if (changed.length > 0 && !user.isStaff) throw forbidden(PLAYER_MESSAGES.statsStaffOnlyChange);
    for (const field of changed) {
      const newValue = input[field]!;
      values[STAT_VALUE_KEYS[field]] = newValue;
      await insertStatChange(tx, {
        playerId,
        field,
        oldValue: current[STAT_VALUE_KEYS[field]],
        newValue,
        reason: "Changed on the player's record",
        changedBy: user.id,
      });
    }
    await updatePlayerRow(tx, playerId, values);
    await resolveIncompleteProfile(tx, current.accountId, values.name ?? current.name, playerId);
  });
  return getPlayer(db, user, playerId);
}

async function statAnswer<F extends StatField>(db: Db, playerId: number, field: F): Promise<StatAnswer<F>> {
  const [value, changes] = await Promise.all([
    readStat(db, playerId, field),
    listStatChanges(db, playerId, field, STAT_HISTORY_LIMIT),
  ]);
  if (value === null) throw notFound();
  const answer = {
    player_id: playerId,
    history: changes.map((c) => ({
      id: c.id,
      old_value: c.oldValue,
      new_value: c.newValue,
      reason: c.reason,
      changed_by:
        c.changedById === null
          ? null
          : { id: c.changedById, name: `${c.changedByFirstName ?? ''} ${c.changedByLastName ?? ''}`.trim() },
      created_at: c.createdAt.toISOString(),
    })),
  };
  return { ...answer, [field]: value } as StatAnswer<F>;
}

/** GET …/hr_gauge, …/chase_speed, …/acorns: the value and its latest changes. */
export async function getStat<F extends StatField>(db: Db, user: AuthUser, playerId: number, field: F) {
  await playerAccount(db, user, playerId, 'read');
  return statAnswer(db, playerId, field);
}

/**
 * Staff set the gauge or chase speed (value) or add acorns (amount, negative to take some back,
 * never below zero). The new value and its audit row are written in one transaction.
 */
export async function changeStat<F extends StatField>(
  db: Db,
  user: AuthUser,
  playerId: number,
  field: F,
  change: { value: number; reason: string } | { amount: number; reason: string },
) {
  if (!user.isStaff) throw forbidden();
  await playerAccount(db, user, playerId, 'write');
  await db.transaction(async (tx) => {
    const current = await lockPlayer(tx, playerId);
    if (!current) throw notFound();
    const oldValue = current[STAT_VALUE_KEYS[field]];
    let newValue: number;
    if ('amount' in change) {
      newValue = oldValue + change.amount;
      if (newValue < 0) throw new ValidationError({ amount: [PLAYER_MESSAGES.balanceBelowZero(oldValue)] });
      if (newValue > INT4_MAX)
        throw new ValidationError({ amount: [PLAYER_MESSAGES.balanceAboveMax(INT4_MAX, oldValue)] });
    } else {
      newValue = change.value;
    }
    await setStat(tx, playerId, field, newValue);
    await insertStatChange(tx, {
      playerId,
      field,
      oldValue,
      newValue,
      reason: change.reason.trim(),
      changedBy: user.id,
    });
  });
  return statAnswer(db, playerId, field);
}

/** SPEC §3: incomplete profiles, paged with count, next, prev (and previous, as every list). */
export async function listAccountIncompleteProfiles(db: Db, user: AuthUser, accountId: number, paging: Paging) {
  await assertAccount(db, user, accountId, 'read');
  const offset = (paging.page - 1) * paging.page_size;
  const [count, rows] = await Promise.all([
    countIncompleteProfiles(db, accountId),
    listIncompleteProfiles(db, accountId, paging.page_size, offset),
  ]);
  return {
    count,
    page: paging.page,
    pageSize: paging.page_size,
    results: rows.map((r) => ({ id: r.id, player_name: r.playerName, created_at: r.createdAt.toISOString() })),
  };
}
