import { healthApi } from '@grove/domain/api/health';
import type { Database } from '../../db/client.ts';
import { route } from '../../lib/contract.ts';
import type { App } from '../../lib/types.ts';

export function healthRoutes(app: App, database: Database) {
  route(app, healthApi.check, { policy: 'public' }, async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ok' as const, database: database.driver };
    } catch {
      return reply.status(503).send({ status: 'unavailable' as const, detail: 'The database does not answer.' });
    }
  });
}
