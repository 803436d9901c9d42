/** How play data enters Grove: the game's uploads and device tokens (docs/decisions/0006-play-data.md, 0031). */
import * as z from 'zod';

import { fullNameSchema } from '../field-schemas.ts';
import {
  API_MESSAGES,
  count,
  endpoint,
  id,
  idParam,
  INT4_MAX,
  int,
  list,
  text,
  timestamp,
  type Reply,
} from './common.ts';

const tags = ['game'];

/**
 * Ingestion limits: the single source of every number the upload checks (the rules that use them
 * are in ../play-plausibility.ts; the choices in docs/decisions/0031-game-upload-limits.md).
 */
const LIMITS = {
  maxSessionsPerBatch: 500,
  /** Rises, cooldowns and cooldown events: each list of a session holds at most this many. */
  maxRowsPerList: 1000,
  /** Rises, cooldowns and cooldown events of all the upload's sessions together. */
  maxRowsPerUpload: 20_000,
  maxSessionIdLength: 100,
  /** The longest date-time text, e.g. 2026-01-05T16:30:00.123456789+05:30 (nanoseconds and an offset). */
  maxInstantLength: 35,
  /** A session may start, and end, at most this far after the server's clock (device clocks drift). */
  clockSkewMs: 5 * 60_000,
  /** seconds_played is whole seconds: a rise may fall up to 1 s after start + seconds_played. */
  windowToleranceMs: 1000,
  /** The longest a game session runs: the games are played in sessions of minutes (goal: 45 min a week). */
  maxSessionSeconds: 2 * 3600,
  /** Acorns a session may earn per started minute of play (the demo data earns at most about 4). */
  maxAcornsPerMinute: 10,
  minBpm: 30,
  maxBpm: 250,
  earliest: new Date('2015-01-01T00:00:00Z'),
} as const;

/**
 * The compact JSON (as JSON.stringify writes it) of the largest upload the limits allow: every
 * session at its widest (each id character a \\u-escaped surrogate pair, every number at its
 * column's maximum) and all of the upload's rows cooldowns, the widest row, with the longest
 * date-times.
 */
export function largestUploadBytes(
  limits: Record<
    | 'maxSessionsPerBatch'
    | 'maxRowsPerList'
    | 'maxRowsPerUpload'
    | 'maxSessionIdLength'
    | 'maxInstantLength'
    | 'maxBpm',
    number
  > = LIMITS,
): number {
  const instant = '0'.repeat(limits.maxInstantLength);
  const idBytes = limits.maxSessionIdLength * '\\ud83c\\udf30'.length;
  const session =
    JSON.stringify({
      game_session_id: '',
      player_id: INT4_MAX,
      period_datetime: instant,
      seconds_played: INT4_MAX,
      acorns_earned: INT4_MAX,
      hr_rises: [],
      cool_downs: [],
      cooldown_events: [],
    }).length + idBytes;
  const row = Math.max(
    JSON.stringify({ occurred_at: instant, start_bpm: limits.maxBpm, peak_bpm: limits.maxBpm }).length,
    JSON.stringify({ started_at: instant, ended_at: instant, start_bpm: limits.maxBpm, end_bpm: limits.maxBpm }).length,
    JSON.stringify({ occurred_at: instant, event_type: 'completed', bpm: null }).length,
  );
  const envelope = JSON.stringify({ sessions: [] }).length;
  // A comma between two sessions, and between two rows of a list (the rows fill as few lists as they can).
  const { maxSessionsPerBatch: sessions, maxRowsPerUpload: rows, maxRowsPerList: perList } = limits;
  const lists = Math.ceil(rows / perList);
  return envelope + sessions * session + (sessions - 1) + rows * row + (rows - lists);
}

const MIB = 1024 * 1024;

export const INGEST = {
  ...LIMITS,
  /** The upload route's body limit: the largest upload, rounded up to whole MiB (4 MiB). */
  maxBodyBytes: Math.ceil(largestUploadBytes() / MIB) * MIB,
} as const;

export const COOLDOWN_EVENT_TYPES = ['prompted', 'started', 'completed', 'skipped'] as const;

const bpm = int(INGEST.minBpm, INGEST.maxBpm, 'bpm');
const instant = z.iso
  .datetime({ offset: true, error: 'Must be an ISO 8601 date-time with a time zone, e.g. 2026-01-05T16:30:00Z.' })
  .max(INGEST.maxInstantLength, API_MESSAGES.tooLong(INGEST.maxInstantLength));
const rows = <T extends z.ZodType>(item: T) => list(item, INGEST.maxRowsPerList).default([]);
const sessionIdRequired = 'Required: the game’s own id of the session.';

