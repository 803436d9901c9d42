import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { coolDowns, cooldownEvents, devices, hrRises, players, playSessions } from '../../db/schema/index.ts';

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

export async function insertHrRises(tx: Executor, rows: (typeof hrRises.$inferInsert)[]) {
  await inChunks(rows, CHUNK, (chunk) => tx.insert(hrRises).values(chunk));
}

export async function insertCoolDowns(tx: Executor, rows: (typeof coolDowns.$inferInsert)[]) {
  await inChunks(rows, CHUNK, (chunk) => tx.insert(coolDowns).values(chunk));
}

export async function insertCooldownEvents(tx: Executor, rows: (typeof cooldownEvents.$inferInsert)[]) {
  await inChunks(rows, CHUNK, (chunk) => tx.insert(cooldownEvents).values(chunk));
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
    .returning({ id: devices.id, name: devices.name, isKioskMode: devices.isKioskMode, accountId: devices.accountId });
  return rows[0] ?? null;
}
