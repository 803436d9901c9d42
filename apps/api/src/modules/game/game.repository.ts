import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  accounts,
  coolDowns,
  cooldownEvents,
  devices,
  hrRises,
  incompleteProfiles,
  players,
  playSessions,
} from '../../db/schema/index.ts';

const CHUNK = 1000;

async function inChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * The account's players among `playerIds`, locked (FOR UPDATE, in id order, so two uploads never
 * deadlock) until the transaction ends: one upload at a time decides what a player played.
 * Their acorn balances, by id.
 */
export async function lockAccountPlayers(tx: Executor, accountId: number, playerIds: number[]) {
  if (playerIds.length === 0) return new Map<number, number>();
  const rows = await tx
    .select({ id: players.id, acorns: players.acorns })
    .from(players)
    .where(and(eq(players.accountId, accountId), inArray(players.id, playerIds)))
    .orderBy(players.id)
    .for('update');
  return new Map(rows.map((r) => [r.id, r.acorns]));
}

/** Which of `gameSessionIds` the account already has. */
export async function storedGameSessionIds(tx: Executor, accountId: number, gameSessionIds: string[]) {
  const found = new Set<string>();
  await inChunks(gameSessionIds, CHUNK, async (chunk) => {
    const rows = await tx
      .select({ gameSessionId: playSessions.gameSessionId })
      .from(playSessions)
      .where(and(eq(playSessions.accountId, accountId), inArray(playSessions.gameSessionId, chunk)));
    for (const row of rows) found.add(row.gameSessionId);
  });
  return found;
}

/** The stored sessions of `playerIds` that share some time with [from, to), as windows in ms. */
export async function storedWindows(tx: Executor, playerIds: number[], from: Date, to: Date) {
  if (playerIds.length === 0) return [];
  const ends = sql`${playSessions.periodDatetime} + ${playSessions.secondsPlayed} * interval '1 second'`;
  const rows = await tx
    .select({
      playerId: playSessions.playerId,
      gameSessionId: playSessions.gameSessionId,
      start: playSessions.periodDatetime,
      seconds: playSessions.secondsPlayed,
    })
    .from(playSessions)
    .where(
      and(
        inArray(playSessions.playerId, playerIds),
        lt(playSessions.periodDatetime, to),
        sql`${ends} > ${from.toISOString()}::timestamptz`,
      ),
    );
  return rows.map((r) => ({
    playerId: r.playerId,
    gameSessionId: r.gameSessionId,
    start: r.start.getTime(),
    end: r.start.getTime() + r.seconds * 1000,
  }));
}

export type NewSession = typeof playSessions.$inferInsert;

/**
 * Inserts the sessions whose (account, game_session_id) is new; the others are left untouched.
 * Returns the ids of the rows inserted, by game_session_id.
 */
export async function insertNewSessions(tx: Executor, rows: NewSession[]): Promise<Map<string, number>> {
  const inserted = new Map<string, number>();
  // 11 parameters a row: 500 rows stay well under PostgreSQL's 65,535 parameters.
  await inChunks(rows, 500, async (chunk) => {
    const created = await tx
      .insert(playSessions)
      .values(chunk)
      .onConflictDoNothing({ target: [playSessions.accountId, playSessions.gameSessionId] })
      .returning({ id: playSessions.id, gameSessionId: playSessions.gameSessionId });
    for (const row of created) inserted.set(row.gameSessionId, row.id);
  });
  return inserted;
}

export type NewHrRise = typeof hrRises.$inferInsert;
export type NewCoolDown = typeof coolDowns.$inferInsert;
export type NewCooldownEvent = typeof cooldownEvents.$inferInsert;

const column = <T, V>(rows: T[], pick: (row: T) => V) => sql.param(rows.map(pick));
const instant = (date: Date) => date.toISOString();

/**
 * The new sessions' rises, cooldowns and cooldown events in one statement (three inserts as
 * data-modifying parts of one query, each row set passed as column arrays and unnested): one
 * round trip an upload instead of three, with the same number of parameters however many rows.
 * Each table's rows are inserted in the game's order (ordinality), so their ids follow it.
 */
