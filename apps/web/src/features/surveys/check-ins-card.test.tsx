/**
 * Check-ins (issue 26 item 3): a parent sees each form with when it was last answered and when the
 * next one is due, answers it about a player (scale, number, text; the server's rules and its
 * refusals under each question) and finds the answer among the earlier ones. The card sits on the
 * player's Stats screen for the family.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { playApi } from '@grove/domain/api/endpoints/play';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { surveysApi } from '@grove/domain/api/endpoints/surveys';
import { userApi } from '@grove/domain/api/endpoints/user';

import { fakeApi } from '../../../test/fake-api.ts';
import { USERS, playerPage, storeSession, weeklyAnswer } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { loadLanguage } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { CheckInsCard } from './check-ins-card.tsx';
import { MORNINGS_CHECK_IN, responseFixture, surveyRoutes, type FakeSurveys } from './surveys.fixtures.ts';

const NOW = new Date('2026-11-24T12:00:00.000Z');

function renderCard() {
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <CheckInsCard player={{ id: 1, name: 'Maya' }} userId={6} timeZone="America/New_York" now={NOW} />
    </QueryClientProvider>,
  );
}

const checkIn = (name: string) => screen.getByRole('listitem', { name });

describe('the check-ins card', () => {
  it('shows when each form was last answered for the player and when the next is due', async () => {
    storeSession();
    fakeApi(
      surveyRoutes({
        responses: [responseFixture(), responseFixture({ id: 5, player_id: 2, player_name: 'Eli' })],
      }),
    );
    renderCard();
    await screen.findByRole('region', { name: 'Check-ins' });
    await waitFor(() => expect(checkIn('Monthly check-in')).toBeInTheDocument());
    expect(checkIn('Monthly check-in')).toHaveTextContent('Last answered Nov 1, 2026 · Next check-in due Dec 1, 2026');
    expect(checkIn('Intake questionnaire')).toHaveTextContent('Not answered yet · Due now');
    const history = within(checkIn('Monthly check-in')).getByText('Earlier answers (1)');
    await userEvent.setup().click(history);
    expect(checkIn('Monthly check-in')).toHaveTextContent('How often did your child calm down on their own?3 (of 1–5)');
    expect(checkIn('Monthly check-in')).toHaveTextContent('Calmer mornings');
  });

  it('checks the answers as the server does, shows its refusals under the question, and saves', async () => {
    storeSession();
    document.cookie = 'csrftoken=csrf-1; path=/';
    const state: FakeSurveys = { responses: [] };
    const api = fakeApi(surveyRoutes(state));
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Answer Monthly check-in' }));
    const form = checkIn('Monthly check-in');
    const hours = await within(form).findByRole('textbox', { name: /Hours of sleep/ });
    await user.type(hours, '30');
    await user.tab();
    expect(await within(form).findByText('Must be between 0 and 24.')).toBeInTheDocument();
    await user.clear(hours);
    await user.type(hours, '8.5');
    await user.selectOptions(within(form).getByRole('combobox', { name: /calm down/ }), '4');

    // The server refuses the note: its message lands under the question.
    api.on(
      surveysApi.submit,
      {
        status: 400,
        body: { 'answers.notes': ['Remove the control characters (such as NUL) from this text.'] },
      },
      { id: 1, surveyId: 2 },
    );
    await user.type(within(form).getByRole('textbox', { name: /coach should know/ }), 'Slept well');
    await user.click(within(form).getByRole('button', { name: 'Send answers' }));
    expect(
      await within(form).findByText('Remove the control characters (such as NUL) from this text.'),
    ).toBeInTheDocument();

    const [, accept] = surveyRoutes(state).find(
      ([endpoint, , params]) => endpoint === surveysApi.submit && params?.id === 1 && params.surveyId === 2,
    )!;
    api.on(surveysApi.submit, accept, { id: 1, surveyId: 2 });
    await user.click(within(form).getByRole('button', { name: 'Send answers' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you: Monthly check-in for Maya is saved.');
    const posts = api.callsOf(surveysApi.submit, { id: 1, surveyId: 2 });
    expect(posts.at(-1)!.body).toEqual({ answers: { calm: 4, hours: 8.5, notes: 'Slept well' } });
    await waitFor(() =>
      expect(checkIn('Monthly check-in')).toHaveTextContent(
        'Last answered Nov 24, 2026 · Next check-in due Dec 24, 2026',
      ),
    );
  });

  it('sits on the player’s Stats screen for a parent', async () => {
    storeSession();
    fakeApi([
      [userApi.info, { body: USERS.parent }],
      [playersApi.list, { body: playerPage([{ id: 1, name: 'Maya' }]) }, { id: 1 }],
      [playApi.weekly, { body: weeklyAnswer(1, '1Mo', []) }, { id: 1 }],
      ...surveyRoutes({ responses: [] }),
    ]);
    renderApp('/dashboard/stats?pid=1');
    const card = await screen.findByRole('region', { name: 'Check-ins' });
    expect(await within(card).findByRole('button', { name: 'Answer Monthly check-in' })).toBeInTheDocument();
  });
});

describe('the check-ins card, in Spanish', () => {
  it('says when each form was answered and is due, and asks its questions, in Spanish', async () => {
    await loadLanguage('es', ['app']);
    storeSession();
    fakeApi(surveyRoutes({ responses: [responseFixture()] }));
    renderCard();
    const card = await screen.findByRole('region', { name: 'Seguimientos' });
    expect(card).toHaveTextContent(
      'Unas pocas preguntas sobre cómo está Maya ayudan a su coach a seguir el programa con usted.',
    );
    await waitFor(() => expect(checkIn('Monthly check-in')).toBeInTheDocument());
    expect(checkIn('Monthly check-in')).toHaveTextContent(
      'Última respuesta: 1 nov 2026 · Próximo seguimiento: 1 dic 2026',
    );
    expect(checkIn('Intake questionnaire')).toHaveTextContent('Sin responder todavía · Pendiente');
    const user = userEvent.setup();
    await user.click(within(checkIn('Monthly check-in')).getByText('Respuestas anteriores (1)'));
    expect(checkIn('Monthly check-in')).toHaveTextContent('3 (de 1 a 5)');

    await user.click(screen.getByRole('button', { name: 'Responder Monthly check-in' }));
    const form = checkIn('Monthly check-in');
    expect(await within(form).findByText('Monthly check-in sobre Maya')).toBeInTheDocument();
    expect(within(form).getByText('1 es lo mínimo y 5, lo máximo.')).toBeInTheDocument();
    expect(within(form).getByText('Un número del 0 al 24.')).toBeInTheDocument();
    expect(within(form).getByRole('option', { name: 'Elija…' })).toBeInTheDocument();
    const hours = within(form).getByRole('textbox', { name: /Hours of sleep/ });
    await user.type(hours, '30');
    await user.tab();
    expect(await within(form).findByText('Debe estar entre 0 y 24.')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Enviar respuestas' })).toBeInTheDocument();
    for (const english of ['Check-ins', 'Not answered yet · Due now', 'Send answers', 'Choose…']) {
      expect(screen.queryByText(english)).not.toBeInTheDocument();
    }
  });

  it('reads a form in its Spanish words and sends the same answers as in English', async () => {
    await loadLanguage('es', ['app']);
    storeSession();
    document.cookie = 'csrftoken=csrf-1; path=/';
    const earlier = responseFixture({
      survey: { id: MORNINGS_CHECK_IN.id, slug: MORNINGS_CHECK_IN.slug, title: MORNINGS_CHECK_IN.title },
      payload: { calm: 3, mornings: 'Harder' },
    });
    const state: FakeSurveys = { responses: [earlier] };
    const api = fakeApi(surveyRoutes(state, [MORNINGS_CHECK_IN]));
    renderCard();
    const user = userEvent.setup();
    await waitFor(() => expect(checkIn('Seguimiento de las mañanas')).toBeInTheDocument());
    expect(screen.queryByText('Mornings check-in')).not.toBeInTheDocument();

    // The earlier answer: the Spanish question, and the kept choice read by its Spanish label.
    await user.click(within(checkIn('Seguimiento de las mañanas')).getByText('Respuestas anteriores (1)'));
    expect(checkIn('Seguimiento de las mañanas')).toHaveTextContent('¿Cómo fueron las mañanas?Más difíciles');
    expect(checkIn('Seguimiento de las mañanas')).toHaveTextContent(
      '¿Con qué frecuencia logró calmarse su hijo o hija sin ayuda?3 (de 1 a 5)',
    );

    await user.click(screen.getByRole('button', { name: 'Responder Seguimiento de las mañanas' }));
    const form = checkIn('Seguimiento de las mañanas');
    expect(await within(form).findByText('Seguimiento de las mañanas sobre Maya')).toBeInTheDocument();
    const mornings = within(form).getByRole('combobox', { name: /¿Cómo fueron las mañanas\?/ });
    expect(
      within(mornings)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Elija…', 'Más tranquilas', 'Más o menos igual', 'Más difíciles']);
    expect(within(form).queryByRole('combobox', { name: /How were the mornings/ })).not.toBeInTheDocument();
    // A question without a Spanish text reads in the form's own words.
    expect(within(form).getByRole('textbox', { name: /Anything your coach should know\?/ })).toBeInTheDocument();

    await user.selectOptions(within(form).getByRole('combobox', { name: /calmarse/ }), '4');
    await user.selectOptions(mornings, 'Más tranquilas');
    await user.click(within(form).getByRole('button', { name: 'Enviar respuestas' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Gracias: se guardó Seguimiento de las mañanas sobre Maya.',
    );
    // The answers are the form's ids and values, as an English page sends them.
    const posts = api.callsOf(surveysApi.submit, { id: 1, surveyId: MORNINGS_CHECK_IN.id });
    expect(posts.at(-1)!.body).toEqual({ answers: { calm: 4, mornings: 'Calmer' } });
  });
});
