/** A fake surveys API for component tests: the forms, a user's and a player's responses, answering. */
import type { Survey, SurveyResponse } from '@grove/domain/api/surveys';
import { surveysApi } from '@grove/domain/api/endpoints/surveys';

import type { FakeRoute } from '../../../test/fake-api.ts';

export const CHECK_IN: Survey = {
  id: 2,
  slug: 'monthly-check-in',
  title: 'Monthly check-in',
  payload: {
    repeat_days: 30,
    questions: [
      { id: 'calm', text: 'How often did your child calm down on their own?', type: 'scale', min: 1, max: 5 },
      { id: 'hours', text: 'Hours of sleep', type: 'number', min: 0, max: 24 },
      { id: 'notes', text: 'Anything your coach should know?', type: 'text', max_length: 20 },
    ],
  },
  created_at: '2026-01-01T00:00:00.000Z',
};
export const INTAKE: Survey = {
  id: 1,
  slug: 'intake',
  title: 'Intake questionnaire',
  payload: { questions: [{ id: 'goals', text: 'What would you most like to see change?', type: 'text' }] },
  created_at: '2026-01-01T00:00:00.000Z',
};

/** A form with its Spanish words (payload.translations): a choice question, and one question left in English. */
export const MORNINGS_CHECK_IN: Survey = {
  id: 3,
  slug: 'mornings-check-in',
  title: 'Mornings check-in',
  payload: {
    questions: [
      { id: 'calm', text: 'How often did your child calm down on their own?', type: 'scale', min: 1, max: 5 },
      {
        id: 'mornings',
        text: 'How were the mornings?',
        type: 'choice',
        choices: ['Calmer', 'About the same', 'Harder'],
      },
      { id: 'notes', text: 'Anything your coach should know?', type: 'text' },
    ],
    translations: {
      es: {
        title: 'Seguimiento de las mañanas',
        questions: [
          { id: 'calm', text: '¿Con qué frecuencia logró calmarse su hijo o hija sin ayuda?' },
          {
            id: 'mornings',
            text: '¿Cómo fueron las mañanas?',
            choices: { Calmer: 'Más tranquilas', 'About the same': 'Más o menos igual', Harder: 'Más difíciles' },
          },
        ],
      },
    },
  },
  created_at: '2026-01-01T00:00:00.000Z',
};

export function responseFixture(overrides: Partial<SurveyResponse> = {}): SurveyResponse {
  return {
    id: 1,
    survey: { id: CHECK_IN.id, slug: CHECK_IN.slug, title: CHECK_IN.title },
    account_id: 1,
    user_id: 6,
    player_id: 1,
    player_name: 'Maya',
    payload: { calm: 3, hours: 9, notes: 'Calmer mornings' },
    created_at: '2026-11-01T15:00:00.000Z',
    ...overrides,
  };
}

export type FakeSurveys = { responses: SurveyResponse[] };

export function surveyRoutes(state: FakeSurveys, surveys: Survey[] = [INTAKE, CHECK_IN]): FakeRoute[] {
  const page = <T>(results: T[]) => ({ body: { count: results.length, next: null, previous: null, results } });
  const routes: FakeRoute[] = [
    [surveysApi.list, page(surveys)],
    [
      surveysApi.userResponses,
      (request) => page(state.responses.filter((r) => r.user_id === Number(request.query.get('user')))),
    ],
  ];
  for (const playerId of [1, 2]) {
    routes.push([
      surveysApi.playerResponses,
      () => page(state.responses.filter((r) => r.player_id === playerId)),
      { id: playerId },
    ]);
    for (const survey of surveys) {
      routes.push([
        surveysApi.submit,
        (request) => {
          const saved = responseFixture({
            id: Math.max(0, ...state.responses.map((r) => r.id)) + 1,
            survey: { id: survey.id, slug: survey.slug, title: survey.title },
            player_id: playerId,
            payload: (request.body as { answers: Record<string, unknown> }).answers,
            created_at: '2026-11-24T15:00:00.000Z',
          });
          state.responses = [saved, ...state.responses];
          return { status: 201, body: saved };
        },
        { id: playerId, surveyId: survey.id },
      ]);
    }
  }
  return routes;
}
