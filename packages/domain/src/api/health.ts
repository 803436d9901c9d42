/** Liveness and the database check. */
import * as z from 'zod';

import { endpoint, type Reply } from './common.ts';

export const healthApi = {
  check: endpoint('GET', '/api/health', {
    tags: ['health'],
    summary: 'Liveness and database check',
    response: {
      200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
      503: z.object({ status: z.literal('unavailable'), detail: z.string() }),
    },
  }),
};

export type Health = Reply<typeof healthApi.check>;
