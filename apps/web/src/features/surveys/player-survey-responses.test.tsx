/**
 * Survey responses on the admin account page (issue 26 item 3): staff read a player's responses
 * newest first with every answer, switch players, link an incomplete survey-form profile to the
 * player and unlink the responses about a name again.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { surveysApi } from '@grove/domain/api/endpoints/surveys';

import { fakeApi } from '../../../test/fake-api.ts';
import { storeSession } from '../../../test/fixtures.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { PlayerSurveyResponses } from './player-survey-responses.tsx';
import { INTAKE, responseFixture, surveyRoutes, type FakeSurveys } from './surveys.fixtures.ts';

function renderPanel() {
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <PlayerSurveyResponses
        accountId={1}
        players={[
          { id: 1, name: 'Maya' },
          { id: 2, name: 'Eli' },
        ]}
        timeZone="America/Los_Angeles"
      />
    </QueryClientProvider>,
  );
}

function setup(state: FakeSurveys, profiles: { id: number; player_name: string }[]) {
  storeSession();
  document.cookie = 'csrftoken=csrf-1; path=/';
  return fakeApi([
    ...surveyRoutes(state),
    [
      playersApi.incompleteProfiles,
      () => ({
        body: {
          count: profiles.length,
          next: null,
          prev: null,
          results: profiles.map((p) => ({ ...p, created_at: '2026-11-01T00:00:00.000Z' })),
        },
      }),
      { id: 1 },
    ],
  ]);
}

const responses = (section: HTMLElement, name: string) =>
  within(within(section).getByRole('list', { name })).getAllByRole('listitem');

describe('survey responses on the admin account page', () => {
  it('lists the chosen player’s responses newest first with every answer', async () => {
    setup(
      {
        responses: [
          responseFixture({ id: 3, created_at: '2026-11-20T20:00:00.000Z' }),
          responseFixture({
            id: 1,
            survey: { id: INTAKE.id, slug: INTAKE.slug, title: INTAKE.title },
            payload: { goals: 'Fewer meltdowns' },
          }),
          responseFixture({ id: 2, player_id: 2, player_name: 'Eli', payload: { calm: 5 } }),
        ],
      },
      [],
    );
    renderPanel();
    const section = await screen.findByRole('region', { name: 'Survey responses' });
    await waitFor(() => expect(responses(section, 'Maya’s responses, newest first')).toHaveLength(2));
    const [first, second] = responses(section, 'Maya’s responses, newest first');
    expect(first).toHaveTextContent('Monthly check-in · Nov 20, 2026 · about “Maya”');
    expect(first).toHaveTextContent('How often did your child calm down on their own?3 (of 1–5)');
    expect(second).toHaveTextContent('Intake questionnaire');
    expect(second).toHaveTextContent('What would you most like to see change?Fewer meltdowns');
    expect(within(section).getByText('No unlinked survey-form profiles on this account.')).toBeInTheDocument();

    await userEvent.setup().selectOptions(within(section).getByRole('combobox', { name: 'Player' }), 'Eli');
    await waitFor(() => expect(responses(section, 'Eli’s responses, newest first')).toHaveLength(1));
  });

  it('links a survey-form profile to the player and unlinks a name again', async () => {
    const state: FakeSurveys = { responses: [] };
    const api = setup(state, [{ id: 9, player_name: 'Maya B' }]);
    api.on(
      surveysApi.linkProfile,
      () => {
        state.responses = [responseFixture({ id: 7, player_name: 'Maya B' })];
        return { body: { player_id: 1, player_name: 'Maya B', linked_responses: 1 } };
      },
      { id: 1 },
    );
    api.on(
      surveysApi.delinkProfile,
      () => {
        state.responses = [];
        return { body: { player_id: 1, delinked_responses: 1 } };
      },
      { id: 1 },
    );
    renderPanel();
    const section = await screen.findByRole('region', { name: 'Survey responses' });
    expect(await within(section).findByText('No survey responses for Maya yet.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.selectOptions(await within(section).findByRole('combobox', { name: 'Survey-form profile' }), 'Maya B');
    await user.click(within(section).getByRole('button', { name: 'Link to Maya' }));
    expect(await within(section).findByText('Linked “Maya B” to Maya: 1 response(s).')).toBeInTheDocument();
    expect(api.callsOf(surveysApi.linkProfile, { id: 1 })[0]!.body).toEqual({ incomplete_profile_id: 9 });
    await waitFor(() => expect(responses(section, 'Maya’s responses, newest first')).toHaveLength(1));

    await user.click(within(section).getByRole('button', { name: 'Unlink “Maya B”' }));
    expect(await within(section).findByText('Unlinked 1 response(s) about “Maya B” from Maya.')).toBeInTheDocument();
    expect(api.callsOf(surveysApi.delinkProfile, { id: 1 })[0]!.body).toEqual({ player_name: 'Maya B' });
    expect(await within(section).findByText('No survey responses for Maya yet.')).toBeInTheDocument();
  });
});
