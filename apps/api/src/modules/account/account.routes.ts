import { accountApi } from '@grove/domain/api/account';
import { route } from '../../lib/contract.ts';
import { accountSpec, deviceSpec, interactionSpec } from '../audit/audit.specs.ts';
import { toPage } from '../../lib/pagination.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { adminSetKiosk, listDevices, renameDevice, revokeDeviceToken, toggleKiosk } from './account.devices.service.ts';
import * as account from './account.service.ts';

export type { AccountDeps } from './account.service.ts';

/** The household: account, caregivers, status, custom note, figures, interactions and devices. */
export function accountRoutes(app: App, deps: account.AccountDeps) {
  const { db } = deps;
  const user = { policy: 'user' } as const;
  const staff = { policy: 'staff' } as const;

  route(app, accountApi.detail, user, async (request) =>
    account.getAccount(db, requireUser(request), request.params.id),
  );
  route(app, accountApi.addUser, user, async (request, reply) =>
    reply.status(201).send(await account.addCaregiver(deps, requireUser(request), request.params.id, request.body)),
  );
  route(app, accountApi.updateUser, user, async (request) =>
    account.updateCaregiver(db, requireUser(request), request.params.id, request.params.userId, request.body),
  );
  route(app, accountApi.removeUser, user, async (request) =>
    account.removeCaregiver(db, requireUser(request), request.params.id, request.params.userId),
  );
  route(app, accountApi.resendInvite, user, async (request) =>
    account.resendInvite(deps, requireUser(request), request.params.id, request.params.userId),
  );

  route(app, accountApi.status, user, async (request) =>
    account.getStatus(db, requireUser(request), request.params.id),
  );
  route(app, accountApi.setStatus, { ...staff, audit: accountSpec(db, ['account_status']) }, async (request) =>
    account.setStatus(db, requireUser(request), request.params.id, request.body.account_status),
  );
  route(app, accountApi.customNote, user, async (request) =>
    account.getCustomNote(db, requireUser(request), request.params.id),
  );
  route(app, accountApi.setCustomNote, user, async (request) =>
    account.setCustomNote(db, requireUser(request), request.params.id, request.body.custom_note),
  );
  route(app, accountApi.data, user, async (request) => account.getData(db, requireUser(request), request.params.id));

  // The policy is 'user', not 'coach': a parent is answered 404 by the service, as for any account
  // that is not theirs to read here, rather than a 403 that would confirm the account exists.
  route(app, accountApi.interactions, user, async (request) =>
    toPage(request, await account.listInteractions(db, requireUser(request), request.params.id, request.query)),
  );
  route(app, accountApi.interactionOptions, user, async (request) =>
    account.interactionOptions(db, requireUser(request), request.params.id),
  );
  // Coaches and staff log conversations; a staff member's is in the account's history (the audit log).
  route(app, accountApi.addInteraction, { ...user, audit: interactionSpec() }, async (request, reply) =>
    reply.status(201).send(await account.addInteraction(db, requireUser(request), request.params.id, request.body)),
  );

  route(app, accountApi.devices, user, async (request) =>
    toPage(request, await listDevices(db, requireUser(request), request.params.id, request.query)),
  );
  route(app, accountApi.toggleKiosk, user, async (request) =>
    toggleKiosk(db, requireUser(request), request.params.id, request.params.deviceId, request.body.is_kiosk_mode),
  );
  route(app, accountApi.renameDevice, user, async (request) =>
    renameDevice(db, requireUser(request), request.params.id, request.params.deviceId, request.body.name),
  );
  route(app, accountApi.revokeDevice, user, async (request) =>
    revokeDeviceToken(db, requireUser(request), request.params.id, request.params.deviceId),
  );
  route(app, accountApi.adminDevice, { ...staff, audit: deviceSpec(db) }, async (request) =>
    adminSetKiosk(db, request.params.id, request.body.is_kiosk_mode),
  );
}
