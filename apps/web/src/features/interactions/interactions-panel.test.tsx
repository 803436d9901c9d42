/**
 * Customer interactions (issue 26 item 2): the form takes its choices from the OPTIONS call, logs a
 * conversation (type, who reached out, note) and the list shows it on top with who logged it and
 * when, in the family's time zone and the spec's date format.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { accountApi } from '@grove/domain/api/endpoints/account';

import { fakeApi } from '../../../test/fake-api.ts';
import { storeSession } from '../../../test/fixtures.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { interactionFixture, interactionRoutes, type FakeInteractions } from './interactions.fixtures.ts';
import { InteractionsPanel } from './interactions-panel.tsx';

function renderPanel(timeZone = 'America/Los_Angeles') {
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <InteractionsPanel accountId={7} timeZone={timeZone} />
    </QueryClientProvider>,
  );
}

const items = (section: HTMLElement) =>
  within(within(section).getByRole('list', { name: 'Conversations, newest first' })).getAllByRole('listitem');

describe('the customer interactions panel', () => {
  it('lists the conversations newest first with who logged them and when, in the family’s zone', async () => {
    storeSession();
    const state: FakeInteractions = {
      results: [
        interactionFixture({
          id: 2,
          kind: 'email',
          direction: 'inbound',
          topic: 'billing',
          outcome: 'resolved',
          summary: 'Asked about shipping.',
        }),
        interactionFixture({ id: 1, topic: null, created_by: null }),
      ],
    };
    fakeApi(interactionRoutes(7, state));
    renderPanel();
    const section = await screen.findByRole('region', { name: 'Customer interactions (2)' });
    const [first, second] = items(section);
    expect(first).toHaveTextContent('Billing · E-mail · The family reached out · 11-20-2026 12:05:09 PM PST');
    expect(first).toHaveTextContent('Asked about shipping.');
    expect(first).toHaveTextContent('Outcome: Resolved');
    expect(first).toHaveTextContent('Logged by Casey Morgan');
    // Logged before types existed: no type, no outcome.
    expect(second?.querySelector('.interactions__meta')?.textContent).toMatch(/^Phone call · We reached out/);
    expect(second).not.toHaveTextContent('Outcome');
    expect(second).toHaveTextContent('Logged by a former team member');
  });

  it('offers types, channels and outcomes from the OPTIONS call and logs one, which then leads the list', async () => {
    storeSession();
    document.cookie = 'csrftoken=csrf-1; path=/';
    const state: FakeInteractions = { results: [interactionFixture()] };
    const api = fakeApi(interactionRoutes(7, state));
    renderPanel('America/New_York');
    const section = await screen.findByRole('region', { name: 'Customer interactions (1)' });
    const type = await within(section).findByRole('combobox', { name: /Type/ });
    const optionsOf = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(optionsOf(type)).toEqual(['Check-in', 'Getting started', 'Billing', 'Technical help', 'Feedback', 'Other']);
    const channel = within(section).getByRole('combobox', { name: /Channel/ });
    expect(optionsOf(channel)).toEqual(['Phone call', 'E-mail', 'Text message', 'Chat', 'Video call', 'Other']);
    const outcome = within(section).getByRole('combobox', { name: /Outcome/ });
    expect(optionsOf(outcome)).toEqual([
      'Not known yet',
      'Resolved',
      'Follow-up needed',
      'Left a message',
      'No answer',
      'Passed on',
    ]);
    expect(api.callsOf(accountApi.interactionOptions, { id: 7 })).toHaveLength(1);

    const user = userEvent.setup();
    const save = within(section).getByRole('button', { name: 'Log it' });
    // An empty note is not logged.
    expect(save).toBeDisabled();
    await user.selectOptions(type, 'technical');
    await user.selectOptions(channel, 'sms');
    await user.selectOptions(outcome, 'follow_up');
    await user.selectOptions(within(section).getByRole('combobox', { name: /Who reached out/ }), 'inbound');
    await user.type(within(section).getByRole('textbox', { name: /Note/ }), '  Asked for the app link again. ');
    await user.click(save);

    await waitFor(() => expect(api.callsOf(accountApi.addInteraction, { id: 7 })).toHaveLength(1));
    expect(api.callsOf(accountApi.addInteraction, { id: 7 })[0]?.body).toEqual({
      kind: 'sms',
      direction: 'inbound',
      topic: 'technical',
      outcome: 'follow_up',
      summary: 'Asked for the app link again.',
    });
    expect(await within(section).findByText('Text message logged.')).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Customer interactions (2)' });
    const [first] = items(section);
    expect(first).toHaveTextContent(
      'Technical help · Text message · The family reached out · 11-24-2026 10:00:00 AM EST',
    );
    expect(first).toHaveTextContent('Outcome: Follow-up needed');
    expect(first).toHaveTextContent('Logged by Staff Member');
    // Ready for the next conversation.
    expect(within(section).getByRole('textbox', { name: /Note/ })).toHaveValue('');
  });

  it('shows the server’s refusal under the note, and says when nothing is logged yet', async () => {
    storeSession();
    document.cookie = 'csrftoken=csrf-1; path=/';
    fakeApi([
      ...interactionRoutes(7, { results: [] }),
      [
        accountApi.addInteraction,
        { status: 400, body: { summary: ['Text may not contain control characters.'] } },
        { id: 7 },
      ],
    ]);
    renderPanel();
    const section = await screen.findByRole('region', { name: 'Customer interactions (0)' });
    expect(within(section).getByText('No conversation logged yet.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(await within(section).findByRole('textbox', { name: /Note/ }), 'Hello');
    await user.click(within(section).getByRole('button', { name: 'Log it' }));
    expect(await within(section).findByText('Text may not contain control characters.')).toBeInTheDocument();
  });

  it('says so when the conversations cannot be read (not the family’s coach: 404)', async () => {
    storeSession();
    fakeApi([]);
    renderPanel();
    expect(await screen.findByText(/We couldn’t load the conversations/)).toBeInTheDocument();
  });
});
