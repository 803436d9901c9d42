import { sharingApi } from '@grove/domain/api/sharing';
import { route } from '../../lib/contract.ts';
import { toPage } from '../../lib/pagination.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { createShareLink, listShareLinks, revokeShare, sharedSummary, type SharingDeps } from './sharing.service.ts';

export type { SharingDeps } from './sharing.service.ts';

/** Search engines keep none of it: every answer of these routes, refusals included, says so. */
export const NOINDEX = 'noindex';

/**
 * Share links (docs/decisions/0037): the parent's list, create and revoke under the account, and
 * the public summary a link opens. Registered in a scope of their own, whose answers all carry
 * `X-Robots-Tag: noindex` and are never cached.
 */
export function sharingRoutes(app: App, deps: SharingDeps) {
  const { db } = deps;
  app.register(async (api) => {
    api.addHook('onSend', async (_request, reply) => {
      reply.header('x-robots-tag', NOINDEX);
      reply.header('cache-control', 'no-store');
    });
    const user = { policy: 'user' } as const;

    route(api, sharingApi.list, user, async (request) =>
      toPage(request, await listShareLinks(db, requireUser(request), request.params.id, request.query)),
    );
    route(api, sharingApi.create, user, async (request, reply) =>
      reply.status(201).send(await createShareLink(deps, requireUser(request), request.params.id, request.body)),
    );
    route(
      api,
      sharingApi.revoke,
      // A staff member's revocation is written to the account's audit log.
      {
        ...user,
        audit: { entity: 'share_link', target: ({ params }) => ({ accountId: params.id, entityId: params.shareId }) },
      },
      async (request) => revokeShare(db, requireUser(request), request.params.id, request.params.shareId),
    );
    route(api, sharingApi.summary, { policy: 'public' }, async (request) =>
      sharedSummary(db, request.params.token, { ip: request.ip, userAgent: request.headers['user-agent'] }),
    );
  });
}
