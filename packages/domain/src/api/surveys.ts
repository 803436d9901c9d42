/** Survey forms and their responses (SPEC §3 Customer data, §7 Player). */
import * as z from 'zod';

import {
  count,
  endpoint,
  id,
  idParam,
  idParams,
  jsonObject,
  page,
  pageQuery,
  text,
  timestamp,
  type Reply,
  type RequestBody,
} from './common.ts';

const tags = ['surveys'];
const paging = pageQuery();
const payload = z.record(z.string(), z.unknown());
const surveyRef = z.object({ id: count, slug: z.string(), title: z.string() });

export const survey = surveyRef.extend({ payload, created_at: timestamp });
export const surveyResponse = z.object({
  id: count,
  survey: surveyRef,
  account_id: count,
  user_id: count.nullable(),
  player_id: count.nullable(),
  player_name: z.string().describe('The player the form was filled in about, as typed.'),
  payload: payload.describe('The answers.'),
  created_at: timestamp,
});
const playerName = text({ max: 200 });
/** The largest answers object a family may send (serialised). */
export const SURVEY_ANSWERS_MAX_BYTES = 32 * 1024;

export const surveysApi = {
  list: endpoint('GET', '/api/v2/player/surveys', {
    tags,
    summary: 'The active survey forms (paged)',
    querystring: paging,
    response: { 200: page(survey) },
  }),
  userResponses: endpoint('GET', '/api/v2/player/surveys/responses', {
    tags,
    summary: 'The survey responses a user filled in, newest first (paged)',
    description: 'The user, the members and coach of their account, and staff may read them.',
    querystring: paging.extend({ user: idParam }),
    response: { 200: page(surveyResponse) },
  }),
  playerResponses: endpoint('GET', '/api/v2/admin/players/:id/responses', {
    tags,
    summary: "A player's survey responses, newest first (staff, paged)",
    params: idParams,
    querystring: paging,
    response: { 200: page(surveyResponse) },
  }),
  linkProfile: endpoint('POST', '/api/v2/player/:id/link-profile', {
    tags,
    summary: 'Link a survey-form profile to the player',
    description:
      "The profile is an incomplete profile of the player's account (incomplete_profile_id) or a name (player_name; default the player's name). Its unlinked responses are linked to the player and the incomplete profile is removed.",
    params: idParams,
    body: z.object({ incomplete_profile_id: id.optional(), player_name: playerName.optional() }).default({}),
    response: { 200: z.object({ player_id: count, player_name: z.string(), linked_responses: count }) },
  }),
  delinkProfile: endpoint('POST', '/api/v2/player/:id/delink-profile', {
    tags,
    summary: 'Unlink survey-form profiles from the player',
    description:
      'Unlinks the player’s responses (only those about player_name when given); each name becomes an incomplete profile again.',
    params: idParams,
    body: z.object({ player_name: playerName.optional() }).default({}),
    response: { 200: z.object({ player_id: count, delinked_responses: count }) },
  }),
  submit: endpoint('POST', '/api/v2/player/:id/surveys/:surveyId/responses', {
    tags,
    summary: "Answer a survey form about one of the family's players",
    description:
      "The account's members answer (staff get 403, anyone else 404). `answers` is keyed by the form's question ids and checked against its questions (scales and numbers in their range, choices among the options, text within its length); a refusal answers 400 with `answers.<question id>` fields. A closed or unknown form answers 404.",
    params: z.object({ id: idParam, surveyId: idParam }),
    body: z.object({ answers: jsonObject(SURVEY_ANSWERS_MAX_BYTES) }),
    response: { 201: surveyResponse },
  }),
};

export type Survey = z.input<typeof survey>;
export type SurveyResponse = z.input<typeof surveyResponse>;
export type SurveyPage = Reply<typeof surveysApi.list>;
export type SurveyResponsePage = Reply<typeof surveysApi.userResponses>;
export type SurveyAnswerBody = RequestBody<typeof surveysApi.submit>;
export type LinkProfileBody = RequestBody<typeof surveysApi.linkProfile>;
export type LinkProfileReply = Reply<typeof surveysApi.linkProfile>;
export type DelinkProfileReply = Reply<typeof surveysApi.delinkProfile>;
