/**
 * Survey forms and their responses (SPEC §3 Customer data, §7): the active forms (each payload
 * holds its questions), the responses a user filled in (query user), a player's responses (staff),
 * answering a form about a player, and linking or unlinking a survey-form profile. Every shape
 * comes from the contract (packages/domain/src/api/surveys.ts).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { surveysApi } from '@grove/domain/api/endpoints/surveys';
import type {
  DelinkProfileReply,
  LinkProfileBody,
  LinkProfileReply,
  SurveyAnswerBody,
  SurveyResponse,
} from '@grove/domain/api/surveys';

import { ApiError, call, unwrap } from '../../lib/api-client.ts';

export type { Survey, SurveyResponse } from '@grove/domain/api/surveys';

/** More forms and answers than a family has: the first page is the whole list. */
export const SURVEYS_PAGE_SIZE = 100;

export const surveyKeys = {
  all: ['surveys'] as const,
  list: () => [...surveyKeys.all, 'list'] as const,
  byUser: (userId: number) => [...surveyKeys.all, 'user', userId] as const,
  byPlayer: (playerId: number) => [...surveyKeys.all, 'player', playerId] as const,
  profiles: (accountId: number) => [...surveyKeys.all, 'profiles', accountId] as const,
};

/** The players feature's query keys start with this (its incomplete-profile list among them). */
const PLAYER_QUERIES = ['players'] as const;

/** GET /api/v2/player/surveys/: the active forms. */
export function surveysQuery() {
  return queryOptions({
    queryKey: surveyKeys.list(),
    queryFn: async ({ signal }) =>
      unwrap(await call(surveysApi.list, { query: { page_size: SURVEYS_PAGE_SIZE }, signal })),
    staleTime: 10 * 60_000,
  });
}

/** GET /api/v2/player/surveys/responses/?user=: what a user answered, newest first. */
export function userResponsesQuery(userId: number) {
  return queryOptions({
    queryKey: surveyKeys.byUser(userId),
    queryFn: async ({ signal }) =>
      unwrap(await call(surveysApi.userResponses, { query: { user: userId, page_size: SURVEYS_PAGE_SIZE }, signal })),
  });
}

/** GET /api/v2/admin/players/{id}/responses/ (staff): a player's responses, newest first. */
export function playerResponsesQuery(playerId: number) {
  return queryOptions({
    queryKey: surveyKeys.byPlayer(playerId),
    queryFn: async ({ signal }) =>
      unwrap(
        await call(surveysApi.playerResponses, {
          params: { id: playerId },
          query: { page_size: SURVEYS_PAGE_SIZE },
          signal,
        }),
      ),
  });
}

/**
 * The server names a refused answer `answers.<question id>`; the form names its field by the
 * question id alone.
 */
export function toFormFailure(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 400 || typeof error.body !== 'object' || error.body === null) {
    return error;
  }
  const body = Object.fromEntries(
    Object.entries(error.body).map(([key, value]) => [key.startsWith('answers.') ? key.slice(8) : key, value]),
  );
  return new ApiError(error.status, error.statusText, body, error.message);
}

/** POST /api/v2/player/{id}/surveys/{surveyId}/responses/, then the answers are read again. */
export async function answerSurvey(
  queryClient: QueryClient,
  playerId: number,
  surveyId: number,
  body: SurveyAnswerBody,
): Promise<SurveyResponse> {
  let saved: SurveyResponse;
  try {
    saved = unwrap(await call(surveysApi.submit, { params: { id: playerId, surveyId }, body }));
  } catch (error) {
    throw toFormFailure(error);
  }
  await queryClient.invalidateQueries({ queryKey: surveyKeys.all });
  return saved;
}

/**
 * GET /api/v2/accounts/{id}/incomplete_profiles/: the survey-form profiles not linked to a player
 * yet (the first page holds up to 1000, more than a family has).
 */
export function surveyProfilesQuery(accountId: number) {
  return queryOptions({
    queryKey: surveyKeys.profiles(accountId),
    queryFn: async ({ signal }) =>
      unwrap(
        await call(playersApi.incompleteProfiles, { params: { id: accountId }, query: { page_size: 1000 }, signal }),
      ),
  });
}

/** After a link or unlink: the responses, the profiles and the players feature's lists are read again. */
export async function refreshAfterProfileChange(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: surveyKeys.all }),
    queryClient.invalidateQueries({ queryKey: PLAYER_QUERIES }),
  ]);
}

/** POST /api/v2/player/{id}/link-profile/: the profile's responses become the player's. */
export async function linkProfile(playerId: number, body: LinkProfileBody): Promise<LinkProfileReply> {
  return unwrap(await call(surveysApi.linkProfile, { params: { id: playerId }, body }));
}

/** POST /api/v2/player/{id}/delink-profile/: the player's responses (about one name, when given) are unlinked. */
export async function delinkProfile(playerId: number, playerName?: string): Promise<DelinkProfileReply> {
  const body = playerName === undefined ? {} : { player_name: playerName };
  return unwrap(await call(surveysApi.delinkProfile, { params: { id: playerId }, body }));
}
