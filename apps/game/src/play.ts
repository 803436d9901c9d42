/**
 * `play`: find the player on the tablet's account, generate their play for the last days
 * (play-generator.ts) and upload it in batches within the contract's limits.
 */
import type { DeviceSettings, GamePlayers, GameProfile, GameSession, UploadAnswer } from '@grove/domain/api/game';
import { gameApi, INGEST } from '@grove/domain/api/game';
import { resolveTimeZone } from '@grove/domain/dates';

import type { DeviceFile } from './device-file.ts';
import { deviceCall, GameError } from './http.ts';
import { GOAL_MINUTES_PER_WEEK, minutesThisWeek, planPlay, type PlayPlanOptions } from './play-generator.ts';

export interface PlayOptions extends Omit<PlayPlanOptions, 'playerId' | 'timeZone' | 'now'> {
  server: string;
  device: DeviceFile;
  player: string;
  /** Make an incomplete profile when the account has no player and no profile of that name. */
  create?: boolean;
  now?: () => Date;
  out: (line: string) => void;
  fetch?: typeof fetch;
}

export interface PlayResult {
  playerId: number | null;
  accepted: string[];
  duplicates: string[];
  rejected: UploadAnswer['rejected'];
  thisWeek: { weekStart: string; minutes: number; sessions: number };
  /** True when nothing could be uploaded because the player is missing or waits for a parent. */
  noPlayer?: 'created' | 'incomplete' | 'missing';
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

export async function play(options: PlayOptions): Promise<PlayResult> {
  const { server, device, out } = options;
  const token = device.access_token;
  const call = <T>(endpoint: Parameters<typeof deviceCall>[2], extra: { body?: unknown } = {}) =>
    deviceCall<T>(server, token, endpoint, { ...extra, fetch: options.fetch });

  const settings = (await call<DeviceSettings>(gameApi.settings)).body;
  const timeZone = resolveTimeZone(settings.time_zone);
  if (timeZone !== settings.time_zone)
    out(`Grove's time zone ${settings.time_zone} is unknown here: using ${timeZone}.`);
  const roster = (await call<GamePlayers>(gameApi.players)).body;
  const empty = { accepted: [], duplicates: [], rejected: [], thisWeek: { weekStart: '', minutes: 0, sessions: 0 } };

  const player = roster.players.find((p) => sameName(p.name, options.player));
  if (!player) {
    const waiting = roster.incomplete_profiles.find((p) => sameName(p.player_name, options.player));
    if (waiting) {
      out(
        `${waiting.player_name}'s profile was made on a tablet and waits for a parent: a parent must complete it in Grove ` +
          `(Players) before play can be uploaded.`,
      );
      return { playerId: null, ...empty, noPlayer: 'incomplete' };
    }
    if (!options.create) {
      const known = roster.players.map((p) => p.name).join(', ');
      throw new GameError(
        `No player named ${options.player} on account ${settings.account_id}` +
          `${known ? ` (players: ${known})` : ''}. Add --create to make a profile for a parent to complete.`,
      );
    }
    const made = await call<GameProfile>(gameApi.createProfile, { body: { name: options.player } });
    out(
      `${made.status === 201 ? 'Made' : 'Found'} the profile ${made.body.player_name} on this tablet. A parent must complete it ` +
        `in Grove (Players) before play can be uploaded; then run play again.`,
    );
    return { playerId: null, ...empty, noPlayer: made.status === 201 ? 'created' : 'incomplete' };
  }

  const now = (options.now ?? (() => new Date()))();
  const plan = planPlay({ ...options, playerId: player.id, timeZone, now });
  out(
    `${player.name}: ${plan.sessions.length} session${plan.sessions.length === 1 ? '' : 's'} from ${plan.firstDate} to ` +
      `${plan.today} (${timeZone})` +
      (plan.later > 0 ? `; ${plan.later} later today, not played yet.` : '.'),
  );
  if (!player.in_program) out(`Note: ${player.name} is not in the program; Grove keeps the play all the same.`);

  const accepted: string[] = [];
  const duplicates: string[] = [];
  const rejected: UploadAnswer['rejected'] = [];
  const sessions = plan.sessions.map((p) => p.session);
  let offset = 0;
  for (const batch of batches(sessions)) {
    const answer = (await call<UploadAnswer>(gameApi.upload, { body: { sessions: batch } })).body;
    accepted.push(...answer.accepted);
    duplicates.push(...answer.duplicates);
    rejected.push(...answer.rejected.map((r) => ({ ...r, index: r.index + offset })));
    offset += batch.length;
  }

  const rejectedIds = new Set(rejected.map((r) => r.game_session_id));
  const stored = sessions.filter((s) => !rejectedIds.has(s.game_session_id));
  const thisWeek = minutesThisWeek(stored, now, timeZone);
  out(
    `Accepted: ${accepted.length}. Duplicates (already in Grove): ${duplicates.length}. Rejected: ${rejected.length}.`,
  );
  for (const r of rejected) out(`  rejected ${r.game_session_id ?? `#${r.index}`}: ${r.reasons.join('; ')}`);
  out(
    `This week (from Monday ${thisWeek.weekStart}): ${thisWeek.minutes} minutes in ${thisWeek.sessions} ` +
      `session${thisWeek.sessions === 1 ? '' : 's'} of this run (goal ${GOAL_MINUTES_PER_WEEK}).`,
  );
  return { playerId: player.id, accepted, duplicates, rejected, thisWeek };
}

/** Rises, cooldowns and cooldown events of a session. */
const rowsOf = (s: GameSession) => s.hr_rises.length + s.cool_downs.length + s.cooldown_events.length;

/** Consecutive batches within the upload's limits: sessions, rows and body bytes. */
export function batches(sessions: readonly GameSession[]): GameSession[][] {
  const result: GameSession[][] = [];
  let current: GameSession[] = [];
  let rows = 0;
  let bytes = JSON.stringify({ sessions: [] }).length;
  for (const session of sessions) {
    const size = Buffer.byteLength(JSON.stringify(session)) + 1;
    const full =
      current.length >= INGEST.maxSessionsPerBatch ||
      rows + rowsOf(session) > INGEST.maxRowsPerUpload ||
      bytes + size > INGEST.maxBodyBytes;
    if (full && current.length > 0) {
      result.push(current);
      current = [];
      rows = 0;
      bytes = JSON.stringify({ sessions: [] }).length;
    }
    current.push(session);
    rows += rowsOf(session);
    bytes += size;
  }
  if (current.length > 0) result.push(current);
  return result;
}
