import { PAGE_SIZES } from '@grove/domain';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { dbId, idParams } from '../../lib/ids.ts';
import { pageQuery, pageSchema, toPage } from '../../lib/pagination.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { delinkSurveyProfile, linkSurveyProfile, listSurveys, playerResponses, userResponses } from './surveys.service.ts';

const TAGS = ['surveys'];
const paging = pageQuery(PAGE_SIZES.default, PAGE_SIZES.max);
const timestamp = z.string().describe('ISO 8601 date-time (UTC).');
const payload = z.record(z.string(), z.unknown());

const surveySchema = z.object({ id: z.number().int(), slug: z.string(), title: z.string(), payload, created_at: timestamp });
const responseSchema = z.object({
  id: z.number().int(),
  survey: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }),
  account_id: z.number().int(),
  user_id: z.number().int().nullable(),
  player_id: z.number().int().nullable(),
  player_name: z.string().describe('The player the form was filled in about, as typed.'),
  payload: payload.describe('The answers.'),
  created_at: timestamp,
});
const nameText = z.string({ error: 'Not a valid string.' }).trim().min(1, 'May not be blank.').max(200, 'At most 200 characters.');

export function surveyRoutes(app: App, db: Db) {
  app.get(
    '/api/v2/player/surveys',
    {
      config: { policy: 'user' },
      schema: { tags: TAGS, summary: 'The active survey forms (paged)', querystring: paging, response: { 200: pageSchema(surveySchema) } },
    },
    async (request) => toPage(request, await listSurveys(db, request.query)),
  );

  app.get(
    '/api/v2/player/surveys/responses',
    {
      config: { policy: 'user' },
      schema: {
        tags: TAGS,
        summary: 'The survey responses a user filled in, newest first (paged)',
        description: 'The user, the members and coach of their account, and staff may read them.',
        querystring: paging.extend({ user: dbId }),
        response: { 200: pageSchema(responseSchema) },
      },
    },
    async (request) => {
      const { user, ...page } = request.query;
      return toPage(request, await userResponses(db, requireUser(request), user, page));
    },
  );

  app.get(
    '/api/v2/admin/players/:id/responses',
    {
      config: { policy: 'staff' },
      schema: {
        tags: TAGS,
        summary: "A player's survey responses, newest first (staff, paged)",
        params: idParams,
        querystring: paging,
        response: { 200: pageSchema(responseSchema) },
      },
    },
    async (request) => toPage(request, await playerResponses(db, requireUser(request), request.params.id, request.query)),
  );

  app.post(
    '/api/v2/player/:id/link-profile',
    {
      config: { policy: 'user' },
      schema: {
        tags: TAGS,
        summary: 'Link a survey-form profile to the player',
        description:
          "The profile is an incomplete profile of the player's account (incomplete_profile_id) or a name (player_name; default the player's name). Its unlinked responses are linked to the player and the incomplete profile is removed.",
        params: idParams,
        body: z.object({ incomplete_profile_id: dbId.optional(), player_name: nameText.optional() }).default({}),
        response: { 200: z.object({ player_id: z.number().int(), player_name: z.string(), linked_responses: z.number().int() }) },
      },
    },
    async (request) => linkSurveyProfile(db, requireUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/v2/player/:id/delink-profile',
    {
      config: { policy: 'user' },
      schema: {
        tags: TAGS,
        summary: 'Unlink survey-form profiles from the player',
        description: 'Unlinks the player’s responses (only those about player_name when given); each name becomes an incomplete profile again.',
        params: idParams,
        body: z.object({ player_name: nameText.optional() }).default({}),
        response: { 200: z.object({ player_id: z.number().int(), delinked_responses: z.number().int() }) },
      },
    },
    async (request) => delinkSurveyProfile(db, requireUser(request), request.params.id, request.body),
  );
}