/** One session as the game uploads it. Each is checked on its own; a bad one never sinks the batch. */
export const gameSession = z.object({
  game_session_id: text({ max: INGEST.maxSessionIdLength, required: sessionIdRequired }),
  player_id: id,
  period_datetime: instant.describe('When the session started.'),
  // The schema holds each number to its column's range; how long a session may run and how many
  // acorns it may earn are rules of plausible play (../play-plausibility.ts), with their own messages.
  seconds_played: int(0, INT4_MAX, 'seconds').describe(
    `Whole seconds; at most ${INGEST.maxSessionSeconds} (${INGEST.maxSessionSeconds / 3600} hours), the longest a session runs.`,
  ),
  acorns_earned: int(0, INT4_MAX)
    .default(0)
    .describe(`At most ${INGEST.maxAcornsPerMinute} per started minute of seconds_played.`),
  hr_rises: rows(z.object({ occurred_at: instant, start_bpm: bpm, peak_bpm: bpm })),
  cool_downs: rows(z.object({ started_at: instant, ended_at: instant, start_bpm: bpm, end_bpm: bpm })),
  cooldown_events: rows(
    z.object({
      occurred_at: instant,
      event_type: z.enum(COOLDOWN_EVENT_TYPES, { error: `Choose one of: ${COOLDOWN_EVENT_TYPES.join(', ')}.` }),
      bpm: bpm.nullable().default(null),
    }),
  ),
});
export type GameSession = z.output<typeof gameSession>;

const ROW_LISTS = ['hr_rises', 'cool_downs', 'cooldown_events'] as const;

/** Rows of the upload's sessions together (lists that are not lists are the sessions' own problem). */
export function uploadRowCount(sessions: readonly unknown[]): number {
  let total = 0;
  for (const session of sessions) {
    if (typeof session !== 'object' || session === null) continue;
    for (const name of ROW_LISTS) {
      const rows = (session as Record<string, unknown>)[name];
      if (Array.isArray(rows)) total += rows.length;
    }
  }
  return total;
}

export const UPLOAD_MESSAGES = {
  tooManySessions: `At most ${INGEST.maxSessionsPerBatch} sessions per upload.`,
  tooManyRows: `At most ${INGEST.maxRowsPerUpload} rises, cooldowns and cooldown events in all per upload: send the rest in another upload.`,
} as const;

/**
 * What the upload route itself checks: only the envelope (and the upload's total of rows). Each
 * session is then checked on its own with `gameSession` and the rules of plausible play, so one bad
 * session is rejected with its reasons while the others are kept.
 */
export const uploadEnvelope = z.object({
  sessions: z
    .array(z.unknown(), { error: 'A list of sessions is required.' })
    .min(1, 'Send at least one session.')
    .max(INGEST.maxSessionsPerBatch, UPLOAD_MESSAGES.tooManySessions)
    .refine((sessions) => uploadRowCount(sessions) <= INGEST.maxRowsPerUpload, UPLOAD_MESSAGES.tooManyRows),
});

const uploadAnswer = z.object({
  accepted: z.array(z.string()).describe('game_session_id of each session stored by this upload.'),
  duplicates: z
    .array(z.string())
    .describe('game_session_id of each session already stored (or repeated in this upload): nothing changed.'),
  rejected: z.array(
    z.object({
      index: count.describe('Position of the session in the upload.'),
      game_session_id: z.string().nullable(),
      reasons: z.array(z.string()).describe('"field.path: message" for each problem.'),
    }),
  ),
});

const gameProfile = z.object({ id: count, player_name: z.string(), created_at: timestamp });

/** What the game's profile calls answer besides a profile. */
export const PROFILE_MESSAGES = {
  /** 409 { detail, code: 'player_exists' }: the game should offer that player instead. */
  playerExists: (name: string) => `${name} is already a player on this account: choose that player.`,
  /** 409 { detail, code: 'too_many_profiles' }: a tablet cannot fill a family's list with profiles. */
  tooMany: (max: number) =>
    `${max} profiles are already waiting for a parent to complete them in Grove: ask a parent to complete or add them first.`,
} as const;

/** Incomplete profiles an account may hold at once (made on tablets or named in surveys). */
export const MAX_WAITING_PROFILES = 20;

const day = (date: Date) => date.toISOString().slice(0, 10);

