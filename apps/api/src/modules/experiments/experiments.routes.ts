import { experimentsApi } from '@grove/domain/api/experiments';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/contract.ts';
import { toPage } from '../../lib/pagination.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { experimentalData, experimentVariant, remoteConfigs, replaceMetagame } from './experiments.service.ts';

export function experimentRoutes(app: App, db: Db) {
  const user = { policy: 'user' } as const;
  route(app, experimentsApi.variant, user, async (request) =>
    experimentVariant(db, requireUser(request), request.query.player_id, request.query.campaign_name ?? null),
  );
  route(app, experimentsApi.experimentalData, user, async (request) =>
    experimentalData(db, requireUser(request), request.params.id),
  );
  route(app, experimentsApi.remoteConfigs, user, async (request) =>
    toPage(request, await remoteConfigs(db, requireUser(request), request.params.id, request.query)),
  );
  route(app, experimentsApi.replaceMetagame, user, async (request) =>
    replaceMetagame(db, requireUser(request), request.params.id, request.body.config_value),
  );
}
