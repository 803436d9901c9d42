/**
 * A survey form's answers (SPEC §3 Customer data), checked against its questions (surveys.ts) with
 * the contract's building blocks, on the server and in the form alike.
 */
import * as z from 'zod';

import { API_MESSAGES, choice, text } from './api/common.ts';
import type { SurveyQuestion } from './surveys.ts';

function answerSchema(q: SurveyQuestion): z.ZodType {
  switch (q.type) {
    case 'scale': {
      const range = API_MESSAGES.range(q.min, q.max);
      return z.number({ error: API_MESSAGES.required }).int(API_MESSAGES.integer).min(q.min, range).max(q.max, range);
    }
    case 'number': {
      const range = API_MESSAGES.range(q.min, q.max);
      return z.number({ error: API_MESSAGES.number }).min(q.min, range).max(q.max, range);
    }
    case 'choice':
      return choice(q.choices as [string, ...string[]]);
    case 'text':
      return text({ max: q.maxLength, multiline: true, allowBlank: !q.required });
  }
}

/**
 * The schema of a form's answers: an object keyed by question id (unknown keys are dropped). An
 * optional question may be left out, or be null or blank text; a required one answers "This field
 * is required.".
 */
export function surveyAnswersSchema(questions: readonly SurveyQuestion[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const q of questions) {
    const schema = answerSchema(q);
    shape[q.id] = q.required
      ? z.preprocess((v) => (v === null || v === '' ? undefined : v), schema)
      : z.preprocess((v) => (v === null || v === '' ? undefined : v), schema.optional());
  }
  return z.object(shape);
}

/** What a form field's text means as an answer: blank is no answer; scales and numbers are read as numbers. */
export function surveyAnswerFromInput(question: SurveyQuestion, input: string): unknown {
  const trimmed = input.trim();
  if (trimmed === '') return undefined;
  if (question.type === 'scale' || question.type === 'number') {
    const value = /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : NaN;
    return Number.isFinite(value) ? value : input;
  }
  return input;
}

/** The message a form shows under a question for `input`, or null when it is accepted (the server's rule). */
export function surveyAnswerMessage(question: SurveyQuestion, input: string): string | null {
  const parsed = surveyAnswersSchema([question]).safeParse({ [question.id]: surveyAnswerFromInput(question, input) });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}
