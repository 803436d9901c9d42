/**
 * Check-ins (issue 26 item 3): the program's survey forms a parent answers about one of their
 * players. Each form shows when it was last answered for this player, when the next check-in is
 * due (when the form repeats: its payload's `repeat_days`), an "Answer" button opening the form,
 * and the earlier answers. Only the signed-in parent's own answers are listed (GET responses with
 * query user). Shown on the player's Stats screen to the account's members.
 */
import { lazy, Suspense, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { nextSurveyDue, readSurveyForm } from '@grove/domain/surveys';

import { Button } from '../../components/button.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { formatDate } from '../../lib/format.ts';
import { SurveyAnswers } from './survey-answers.tsx';
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
  onSaved: (response: SurveyResponse) => void;
}) {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const form = readSurveyForm(survey.payload);
  const last = answers[0];
  const due = nextSurveyDue(form, last ? new Date(last.created_at) : null, now);
  const dueText =
    due === null
      ? null
      : due.getTime() <= now.getTime()
        ? 'Due now'
        : `Next check-in due ${formatDate(due.toISOString(), timeZone)}`;
  return (
    <li className="check-in" aria-labelledby={titleId}>
      <div className="check-in__head">
        <h3 id={titleId} className="check-in__title">
          {survey.title}
        </h3>
        <p className="check-in__meta">
          {last ? `Last answered ${formatDate(last.created_at, timeZone)}` : 'Not answered yet'}
          {dueText ? ` · ${dueText}` : ''}
        </p>
        {open ? null : (
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Answer<span className="visually-hidden"> {survey.title}</span>
          </Button>
        )}
      </div>
      {open ? (
        <Suspense fallback={<Spinner label="Opening the check-in" />}>
          <SurveyForm
            survey={survey}
            form={form}
            player={player}
            onCancel={() => setOpen(false)}
            onSaved={(saved) => {
              setOpen(false);
              onSaved(saved);
            }}
          />
        </Suspense>
      ) : null}
      {answers.length > 0 ? (
        <details className="check-in__history">
          <summary>Earlier answers ({answers.length})</summary>
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
  const [status, setStatus] = useState<string | null>(null);
  const surveys = useQuery(surveysQuery());
  const responses = useQuery(userResponsesQuery(userId));
  const forms = (surveys.data?.results ?? []).filter((survey) => readSurveyForm(survey.payload).questions.length > 0);
  return (
    <section className="card check-ins" aria-labelledby="check-ins-title">
      <h2 id="check-ins-title" className="card__title">
        Check-ins
      </h2>
      <p className="check-ins__intro">
        A few questions about how {player.name} is doing help your coach follow the program with you.
      </p>
      {surveys.isPending || responses.isPending ? (
        <Spinner label="Loading the check-ins…" />
      ) : surveys.isError || responses.isError ? (
        <LoadError what="the check-ins" onRetry={() => Promise.all([surveys.refetch(), responses.refetch()])} />
      ) : forms.length === 0 ? (
        <p>There are no check-ins to answer right now.</p>
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
              onSaved={(saved) => setStatus(`Thank you: ${saved.survey.title} for ${player.name} is saved.`)}
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
