/**
 * A survey form in the page's language (issue 29): its payload may carry its title, questions and
 * choices in other languages (`translations`, packages/domain/src/api/surveys.ts), which the API
 * answers only when they fit the contract. What a translation leaves out reads in the form's own
 * words (English). Only the words change: a question keeps its id and a choice its value, which are
 * what an answer sends and what is kept, so an answer reads the same in every language.
 */
import type { Language } from '@grove/domain/languages';
import type { Survey, SurveyTranslation } from '@grove/domain/api/surveys';
import { readSurveyForm, type SurveyForm, type SurveyQuestion } from '@grove/domain/surveys';

/** A question as it is shown: its text in the page's language, and each choice's label by its value. */
export type ShownQuestion = SurveyQuestion & { choiceLabels: Readonly<Record<string, string>> };
export type ShownForm = Omit<SurveyForm, 'questions'> & { questions: ShownQuestion[] };
export type ShownSurvey = { title: string; form: ShownForm };

const words = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

function translationOf(survey: Pick<Survey, 'payload'>, language: Language): SurveyTranslation | undefined {
  if (language === 'en') return undefined;
  const translation: unknown = survey.payload.translations?.[language];
  return typeof translation === 'object' && translation !== null ? (translation as SurveyTranslation) : undefined;
}

/** The label of a choice: its translation when there is one, else the choice itself. */
export function choiceLabel(question: Pick<ShownQuestion, 'choiceLabels'>, value: string): string {
  return Object.hasOwn(question.choiceLabels, value) ? question.choiceLabels[value]! : value;
}

/** The form's title and questions in `language` (the page's), falling back to its own words. */
export function surveyInLanguage(survey: Pick<Survey, 'title' | 'payload'>, language: Language): ShownSurvey {
  const form = readSurveyForm(survey.payload);
  const translation = translationOf(survey, language);
  const translated = new Map(
    (Array.isArray(translation?.questions) ? translation.questions : []).map((item) => [item.id, item]),
  );
  const questions = form.questions.map((question): ShownQuestion => {
    const item = translated.get(question.id);
    const labels = typeof item?.choices === 'object' && item.choices !== null ? item.choices : {};
    const choiceLabels = Object.fromEntries(
      question.choices.flatMap((value) => (words(labels[value]) ? [[value, labels[value]]] : [])),
    );
    return { ...question, text: words(item?.text) ? item.text : question.text, choiceLabels };
  });
  return { title: words(translation?.title) ? translation.title : survey.title, form: { ...form, questions } };
}
