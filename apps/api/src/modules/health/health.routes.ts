import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { App } from '../../lib/types.ts';

export function healthRoutes(app: App, database: Database) {
  app.get(
    '/api/health',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
          503: z.object({ status: z.literal('unavailable'), detail: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await database.ping();
        return { status: 'ok' as const, database: database.driver };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const, detail: 'The database does not answer.' });
      }
    },
  );
}
