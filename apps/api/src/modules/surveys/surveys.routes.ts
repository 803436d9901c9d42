import { surveysApi } from '@grove/domain/api/surveys';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/contract.ts';
import { toPage } from '../../lib/pagination.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import {
  delinkSurveyProfile,
  linkSurveyProfile,
  listSurveys,
  playerResponses,
  submitSurveyResponse,
  userResponses,
} from './surveys.service.ts';

export function surveyRoutes(app: App, db: Db) {
  const user = { policy: 'user' } as const;
  route(app, surveysApi.list, user, async (request) => toPage(request, await listSurveys(db, request.query)));
  route(app, surveysApi.userResponses, user, async (request) => {
    const { user: userId, ...page } = request.query;
    return toPage(request, await userResponses(db, requireUser(request), userId, page));
  });
  route(app, surveysApi.playerResponses, { policy: 'staff' }, async (request) =>
    toPage(request, await playerResponses(db, requireUser(request), request.params.id, request.query)),
  );
  route(app, surveysApi.linkProfile, user, async (request) =>
    linkSurveyProfile(db, requireUser(request), request.params.id, request.body),
  );
  route(app, surveysApi.delinkProfile, user, async (request) =>
    delinkSurveyProfile(db, requireUser(request), request.params.id, request.body),
  );
  route(app, surveysApi.submit, user, async (request, reply) =>
    reply
      .status(201)
      .send(
        await submitSurveyResponse(db, requireUser(request), request.params.id, request.params.surveyId, request.body),
      ),
  );
}
