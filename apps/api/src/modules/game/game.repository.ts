import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared.ts';
import { rowsOf } from '../../db/raw.ts';
import { accounts, devices, incompleteProfiles, players } from '../../db/schema/index.ts';

/**
 * The account's players among `playerIds`, locked (FOR UPDATE, in id order, so two uploads never
 * deadlock) until the transaction ends: one upload at a time decides what a player played. Taken
 * when an upload's first try found its players changed under it (see `writeUpload`).
 */
export async function lockAccountPlayers(tx: Executor, accountId: number, playerIds: number[]) {
  if (playerIds.length === 0) return;
  await tx
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.accountId, accountId), inArray(players.id, playerIds)))
    .orderBy(players.id)
    .for('update');
}

/** A player of the upload as read: the balance its acorns are checked against, and its play's version. */
export interface UploadPlayer {
  acorns: number;
  playVersion: number;
}

/** A stored session's time, in ms. */
export interface StoredWindow {
  playerId: number;
  gameSessionId: string;
  start: number;
  end: number;
}

/** What an upload's sessions are checked against, read in one statement (`readUploadState`). */
export interface UploadState {
  /** The account's players among the upload's, by id. */
  players: Map<number, UploadPlayer>;
  /** Which of the upload's game_session_ids the account already has. */
  storedIds: Set<string>;
  /** Those players' stored sessions that share some time with the upload's span. */
  windows: StoredWindow[];
}

type UploadStateRow =
  | { kind: 'player'; player_id: number; acorns: number; play_version: number }
  | { kind: 'stored'; game_session_id: string }
  | { kind: 'window'; player_id: number; game_session_id: string; start_ms: number; seconds: number };

// One round trip for what used to be three reads: a function of migration 0017, which plans its
// statement once per connection. Times come back as epoch milliseconds (float8).
const uploadStateQuery = preparedSql(
  'game_upload_state',
  sql`select * from game_upload_state(${sql.placeholder('accountId')}::int, ${sql.placeholder('playerIds')}::int[],
        ${sql.placeholder('gameSessionIds')}::text[], ${sql.placeholder('from')}::timestamptz, ${sql.placeholder('to')}::timestamptz)`,
);

/**
 * The upload's players (the account's among `playerIds`), which of `gameSessionIds` the account
 * already has, and those players' stored sessions that share some time with [from, to).
 */
export async function readUploadState(
  db: Executor,
  accountId: number,
  playerIds: number[],
  gameSessionIds: string[],
  from: Date,
  to: Date,
): Promise<UploadState> {
  const state: UploadState = { players: new Map(), storedIds: new Set(), windows: [] };
  const result = await uploadStateQuery(db).execute({
    accountId,
    playerIds,
    gameSessionIds,
    from: from.toISOString(),
    to: to.toISOString(),
  });
  for (const row of rowsOf<UploadStateRow>(result)) {
    if (row.kind === 'player') state.players.set(row.player_id, { acorns: row.acorns, playVersion: row.play_version });
    else if (row.kind === 'stored') state.storedIds.add(row.game_session_id);
    else
      state.windows.push({
        playerId: row.player_id,
        gameSessionId: row.game_session_id,
        start: row.start_ms,
        end: row.start_ms + row.seconds * 1000,
      });
  }
  return state;
}

/** One session to store with its rows, already checked. */
export interface SessionToStore {
  playerId: number;
  gameSessionId: string;
  periodDatetime: string;
  secondsPlayed: number;
  acornsEarned: number;
  coolDownSeconds: number;
  rises: { occurredAt: string; startBpm: number; peakBpm: number }[];
  coolDowns: { startedAt: string; endedAt: string; startBpm: number; endBpm: number }[];
  events: { occurredAt: string; eventType: string; bpm: number | null }[];
}

/**
 * The write of an upload (migration 0017, `game_write_upload`): the sessions, their rises, cooldowns
 * and cooldown events, the players' acorns and the device's last sighting in one statement, only if
 * every player is still as read (the same play version and balance, locked in id order). Its values
 * in the function's order.
 */
