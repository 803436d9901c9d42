/**
 * The one call of the Resources screen: remember that the person opened an article
 * (POST /api/v2/user/user_actions/ {action: 'read_resource'}, userApi.recordAction). It is fire and
 * forget: reading never waits for it, and a failure (an older server without the route, no
 * network) is ignored and signs no one out.
 */
import { userApi } from '@grove/domain/api/endpoints/user';

import { call } from '../../lib/api-client.ts';

export function recordResourceRead(): void {
  call(userApi.recordAction, { body: { action: 'read_resource' }, logoutOnUnauthorized: false }).catch(() => undefined);
}
