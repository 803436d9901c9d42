import { playersApi } from '@grove/domain/api/players';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/contract.ts';
import { newPlayerSpec, playerRecordSpec, playerSpec } from '../audit/audit.specs.ts';
import { toPage } from '../../lib/pagination.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { consentOrigin } from '../privacy/privacy.service.ts';
import {
  changeStat,
  createPlayer,
  getPlayer,
  getStat,
  listAccountIncompleteProfiles,
  listPlayerLinks,
  updatePlayer,
} from './players.service.ts';

export function playerRoutes(app: App, db: Db) {
  const user = { policy: 'user' } as const;
  const staff = { policy: 'staff', audit: playerSpec(db) } as const;
  // Families and staff share these writes; a staff member's is audited under the player's account.
  const adding = { policy: 'user', audit: newPlayerSpec(db) } as const;
  const changing = { policy: 'user', audit: playerRecordSpec(db) } as const;

  route(app, playersApi.list, user, async (request) =>
    toPage(request, await listPlayerLinks(db, requireUser(request), request.params.id, request.query)),
  );
  route(app, playersApi.get, user, async (request) => getPlayer(db, requireUser(request), request.params.id));
  route(app, playersApi.create, adding, async (request, reply) =>
    reply.status(201).send(await createPlayer(db, requireUser(request), request.body, consentOrigin(request))),
  );
  route(app, playersApi.patch, changing, async (request) =>
    updatePlayer(db, requireUser(request), request.params.id, request.body),
  );
  route(app, playersApi.put, changing, async (request) =>
    updatePlayer(db, requireUser(request), request.params.id, request.body),
  );
  route(app, playersApi.incompleteProfiles, user, async (request) => {
    const page = toPage(
      request,
      await listAccountIncompleteProfiles(db, requireUser(request), request.params.id, request.query),
    );
    return { ...page, prev: page.previous };
  });

  const { hrGauge, chaseSpeed } = playersApi;
  route(app, hrGauge.get, user, async (request) => getStat(db, requireUser(request), request.params.id, 'hr_gauge'));
  route(app, hrGauge.set, staff, async (request) =>
    changeStat(db, requireUser(request), request.params.id, 'hr_gauge', request.body),
  );
  route(app, chaseSpeed.get, user, async (request) =>
    getStat(db, requireUser(request), request.params.id, 'chase_speed'),
  );
  route(app, chaseSpeed.set, staff, async (request) =>
    changeStat(db, requireUser(request), request.params.id, 'chase_speed', request.body),
  );
  route(app, playersApi.acorns.get, user, async (request) =>
    getStat(db, requireUser(request), request.params.id, 'acorns'),
  );
  route(app, playersApi.acorns.add, staff, async (request) =>
    changeStat(db, requireUser(request), request.params.id, 'acorns', request.body),
  );
}
