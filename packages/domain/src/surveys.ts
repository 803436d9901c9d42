/**
 * Survey forms (SPEC §3 Customer data): a form's payload holds its questions, and may say how often
 * it is to be answered again (`repeat_days`). The questions are read leniently (a question this
 * code does not understand is left out). The answers a family sends are checked against them in
 * survey-answers.ts (with Zod, which this module leaves out: Stats lists the check-ins without it).
 */
import { messages } from './translation.ts';

export const SURVEY_LIMITS = {
  /** A text answer, unless the question says `max_length`. */
  textMax: 2000,
  /** A number answer, unless the question says `min` / `max`. */
  numberMin: 0,
  numberMax: 1_000_000,
  /** A scale, unless the question says `min` / `max`. */
  scaleMin: 1,
  scaleMax: 5,
  /** The largest `repeat_days` a payload may carry. */
  repeatDaysMax: 366,
} as const;

/** The API's refusals of check-in answers and of linking survey profiles. */
export const SURVEY_MESSAGES = messages({
  familyOnly: 'Check-ins are answered by the family, not by staff.',
  noIncompleteProfile: 'No such incomplete profile on this account.',
});

export const SURVEY_QUESTION_TYPES = ['scale', 'number', 'text', 'choice'] as const;
export type SurveyQuestionType = (typeof SURVEY_QUESTION_TYPES)[number];

export interface SurveyQuestion {
  id: string;
  text: string;
  type: SurveyQuestionType;
  /** Scale and number: the range allowed. */
  min: number;
  max: number;
  /** Text: the longest answer. */
  maxLength: number;
  /** Choice: the options. */
  choices: string[];
  /** Text answers are optional unless the question says `required: true`; the others are required. */
  required: boolean;
}

export interface SurveyForm {
  questions: SurveyQuestion[];
  /** Days until the form is due again once answered; null when it is answered once. */
  repeatDays: number | null;
}

const ID = /^[a-z][a-z0-9_]{0,63}$/;
const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function readQuestion(raw: unknown): SurveyQuestion | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const q = raw as Record<string, unknown>;
  if (typeof q.id !== 'string' || !ID.test(q.id) || typeof q.text !== 'string') return null;
  const type = (SURVEY_QUESTION_TYPES as readonly unknown[]).includes(q.type) ? (q.type as SurveyQuestionType) : null;
  if (!type) return null;
  const scale = type === 'scale';
  let min = finite(q.min) ? q.min : scale ? SURVEY_LIMITS.scaleMin : SURVEY_LIMITS.numberMin;
  let max = finite(q.max) ? q.max : scale ? SURVEY_LIMITS.scaleMax : SURVEY_LIMITS.numberMax;
  if (scale) [min, max] = [Math.ceil(min), Math.floor(max)];
  if (min > max) return null;
  const choices = Array.isArray(q.choices)
    ? q.choices.filter((c): c is string => typeof c === 'string' && c !== '')
    : [];
  if (type === 'choice' && choices.length === 0) return null;
  const maxLength =
    finite(q.max_length) && q.max_length >= 1
      ? Math.min(Math.floor(q.max_length), SURVEY_LIMITS.textMax)
      : SURVEY_LIMITS.textMax;
  const required = typeof q.required === 'boolean' ? q.required : type !== 'text';
  return { id: q.id, text: q.text, type, min, max, maxLength, choices, required };
}

/** The questions and the repeat interval a survey's payload holds. */
export function readSurveyForm(payload: Record<string, unknown>): SurveyForm {
  const raw = Array.isArray(payload.questions) ? payload.questions : [];
  const seen = new Set<string>();
  const questions: SurveyQuestion[] = [];
  for (const item of raw) {
    const question = readQuestion(item);
    if (question && !seen.has(question.id)) {
      seen.add(question.id);
      questions.push(question);
    }
  }
  const days = payload.repeat_days;
  const repeatDays =
    finite(days) && Number.isInteger(days) && days >= 1 && days <= SURVEY_LIMITS.repeatDaysMax ? days : null;
  return { questions, repeatDays };
}

/** When the form is due again: `repeatDays` after the last answer; now when never answered; null when it does not repeat. */
export function nextSurveyDue(form: SurveyForm, lastAnsweredAt: Date | null, now: Date): Date | null {
  if (lastAnsweredAt === null) return now;
  if (form.repeatDays === null) return null;
  return new Date(lastAnsweredAt.getTime() + form.repeatDays * 86_400_000);
}
