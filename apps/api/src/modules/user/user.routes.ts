import { userApi } from '@grove/domain/api/user';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/contract.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { getUserInfo, updateOwnProfileInfo } from './user.service.ts';

/** The signed-in user's own profile (SPEC §7 Profile: /user/info/, /user/). */
export function userRoutes(app: App, db: Db) {
  route(app, userApi.info, { policy: 'user' }, async (request) => getUserInfo(db, requireUser(request).id));
  route(app, userApi.patch, { policy: 'user' }, async (request) =>
    updateOwnProfileInfo(db, requireUser(request).id, request.body),
  );
}
