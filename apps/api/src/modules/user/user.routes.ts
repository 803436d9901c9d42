import type { Db } from '../../db/client.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { ownProfilePatchBody, userInfoSchema } from './user.schemas.ts';
import { getUserInfo, updateOwnProfileInfo } from './user.service.ts';

/** The signed-in user's own profile (SPEC §7 Profile: /user/info/, /user/). */
export function userRoutes(app: App, db: Db) {
  for (const url of ['/api/v2/user/info/', '/api/v2/user/']) {
    app.get(
      url,
      {
        config: { policy: 'user' },
        schema: {
          tags: ['user'],
          summary: 'The signed-in user',
          security: [{ bearer: [] }],
          response: { 200: userInfoSchema },
        },
      },
      async (request) => getUserInfo(db, requireUser(request).id),
    );
  }

  app.patch(
    '/api/v2/user/',
    {
      config: { policy: 'user' },
      schema: {
        tags: ['user'],
        summary: 'Change your own names, phone number and country',
        description: 'Other fields in the body (is_staff, is_billing_user, email, …) are ignored.',
        security: [{ bearer: [], csrf: [] }],
        body: ownProfilePatchBody,
        response: { 200: userInfoSchema },
      },
    },
    async (request) => updateOwnProfileInfo(db, requireUser(request).id, request.body),
  );
}
