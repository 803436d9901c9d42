/**
 * Survey forms in other languages (issue 29): a form's payload carries its Spanish title, questions
 * and choices (`translations`, the contract's surveyTranslation), which the list answers as the
 * contract reads them — what does not fit is left out —, while answers stay keyed by question id
 * and choice value: a translated label is not an answer.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSurveyForm } from '@grove/domain/surveys';
import { readSurveyTranslations, surveyTranslation } from '@grove/domain/api/surveys';
import { surveyResponses, surveys } from '../../db/schema/index.ts';
import { SURVEYS } from '../../db/seed/play.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createParent } from '../../../test/factories.ts';

const SPANISH = {
  title: 'Seguimiento semanal',
  questions: [
    {
      id: 'mood',
      text: '¿Cómo fueron las mañanas?',
      choices: { calmer: 'Más tranquilas', same: 'Igual', harder: 'Más difíciles', gone: 'Ya no existe' },
    },
    { id: 'notes', text: '  ¿Algo más?  ' },
    { id: 'removed', text: 'Una pregunta que el formulario ya no tiene' },
  ],
};

let t: TestContext;
let checkInId: number;
beforeAll(async () => {
  t = await createTestContext();
  const [checkIn] = await t.db
    .insert(surveys)
    .values([
      {
        slug: 'weekly-check-in',
        title: 'Weekly check-in',
        payload: {
          repeat_days: 7,
          questions: [
            { id: 'mood', text: 'How were the mornings?', type: 'choice', choices: ['calmer', 'same', 'harder'] },
            { id: 'notes', text: 'Anything else?', type: 'text' },
          ],
          translations: { es: SPANISH, fr: { title: 'Suivi hebdomadaire' } },
        },
      },
      {
        slug: 'broken-translation',
        title: 'Broken translation',
        payload: {
          questions: [{ id: 'q1', text: 'A question', type: 'text' }],
          translations: { es: { title: 42, questions: [{ id: 'q1', text: 'Una pregunta' }] } },
        },
      },
      {
        slug: 'control-characters',
        title: 'Control characters',
        payload: {
          questions: [{ id: 'q1', text: 'A question', type: 'text' }],
          translations: { es: { questions: [{ id: 'q1', text: 'Una\u0007pregunta' }] } },
        },
      },
      {
        slug: 'not-an-object',
        title: 'Not an object',
        payload: { questions: [{ id: 'q1', text: 'A question', type: 'text' }], translations: ['es'] },
      },
    ])
    .returning();
  checkInId = checkIn!.id;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers, payload });

describe('survey forms with translations', () => {
  it('lists a form with its Spanish words, leaving out what does not fit the contract', async () => {
    const parent = await createParent(t.db);
    const res = await get('/api/v2/player/surveys/', parent.headers);
    expect(res.statusCode).toBe(200);
    const bySlug = new Map(
      res.json().results.map((s: { slug: string; payload: Record<string, unknown> }) => [s.slug, s.payload]),
    );
    expect(bySlug.get('weekly-check-in')).toEqual({
      repeat_days: 7,
      questions: [
        { id: 'mood', text: 'How were the mornings?', type: 'choice', choices: ['calmer', 'same', 'harder'] },
        { id: 'notes', text: 'Anything else?', type: 'text' },
      ],
      // Only the languages Grove speaks; only the form's questions and choices; text trimmed.
      translations: {
        es: {
          title: 'Seguimiento semanal',
          questions: [
            {
              id: 'mood',
              text: '¿Cómo fueron las mañanas?',
              choices: { calmer: 'Más tranquilas', same: 'Igual', harder: 'Más difíciles' },
            },
            { id: 'notes', text: '¿Algo más?' },
          ],
        },
      },
    });
    // A translation that does not fit (a title that is not text, a control character, not an
    // object) is left out: the form reads in its own words.
    for (const slug of ['broken-translation', 'control-characters', 'not-an-object']) {
      expect(bySlug.get(slug), slug).toEqual({ questions: [{ id: 'q1', text: 'A question', type: 'text' }] });
    }
  });

  it('stores a choice by its value, and refuses its Spanish label with 400', async () => {
    const parent = await createParent(t.db, { players: ['Lía'] });
    const player = parent.players[0]!;
    const url = `/api/v2/player/${player.id}/surveys/${checkInId}/responses/`;
    const spanish = { ...parent.headers, 'accept-language': 'es-US' };

    const refused = await post(url, spanish, { answers: { mood: 'Más tranquilas' } });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(['answers.mood']);
    // The message names the values a form sends, in the request's language.
    expect(refused.json()['answers.mood'][0]).toContain('calmer, same, harder');
    expect(refused.json()['answers.mood'][0]).not.toBe('Choose one of: calmer, same, harder.');
    expect(await t.db.select().from(surveyResponses).where(eq(surveyResponses.playerId, player.id))).toHaveLength(0);

    const saved = await post(url, spanish, { answers: { mood: 'calmer', notes: 'Más tranquilas esta semana' } });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().payload).toEqual({ mood: 'calmer', notes: 'Más tranquilas esta semana' });
    const rows = await t.db.select().from(surveyResponses).where(eq(surveyResponses.playerId, player.id));
    expect(rows.map((row) => row.payload)).toEqual([{ mood: 'calmer', notes: 'Más tranquilas esta semana' }]);
  });
});

describe('the contract’s survey translation', () => {
  it('refuses a translation without its words, with bad text or with too many questions', () => {
    expect(surveyTranslation.safeParse({ title: 'Título', questions: [{ id: 'q1', text: 'Pregunta' }] }).success).toBe(
      true,
    );
    for (const bad of [
      { title: '' },
      { title: 42 },
      { questions: [{ id: 'q1' }] },
      { questions: [{ id: 'q1', text: '   ' }] },
      { questions: [{ id: 'q1', text: 'Pregunta', choices: { a: '' } }] },
      { questions: [{ id: 'q1', text: 'x'.repeat(2001) }] },
      { questions: Array.from({ length: 201 }, (_, index) => ({ id: `q${index}`, text: 'Pregunta' })) },
      { questions: { q1: 'Pregunta' } },
    ]) {
      expect(surveyTranslation.safeParse(bad).success, JSON.stringify(bad).slice(0, 80)).toBe(false);
    }
  });

  it('translates every seeded form’s title and questions into Spanish', () => {
    for (const form of SURVEYS) {
      const spanish = readSurveyTranslations(form.payload)?.es;
      expect(spanish, form.slug).toEqual(form.payload.translations.es);
      expect(spanish?.title, form.slug).toBeTruthy();
      expect(spanish?.questions?.map((q) => q.id)).toEqual(readSurveyForm(form.payload).questions.map((q) => q.id));
    }
  });
});
