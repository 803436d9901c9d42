import { INT4_MAX } from '@grove/domain/api/common';
import {
  gameSession,
  MAX_WAITING_PROFILES,
  PROFILE_MESSAGES,
  type DeviceSettings,
  type GamePlayers,
  type GameProfile,
  type GameSession,
  type UploadAnswer,
} from '@grove/domain/api/game';
import {
  firstOverlap,
  PLAY_MESSAGES,
  playWindow,
  sessionProblems,
  type PlayWindow,
} from '@grove/domain/play-plausibility';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { conflict, notFound, unauthorized } from '../../lib/errors.ts';
import type { AuthDevice, AuthUser } from '../auth/auth.repository.ts';
import { assertAccountAccess } from '../auth/access.ts';
import { hashToken, newToken } from '../auth/auth.tokens.ts';
import {
  addAcorns,
  findDevice,
  findPlayerNamed,
  countProfiles,
  findProfileNamed,
  insertSessionEvents,
  insertNewSessions,
  insertProfile,
  listAccountPlayers,
  listAccountProfiles,
  lockAccountPlayers,
  setDeviceTokenHash,
  storedGameSessionIds,
  storedWindows,
  syncDeviceSettings,
  touchDevice,
  type NewSession,
} from './game.repository.ts';

const at = (value: string) => new Date(value).getTime();

const rawId = (raw: unknown): string | null => {
  if (typeof raw !== 'object' || raw === null) return null;
  const id = (raw as Record<string, unknown>).game_session_id;
  return typeof id === 'string' ? id.trim() || null : null;
};

/** Whole-second duration of a cooldown, as the cooldown list reports it. */
const coolDownSeconds = (c: { started_at: string; ended_at: string }) =>
  Math.round((at(c.ended_at) - at(c.started_at)) / 1000);

interface Candidate {
  index: number;
  session: GameSession;
  window: PlayWindow;
}

function groupByPlayer<T extends { playerId: number }>(items: T[]) {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(item.playerId);
    if (group) group.push(item);
    else groups.set(item.playerId, [item]);
  }
  return groups;
}

const NOT_ON_ACCOUNT = 'player_id: No such player on this account.';

const byGameSessionId = (a: GameSession, b: GameSession) =>
  a.game_session_id < b.game_session_id ? -1 : a.game_session_id > b.game_session_id ? 1 : 0;

/**
 * POST /api/v1/game/sessions/: stores the upload's plausible new sessions with their rises,
 * cooldowns and cooldown events, and adds their acorns (docs/decisions/0031-game-upload-limits.md).
 *
 * Each session is first checked on its own (shape, column ranges, the rules of plausible play).
 * Then, in one transaction holding the upload's players locked, against what is stored: its player
 * is on the account, it is not a duplicate, it overlaps no stored session of its player nor one
 * accepted earlier in the upload, and the player's acorns stay in range. Every check is made before
 * the first write, so a session is stored whole or not at all and a refused one never costs the
 * others. Idempotent: a session whose game_session_id the account already has is a duplicate and
 * changes nothing. Concurrent uploads of one player take turns on the lock, so the second sees the
 * first's sessions (as duplicates or overlaps).
 */
