import { describe, expect, it } from 'vitest';

import { choiceLabel, surveyInLanguage } from './survey-language.ts';
import { MORNINGS_CHECK_IN } from './surveys.fixtures.ts';

describe('a survey form in the page’s language', () => {
  it('reads in its own words on an English page', () => {
    const shown = surveyInLanguage(MORNINGS_CHECK_IN, 'en');
    expect(shown.title).toBe('Mornings check-in');
    expect(shown.form.questions.map((q) => q.text)).toEqual([
      'How often did your child calm down on their own?',
      'How were the mornings?',
      'Anything your coach should know?',
    ]);
    expect(choiceLabel(shown.form.questions[1]!, 'Harder')).toBe('Harder');
  });

  it('takes the Spanish title, texts and labels, keeping ids and values, and the own words where none', () => {
    const shown = surveyInLanguage(MORNINGS_CHECK_IN, 'es');
    expect(shown.title).toBe('Seguimiento de las mañanas');
    const [calm, mornings, notes] = shown.form.questions;
    expect(calm).toMatchObject({ id: 'calm', type: 'scale', min: 1, max: 5 });
    expect(mornings).toMatchObject({ id: 'mornings', text: '¿Cómo fueron las mañanas?' });
    expect(mornings!.choices).toEqual(['Calmer', 'About the same', 'Harder']);
    expect(mornings!.choices.map((value) => choiceLabel(mornings!, value))).toEqual([
      'Más tranquilas',
      'Más o menos igual',
      'Más difíciles',
    ]);
    expect(choiceLabel(mornings!, 'Something else')).toBe('Something else');
    expect(notes!.text).toBe('Anything your coach should know?');
  });

  it('falls back to the form’s words when the translation is missing, blank or not an object', () => {
    const base = MORNINGS_CHECK_IN.payload;
    // What a payload from elsewhere might hold (the API leaves such translations out).
    const odd: unknown[] = [undefined, {}, { es: null }, { es: { title: '  ', questions: 'none' } }];
    for (const translations of odd) {
      const payload = { ...base, translations } as (typeof MORNINGS_CHECK_IN)['payload'];
      const shown = surveyInLanguage({ title: 'Mornings check-in', payload }, 'es');
      expect(shown.title).toBe('Mornings check-in');
      expect(shown.form.questions[1]!.text).toBe('How were the mornings?');
      expect(shown.form.questions[1]!.choiceLabels).toEqual({});
    }
  });
});