export async function insertSessionEvents(
  tx: Executor,
  rows: { rises: NewHrRise[]; coolDowns: NewCoolDown[]; events: NewCooldownEvent[] },
) {
  const { rises, coolDowns: cools, events } = rows;
  if (rises.length + cools.length + events.length === 0) return;
  await tx.execute(sql`
    with rises as (
      insert into ${hrRises} (player_id, session_id, occurred_at, start_bpm, peak_bpm)
      select a, b, c, d, e from unnest(${column(rises, (r) => r.playerId)}::int[], ${column(rises, (r) => r.sessionId)}::int[],
                           ${column(rises, (r) => instant(r.occurredAt))}::timestamptz[],
                           ${column(rises, (r) => r.startBpm)}::smallint[], ${column(rises, (r) => r.peakBpm)}::smallint[])
             with ordinality as u(a, b, c, d, e, n) order by n
    ), cools as (
      insert into ${coolDowns} (player_id, session_id, started_at, ended_at, start_bpm, end_bpm)
      select a, b, c, d, e, f from unnest(${column(cools, (c) => c.playerId)}::int[], ${column(cools, (c) => c.sessionId)}::int[],
                           ${column(cools, (c) => instant(c.startedAt))}::timestamptz[],
                           ${column(cools, (c) => instant(c.endedAt))}::timestamptz[],
                           ${column(cools, (c) => c.startBpm)}::smallint[], ${column(cools, (c) => c.endBpm)}::smallint[])
             with ordinality as u(a, b, c, d, e, f, n) order by n
    )
    insert into ${cooldownEvents} (player_id, session_id, occurred_at, event_type, bpm)
    select a, b, c, d, e from unnest(${column(events, (e) => e.playerId)}::int[], ${column(events, (e) => e.sessionId)}::int[],
                         ${column(events, (e) => instant(e.occurredAt))}::timestamptz[],
                         ${column(events, (e) => e.eventType)}::text[], ${column(events, (e) => e.bpm ?? null)}::smallint[])
           with ordinality as u(a, b, c, d, e, n) order by n`);
}

export async function addAcorns(tx: Executor, playerId: number, amount: number) {
  await tx
    .update(players)
    .set({ acorns: sql`${players.acorns} + ${amount}`, updatedAt: new Date() })
    .where(eq(players.id, playerId));
}

export async function touchDevice(db: Executor, deviceId: number) {
  await db.update(devices).set({ lastSeenAt: new Date() }).where(eq(devices.id, deviceId));
}

export async function findDevice(db: Executor, deviceId: number) {
  const rows = await db
    .select({ id: devices.id, accountId: devices.accountId, name: devices.name })
    .from(devices)
    .where(eq(devices.id, deviceId))
    .limit(1);
  return rows[0] ?? null;
}

export async function setDeviceTokenHash(db: Executor, deviceId: number, tokenHash: string) {
  await db.update(devices).set({ tokenHash, updatedAt: new Date() }).where(eq(devices.id, deviceId));
}

/**
 * The device reads its settings: what it now runs (kiosk mode) is recorded as picked up, and it was
 * seen now. One statement; null when the device is gone.
 */
export async function syncDeviceSettings(db: Executor, deviceId: number, now: Date) {
  const rows = await db
    .update(devices)
    .set({ kioskModeOnDevice: sql`${devices.isKioskMode}`, lastSeenAt: now })
    .where(eq(devices.id, deviceId))
    .returning({
      id: devices.id,
      name: devices.name,
      isKioskMode: devices.isKioskMode,
      accountId: devices.accountId,
      timeZone: sql<string>`(select ${accounts.timeZone} from ${accounts} where ${accounts.id} = ${devices.accountId})`,
    });
  return rows[0] ?? null;
}

// The account's players and incomplete profiles, as the game sees them.

/** Names compared as the incomplete profiles' unique index does: trimmed, any case. */
const sameName = (column: typeof players.name | typeof incompleteProfiles.playerName, name: string) =>
  sql`lower(btrim(${column})) = lower(btrim(${name}))`;

const profileColumns = {
  id: incompleteProfiles.id,
  playerName: incompleteProfiles.playerName,
  createdAt: incompleteProfiles.createdAt,
};

export async function listAccountPlayers(db: Executor, accountId: number) {
  return db
    .select({ id: players.id, name: players.name, inProgram: players.inProgram })
    .from(players)
    .where(eq(players.accountId, accountId))
    .orderBy(asc(players.id));
}

export async function listAccountProfiles(db: Executor, accountId: number) {
  return db
    .select(profileColumns)
    .from(incompleteProfiles)
    .where(eq(incompleteProfiles.accountId, accountId))
    .orderBy(asc(incompleteProfiles.id));
}

/** The account's player of that name (trimmed, any case), if any. */
export async function findPlayerNamed(db: Executor, accountId: number, name: string) {
  const rows = await db
    .select({ id: players.id, name: players.name })
    .from(players)
    .where(and(eq(players.accountId, accountId), sameName(players.name, name)))
    .orderBy(asc(players.id))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * A new incomplete profile, or null when the account already has one of that name: the unique
 * index on (account, lower(btrim(name))) decides, so two tablets asking at once make one profile.
 */
export async function insertProfile(db: Executor, accountId: number, playerName: string, now: Date) {
  const rows = await db
    .insert(incompleteProfiles)
    .values({ accountId, playerName, createdAt: now })
    .onConflictDoNothing()
    .returning(profileColumns);
  return rows[0] ?? null;
}

export async function countProfiles(db: Executor, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(incompleteProfiles)
    .where(eq(incompleteProfiles.accountId, accountId));
  return row?.n ?? 0;
}

export async function findProfileNamed(db: Executor, accountId: number, name: string) {
  const rows = await db
    .select(profileColumns)
    .from(incompleteProfiles)
    .where(and(eq(incompleteProfiles.accountId, accountId), sameName(incompleteProfiles.playerName, name)))
    .limit(1);
  return rows[0] ?? null;
}
