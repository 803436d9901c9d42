/** How play data enters Grove: the game's uploads and device tokens (docs/decisions/0006-play-data.md). */
import * as z from 'zod';

import { count, endpoint, id, idParam, int, list, text, type Reply } from './common.ts';

const tags = ['game'];

/** Ingestion limits. */
export const INGEST = {
  maxSessionsPerBatch: 500,
  maxRowsPerList: 1000,
  maxSessionIdLength: 100,
  /** A session may end at most this far after the server's clock (device clocks drift). */
  clockSkewMs: 5 * 60_000,
  /** seconds_played is whole seconds: a rise may fall up to 1 s after start + seconds_played. */
  windowToleranceMs: 1000,
  maxSessionSeconds: 6 * 3600,
  maxAcornsPerSession: 10_000,
  minBpm: 30,
  maxBpm: 250,
  earliest: new Date('2015-01-01T00:00:00Z'),
} as const;

export const COOLDOWN_EVENT_TYPES = ['prompted', 'started', 'completed', 'skipped'] as const;

const bpm = int(INGEST.minBpm, INGEST.maxBpm, 'bpm');
const instant = z.iso.datetime({
  offset: true,
  error: 'Must be an ISO 8601 date-time with a time zone, e.g. 2026-01-05T16:30:00Z.',
});
const rows = <T extends z.ZodType>(item: T) => list(item, INGEST.maxRowsPerList).default([]);
const sessionIdRequired = 'Required: the game’s own id of the session.';

/** One session as the game uploads it. Each is checked on its own; a bad one never sinks the batch. */
export const gameSession = z.object({
  game_session_id: text({ max: INGEST.maxSessionIdLength, required: sessionIdRequired }),
  player_id: id,
  period_datetime: instant.describe('When the session started.'),
  seconds_played: int(0, INGEST.maxSessionSeconds, 'seconds'),
  acorns_earned: int(0, INGEST.maxAcornsPerSession).default(0),
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

/**
 * What the upload route itself checks: only the envelope. Each session is then checked on its own
 * with `gameSession`, so one bad session is rejected with its reasons while the others are kept.
 */
export const uploadEnvelope = z.object({
  sessions: z
    .array(z.unknown(), { error: 'A list of sessions is required.' })
    .min(1, 'Send at least one session.')
    .max(INGEST.maxSessionsPerBatch, `At most ${INGEST.maxSessionsPerBatch} sessions per upload.`),
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

const uploadDescription = `How play data enters Grove. The game app uploads finished play sessions with the account device's token
(\`Authorization: Bearer <device token>\`; a parent or staff member issues it with
\`POST /api/v2/user/accounts/{id}/devices/{deviceId}/token/\`).

- Up to ${INGEST.maxSessionsPerBatch} sessions per upload; each with up to ${INGEST.maxRowsPerList} rises, cooldowns and cooldown events.
- **Idempotent** on \`game_session_id\` (unique per account): a retried upload creates nothing and lists the session under \`duplicates\`.
- Each session is checked on its own. A session is **rejected** (with its reasons, by index) when it is malformed, its player is not on
  the device's account, \`seconds_played\` is negative or over ${INGEST.maxSessionSeconds} s, it starts before ${INGEST.earliest.toISOString().slice(0, 10)}
  or ends more than ${INGEST.clockSkewMs / 60_000} minutes after the server's clock, a rise, cooldown or cooldown event lies outside
  [period_datetime, period_datetime + seconds_played] (1 s tolerance), a cooldown ends before it starts, a peak is below its start,
  or a bpm is outside ${INGEST.minBpm}–${INGEST.maxBpm}. The valid sessions of the same upload are kept.
- Accepted sessions add their \`acorns_earned\` to the player's acorns.
- Answers 200 with the three lists; 400 only when the envelope itself is wrong (no \`sessions\` list, empty or too long); 401 for a missing or revoked device token.`;

export const gameApi = {
  upload: endpoint('POST', '/api/v1/game/sessions', {
    tags,
    summary: 'Upload finished play sessions from the game (device token)',
    description: uploadDescription,
    security: [{ bearer: [] }],
    /** Documented in full; the route checks only `uploadEnvelope` (see above). */
    body: z.object({ sessions: z.array(gameSession).min(1).max(INGEST.maxSessionsPerBatch) }),
    response: { 200: uploadAnswer },
  }),
  settings: endpoint('GET', '/api/v1/game/device/settings', {
    tags,
    summary: 'The device reads its settings (device token); a waiting kiosk change counts as picked up',
    security: [{ bearer: [] }],
    response: {
      200: z.object({ device_id: count, name: z.string(), is_kiosk_mode: z.boolean(), account_id: count }),
    },
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
export type DeviceSettings = Reply<typeof gameApi.settings>;
export type DeviceToken = Reply<typeof gameApi.deviceToken, 201>;
