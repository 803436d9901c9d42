/**
 * The one call of the Resources screen: remember that the person opened an article
 * (POST /api/v2/user/user_actions/ {action: 'read_resource'}, userApi.recordAction). It is fire and
 * forget: reading never waits for it, and a failure (an older server without the route, no
 * network) is ignored and signs no one out.
 */
import type { userApi } from '@grove/domain/api/user';
import type { RequestBody } from '@grove/domain/api/common';

import { api } from '../../lib/api-client.ts';

export function recordResourceRead(): void {
  const body: RequestBody<typeof userApi.recordAction> = { action: 'read_resource' };
  api.post('/v2/user/user_actions/', body, { logoutOnUnauthorized: false }).catch(() => undefined);
}
