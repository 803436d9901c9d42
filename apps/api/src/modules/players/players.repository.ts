import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { countRows } from '../../db/count.ts';
import {
  accounts,
  incompleteProfiles,
  playerStatChanges,
  players,
  playSessions,
  surveyResponses,
  users,
} from '../../db/schema/index.ts';

export type { StatField } from '@grove/domain/api/players';
import type { StatField } from '@grove/domain/api/players';

const STAT_COLUMNS = { hr_gauge: players.hrGauge, chase_speed: players.chaseSpeed, acorns: players.acorns } as const;
const STAT_KEYS = { hr_gauge: 'hrGauge', chase_speed: 'chaseSpeed', acorns: 'acorns' } as const;

/** First session start of the player; index-only on play_sessions (player_id, period_datetime). */
// Columns are spelled out: drizzle leaves them unqualified in a query without joins, and an
// unqualified "id" inside the subquery would be play_sessions.id.
const firstPlayDate =
  sql<Date | null>`(select min(ps.period_datetime) from ${playSessions} ps where ps.player_id = ${sql.identifier('players')}.${sql.identifier('id')})`.mapWith(
    playSessions.periodDatetime,
  );

const playerColumns = {
  id: players.id,
  accountId: players.accountId,
  name: players.name,
  role: players.role,
  inProgram: players.inProgram,
  hrGauge: players.hrGauge,
  chaseSpeed: players.chaseSpeed,
  acorns: players.acorns,
  createdAt: players.createdAt,
  updatedAt: players.updatedAt,
  firstPlayDate,
};

/** A player with the game settings staff, coaches and the play screens read and change. */
export const playerSettingsColumns = {
  id: players.id,
  accountId: players.accountId,
  name: players.name,
  hrGauge: players.hrGauge,
  chaseSpeed: players.chaseSpeed,
  acorns: players.acorns,
};

export type PlayerRow = {
  id: number;
  accountId: number;
  name: string;
  role: string;
  inProgram: boolean;
  hrGauge: number;
  chaseSpeed: number;
  acorns: number;
  createdAt: Date;
  updatedAt: Date;
  firstPlayDate: Date | null;
};

