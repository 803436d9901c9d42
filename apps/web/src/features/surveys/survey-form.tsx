/**
 * One survey form about one player (a save_cancel form, SPEC §4): a field per question — a scale
 * or a choice is a list to pick from, a number a text field with the decimal keyboard, a text a
 * text area — checked with the same rules as the server (packages/domain/src/surveys.ts); a refused
 * answer lands under its question.
 */
import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import type { FieldIssue } from '@grove/domain';
import { surveyAnswerFromInput, surveyAnswerMessage } from '@grove/domain/survey-answers';

import { GroveForm, type FieldRules, type FormFieldConfig } from '../../components/form/grove-form.tsx';
import { choiceLabel, type ShownForm, type ShownQuestion } from './survey-language.ts';
import { answerSurvey, type Survey, type SurveyResponse } from './surveys.api.ts';

/** The form's own words around the questions, in the page's language. */
type FieldWords = {
  choose: string;
  scaleHint: (min: number, max: number) => string;
  numberHint: (min: number, max: number) => string;
};

/**
 * A question's field (its text and its choices' labels come with the form, in the page's language
 * when it has them; the hints and the empty choice are `words`). A choice's value stays the form's.
 */
function fieldOf(q: ShownQuestion, words: FieldWords): FormFieldConfig {
  const base = { name: q.id, label: q.text, required: q.required };
  const choose = { value: '', label: words.choose };
  switch (q.type) {
    case 'scale': {
      const steps = Array.from({ length: q.max - q.min + 1 }, (_, index) => String(q.min + index));
      return {
        ...base,
        kind: 'select',
        hint: words.scaleHint(q.min, q.max),
        options: [choose, ...steps.map((value) => ({ value, label: value }))],
      };
    }
    case 'choice':
      return {
        ...base,
        kind: 'select',
        options: [choose, ...q.choices.map((value) => ({ value, label: choiceLabel(q, value) }))],
      };
    case 'number':
      return { ...base, kind: 'text', inputMode: 'decimal', hint: words.numberHint(q.min, q.max) };
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
  /** The form's id, and its title as shown. */
  survey: Pick<Survey, 'id' | 'title'>;
  /** Its questions as shown (survey-language.ts). */
  form: ShownForm;
  player: { id: number; name: string };
  onSaved: (response: SurveyResponse) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  // `t` changes with the page's language: the fields are built again in the new one.
  const fields = useMemo(() => {
    const words: FieldWords = {
      choose: t`Choose…`,
      scaleHint: (min, max) => t`${min} is the least, ${max} the most.`,
      numberHint: (min, max) => t`A number from ${min} to ${max}.`,
    };
    return form.questions.map((q) => fieldOf(q, words));
  }, [form, t]);
  const surveyTitle = survey.title;
  const playerName = player.name;
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
      title={t`${surveyTitle} for ${playerName}`}
      fields={fields}
      values={values}
      rules={rules}
      saveLabel={t`Send answers`}
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
