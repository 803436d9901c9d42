import { userApi } from '@grove/domain/api/user';
import { route } from '../../lib/contract.ts';
import { toPage } from '../../lib/pagination.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import type { UserDeps } from './user.mail.ts';
import { changePassword } from './user.password.service.ts';
import {
  cancelEmailChange,
  confirmEmailChange,
  getUserInfo,
  hasDone,
  listActions,
  recordAction,
  setSocial,
  updateOwnProfileInfo,
} from './user.service.ts';
import { getShipping, patchShipping } from './user.shipping.service.ts';

export type { UserDeps } from './user.mail.ts';

/**
 * The signed-in user's own record (SPEC §7 Profile): profile, e-mail change, password, shipping,
 * remembered actions and the community handle.
 */
export function userRoutes(app: App, deps: UserDeps) {
  const { db } = deps;
  const user = { policy: 'user' } as const;

  route(app, userApi.info, user, async (request) => getUserInfo(db, requireUser(request).id));
  route(app, userApi.patch, user, async (request) => updateOwnProfileInfo(deps, requireUser(request).id, request.body));

  // The link is the proof: opening it needs no session (it may be opened on another device).
  route(app, userApi.confirmEmail, { policy: 'public' }, async (request) =>
    confirmEmailChange(deps, request.body.token),
  );
  route(app, userApi.cancelEmailChange, user, async (request) => cancelEmailChange(db, requireUser(request).id));
  route(app, userApi.changePassword, user, async (request) => changePassword(deps, requireUser(request), request.body));

  route(app, userApi.shipping, user, async (request) => getShipping(db, requireUser(request).id));
  route(app, userApi.patchShipping, user, async (request) => patchShipping(db, requireUser(request).id, request.body));

  route(app, userApi.actions, user, async (request) =>
    toPage(request, await listActions(db, requireUser(request).id, request.query)),
  );
  route(app, userApi.recordAction, user, async (request) =>
    recordAction(db, requireUser(request).id, request.body.action),
  );
  route(app, userApi.hasDone, user, async (request) => hasDone(db, requireUser(request).id, request.query.action));
  route(app, userApi.setSocialAccount, user, async (request) => setSocial(db, requireUser(request).id, request.body));
}
