import { describe, expect, it } from 'vitest';

import { surveyAnswerMessage, surveyAnswersSchema } from './survey-answers.ts';
import { nextSurveyDue, readSurveyForm, type SurveyQuestion } from './surveys.ts';

const form = readSurveyForm({
  repeat_days: 30,
  questions: [
    { id: 'calm', text: 'Calm?', type: 'scale', min: 1, max: 5 },
    { id: 'hours', text: 'Hours', type: 'number', min: 0, max: 24 },
    { id: 'mood', text: 'Mood', type: 'choice', choices: ['good', 'hard'] },
    { id: 'notes', text: 'Notes', type: 'text', max_length: 10 },
    { id: 'calm', text: 'Duplicate', type: 'text' },
    { id: 'Bad id', text: 'x', type: 'text' },
    { id: 'odd', text: 'Unknown type', type: 'slider' },
    { id: 'empty', text: 'No choices', type: 'choice', choices: [] },
    'not a question',
  ],
});
const q = (id: string) => form.questions.find((question) => question.id === id) as SurveyQuestion;

describe('survey forms', () => {
  it('reads the questions it understands, once each, and the repeat interval', () => {
    expect(form.questions.map((question) => question.id)).toEqual(['calm', 'hours', 'mood', 'notes']);
    expect(form.repeatDays).toBe(30);
    expect(q('notes')).toMatchObject({ required: false, maxLength: 10 });
    expect(q('calm')).toMatchObject({ required: true, min: 1, max: 5 });
    expect(readSurveyForm({}).questions).toEqual([]);
    expect(readSurveyForm({ repeat_days: 0 }).repeatDays).toBeNull();
    expect(readSurveyForm({ questions: [{ id: 's', text: 'S', type: 'scale' }] }).questions[0]).toMatchObject({
      min: 1,
      max: 5,
    });
  });

  it.each([
    ['calm', '', 'This field is required.'],
    ['calm', '6', 'Must be between 1 and 5.'],
    ['calm', '2.5', 'A valid integer is required.'],
    ['calm', '3', null],
    ['hours', 'lots', 'A valid number is required.'],
    ['hours', '8.5', null],
    ['hours', '-1', 'Must be between 0 and 24.'],
    ['mood', 'great', 'Choose one of: good, hard.'],
    ['mood', 'good', null],
    ['notes', '', null],
    ['notes', 'x'.repeat(11), 'At most 10 characters.'],
    ['notes', 'a\u0000b', 'Remove the control characters (such as NUL) from this text.'],
  ])('%s = %j → %s', (id, input, message) => {
    expect(surveyAnswerMessage(q(id), input)).toBe(message);
  });

  it('keeps the known answers, trimmed, and drops unknown keys', () => {
    const parsed = surveyAnswersSchema(form.questions).parse({ calm: 2, hours: 7, mood: 'hard', notes: ' ok ', x: 1 });
    expect(parsed).toEqual({ calm: 2, hours: 7, mood: 'hard', notes: 'ok' });
  });

  it('is due now when never answered, repeat_days after the last answer, never again when it does not repeat', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const last = new Date('2026-11-01T12:00:00Z');
    expect(nextSurveyDue(form, null, now)).toEqual(now);
    expect(nextSurveyDue(form, last, now)).toEqual(new Date('2026-12-01T12:00:00Z'));
    expect(nextSurveyDue({ questions: [], repeatDays: null }, last, now)).toBeNull();
  });
});
