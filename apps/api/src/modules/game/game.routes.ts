import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { dbId } from '../../lib/ids.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { gameSessionSchema, INGEST, ingestSessions, issueDeviceToken } from './game.service.ts';

const TAGS = ['game'];

/** What the OpenAPI page shows: the whole session shape. */
const documentedBody = z.object({
  sessions: z.array(gameSessionSchema).min(1).max(INGEST.maxSessionsPerBatch),
});
/**
 * What the route itself checks: only the envelope. Each session is then checked on its own by the
 * service, so one bad session is rejected with its reasons while the others are kept.
 */
const envelope = z.object({
  sessions: z
    .array(z.unknown(), { error: 'A list of sessions is required.' })
    .min(1, 'Send at least one session.')
    .max(INGEST.maxSessionsPerBatch, `At most ${INGEST.maxSessionsPerBatch} sessions per upload.`),
});
const envelopeOnly = <T>(route: FastifyRouteSchemaDef<T>) =>
  validatorCompiler({ ...route, schema: (route.httpPart === 'body' ? envelope : route.schema) as z.ZodType });

const ingestDescription = `How play data enters Grove. The game app uploads finished play sessions with the account device's token
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

export function gameRoutes(app: App, db: Db) {
  app.post(
    '/api/v1/game/sessions',
    {
      config: { policy: 'device' },
      validatorCompiler: envelopeOnly,
      schema: {
        tags: TAGS,
        summary: 'Upload finished play sessions from the game (device token)',
        description: ingestDescription,
        security: [{ bearer: [] }],
        body: documentedBody,
        response: {
          200: z.object({
            accepted: z.array(z.string()).describe('game_session_id of each session stored by this upload.'),
            duplicates: z.array(z.string()).describe('game_session_id of each session already stored (or repeated in this upload): nothing changed.'),
            rejected: z.array(
              z.object({
                index: z.number().int().describe('Position of the session in the upload.'),
                game_session_id: z.string().nullable(),
                reasons: z.array(z.string()).describe('"field.path: message" for each problem.'),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const { sessions } = request.body as unknown as z.output<typeof envelope>;
      return ingestSessions(db, request.device!, sessions);
    },
  );

  app.post(
    '/api/v2/user/accounts/:id/devices/:deviceId/token',
    {
      config: { policy: 'user' },
      schema: {
        tags: TAGS,
        summary: "Issue the game app's device token (shown once)",
        description: "For the account's parents and staff. Only the token's hash is stored; issuing a new one revokes the previous one.",
        params: z.object({ id: dbId, deviceId: dbId }),
        response: { 201: z.object({ device_id: z.number().int(), device_token: z.string() }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await issueDeviceToken(db, requireUser(request), request.params.id, request.params.deviceId)),
  );
}
