import { dataRightsApi } from '@grove/domain/api/data-rights';
import { DATA_EXPORT, DELETION } from '@grove/domain/data-rights';
import { route } from '../../lib/contract.ts';
import { toPage } from '../../lib/pagination.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { listExports } from '../exports/exports.service.ts';
import {
  accountDeletions,
  deleteNow,
  pendingDeletions,
  requestDeletion,
  undoDeletion,
  type ErasureDeps,
} from './erasure.service.ts';

export type { ErasureDeps } from './erasure.service.ts';
export { registerErasureJobs } from './erasure.jobs.ts';

/**
 * Deletions (docs/decisions/0039): the family's data-rights overview (its exports and deletion
 * requests), asking for a deletion, undo and "delete now"; staff's list of pending deletions. Staff
 * have no route that undoes or carries out a deletion, and the family's routes answer them 403.
 */
export function erasureRoutes(app: App, deps: ErasureDeps) {
  const { db } = deps;
  const user = { policy: 'user' } as const;
  route(app, dataRightsApi.overview, user, async (request) => {
    // The deletions' access check (members and staff; 404 for anyone else) comes first.
    const deletions = await accountDeletions(db, requireUser(request), request.params.id);
    return {
      exports: await listExports(db, request.params.id, DATA_EXPORT.listed),
      deletions,
      grace_days: DELETION.graceDays,
      link_hours: DATA_EXPORT.linkHours,
    };
  });
  route(app, dataRightsApi.requestDeletion, user, async (request, reply) =>
    reply.status(201).send(await requestDeletion(deps, requireUser(request), request.params.id, request.body)),
  );
  route(app, dataRightsApi.undoDeletion, user, async (request) =>
    undoDeletion(deps, requireUser(request), request.params.id, request.params.deletionId),
  );
  route(app, dataRightsApi.deleteNow, user, async (request) =>
    deleteNow(deps, requireUser(request), request.params.id, request.params.deletionId),
  );
  route(app, dataRightsApi.pending, { policy: 'staff' }, async (request) =>
    toPage(request, await pendingDeletions(db, request.query)),
  );
}