export async function ingestSessions(
  db: Db,
  device: AuthDevice,
  batch: unknown[],
  now = Date.now(),
): Promise<UploadAnswer> {
  const result: UploadAnswer = { accepted: [], duplicates: [], rejected: [] };
  const reject = (index: number, gameSessionId: string | null, reasons: string[]) =>
    result.rejected.push({ index, game_session_id: gameSessionId, reasons });

  const candidates: Candidate[] = [];
  const seen = new Set<string>();
  /** Later copies of a session in the same upload: they share the first copy's fate. */
  const repeats: { index: number; id: string }[] = [];
  /** The reasons a candidate was refused for against stored data, by game_session_id. */
  const refused = new Map<string, string[]>();
  const refuse = (index: number, id: string, reasons: string[]) => {
    reject(index, id, reasons);
    refused.set(id, reasons);
  };
  batch.forEach((raw, index) => {
    const parsed = gameSession.safeParse(raw);
    if (!parsed.success) {
      const reasons = parsed.error.issues.map((issue) =>
        issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
      );
      return reject(index, rawId(raw), reasons);
    }
    const session = parsed.data;
    const reasons = sessionProblems(session, now);
    if (reasons.length) return reject(index, session.game_session_id, reasons);
    if (seen.has(session.game_session_id)) return repeats.push({ index, id: session.game_session_id });
    seen.add(session.game_session_id);
    candidates.push({ index, session, window: playWindow(session) });
  });

  if (candidates.length > 0) {
    await db.transaction(async (tx) => {
      const playerIds = [...new Set(candidates.map((c) => c.session.player_id))];
      const balances = await lockAccountPlayers(tx, device.accountId, playerIds);
      const stored = await storedGameSessionIds(
        tx,
        device.accountId,
        candidates.map((c) => c.session.game_session_id),
      );
      const from = Math.min(...candidates.map((c) => c.window.start));
      const to = Math.max(...candidates.map((c) => c.window.end));
      const storedByPlayer = groupByPlayer(
        await storedWindows(tx, [...balances.keys()], new Date(from), new Date(Math.max(to, from + 1))),
      );
      const acceptedByPlayer = new Map<
        number,
        (PlayWindow & { playerId: number; index: number; gameSessionId: string })[]
      >();
      const valid: Candidate[] = [];
      for (const candidate of candidates) {
        const { index, session, window } = candidate;
        const id = session.game_session_id;
        const balance = balances.get(session.player_id);
        if (balance === undefined) {
          refuse(index, id, [NOT_ON_ACCOUNT]);
          continue;
        }
        if (stored.has(id)) {
          result.duplicates.push(id);
          continue;
        }
        const reasons: string[] = [];
        const clash = firstOverlap(window, storedByPlayer.get(session.player_id) ?? []);
        if (clash) reasons.push(PLAY_MESSAGES.overlapsStored(clash.gameSessionId));
        const earlier = firstOverlap(window, acceptedByPlayer.get(session.player_id) ?? []);
        if (earlier) reasons.push(PLAY_MESSAGES.overlapsUpload(earlier.index, earlier.gameSessionId));
        if (balance + session.acorns_earned > INT4_MAX) reasons.push(PLAY_MESSAGES.balanceOverflow);
        if (reasons.length) {
          refuse(index, id, reasons);
          continue;
        }
        balances.set(session.player_id, balance + session.acorns_earned);
        const accepted = acceptedByPlayer.get(session.player_id) ?? [];
        accepted.push({ ...window, playerId: session.player_id, index, gameSessionId: id });
        acceptedByPlayer.set(session.player_id, accepted);
        valid.push(candidate);
      }
      if (valid.length === 0) return;
      const inserted = await storeSessions(
        tx,
        device,
        valid.map((c) => c.session),
      );
      // A session of another player of the account with the same id may have been stored by a
      // concurrent upload since: the unique index kept it out, and it is a duplicate.
      for (const { session } of valid)
        (inserted.has(session.game_session_id) ? result.accepted : result.duplicates).push(session.game_session_id);
    });
  }
  for (const { index, id } of repeats) {
    const reasons = refused.get(id);
    if (reasons) reject(index, id, reasons);
    else result.duplicates.push(id);
  }
  result.accepted.sort();
  result.duplicates.sort();
  result.rejected.sort((a, b) => a.index - b.index);
  await touchDevice(db, device.id);
  return result;
}

/**
 * Writes the sessions (already checked) with their rows and acorns; returns the ids inserted by
 * game_session_id. A fixed insertion order keeps two uploads from deadlocking on the unique index.
 */
async function storeSessions(tx: Tx, device: AuthDevice, sessions: GameSession[]) {
  const valid = [...sessions].sort(byGameSessionId);
  const rows: NewSession[] = valid.map((s) => ({
    accountId: device.accountId,
    playerId: s.player_id,
    deviceId: device.id,
    gameSessionId: s.game_session_id,
    periodDatetime: new Date(s.period_datetime),
    secondsPlayed: s.seconds_played,
    acornsEarned: s.acorns_earned,
    hrRiseCount: s.hr_rises.length,
    coolDownCount: s.cool_downs.length,
    coolDownSeconds: s.cool_downs.reduce((sum, c) => sum + coolDownSeconds(c), 0),
    cooldownEventCount: s.cooldown_events.length,
  }));
  const ids = await insertNewSessions(tx, rows);
  const fresh = valid.filter((s) => ids.has(s.game_session_id));
  const sessionId = (s: GameSession) => ids.get(s.game_session_id)!;
  await insertSessionEvents(tx, {
    rises: fresh.flatMap((s) =>
      s.hr_rises.map((r) => ({
        playerId: s.player_id,
        sessionId: sessionId(s),
        occurredAt: new Date(r.occurred_at),
        startBpm: r.start_bpm,
        peakBpm: r.peak_bpm,
      })),
    ),
    coolDowns: fresh.flatMap((s) =>
      s.cool_downs.map((c) => ({
        playerId: s.player_id,
        sessionId: sessionId(s),
        startedAt: new Date(c.started_at),
        endedAt: new Date(c.ended_at),
        startBpm: c.start_bpm,
        endBpm: c.end_bpm,
      })),
    ),
    events: fresh.flatMap((s) =>
      s.cooldown_events.map((e) => ({
        playerId: s.player_id,
        sessionId: sessionId(s),
        occurredAt: new Date(e.occurred_at),
        eventType: e.event_type,
        bpm: e.bpm,
      })),
    ),
  });
  const acorns = new Map<number, number>();
  for (const s of fresh) acorns.set(s.player_id, (acorns.get(s.player_id) ?? 0) + s.acorns_earned);
  for (const [playerId, amount] of [...acorns].sort((a, b) => a[0] - b[0])) {
    if (amount > 0) await addAcorns(tx, playerId, amount);
  }
  return ids;
}

