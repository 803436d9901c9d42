/**
 * How a survey response reads on screen: each question of its form with the answer given (questions
 * left unanswered are skipped; answers to questions the form no longer has are shown by their id).
 * A choice is kept by its value; it reads with its label when the question has one in the page's
 * language (survey-language.ts).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { SurveyQuestion } from '@grove/domain/surveys';

import { choiceLabel, type ShownQuestion } from './survey-language.ts';
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
  /** The form's questions: as shown in the page's language, or as the form has them. */
  questions: readonly (SurveyQuestion | ShownQuestion)[];
}) {
  const { t } = useLingui();
  const known = new Set(questions.map((q) => q.id));
  const rows = [
    ...questions.map((q) => {
      const value = response.payload[q.id];
      return {
        id: q.id,
        label: q.text,
        value: typeof value === 'string' && 'choiceLabels' in q ? choiceLabel(q, value) : value,
        scale: q.type === 'scale' ? q : null,
      };
    }),
    ...Object.keys(response.payload)
      .filter((key) => !known.has(key))
      .map((key) => ({ id: key, label: key, value: response.payload[key], scale: null })),
  ].filter((row) => row.value !== undefined && row.value !== null && row.value !== '');
  if (rows.length === 0) {
    return (
      <p className="survey-answers__empty">
        <Trans>No answers.</Trans>
      </p>
    );
  }
  return (
    <dl className="survey-answers">
      {rows.map((row) => {
        const min = row.scale?.min;
        const max = row.scale?.max;
        return (
          <div key={row.id} className="survey-answers__row">
            <dt>{row.label}</dt>
            <dd>
              {answerText(row.value)}
              {row.scale ? ` ${t`(of ${min}–${max})`}` : ''}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
