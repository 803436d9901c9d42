import { playApi } from '@grove/domain/api/play';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/contract.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { sessionsCsv } from './play-export.service.ts';

/** GET /api/v2/player/{id}/sessions.csv: a player's sessions as a CSV download. */
export function playExportRoutes(app: App, db: Db) {
  route(app, playApi.sessionsCsv, { policy: 'user' }, async (request, reply) => {
    const { filename, csv } = await sessionsCsv(db, requireUser(request), request.params.id);
    return reply
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .type('text/csv; charset=utf-8')
      .send(csv);
  });
}