const WRITE_VALUES = [
  'accountId',
  'deviceId',
  'now',
  'playerIds',
  'playVersions',
  'balances',
  'sessionPlayers',
  'sessionIds',
  'sessionStarts',
  'sessionSeconds',
  'sessionAcorns',
  'sessionRises',
  'sessionCoolDowns',
  'sessionCoolDownSeconds',
  'sessionEvents',
  'riseSessions',
  'riseTimes',
  'riseStarts',
  'risePeaks',
  'coolSessions',
  'coolStarts',
  'coolEnds',
  'coolStartBpms',
  'coolEndBpms',
  'eventSessions',
  'eventTimes',
  'eventTypes',
  'eventBpms',
] as const;
const writeUploadQuery = preparedSql(
  'game_write_upload',
  sql`select * from game_write_upload(${sql.join(
    WRITE_VALUES.map((name) => sql.placeholder(name)),
    sql`, `,
  )})`,
);

/**
 * Stores the checked sessions of one upload with their rows, adds their acorns and records the
 * device as seen, in one statement — if every one of `players` is still as `readUploadState` read
 * it (`players`: each player of the sessions with its balance and play version as read). Returns
 * the ids of the sessions inserted by game_session_id (one already stored by then is left out: the
 * unique index decides), or null when a player changed since, and nothing was written.
 *
 * A player's play version (players.play_version) moves with every change to its sessions (the
 * rollup triggers), so a player still at the version read has no session the checks did not see.
 * The sessions are inserted in the order given: give them sorted by game_session_id, so that two
 * uploads never deadlock on the unique index.
 */
export async function writeUpload(
  db: Executor,
  upload: {
    accountId: number;
    deviceId: number;
    now: Date;
    players: Map<number, UploadPlayer>;
    sessions: SessionToStore[];
  },
): Promise<Map<string, number> | null> {
  const { sessions } = upload;
  const playerIds = [...upload.players.keys()];
  const values = {
    accountId: upload.accountId,
    deviceId: upload.deviceId,
    now: upload.now.toISOString(),
    playerIds,
    playVersions: playerIds.map((id) => upload.players.get(id)!.playVersion),
    balances: playerIds.map((id) => upload.players.get(id)!.acorns),
    sessionPlayers: sessions.map((s) => s.playerId),
    sessionIds: sessions.map((s) => s.gameSessionId),
    sessionStarts: sessions.map((s) => s.periodDatetime),
    sessionSeconds: sessions.map((s) => s.secondsPlayed),
    sessionAcorns: sessions.map((s) => s.acornsEarned),
    sessionRises: sessions.map((s) => s.rises.length),
    sessionCoolDowns: sessions.map((s) => s.coolDowns.length),
    sessionCoolDownSeconds: sessions.map((s) => s.coolDownSeconds),
    sessionEvents: sessions.map((s) => s.events.length),
    riseSessions: [] as number[],
    riseTimes: [] as string[],
    riseStarts: [] as number[],
    risePeaks: [] as number[],
    coolSessions: [] as number[],
    coolStarts: [] as string[],
    coolEnds: [] as string[],
    coolStartBpms: [] as number[],
    coolEndBpms: [] as number[],
    eventSessions: [] as number[],
    eventTimes: [] as string[],
    eventTypes: [] as string[],
    eventBpms: [] as (number | null)[],
  };
  sessions.forEach((s, i) => {
    const k = i + 1; // PostgreSQL arrays count from 1
    for (const r of s.rises) {
      values.riseSessions.push(k);
      values.riseTimes.push(r.occurredAt);
      values.riseStarts.push(r.startBpm);
      values.risePeaks.push(r.peakBpm);
    }
    for (const c of s.coolDowns) {
      values.coolSessions.push(k);
      values.coolStarts.push(c.startedAt);
      values.coolEnds.push(c.endedAt);
      values.coolStartBpms.push(c.startBpm);
      values.coolEndBpms.push(c.endBpm);
    }
    for (const e of s.events) {
      values.eventSessions.push(k);
      values.eventTimes.push(e.occurredAt);
      values.eventTypes.push(e.eventType);
      values.eventBpms.push(e.bpm);
    }
  });
  const rows = rowsOf<{ ok: boolean; id: number | null; game_session_id: string | null }>(
    await writeUploadQuery(db).execute(values),
  );
  if (!rows.some((row) => row.id === null && row.ok)) return null;
  const inserted = new Map<string, number>();
  for (const row of rows) if (row.id !== null) inserted.set(row.game_session_id!, row.id);
  return inserted;
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

export { playersOfAccount as listAccountPlayers } from '../players/players.repository.ts';

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
