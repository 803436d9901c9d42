import { dataRightsApi } from '@grove/domain/api/data-rights';
import { route } from '../../lib/contract.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { downloadExport, requestExport, type ExportsDeps } from './exports.service.ts';

export type { ExportsDeps } from './exports.service.ts';
export { registerExportJobs } from './exports.jobs.ts';

/**
 * A family's copy of its data (docs/decisions/0038): ask for one (202: a job prepares it) and
 * download it. The file is never cached, by the browser or on the way.
 */
export function exportRoutes(app: App, deps: ExportsDeps) {
  const user = { policy: 'user' } as const;
  route(app, dataRightsApi.requestExport, user, async (request, reply) =>
    reply.status(202).send(await requestExport(deps, requireUser(request), request.params.id, request.body)),
  );
  route(app, dataRightsApi.download, user, async (request, reply) => {
    const { fileName, content } = await downloadExport(
      deps,
      requireUser(request),
      request.params.id,
      request.params.exportId,
    );
    return (
      reply
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .type('application/zip')
        // Bytes as they are: the contract documents the body as a string, Fastify sends a Buffer unserialised.
        .send(content as unknown as string)
    );
  });
}