export async function findPlayer(db: Executor, id: number): Promise<PlayerRow | null> {
  const rows = await db.select(playerColumns).from(players).where(eq(players.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findPlayerAccountId(db: Executor, id: number): Promise<number | null> {
  const rows = await db.select({ accountId: players.accountId }).from(players).where(eq(players.id, id)).limit(1);
  return rows[0]?.accountId ?? null;
}

export async function accountExists(db: Executor, id: number): Promise<boolean> {
  const rows = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, id)).limit(1);
  return rows.length > 0;
}

/** The player (id and name) when it belongs to the account, else null. */
export async function findAccountPlayer(db: Executor, accountId: number, playerId: number) {
  const [row] = await db
    .select({ id: players.id, name: players.name })
    .from(players)
    .where(and(eq(players.id, playerId), eq(players.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

export async function countAccountPlayers(db: Executor, accountId: number): Promise<number> {
  return countRows(db, players, eq(players.accountId, accountId));
}

export async function listAccountPlayers(
  db: Executor,
  accountId: number,
  limit: number,
  offset: number,
): Promise<PlayerRow[]> {
  return db
    .select(playerColumns)
    .from(players)
    .where(eq(players.accountId, accountId))
    .orderBy(asc(players.id))
    .limit(limit)
    .offset(offset);
}

/** The account's players by id, each with whether it is in the program (the account screen, the game's list). */
export async function playersOfAccount(db: Executor, accountId: number) {
  return db
    .select({ id: players.id, name: players.name, inProgram: players.inProgram })
    .from(players)
    .where(eq(players.accountId, accountId))
    .orderBy(asc(players.id));
}

/** Locks the player row for the rest of the transaction (stat changes read, then write). */
export async function lockPlayer(tx: Executor, id: number) {
  const rows = await tx.select(playerSettingsColumns).from(players).where(eq(players.id, id)).for('update').limit(1);
  return rows[0] ?? null;
}

export interface PlayerValues {
  name?: string;
  role?: string;
  inProgram?: boolean;
  hrGauge?: number;
  chaseSpeed?: number;
  acorns?: number;
}

export async function insertPlayer(
  tx: Executor,
  accountId: number,
  values: PlayerValues & { name: string },
): Promise<number> {
  const [row] = await tx
    .insert(players)
    .values({ accountId, ...values })
    .returning({ id: players.id });
  return row!.id;
}

export async function updatePlayer(tx: Executor, id: number, values: PlayerValues): Promise<void> {
  await tx
    .update(players)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(players.id, id));
}

export async function setStat(tx: Executor, id: number, field: StatField, value: number): Promise<void> {
  await tx
    .update(players)
    .set({ [STAT_KEYS[field]]: value, updatedAt: new Date() })
    .where(eq(players.id, id));
}

export async function readStat(db: Executor, id: number, field: StatField): Promise<number | null> {
  const rows = await db.select({ value: STAT_COLUMNS[field] }).from(players).where(eq(players.id, id)).limit(1);
  return rows[0]?.value ?? null;
}

export async function insertStatChange(
  tx: Executor,
  change: {
    playerId: number;
    field: StatField;
    oldValue: number;
    newValue: number;
    reason: string;
    changedBy: number | null;
  },
): Promise<void> {
  await tx.insert(playerStatChanges).values(change);
}

export async function listStatChanges(db: Executor, playerId: number, field: StatField, limit: number) {
  return db
    .select({
      id: playerStatChanges.id,
      oldValue: playerStatChanges.oldValue,
      newValue: playerStatChanges.newValue,
      reason: playerStatChanges.reason,
      createdAt: playerStatChanges.createdAt,
      changedById: users.id,
      changedByFirstName: users.firstName,
      changedByLastName: users.lastName,
    })
    .from(playerStatChanges)
    .leftJoin(users, eq(users.id, playerStatChanges.changedBy))
    .where(and(eq(playerStatChanges.playerId, playerId), eq(playerStatChanges.field, field)))
    .orderBy(desc(playerStatChanges.createdAt), desc(playerStatChanges.id))
    .limit(limit);
}

/** Same normalisation as the unique index: trimmed, case-insensitive. */
const sameName = (column: typeof incompleteProfiles.playerName | typeof surveyResponses.playerName, name: string) =>
  sql`lower(btrim(${column})) = lower(btrim(${name}))`;

/**
 * A player now carries this name: the account's incomplete profile of that name is resolved. Its
 * survey responses are linked to the player and the profile is removed. Returns how many profiles
 * were removed (0 or 1).
 */
export async function resolveIncompleteProfile(
  tx: Executor,
  accountId: number,
  name: string,
  playerId: number,
): Promise<number> {
  const removed = await tx
    .delete(incompleteProfiles)
    .where(and(eq(incompleteProfiles.accountId, accountId), sameName(incompleteProfiles.playerName, name)))
    .returning({ id: incompleteProfiles.id });
  if (removed.length > 0) {
    await tx
      .update(surveyResponses)
      .set({ playerId })
      .where(
        and(
          eq(surveyResponses.accountId, accountId),
          isNull(surveyResponses.playerId),
          sameName(surveyResponses.playerName, name),
        ),
      );
  }
  return removed.length;
}

export async function countIncompleteProfiles(db: Executor, accountId: number): Promise<number> {
  return countRows(db, incompleteProfiles, eq(incompleteProfiles.accountId, accountId));
}

export async function listIncompleteProfiles(db: Executor, accountId: number, limit: number, offset: number) {
  return db
    .select({
      id: incompleteProfiles.id,
      playerName: incompleteProfiles.playerName,
      createdAt: incompleteProfiles.createdAt,
    })
    .from(incompleteProfiles)
    .where(eq(incompleteProfiles.accountId, accountId))
    .orderBy(asc(incompleteProfiles.id))
    .limit(limit)
    .offset(offset);
}
