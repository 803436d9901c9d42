import type { Paging } from '@grove/domain/api/common';
import { readSurveyTranslations } from '@grove/domain/api/surveys';
import { surveyAnswersSchema } from '@grove/domain/survey-answers';
import { readSurveyForm, SURVEY_MESSAGES } from '@grove/domain/surveys';
import { toFieldErrors } from '@grove/domain/validation';
import type { Db } from '../../db/client.ts';
import { notFound, ValidationError } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import { assertAccountAccess, assertFamilyMember } from '../auth/access.ts';
import {
  countActiveSurveys,
  delinkProfile,
  findActiveSurvey,
  findIncompleteProfile,
  findPlayer,
  findUserAccountId,
  linkProfile,
  insertResponse,
  listActiveSurveys,
  pagePlayerResponses,
  pageUserResponses,
} from './surveys.repository.ts';

type ResponseRow = Awaited<ReturnType<typeof pagePlayerResponses>>['rows'][number];

function toResponseDto(row: ResponseRow) {
  return {
    id: row.id,
    survey: { id: row.surveyId, slug: row.surveySlug, title: row.surveyTitle },
    account_id: row.accountId,
    user_id: row.userId,
    player_id: row.playerId,
    player_name: row.playerName,
    payload: row.payload,
    created_at: row.createdAt.toISOString(),
  };
}

const offsetOf = (paging: Paging) => (paging.page - 1) * paging.page_size;

/**
 * A form's payload as the API answers it: as stored, with its translations (issue 29) read by the
 * contract, so that a translation the web could not use is left out rather than sent.
 */
export function surveyPayloadAnswer(stored: Record<string, unknown>) {
  const { translations: _stored, ...rest } = stored;
  const translations = readSurveyTranslations(stored);
  return translations ? { ...rest, translations } : rest;
}

/** GET /api/v2/player/surveys/: the active survey forms (SPEC §3: created_at plus payload, with its translations). */
export async function listSurveys(db: Db, paging: Paging) {
  const [count, rows] = await Promise.all([
    countActiveSurveys(db),
    listActiveSurveys(db, paging.page_size, offsetOf(paging)),
  ]);
  return {
    count,
    page: paging.page,
    pageSize: paging.page_size,
    results: rows.map((s) => ({
      id: s.id,
      slug: s.slug,
      title: s.title,
      payload: surveyPayloadAnswer(s.payload),
      created_at: s.createdAt.toISOString(),
    })),
  };
}

/** GET /api/v2/admin/players/{id}/responses/ (staff): the survey responses linked to a player, newest first. */
export async function playerResponses(db: Db, user: AuthUser, playerId: number, paging: Paging) {
  const player = await findPlayer(db, playerId);
  if (!player) throw notFound();
  await assertAccountAccess(db, user, player.accountId, 'read');
  const { count, rows } = await pagePlayerResponses(db, playerId, paging.page_size, offsetOf(paging));
  return { count, page: paging.page, pageSize: paging.page_size, results: rows.map(toResponseDto) };
}

/**
 * GET /api/v2/player/surveys/responses/?user=: the responses a user filled in. The user
 * themselves, their account's members, its coach and staff may read them; for anyone else the
 * user does not exist (404).
 */
export async function userResponses(db: Db, user: AuthUser, userId: number, paging: Paging) {
  if (userId !== user.id && !user.isStaff) {
    const target = await findUserAccountId(db, userId);
    if (!target || target.accountId === null) throw notFound();
    await assertAccountAccess(db, user, target.accountId, 'read');
  }
  const { count, rows } = await pageUserResponses(db, userId, paging.page_size, offsetOf(paging));
  return { count, page: paging.page, pageSize: paging.page_size, results: rows.map(toResponseDto) };
}

async function writablePlayer(db: Db, user: AuthUser, playerId: number) {
  const player = await findPlayer(db, playerId);
  if (!player) throw notFound();
  await assertAccountAccess(db, user, player.accountId, 'write');
  return player;
}

/**
 * POST /api/v2/player/{id}/link-profile/: the survey-form profile (an incomplete profile, by id or
 * by name) is this player: its responses are linked to the player and the profile is removed.
 */
export async function linkSurveyProfile(
  db: Db,
  user: AuthUser,
  playerId: number,
  input: { incomplete_profile_id?: number; player_name?: string },
) {
  const player = await writablePlayer(db, user, playerId);
  let name: string;
  if (input.incomplete_profile_id !== undefined) {
    const profile = await findIncompleteProfile(db, input.incomplete_profile_id);
    if (!profile || profile.accountId !== player.accountId) {
      throw new ValidationError({ incomplete_profile_id: [SURVEY_MESSAGES.noIncompleteProfile] });
    }
    name = profile.playerName;
  } else if (input.player_name !== undefined) {
    name = input.player_name;
  } else {
    name = player.name;
  }
  const linked = await db.transaction((tx) => linkProfile(tx, player.accountId, name, player.id));
  return { player_id: player.id, player_name: name.trim(), linked_responses: linked };
}

/**
 * POST /api/v2/player/{id}/delink-profile/: the player's survey responses (only those about
 * player_name when given) are unlinked; the names they were about become incomplete profiles again.
 */
export async function delinkSurveyProfile(db: Db, user: AuthUser, playerId: number, input: { player_name?: string }) {
  const player = await writablePlayer(db, user, playerId);
  const name = input.player_name ?? null;
  const delinked = await db.transaction((tx) => delinkProfile(tx, player.accountId, player.id, name));
  return { player_id: player.id, delinked_responses: delinked };
}

/**
 * POST /api/v2/player/{id}/surveys/{surveyId}/responses/: a member of the player's account answers
 * an active form about the player. Staff are refused (403: the answers are the family's); a coach,
 * another family or a missing player get 404; a closed or missing form 404. The answers are checked
 * against the form's questions (400 with `answers.<question id>`), then stored in one transaction.
 */
export async function submitSurveyResponse(
  db: Db,
  user: AuthUser,
  playerId: number,
  surveyId: number,
  body: { answers: Record<string, unknown> },
) {
  const player = await findPlayer(db, playerId);
  if (!player) throw notFound();
  await assertFamilyMember(db, user, player.accountId, SURVEY_MESSAGES.familyOnly);
  const survey = await findActiveSurvey(db, surveyId);
  if (!survey) throw notFound();
  const form = readSurveyForm(survey.payload);
  const parsed = surveyAnswersSchema(form.questions).safeParse(body.answers);
  if (!parsed.success) {
    const fields = toFieldErrors(parsed.error);
    throw new ValidationError(
      Object.fromEntries(
        Object.entries(fields).map(([key, messages]) => [
          key === 'non_field_errors' ? 'answers' : `answers.${key}`,
          messages,
        ]),
      ),
    );
  }
  const row = await db.transaction((tx) =>
    insertResponse(tx, {
      surveyId: survey.id,
      accountId: player.accountId,
      userId: user.id,
      playerId: player.id,
      playerName: player.name,
      payload: parsed.data as Record<string, unknown>,
    }),
  );
  return toResponseDto(row);
}
