/**
 * How a survey response reads on screen: each question of its form with the answer given (questions
 * left unanswered are skipped; answers to questions the form no longer has are shown by their id).
 */
import type { SurveyQuestion } from '@grove/domain/surveys';

import type { SurveyResponse } from './surveys.api.ts';

function answerText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function SurveyAnswers({
  response,
  questions,
}: {
  response: Pick<SurveyResponse, 'payload'>;
  questions: readonly SurveyQuestion[];
}) {
  const known = new Set(questions.map((q) => q.id));
  const rows = [
    ...questions.map((q) => ({
      id: q.id,
      label: q.text,
      value: response.payload[q.id],
      scale: q.type === 'scale' ? q : null,
    })),
    ...Object.keys(response.payload)
      .filter((key) => !known.has(key))
      .map((key) => ({ id: key, label: key, value: response.payload[key], scale: null })),
  ].filter((row) => row.value !== undefined && row.value !== null && row.value !== '');
  if (rows.length === 0) return <p className="survey-answers__empty">No answers.</p>;
  return (
    <dl className="survey-answers">
      {rows.map((row) => (
        <div key={row.id} className="survey-answers__row">
          <dt>{row.label}</dt>
          <dd>
            {answerText(row.value)}
            {row.scale ? ` (of ${row.scale.min}–${row.scale.max})` : ''}
          </dd>
        </div>
      ))}
    </dl>
  );
}
