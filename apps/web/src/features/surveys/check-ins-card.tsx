/**
 * Check-ins (issue 26 item 3): the program's survey forms a parent answers about one of their
 * players. Each form shows when it was last answered for this player, when the next check-in is
 * due (when the form repeats: its payload's `repeat_days`), an "Answer" button opening the form,
 * and the earlier answers. Only the signed-in parent's own answers are listed (GET responses with
 * query user). Shown on the player's Stats screen to the account's members. A form reads in the
 * page's language when its payload carries that language's words (survey-language.ts); its answers
 * are sent and kept by question id and choice value all the same.
 */
import { lazy, Suspense, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { nextSurveyDue, readSurveyForm } from '@grove/domain/surveys';

import { Button } from '../../components/button.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { formatDate } from '../../lib/format.ts';
import { activeLanguage } from '../../lib/i18n.ts';
import { SurveyAnswers } from './survey-answers.tsx';
import { surveyInLanguage } from './survey-language.ts';
import { surveysQuery, userResponsesQuery, type Survey, type SurveyResponse } from './surveys.api.ts';
import './surveys.css';

// The form (and the form library and Zod it brings) loads when a check-in is opened: Stats shows the
// list on every visit, the form only when asked.
const SurveyForm = lazy(() => import('./survey-form.tsx').then((module) => ({ default: module.SurveyForm })));

/** Earlier answers listed under a form. */
const SHOWN_ANSWERS = 3;

function CheckIn({
  survey,
  answers,
  player,
  timeZone,
  now,
  onSaved,
}: {
  survey: Survey;
  /** This player's answers to the form, newest first. */
  answers: readonly SurveyResponse[];
  player: { id: number; name: string };
  timeZone: string;
  now: Date;
  /** Saved: the answer, and the form's title as it was shown. */
  onSaved: (response: SurveyResponse, title: string) => void;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  // The form's words in the page's language (useLingui re-renders the card when it changes).
  const { title, form } = surveyInLanguage(survey, activeLanguage());
  const last = answers[0];
  const due = nextSurveyDue(form, last ? new Date(last.created_at) : null, now);
  const dueDate = due ? formatDate(due.toISOString(), timeZone) : '';
  const lastDate = last ? formatDate(last.created_at, timeZone) : '';
  const count = answers.length;
  const dueText = due === null ? null : due.getTime() <= now.getTime() ? t`Due now` : t`Next check-in due ${dueDate}`;
  return (
    <li className="check-in" aria-labelledby={titleId}>
      <div className="check-in__head">
        <h3 id={titleId} className="check-in__title">
          {title}
        </h3>
        <p className="check-in__meta">
          {last ? t`Last answered ${lastDate}` : t`Not answered yet`}
          {dueText ? ` · ${dueText}` : ''}
        </p>
        {open ? null : (
          <Button variant="secondary" onClick={() => setOpen(true)}>
            <Trans>
              Answer<span className="visually-hidden"> {title}</span>
            </Trans>
          </Button>
        )}
      </div>
      {open ? (
        <Suspense fallback={<Spinner label={t`Opening the check-in`} />}>
          <SurveyForm
            survey={{ id: survey.id, title }}
            form={form}
            player={player}
            onCancel={() => setOpen(false)}
            onSaved={(saved) => {
              setOpen(false);
              onSaved(saved, title);
            }}
          />
        </Suspense>
      ) : null}
      {answers.length > 0 ? (
        <details className="check-in__history">
          <summary>
            <Trans>Earlier answers ({count})</Trans>
          </summary>
          <ol className="check-in__answers">
            {answers.slice(0, SHOWN_ANSWERS).map((response) => (
              <li key={response.id}>
                <p className="check-in__date">{formatDate(response.created_at, timeZone)}</p>
                <SurveyAnswers response={response} questions={form.questions} />
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </li>
  );
}

export function CheckInsCard({
  player,
  userId,
  timeZone,
  now = new Date(),
}: {
  player: { id: number; name: string };
  /** The signed-in parent: their answers are listed. */
  userId: number;
  timeZone: string;
  now?: Date;
}) {
  const { t } = useLingui();
  const playerName = player.name;
  const [status, setStatus] = useState<string | null>(null);
  const surveys = useQuery(surveysQuery());
  const responses = useQuery(userResponsesQuery(userId));
  const forms = (surveys.data?.results ?? []).filter((survey) => readSurveyForm(survey.payload).questions.length > 0);
  return (
    <section className="card check-ins" aria-labelledby="check-ins-title">
      <h2 id="check-ins-title" className="card__title">
        <Trans>Check-ins</Trans>
      </h2>
      <p className="check-ins__intro">
        <Trans>A few questions about how {playerName} is doing help your coach follow the program with you.</Trans>
      </p>
      {surveys.isPending || responses.isPending ? (
        <Spinner label={t`Loading the check-ins…`} />
      ) : surveys.isError || responses.isError ? (
        <LoadError what={t`the check-ins`} onRetry={() => Promise.all([surveys.refetch(), responses.refetch()])} />
      ) : forms.length === 0 ? (
        <p>
          <Trans>There are no check-ins to answer right now.</Trans>
        </p>
      ) : (
        <ul className="check-ins__list">
          {forms.map((survey) => (
            <CheckIn
              key={survey.id}
              survey={survey}
              answers={responses.data.results.filter(
                (response) => response.player_id === player.id && response.survey.id === survey.id,
              )}
              player={player}
              timeZone={timeZone}
              now={now}
              onSaved={(_saved, title) => {
                setStatus(t`Thank you: ${title} for ${playerName} is saved.`);
              }}
            />
          ))}
        </ul>
      )}
      <p className="check-ins__status" role="status">
        {status}
      </p>
    </section>
  );
}
