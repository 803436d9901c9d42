import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { idParams } from '../../lib/ids.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { SESSION_CSV_COLUMNS, sessionsCsv } from './play-export.service.ts';

/** GET /api/v2/player/{id}/sessions.csv: a player's sessions as a CSV download. */
export function playExportRoutes(app: App, db: Db) {
  app.get(
    '/api/v2/player/:id/sessions.csv',
    {
      config: { policy: 'user' },
      schema: {
        tags: ['play data'],
        summary: "A player's sessions as CSV (download)",
        description: `All sessions, oldest first, one row per session, dates and times in the account time zone. Columns: ${SESSION_CSV_COLUMNS.join(', ')}. Members of the account, its coach and staff; another account's player answers 404. Content-Disposition names the file <player>-sessions-<today>.csv.`,
        params: idParams,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv; charset=utf-8, with a header row.') },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await sessionsCsv(db, requireUser(request), request.params.id);
      return reply
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );
}
