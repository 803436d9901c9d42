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
import { readSurveyForm } from '../surveys.ts';
import { unsafeTextMessage } from '../text.ts';

const tags = ['surveys'];
const paging = pageQuery();
const payload = z.record(z.string(), z.unknown());
const surveyRef = z.object({ id: count, slug: z.string(), title: z.string() });

/** The longest translated title, question or choice label. */
export const SURVEY_TRANSLATION_MAX = 2000;
/** Translated words: trimmed, not blank, without control characters (stored data, read as a request is). */
const translatedText = z
  .string()
  .trim()
  .min(1)
  .max(SURVEY_TRANSLATION_MAX)
  .refine((value) => unsafeTextMessage(value, true) === null);

/**
 * A survey form's words in another language (issue 29): its title, and per question (by id) its
 * text and its choices' labels, each keyed by the choice itself. The form's own words (English) stay
 * the source: a question is answered by its id and a choice by its value, whatever language the
 * form was read in, so the answers read the same in every language.
 */
export const surveyTranslation = z.object({
  title: translatedText.optional(),
  questions: z
    .array(
      z.object({
        id: z.string().describe('The id of one of the form’s questions.'),
        text: translatedText,
        choices: z
          .record(z.string(), translatedText)
          .optional()
          .describe('Choice questions: each choice (the answer sent and kept) → its label in this language.'),
      }),
    )
    .max(200)
    .optional(),
});

/**
 * The translations a form's payload may carry (`payload.translations`), by language: every language
 * Grove speaks but English, the forms' own. A language left out reads the form in its own words.
 */
export const surveyTranslations = z.object({ es: surveyTranslation.optional() });

/** A survey form's payload: its questions (read by readSurveyForm), `repeat_days`, and its translations. */
export const surveyPayload = z
  .object({ translations: surveyTranslations.optional() })
  .catchall(z.unknown())
  .describe('The form: `questions`, `repeat_days`, and `translations` (its words in other languages).');

/**
 * The translations of a stored payload as the API answers them: a language whose translation does
 * not fit `surveyTranslation` is left out, as are the questions the form does not have and labels of
 * choices a question does not offer (read as leniently as the questions: readSurveyForm). Undefined
 * when no language is left.
 */
export function readSurveyTranslations(stored: Record<string, unknown>): SurveyTranslations | undefined {
  const raw = stored.translations;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const questions = new Map(readSurveyForm(stored).questions.map((q) => [q.id, q]));
  const result: SurveyTranslations = {};
  for (const language of Object.keys(surveyTranslations.shape) as (keyof SurveyTranslations)[]) {
    const parsed = surveyTranslation.safeParse((raw as Record<string, unknown>)[language]);
    if (!parsed.success) continue;
    const { title, questions: translated = [] } = parsed.data;
    const kept = translated.flatMap((item) => {
      const question = questions.get(item.id);
      if (!question) return [];
      const choices = Object.entries(item.choices ?? {}).filter(([value]) => question.choices.includes(value));
      return [
        { id: item.id, text: item.text, ...(choices.length > 0 ? { choices: Object.fromEntries(choices) } : {}) },
      ];
    });
    result[language] = { ...(title === undefined ? {} : { title }), questions: kept };
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

export const survey = surveyRef.extend({ payload: surveyPayload, created_at: timestamp });
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
    description:
      'Each payload holds the form’s questions and, in `translations`, its title, questions and choices in other languages (by question id; choices keyed by the value answered); a translation that does not fit is left out.',
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
      "The account's members answer (staff get 403, anyone else 404). `answers` is keyed by the form's question ids and checked against its questions (scales and numbers in their range, choices among the options — the values, not a translation's labels —, text within its length); a refusal answers 400 with `answers.<question id>` fields. A closed or unknown form answers 404.",
    params: z.object({ id: idParam, surveyId: idParam }),
    body: z.object({ answers: jsonObject(SURVEY_ANSWERS_MAX_BYTES) }),
    response: { 201: surveyResponse },
  }),
};

export type Survey = z.input<typeof survey>;
export type SurveyTranslation = z.output<typeof surveyTranslation>;
export type SurveyTranslations = z.output<typeof surveyTranslations>;
export type SurveyResponse = z.input<typeof surveyResponse>;
export type SurveyPage = Reply<typeof surveysApi.list>;
export type SurveyResponsePage = Reply<typeof surveysApi.userResponses>;
export type SurveyAnswerBody = RequestBody<typeof surveysApi.submit>;
export type LinkProfileBody = RequestBody<typeof surveysApi.linkProfile>;
export type LinkProfileReply = Reply<typeof surveysApi.linkProfile>;
export type DelinkProfileReply = Reply<typeof surveysApi.delinkProfile>;
