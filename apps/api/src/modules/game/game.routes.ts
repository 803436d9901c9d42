import { gameApi, INGEST, uploadEnvelope } from '@grove/domain/api/game';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/contract.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import {
  createGameProfile,
  ingestSessions,
  issueDeviceToken,
  listGamePlayers,
  readDeviceSettings,
} from './game.service.ts';

export function gameRoutes(app: App, db: Db) {
  // The route checks only the envelope: each session is checked on its own by the service, so one
  // bad session is rejected with its reasons while the others are kept. Its body limit fits the
  // largest upload the contract allows (INGEST.maxBodyBytes), above the server's default.
  const options = { policy: 'device', bodyValidator: uploadEnvelope, bodyLimit: INGEST.maxBodyBytes } as const;
  route(app, gameApi.upload, options, async (request) => {
    // Checked as uploadEnvelope only: each session is still unknown here.
    const sessions: unknown[] = request.body.sessions;
    return ingestSessions(db, request.device!, sessions);
  });
  route(app, gameApi.settings, { policy: 'device' }, async (request) => readDeviceSettings(db, request.device!));
  route(app, gameApi.players, { policy: 'device' }, async (request) => listGamePlayers(db, request.device!));
  route(app, gameApi.createProfile, { policy: 'device' }, async (request, reply) => {
    const { created, profile } = await createGameProfile(db, request.device!, request.body.name);
    return reply.status(created ? 201 : 200).send(profile);
  });
  route(app, gameApi.deviceToken, { policy: 'user' }, async (request, reply) =>
    reply
      .status(201)
      .send(await issueDeviceToken(db, requireUser(request), request.params.id, request.params.deviceId)),
  );
}