/**
 * POST /api/v2/user/accounts/{id}/devices/{deviceId}/token/: a new device token for the game app,
 * shown once. Only its hash is stored; the device's previous token stops working.
 */
export async function issueDeviceToken(db: Db, user: AuthUser, accountId: number, deviceId: number) {
  await assertAccountAccess(db, user, accountId, 'write');
  const device = await findDevice(db, deviceId);
  if (!device || device.accountId !== accountId) throw notFound();
  return { device_id: device.id, device_token: await replaceDeviceToken(db, device.id) };
}

/**
 * A new device token for the device (256 random bits), to be shown once: only its SHA-256 hash is
 * stored, and the device's previous token stops working. Also how a connected tablet gets its token
 * (modules/pairing), in the transaction that hands it out.
 */
export async function replaceDeviceToken(db: Executor, deviceId: number): Promise<string> {
  const token = newToken();
  await setDeviceTokenHash(db, deviceId, hashToken(token));
  return token;
}

/**
 * GET /api/v1/game/device/settings/: the device's settings. Reading them is how a kiosk change
 * reaches the device, so the change counts as picked up (no longer pending) and the device as seen.
 */
export async function readDeviceSettings(db: Db, device: AuthDevice, now = new Date()): Promise<DeviceSettings> {
  const settings = await syncDeviceSettings(db, device.id, now);
  if (!settings) throw unauthorized();
  return {
    device_id: settings.id,
    name: settings.name,
    is_kiosk_mode: settings.isKioskMode,
    account_id: settings.accountId,
    time_zone: settings.timeZone,
  };
}

/**
 * GET /api/v1/game/players/: the device's account as the game shows it: its players (oldest first)
 * and the profiles made on a tablet, or named in a questionnaire, that a parent has not completed.
 */
export async function listGamePlayers(db: Db, device: AuthDevice): Promise<GamePlayers> {
  const [players, profiles] = await Promise.all([
    listAccountPlayers(db, device.accountId),
    listAccountProfiles(db, device.accountId),
  ]);
  return {
    players: players.map((p) => ({ id: p.id, name: p.name, in_program: p.inProgram })),
    incomplete_profiles: profiles.map(toGameProfile),
  };
}

const toGameProfile = (p: { id: number; playerName: string; createdAt: Date }): GameProfile => ({
  id: p.id,
  player_name: p.playerName,
  created_at: p.createdAt.toISOString(),
});

/**
 * POST /api/v1/game/players/: a child makes a profile on the tablet. It waits as an incomplete
 * profile until a parent completes it (with consent) by adding the player of that name (POST
 * /api/v2/player/, which resolves the profile). Names compare trimmed and in any case: a player of
 * that name answers 409; an incomplete profile of that name is answered as it is (created: false).
 */
export async function createGameProfile(
  db: Db,
  device: AuthDevice,
  name: string,
  now = new Date(),
): Promise<{ created: boolean; profile: GameProfile }> {
  const playerName = name.trim();
  const player = await findPlayerNamed(db, device.accountId, playerName);
  if (player) throw conflict(PROFILE_MESSAGES.playerExists(player.name), 'player_exists');
  const existing = await findProfileNamed(db, device.accountId, playerName);
  if (existing) return { created: false, profile: toGameProfile(existing) };
  if ((await countProfiles(db, device.accountId)) >= MAX_WAITING_PROFILES) {
    throw conflict(PROFILE_MESSAGES.tooMany(MAX_WAITING_PROFILES), 'too_many_profiles');
  }
  const created = await insertProfile(db, device.accountId, playerName, now);
  if (created) return { created: true, profile: toGameProfile(created) };
  // Made by another request between the read and the insert: answer that one.
  const raced = await findProfileNamed(db, device.accountId, playerName);
  // Completed (resolved) between the insert and this read: the player exists now.
  if (!raced) throw conflict(PROFILE_MESSAGES.playerExists(playerName), 'player_exists');
  return { created: false, profile: toGameProfile(raced) };
}
