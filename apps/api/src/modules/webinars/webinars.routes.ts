import { webinarsApi } from '@grove/domain/api/webinars';
import { route } from '../../lib/contract.ts';
import { webinarSpec } from '../audit/audit.specs.ts';
import { toPage } from '../../lib/pagination.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import * as webinars from './webinars.service.ts';

/**
 * Webinars — tutorials (SPEC §7 Webinars). Signed-in people read the lists and their registrations,
 * family members register and cancel; staff create and edit (a parent gets 403 from the policy).
 * The onboarding endpoints of the same contract live in modules/onboarding.
 */
export function webinarsRoutes(app: App, deps: webinars.WebinarsDeps) {
  const user = { policy: 'user' } as const;
  const staff = { policy: 'staff' } as const;

  route(app, webinarsApi.list, user, async (request) =>
    toPage(request, await webinars.list(deps, requireUser(request), request.query)),
  );
  route(app, webinarsApi.registrations, user, async (request) =>
    toPage(request, await webinars.registrations(deps, requireUser(request), request.query)),
  );
  route(app, webinarsApi.register, user, async (request, reply) =>
    reply.status(201).send(await webinars.register(deps, requireUser(request), request.body.webinar_id)),
  );
  route(app, webinarsApi.unregister, user, async (request) =>
    webinars.unregister(deps, requireUser(request), request.body.webinar_id),
  );
  route(app, webinarsApi.create, { ...staff, audit: webinarSpec(deps.db) }, async (request, reply) => {
    const created = await webinars.create(deps, requireUser(request), request.body);
    reply.status(201);
    return created;
  });
  route(app, webinarsApi.update, { ...staff, audit: webinarSpec(deps.db) }, async (request) =>
    webinars.update(deps, requireUser(request), request.params.id, request.body),
  );
}
