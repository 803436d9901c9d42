import { supportApi } from '@grove/domain/api/support';
import type { FastifyRequest } from 'fastify';
import { route } from '../../lib/contract.ts';
import { requestLanguage } from '../../lib/language.ts';
import { toPage } from '../../lib/pagination.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { SupportUnavailableError } from './support.port.ts';
import * as support from './support.service.ts';

export type { SupportDeps } from './support.service.ts';

/** The support service's own words stay in the log; the family and staff read SUPPORT_MESSAGES. */
async function logged<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SupportUnavailableError) request.log.error({ reason: error.reason }, 'support: unavailable');
    throw error;
  }
}

/** Support tickets: a family writes to support; staff read the tickets a user asked. */
export function supportRoutes(app: App, deps: support.SupportDeps) {
  route(app, supportApi.userTickets, { policy: 'staff' }, async (request) =>
    logged(request, async () => toPage(request, await support.userTickets(deps, request.params.id, request.query))),
  );
  // Staff and coaches without a family account are refused (403); the spec names the row if one writes.
  const audit = { entity: 'support_ticket', target: () => ({ accountId: null, entityId: null }) };
  route(app, supportApi.create, { policy: 'user', audit }, async (request, reply) => {
    const ticket = await logged(request, () =>
      support.createTicket(deps, requireUser(request), request.body, request.log, requestLanguage(request)),
    );
    reply.status(201);
    return ticket;
  });
}
