/**
 * One survey form about one player (a save_cancel form, SPEC §4): a field per question — a scale
 * or a choice is a list to pick from, a number a text field with the decimal keyboard, a text a
 * text area — checked with the same rules as the server (packages/domain/src/surveys.ts); a refused
 * answer lands under its question.
 */
import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldIssue } from '@grove/domain';
import { surveyAnswerFromInput, surveyAnswerMessage } from '@grove/domain/survey-answers';
import type { SurveyForm as SurveyFormData, SurveyQuestion } from '@grove/domain/surveys';

import { GroveForm, type FieldRules, type FormFieldConfig } from '../../components/form/grove-form.tsx';
import { answerSurvey, type Survey, type SurveyResponse } from './surveys.api.ts';

function fieldOf(q: SurveyQuestion): FormFieldConfig {
  const base = { name: q.id, label: q.text, required: q.required };
  switch (q.type) {
    case 'scale': {
      const steps = Array.from({ length: q.max - q.min + 1 }, (_, index) => String(q.min + index));
      return {
        ...base,
        kind: 'select',
        hint: `${q.min} is the least, ${q.max} the most.`,
        options: [{ value: '', label: 'Choose…' }, ...steps.map((value) => ({ value, label: value }))],
      };
    }
    case 'choice':
      return {
        ...base,
        kind: 'select',
        options: [{ value: '', label: 'Choose…' }, ...q.choices.map((value) => ({ value, label: value }))],
      };
    case 'number':
      return { ...base, kind: 'text', inputMode: 'decimal', hint: `A number from ${q.min} to ${q.max}.` };
    case 'text':
      return { ...base, kind: 'textarea', maxLength: q.maxLength };
  }
}

export function SurveyForm({
  survey,
  form,
  player,
  onSaved,
  onCancel,
}: {
  survey: Pick<Survey, 'id' | 'title'>;
  form: SurveyFormData;
  player: { id: number; name: string };
  onSaved: (response: SurveyResponse) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const fields = useMemo(() => form.questions.map(fieldOf), [form]);
  const rules = useMemo<FieldRules>(
    () =>
      Object.fromEntries(
        form.questions.map((q) => [
          q.id,
          (value: string): FieldIssue | null => {
            const message = surveyAnswerMessage(q, value);
            return message ? { message, severity: 'error' } : null;
          },
        ]),
      ),
    [form],
  );
  const values = useMemo(() => Object.fromEntries(form.questions.map((q) => [q.id, ''])), [form]);
  return (
    <GroveForm
      type="save_cancel"
      title={`${survey.title} for ${player.name}`}
      fields={fields}
      values={values}
      rules={rules}
      saveLabel="Send answers"
      onCancel={onCancel}
      onSubmit={async (submitted) => {
        const answers: Record<string, unknown> = {};
        for (const q of form.questions) {
          const value = surveyAnswerFromInput(q, submitted[q.id] ?? '');
          if (value !== undefined) answers[q.id] = value;
        }
        onSaved(await answerSurvey(queryClient, player.id, survey.id, { answers }));
      }}
    />
  );
}
