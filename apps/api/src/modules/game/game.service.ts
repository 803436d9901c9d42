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
import type { Db, Executor } from '../../db/client.ts';
import { conflict, notFound, unauthorized } from '../../lib/errors.ts';
import type { AuthDevice, AuthUser } from '../auth/auth.repository.ts';
import { assertAccountAccess } from '../auth/access.ts';
import { hashToken, newToken } from '../auth/auth.tokens.ts';
import {
  findDevice,
  findPlayerNamed,
  countProfiles,
  findProfileNamed,
  insertProfile,
  listAccountPlayers,
  listAccountProfiles,
  lockAccountPlayers,
  readUploadState,
  setDeviceTokenHash,
  syncDeviceSettings,
  touchDevice,
  writeUpload,
  type SessionToStore,
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

/** What became of an upload's candidates against what is stored. */
interface Outcome {
  accepted: string[];
  duplicates: string[];
  refused: { index: number; id: string; reasons: string[] }[];
}

/**
 * POST /api/v1/game/sessions/: stores the upload's plausible new sessions with their rises,
 * cooldowns and cooldown events, and adds their acorns (docs/decisions/0031-game-upload-limits.md).
 *
 * Each session is first checked on its own (shape, column ranges, the rules of plausible play).
 * Then against what is stored: its player is on the account, it is not a duplicate, it overlaps no
 * stored session of its player nor one accepted earlier in the upload, and the player's acorns stay
 * in range. Every check is made before the first write, so a session is stored whole or not at all
 * and a refused one never costs the others. Idempotent: a session whose game_session_id the account
 * already has is a duplicate and changes nothing.
 *
 * One read, then one write that stores everything only if the upload's players are still as read
 * (their play version and balance, locked by the write): two round trips and one commit
 * (docs/decisions/0064-ingest-throughput.md). When a concurrent upload or edit changed a player in
 * between, the upload is decided again in a transaction that first locks its players, so concurrent
 * uploads of one player take turns and the second sees the first's sessions (as duplicates or
 * overlaps).
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

  /** The reasons a candidate was refused for against stored data, by game_session_id. */
  const refused = new Map<string, string[]>();
  if (candidates.length === 0) await touchDevice(db, device.id);
  else {
    const playerIds = [...new Set(candidates.map((c) => c.session.player_id))];
    const outcome =
      (await decideAndStore(db, device, candidates)) ??
      (await db.transaction(async (tx) => {
        await lockAccountPlayers(tx, device.accountId, playerIds);
        const locked = await decideAndStore(tx, device, candidates);
        // The players are locked: nothing can change them between the read and the write.
        if (!locked) throw new Error('an upload’s locked players changed under it');
        return locked;
      }));
    result.accepted.push(...outcome.accepted);
    result.duplicates.push(...outcome.duplicates);
    for (const { index, id, reasons } of outcome.refused) {
      reject(index, id, reasons);
      refused.set(id, reasons);
    }
  }
  for (const { index, id } of repeats) {
    const reasons = refused.get(id);
    if (reasons) reject(index, id, reasons);
    else result.duplicates.push(id);
  }
  result.accepted.sort();
  result.duplicates.sort();
  result.rejected.sort((a, b) => a.index - b.index);
  return result;
}

/**
 * Checks the candidates against what is stored and writes the valid ones (`writeUpload`), the
 * device's sighting with them. Null when a player changed between the read and the write: nothing
 * was written, and the caller decides again with the players locked.
 */
async function decideAndStore(db: Executor, device: AuthDevice, candidates: Candidate[]): Promise<Outcome | null> {
  const outcome: Outcome = { accepted: [], duplicates: [], refused: [] };
  const from = Math.min(...candidates.map((c) => c.window.start));
  const to = Math.max(...candidates.map((c) => c.window.end));
  const state = await readUploadState(
    db,
    device.accountId,
    [...new Set(candidates.map((c) => c.session.player_id))],
    candidates.map((c) => c.session.game_session_id),
    new Date(from),
    new Date(Math.max(to, from + 1)),
  );
  const storedByPlayer = groupByPlayer(state.windows);
  const balances = new Map([...state.players].map(([id, player]) => [id, player.acorns]));
  const acceptedByPlayer = new Map<number, (PlayWindow & { index: number; gameSessionId: string })[]>();
  const valid: GameSession[] = [];
  for (const { index, session, window } of candidates) {
    const id = session.game_session_id;
    const balance = balances.get(session.player_id);
    if (balance === undefined) {
      outcome.refused.push({ index, id, reasons: [NOT_ON_ACCOUNT] });
      continue;
    }
    if (state.storedIds.has(id)) {
      outcome.duplicates.push(id);
      continue;
    }
    const reasons: string[] = [];
    const clash = firstOverlap(window, storedByPlayer.get(session.player_id) ?? []);
    if (clash) reasons.push(PLAY_MESSAGES.overlapsStored(clash.gameSessionId));
    const earlier = firstOverlap(window, acceptedByPlayer.get(session.player_id) ?? []);
    if (earlier) reasons.push(PLAY_MESSAGES.overlapsUpload(earlier.index, earlier.gameSessionId));
    if (balance + session.acorns_earned > INT4_MAX) reasons.push(PLAY_MESSAGES.balanceOverflow);
    if (reasons.length) {
      outcome.refused.push({ index, id, reasons });
      continue;
    }
    balances.set(session.player_id, balance + session.acorns_earned);
    const accepted = acceptedByPlayer.get(session.player_id) ?? [];
    accepted.push({ ...window, index, gameSessionId: id });
    acceptedByPlayer.set(session.player_id, accepted);
    valid.push(session);
  }
  if (valid.length === 0) {
    await touchDevice(db, device.id);
    return outcome;
  }
  // A fixed insertion order keeps two uploads from deadlocking on the unique index.
  valid.sort(byGameSessionId);
  const inserted = await writeUpload(db, {
    accountId: device.accountId,
    deviceId: device.id,
    now: new Date(),
    players: new Map(valid.map((s) => [s.player_id, state.players.get(s.player_id)!])),
    sessions: valid.map(toStore),
  });
  if (!inserted) return null;
  // A session of another player of the account with the same id may have been stored by a
  // concurrent upload since: the unique index kept it out, and it is a duplicate.
  for (const { game_session_id: id } of valid) (inserted.has(id) ? outcome.accepted : outcome.duplicates).push(id);
  return outcome;
}

/** An instant as stored: to the millisecond, in UTC (as a Date holds it). */
const iso = (value: string) => new Date(value).toISOString();

/** A checked session as the repository writes it, with its rows' counts and cooldown seconds. */
const toStore = (s: GameSession): SessionToStore => ({
  playerId: s.player_id,
  gameSessionId: s.game_session_id,
  periodDatetime: iso(s.period_datetime),
  secondsPlayed: s.seconds_played,
  acornsEarned: s.acorns_earned,
  coolDownSeconds: s.cool_downs.reduce((sum, c) => sum + coolDownSeconds(c), 0),
  rises: s.hr_rises.map((r) => ({ occurredAt: iso(r.occurred_at), startBpm: r.start_bpm, peakBpm: r.peak_bpm })),
  coolDowns: s.cool_downs.map((c) => ({
    startedAt: iso(c.started_at),
    endedAt: iso(c.ended_at),
    startBpm: c.start_bpm,
    endBpm: c.end_bpm,
  })),
  events: s.cooldown_events.map((e) => ({
    occurredAt: iso(e.occurred_at),
    eventType: e.event_type,
    bpm: e.bpm ?? null,
  })),
});

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
