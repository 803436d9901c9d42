/**
 * Survey responses on the admin account page (issue 26 item 3): staff pick one of the family's
 * players and read the responses linked to them over time, newest first (who filled each in and
 * when, every answer). A survey-form profile — a child named in a form before they had a player,
 * listed as an incomplete profile — is linked to the player (its responses become the player's and
 * the profile is removed); the player's responses about a name are unlinked again (the name becomes
 * an incomplete profile). The API decides who may do it (the account's members and staff).
 */
import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { readSurveyForm } from '@grove/domain/surveys';

import { Button } from '../../components/button.tsx';
import { QueryState } from '../../components/load-state.tsx';
import { errorText } from '@grove/domain';
import { formatDate } from '../../lib/format.ts';
import { SurveyAnswers } from './survey-answers.tsx';
import {
  delinkProfile,
  linkProfile,
  playerResponsesQuery,
  refreshAfterProfileChange,
  surveyProfilesQuery,
  surveysQuery,
  type Survey,
  type SurveyResponse,
} from './surveys.api.ts';
import './surveys.css';

function ResponseItem({
  response,
  survey,
  timeZone,
}: {
  response: SurveyResponse;
  survey: Survey | undefined;
  timeZone: string;
}) {
  const questions = survey ? readSurveyForm(survey.payload).questions : [];
  return (
    <li className="survey-responses__item">
      <p className="survey-responses__meta">
        <strong>{response.survey.title}</strong> · {formatDate(response.created_at, timeZone)} · about “
        {response.player_name}”
      </p>
      <SurveyAnswers response={response} questions={questions} />
    </li>
  );
}

function PlayerResponses({
  accountId,
  player,
  timeZone,
}: {
  accountId: number;
  player: { id: number; name: string };
  timeZone: string;
}) {
  const queryClient = useQueryClient();
  const profileSelectId = useId();
  const [profileId, setProfileId] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const responses = useQuery(playerResponsesQuery(player.id));
  const surveys = useQuery(surveysQuery());
  const profiles = useQuery(surveyProfilesQuery(accountId));
  const surveyById = new Map((surveys.data?.results ?? []).map((survey) => [survey.id, survey]));
  const names = [...new Set((responses.data?.results ?? []).map((response) => response.player_name.trim()))];

  const run = async (action: () => Promise<string>) => {
    setBusy(true);
    setFailure(null);
    setStatus(null);
    try {
      const done = await action();
      await refreshAfterProfileChange(queryClient);
      setStatus(done);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="survey-responses__player">
      <div className="survey-responses__profiles">
        {profiles.data && profiles.data.results.length > 0 ? (
          <>
            <label htmlFor={profileSelectId}>Survey-form profile</label>
            <select
              id={profileSelectId}
              className="input"
              value={profileId}
              onChange={(event) => setProfileId(event.target.value)}
            >
              <option value="">Choose…</option>
              {profiles.data.results.map((profile) => (
                <option key={profile.id} value={profile.id}>
                  {profile.player_name}
                </option>
              ))}
            </select>
            <Button
              variant="secondary"
              disabled={profileId === '' || busy}
              onClick={() =>
                void run(async () => {
                  const linked = await linkProfile(player.id, { incomplete_profile_id: Number(profileId) });
                  setProfileId('');
                  return `Linked “${linked.player_name}” to ${player.name}: ${linked.linked_responses} response(s).`;
                })
              }
            >
              Link to {player.name}
            </Button>
          </>
        ) : (
          <p className="survey-responses__meta">No unlinked survey-form profiles on this account.</p>
        )}
        {names.map((name) => (
          <Button
            key={name}
            variant="ghost"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                const result = await delinkProfile(player.id, name);
                return `Unlinked ${result.delinked_responses} response(s) about “${name}” from ${player.name}.`;
              })
            }
          >
            Unlink “{name}”
          </Button>
        ))}
      </div>
      <p role="status" className="survey-responses__meta">
        {status}
      </p>
      {failure ? <p role="alert">{failure}</p> : null}
      <QueryState query={responses} what={`${player.name}’s responses`}>
        {(data) =>
          data.results.length === 0 ? (
            <p>No survey responses for {player.name} yet.</p>
          ) : (
            <ol className="survey-responses__list" aria-label={`${player.name}’s responses, newest first`}>
              {data.results.map((response) => (
                <ResponseItem
                  key={response.id}
                  response={response}
                  survey={surveyById.get(response.survey.id)}
                  timeZone={timeZone}
                />
              ))}
            </ol>
          )
        }
      </QueryState>
    </div>
  );
}

export function PlayerSurveyResponses({
  accountId,
  players: list,
  timeZone,
}: {
  accountId: number;
  /** The account's players (the admin account answer holds them). */
  players: readonly { id: number; name: string }[];
  timeZone: string;
}) {
  const headingId = 'admin-surveys-title';
  const selectId = useId();
  const [chosen, setChosen] = useState<number | null>(null);
  const player = list.find((p) => p.id === chosen) ?? list[0];
  return (
    <section className="card admin-section survey-responses" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__title">
        Survey responses
      </h2>
      {!player ? (
        <p>This account has no players yet.</p>
      ) : (
        <>
          {list.length > 1 ? (
            <div className="survey-responses__profiles">
              <label htmlFor={selectId}>Player</label>
              <select
                id={selectId}
                className="input"
                value={player.id}
                onChange={(event) => setChosen(Number(event.target.value))}
              >
                {list.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <PlayerResponses key={player.id} accountId={accountId} player={player} timeZone={timeZone} />
        </>
      )}
    </section>
  );
}