const uploadDescription = `How play data enters Grove. The game app uploads finished play sessions with the account device's token
(\`Authorization: Bearer <device token>\`: the game receives it when a parent connects the tablet, RFC 8628's
\`POST /api/v2/auth/device/token\`, or a parent or staff member issues one with
\`POST /api/v2/user/accounts/{id}/devices/{deviceId}/token/\`).

**Limits of an upload.** Up to ${INGEST.maxSessionsPerBatch} sessions; each list of a session (\`hr_rises\`, \`cool_downs\`,
\`cooldown_events\`) up to ${INGEST.maxRowsPerList} rows, and at most ${INGEST.maxRowsPerUpload} rows in all. The body may be up to
${INGEST.maxBodyBytes} bytes (${INGEST.maxBodyBytes / (1024 * 1024)} MiB): the largest upload these limits allow, written as compact JSON,
fits. A larger body answers **413**.

**Idempotent** on \`game_session_id\` (unique per account): a retried upload creates nothing and lists the session under
\`duplicates\`, as is a session repeated in the same upload.

**Each session is checked on its own** and stored whole (with its rises, cooldowns and cooldown events) or not at all. A session is
**rejected**, listed by its index with a "field: message" reason for each broken rule, when:
- it is malformed: a field missing or of the wrong type, text with control characters, a date-time without a time zone or longer than
  ${INGEST.maxInstantLength} characters, an id over ${INGEST.maxSessionIdLength} characters, a number that is not a whole number in its
  column's range (\`player_id\` 1–${INT4_MAX}; \`seconds_played\` and \`acorns_earned\` 0–${INT4_MAX}), a bpm outside ${INGEST.minBpm}–${INGEST.maxBpm}, a cooldown event type
  other than ${COOLDOWN_EVENT_TYPES.join(', ')}, or a list over ${INGEST.maxRowsPerList} rows;
- its player is not on the device's account;
- it starts before ${day(INGEST.earliest)}, or starts or ends more than ${INGEST.clockSkewMs / 60_000} minutes after the server's clock (in the future);
- it runs longer than a game session can: more than ${INGEST.maxSessionSeconds} seconds (${INGEST.maxSessionSeconds / 3600} hours);
- it earns more than ${INGEST.maxAcornsPerMinute} acorns per started minute played, or would take the player's acorns past ${INT4_MAX};
- it overlaps another session of the same player: one already stored, or one earlier in the same upload (sessions that only touch,
  one ending when the other starts, do not overlap);
- a rise, cooldown or cooldown event lies outside [period_datetime, period_datetime + seconds_played] (1 s tolerance), a cooldown ends
  before it starts, or a peak is below its start.

The valid sessions of the same upload are kept; accepted sessions add their \`acorns_earned\` to the player's acorns.

Answers 200 with the three lists; 400 only when the envelope itself is wrong (no \`sessions\` list, empty, over ${INGEST.maxSessionsPerBatch}
sessions or over ${INGEST.maxRowsPerUpload} rows); 413 for a body over the limit; 401 for a missing or revoked device token.`;

export const gameApi = {
  upload: endpoint('POST', '/api/v1/game/sessions', {
    tags,
    summary: 'Upload finished play sessions from the game (device token)',
    description: uploadDescription,
    /** Documented in full; the route checks only `uploadEnvelope` (see above), with a body limit of its own. */
    body: z.object({ sessions: z.array(gameSession).min(1).max(INGEST.maxSessionsPerBatch) }),
    response: { 200: uploadAnswer },
  }),
  settings: endpoint('GET', '/api/v1/game/device/settings', {
    tags,
    summary: 'The device reads its settings (device token); a waiting kiosk change counts as picked up',
    response: {
      200: z.object({
        device_id: count,
        name: z.string(),
        is_kiosk_mode: z.boolean(),
        account_id: count,
        time_zone: z.string().describe("The family's time zone (IANA), for the game's local days."),
      }),
    },
  }),
  players: endpoint('GET', '/api/v1/game/players', {
    tags,
    summary: "The device's account: its players, and the profiles made on a tablet that a parent has not completed yet",
    response: {
      200: z.object({
        players: z.array(z.object({ id: count, name: z.string(), in_program: z.boolean() })),
        incomplete_profiles: z.array(gameProfile),
      }),
    },
  }),
  createProfile: endpoint('POST', '/api/v1/game/players', {
    tags,
    summary: 'A child makes a profile on the tablet: it waits as an incomplete profile until a parent completes it',
    description:
      'The name follows the full-name rules (SPEC §5: the name rules, under 114 characters). 201 with the new incomplete profile; 200 with the existing one when the account already has ' +
      'an incomplete profile of that name (ignoring case and surrounding spaces); 409 { detail, code: "player_exists" } when a player of that name ' +
      `(409 too_many_profiles when ${MAX_WAITING_PROFILES} profiles are already waiting) ` +
      'is already on the account (the same comparison). ' +
      'The parent completes it in Grove (consent included), which creates the player; the game then finds it under `players`.',
    body: z.object({ name: fullNameSchema }),
    response: { 200: gameProfile, 201: gameProfile },
  }),
  deviceToken: endpoint('POST', '/api/v2/user/accounts/:id/devices/:deviceId/token', {
    tags,
    summary: "Issue the game app's device token (shown once)",
    description:
      "For the account's parents and staff. Only the token's hash is stored; issuing a new one revokes the previous one.",
    params: z.object({ id: idParam, deviceId: idParam }),
    response: { 201: z.object({ device_id: count, device_token: z.string() }) },
  }),
};

export type UploadAnswer = Reply<typeof gameApi.upload>;
export type GamePlayers = Reply<typeof gameApi.players>;
export type GameProfile = Reply<typeof gameApi.createProfile, 201>;
export type DeviceSettings = Reply<typeof gameApi.settings>;
export type DeviceToken = Reply<typeof gameApi.deviceToken, 201>;
