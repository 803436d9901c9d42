/**
 * Coaching (issue 13 items 8–9) through the real routes and providers, against a fake API: a
 * family books, moves and cancels calls and reads shared notes; a coach sees families, calls and
 * briefs, writes notes and keeps working hours.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COACHING_MESSAGES } from '@grove/domain';
import type { UserInfo } from '@grove/domain/api/user';
import { accountApi } from '@grove/domain/api/endpoints/account';
import { coachingApi } from '@grove/domain/api/endpoints/coaching';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { userApi } from '@grove/domain/api/endpoints/user';

import { fakeApi, type FakeApi, type FakeRoute } from '../../../test/fake-api.ts';
import { USERS, accountFixture, coachingCallFixture, playerPage, storeSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import {
  COACHING_NOW,
  coachingRoutes,
  fakeCoaching,
  type FakeCoaching,
} from '../../features/coaching/coaching.fixtures.ts';
import { getNotices } from '../../lib/notifications.ts';
import { interactionFixture, interactionRoutes } from '../../features/interactions/interactions.fixtures.ts';

const HOURS = coachingApi.availableHours;
const BOOK = coachingApi.book;

beforeEach(() => {
  // Only the clock: React Query, React and user-event keep their real timers.
  vi.useFakeTimers({ toFake: ['Date'], now: COACHING_NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

function signedIn(user: UserInfo, state: FakeCoaching, routes: FakeRoute[] = []): FakeApi {
  storeSession();
  return fakeApi([
    [userApi.info, { body: user }],
    [playersApi.list, { body: playerPage([{ id: 1, name: 'Maya' }]) }, { id: 1 }],
    [accountApi.detail, { body: accountFixture() }, { id: 1 }],
    ...coachingRoutes(state),
    ...routes,
  ]);
}

function dayGroup(name: string): HTMLElement {
  return screen.getByRole('group', { name });
}

function slotTimes(name: string): string[] {
  return within(dayGroup(name))
    .queryAllByRole('button')
    .map((button) => button.textContent ?? '');
}

async function openBooking(state: FakeCoaching = fakeCoaching(), path = '/dashboard/coaching') {
  const api = signedIn(USERS.parent, state);
  const app = renderApp(path);
  await screen.findByRole('group', { name: 'Saturday, November 21, 2026' });
  return { api, app };
}

function upcomingCalls(): HTMLElement[] {
  const section = screen.getByRole('region', { name: 'Your calls' });
  return within(section).queryAllByRole('listitem');
}

describe('Coaching for a family', () => {
  it('shows the family’s coach and the free times by day in the family’s time zone', async () => {
    await openBooking();
    const coach = screen.getByRole('region', { name: 'Your coach' });
    expect(within(coach).getByText('Casey Morgan')).toBeInTheDocument();
    expect(within(coach).getByText('Your family’s coach')).toBeInTheDocument();

    expect(slotTimes('Saturday, November 21, 2026')).toEqual(['9:00 AM', '9:30 AM']);
    // 04:30 UTC on Monday is 11:30 PM on Sunday in New York: the slot belongs to Sunday.
    expect(slotTimes('Sunday, November 22, 2026')).toEqual(['11:30 PM']);
    expect(slotTimes('Monday, November 23, 2026')).toEqual([]);
    expect(within(dayGroup('Monday, November 23, 2026')).getByText('No free times')).toBeInTheDocument();
    expect(screen.getByText('Nov 20 – Nov 26')).toBeInTheDocument();
  });

  it('books the chosen slot with the ref of the address and shows the call in upcoming calls', async () => {
    const user = userEvent.setup();
    const { api } = await openBooking(fakeCoaching({ calls: [] }), '/dashboard/coaching?ref=spring-email');
    expect(await screen.findByText('No calls booked. Choose a time to book one.')).toBeInTheDocument();

    const slot = within(dayGroup('Saturday, November 21, 2026')).getByRole('button', { name: '9:30 AM' });
    await user.click(slot);
    expect(slot).toHaveAttribute('aria-pressed', 'true');
    expect(within(dayGroup('Saturday, November 21, 2026')).getByRole('button', { name: '9:00 AM' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByText(/Your call with/)).toHaveTextContent(
      'Your call with Casey Morgan on 11-21-2026 9:30:00 AM EST.',
    );
    await user.click(screen.getByRole('button', { name: 'Book this call' }));

    await waitFor(() => expect(api.callsOf(BOOK)).toHaveLength(1));
    expect(api.callsOf(BOOK)[0]?.body).toEqual({
      widget_id: 'coach-3-casey',
      starts_at: '2026-11-21T14:30:00.000Z',
      ref: 'spring-email',
    });
    await waitFor(() => expect(upcomingCalls()).toHaveLength(1));
    expect(upcomingCalls()[0]).toHaveTextContent('11-21-2026 9:30:00 AM EST');
    expect(upcomingCalls()[0]).toHaveTextContent('with Casey Morgan');
    expect(
      screen.getByText('Your call with Casey Morgan is booked for 11-21-2026 9:30:00 AM EST.'),
    ).toBeInTheDocument();
    // The slot is gone from the calendar once it is read again.
    await waitFor(() => expect(slotTimes('Saturday, November 21, 2026')).toEqual(['9:00 AM']));
  });

  it('shows the server’s sentence when another family took the slot, and reads the slots again', async () => {
    const user = userEvent.setup();
    const state = fakeCoaching({
      bookAnswer: { status: 409, body: { detail: COACHING_MESSAGES.slotTaken, code: 'slot_taken' } },
    });
    const { api } = await openBooking(state);
    const before = api.callsOf(HOURS).length;
    await user.click(within(dayGroup('Saturday, November 21, 2026')).getByRole('button', { name: '9:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Book this call' }));

    const book = screen.getByRole('region', { name: 'Book a call' });
    expect(await within(book).findByRole('alert')).toHaveTextContent(COACHING_MESSAGES.slotTaken);
    await waitFor(() => expect(api.callsOf(HOURS).length).toBeGreaterThan(before));
  });

  it('offers Cancel and Reschedule only while the call can change, and says why not', async () => {
    await openBooking(
      fakeCoaching({
        calls: [
          coachingCallFixture({ id: 41 }),
          coachingCallFixture({
            id: 42,
            starts_at: '2026-11-21T15:00:00.000Z',
            ends_at: '2026-11-21T15:30:00.000Z',
            can_change: false,
          }),
        ],
      }),
    );
    await waitFor(() => expect(upcomingCalls()).toHaveLength(2));
    const [soon, later] = upcomingCalls() as [HTMLElement, HTMLElement];
    expect(soon).toHaveTextContent('11-21-2026 10:00:00 AM EST');
    expect(within(soon).getByRole('button', { name: /^Cancel the call on/ })).toBeDisabled();
    expect(within(soon).getByRole('button', { name: /^Reschedule the call on/ })).toBeDisabled();
    expect(soon).toHaveTextContent(COACHING_MESSAGES.cutoffPassed);
    expect(within(later).getByRole('button', { name: /^Cancel the call on/ })).toBeEnabled();
    expect(within(later).getByRole('button', { name: /^Reschedule the call on/ })).toBeEnabled();
  });

  it('cancels a call after confirming in a dialog', async () => {
    const user = userEvent.setup();
    const { api } = await openBooking();
    await waitFor(() => expect(upcomingCalls()).toHaveLength(1));
    await user.click(within(upcomingCalls()[0] as HTMLElement).getByRole('button', { name: /^Cancel the call on/ }));

    const dialog = screen.getByRole('dialog', { name: 'Cancel this call?' });
    expect(within(dialog).getByRole('button', { name: 'Keep the call' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the call' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsOf(coachingApi.updateCall, { id: 41 })[0]?.body).toEqual({ status: 'cancelled' });
    await waitFor(() => expect(upcomingCalls()).toHaveLength(0));
    expect(screen.getByText('Your call on 11-25-2026 10:00:00 AM EST was cancelled.')).toBeInTheDocument();
  });

  it('moves a call to another free time', async () => {
    const user = userEvent.setup();
    const { api } = await openBooking();
    await waitFor(() => expect(upcomingCalls()).toHaveLength(1));
    await user.click(
      within(upcomingCalls()[0] as HTMLElement).getByRole('button', { name: /^Reschedule the call on/ }),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Choose a new time' })).toBeInTheDocument();
    await user.click(
      within(await screen.findByRole('group', { name: 'Sunday, November 22, 2026' })).getByRole('button', {
        name: '11:30 PM',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Move my call' }));

    await waitFor(() =>
      expect(api.callsOf(coachingApi.updateCall, { id: 41 })[0]?.body).toEqual({
        starts_at: '2026-11-23T04:30:00.000Z',
      }),
    );
    expect(await screen.findByText('Your call was moved to 11-22-2026 11:30:00 PM EST.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Book a call' })).toBeInTheDocument();
    await waitFor(() => expect(upcomingCalls()[0]).toHaveTextContent('11-22-2026 11:30:00 PM EST'));
  });

  it('saves the call’s .ics file through the signed-in client', async () => {
    const user = userEvent.setup();
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:call');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const { api } = await openBooking();
    await waitFor(() => expect(upcomingCalls()).toHaveLength(1));
    await user.click(within(upcomingCalls()[0] as HTMLElement).getByRole('button', { name: /^Add to calendar/ }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    const call = api.callsOf(coachingApi.ics, { id: 41 })[0];
    expect(call?.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('reads the notes the coach shared, not the others', async () => {
    await openBooking();
    const notes = screen.getByRole('region', { name: 'Notes from your coach' });
    expect(
      await within(notes).findByText('Try a cooldown game before bedtime three times this week.'),
    ).toBeInTheDocument();
    expect(within(notes).queryByText('Ask about sleep next time.')).not.toBeInTheDocument();
  });

  it('cancels the older free-times request when the family turns to later days', async () => {
    const user = userEvent.setup();
    const state = fakeCoaching({ holdHours: true });
    const api = signedIn(USERS.parent, state);
    renderApp('/dashboard/coaching');
    await waitFor(() => expect(api.callsOf(HOURS)).toHaveLength(1));
    const first = api.callsOf(HOURS)[0];
    expect(first?.query.get('from')).toBe('2026-11-20');

    await user.click(screen.getByRole('button', { name: 'Later times' }));
    await waitFor(() => expect(api.callsOf(HOURS)).toHaveLength(2));
    expect(api.callsOf(HOURS)[1]?.query.get('from')).toBe('2026-11-27');
    await waitFor(() => expect(first?.signal?.aborted).toBe(true));
  });

  it('does not report a coach without a profile (SPEC §8), and says booking is closed', async () => {
    const state = fakeCoaching();
    signedIn(USERS.parent, state, [
      [coachingApi.profile, { status: 404, body: { detail: 'Not found.', code: 'not_found' } }, { id: 3 }],
    ]);
    renderApp('/dashboard/coaching');
    expect(await screen.findByText(/Casey Morgan’s calendar is not open for booking right now/)).toBeInTheDocument();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(getNotices().filter((notice) => notice.title === 'Loading your coach')).toEqual([]);
  });

  it('lets a family without a coach choose one for its first call', async () => {
    const state = fakeCoaching({
      coaches: [
        {
          id: 4,
          name: 'Riley Okafor',
          first_name: 'Riley',
          title: 'Sleep and routines',
          bio: '',
          time_zone: 'America/Chicago',
          widget_id: 'coach-4-riley',
          accepts_bookings: true,
        },
      ],
    });
    signedIn(USERS.parent, state, [[accountApi.detail, { body: accountFixture({ coach_user: null }) }, { id: 1 }]]);
    renderApp('/dashboard/coaching');
    expect(await screen.findByLabelText('Coach')).toHaveValue('4');
    expect(
      screen.getByText('Your family does not have a coach yet: choose one for your first call.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Saturday, November 21, 2026' })).toBeInTheDocument();
  });
});

async function openWorkspace(state: FakeCoaching = fakeCoaching()) {
  const api = signedIn(USERS.coach, state);
  const app = renderApp('/dashboard/coaching');
  await screen.findByRole('region', { name: 'Your families' });
  return { api, app };
}

describe('The coach’s workspace', () => {
  it('lists the coach’s calls and families, and opens a family’s brief', async () => {
    const user = userEvent.setup();
    await openWorkspace();
    const families = screen.getByRole('region', { name: 'Your families' });
    const parker = await within(families).findByText('Jordan Parker');
    const item = parker.closest('li') as HTMLElement;
    expect(item).toHaveTextContent('Maya, Eli');
    expect(item).toHaveTextContent('Next call: 11-25-2026 10:00:00 AM EST');

    const calls = screen.getByRole('region', { name: 'Calls' });
    expect(await within(calls).findByText('11-25-2026 10:00:00 AM EST')).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Brief of Jordan Parker' }));
    const brief = await screen.findByRole('region', { name: 'Brief: Jordan Parker' });
    expect(within(brief).getByText('Maya plays best after dinner.')).toBeInTheDocument();
    const table = within(brief).getByRole('table', { name: 'Maya: the last four weeks' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(rows[4]).toHaveTextContent('Nov 16');
    expect(rows[4]).toHaveTextContent('52 (goal met)');
    expect(within(brief).getByText(/Gauge 5 → 4: Adjusted after the check-in call/)).toBeInTheDocument();
    expect(within(brief).getByText('Weekly check-in')).toBeInTheDocument();
    expect(within(brief).getByText('Ask about sleep next time.')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Brief of Jordan Parker' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('writes a note shared with the family, by a user of the family', async () => {
    const user = userEvent.setup();
    const { api } = await openWorkspace();
    const families = screen.getByRole('region', { name: 'Your families' });
    await user.click(await within(families).findByRole('button', { name: 'Brief of Jordan Parker' }));
    const brief = await screen.findByRole('region', { name: 'Brief: Jordan Parker' });

    const save = within(brief).getByRole('button', { name: 'Save note' });
    expect(save).toBeDisabled();
    await user.type(within(brief).getByLabelText('New note'), 'Great progress on cooldowns.');
    expect(within(brief).getByLabelText('Share with the family')).toBeChecked();
    await user.click(save);

    await waitFor(() => expect(api.callsOf(coachingApi.addNote)).toHaveLength(1));
    expect(api.callsOf(coachingApi.addNote)[0]?.body).toEqual({
      user: 6,
      body: 'Great progress on cooldowns.',
      shared: true,
    });
    expect(await within(brief).findByText('Note saved and shared with the family.')).toBeInTheDocument();
    expect(await within(brief).findByText('Great progress on cooldowns.')).toBeInTheDocument();
    expect(within(brief).getByLabelText('New note')).toHaveValue('');
  });

  it('keeps a note private when it is not shared', async () => {
    const user = userEvent.setup();
    const { api } = await openWorkspace();
    const families = screen.getByRole('region', { name: 'Your families' });
    await user.click(await within(families).findByRole('button', { name: 'Brief of Jordan Parker' }));
    const brief = await screen.findByRole('region', { name: 'Brief: Jordan Parker' });
    await user.type(within(brief).getByLabelText('New note'), 'Check the band fit.');
    await user.click(within(brief).getByLabelText('Share with the family'));
    await user.click(within(brief).getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(api.callsOf(coachingApi.addNote)[0]?.body).toMatchObject({ shared: false }));
  });

  it('records a call’s outcome with a summary', async () => {
    const user = userEvent.setup();
    const state = fakeCoaching({
      calls: [
        coachingCallFixture({
          id: 43,
          starts_at: '2026-11-20T15:00:00.000Z',
          ends_at: '2026-11-20T15:30:00.000Z',
          can_change: false,
        }),
      ],
    });
    const { api } = await openWorkspace(state);
    const calls = screen.getByRole('region', { name: 'Calls' });
    await within(calls).findByRole('heading', { name: 'Waiting for an outcome' });
    await user.click(within(calls).getByRole('button', { name: /^Record outcome of the call with Jordan Parker/ }));
    await user.click(within(calls).getByLabelText('No-show'));
    await user.type(within(calls).getByLabelText('Summary'), 'Nobody joined.');
    await user.click(within(calls).getByRole('button', { name: 'Save outcome' }));
    await waitFor(() =>
      expect(api.callsOf(coachingApi.updateCall, { id: 43 })[0]?.body).toEqual({
        status: 'no_show',
        summary: 'Nobody joined.',
      }),
    );
  });

  it('refuses working hours that end before they start', async () => {
    const user = userEvent.setup();
    const { api } = await openWorkspace();
    const form = await screen.findByRole('form', { name: 'Working hours' });
    const monday = within(form).getByRole('group', { name: 'Monday' });
    expect(within(monday).getByLabelText('From — Monday, hours 1')).toHaveValue('09:00');
    expect(within(form).getByLabelText('Time zone')).toHaveValue('America/New_York');

    fireEvent.change(within(monday).getByLabelText('To — Monday, hours 1'), { target: { value: '08:00' } });
    expect(await within(monday).findByText(COACHING_MESSAGES.endBeforeStart)).toBeInTheDocument();
    expect(within(monday).getByLabelText('To — Monday, hours 1')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('button', { name: 'Save working hours' })).toBeDisabled();

    fireEvent.change(within(monday).getByLabelText('To — Monday, hours 1'), { target: { value: '12:30' } });
    await waitFor(() => expect(within(monday).queryByText(COACHING_MESSAGES.endBeforeStart)).not.toBeInTheDocument());
    await user.click(within(form).getByRole('button', { name: 'Save working hours' }));
    await waitFor(() => expect(api.callsOf(coachingApi.setWorkingHours)).toHaveLength(1));
    expect(api.callsOf(coachingApi.setWorkingHours)[0]?.body).toEqual({
      time_zone: 'America/New_York',
      hours: [
        { weekday: 1, start: '09:00', end: '12:30' },
        { weekday: 3, start: '13:00', end: '17:00' },
      ],
    });
    expect(await within(form).findByText('Your working hours were saved.')).toBeInTheDocument();
  });

  it('refuses overlapping ranges of one day, and adds a range to a day', async () => {
    const user = userEvent.setup();
    await openWorkspace();
    const form = await screen.findByRole('form', { name: 'Working hours' });
    const friday = within(form).getByRole('group', { name: 'Friday' });
    expect(within(friday).getByText('Not working')).toBeInTheDocument();
    await user.click(within(friday).getByRole('button', { name: 'Add hours on Friday' }));
    await user.click(within(friday).getByRole('button', { name: 'Add hours on Friday' }));
    expect(within(friday).getByLabelText('From — Friday, hours 2')).toHaveValue('18:00');
    fireEvent.change(within(friday).getByLabelText('From — Friday, hours 2'), { target: { value: '16:00' } });
    expect((await within(friday).findAllByText(COACHING_MESSAGES.hoursOverlap)).length).toBeGreaterThan(0);
    expect(within(form).getByRole('button', { name: 'Save working hours' })).toBeDisabled();
  });

  it('logs a conversation with the family under its brief, times in the family’s zone', async () => {
    const user = userEvent.setup();
    const coach = { id: 31, name: 'Casey Morgan' };
    const api = signedIn(USERS.coach, fakeCoaching(), interactionRoutes(1, { results: [interactionFixture()] }, coach));
    renderApp('/dashboard/coaching');
    const families = await screen.findByRole('region', { name: 'Your families' });
    await user.click(await within(families).findByRole('button', { name: 'Brief of Jordan Parker' }));
    const brief = await screen.findByRole('region', { name: 'Brief: Jordan Parker' });
    const section = await within(brief).findByRole('region', { name: 'Customer interactions (1)' });
    expect(within(section).getByRole('heading', { level: 3 })).toBeInTheDocument();
    expect(section).toHaveTextContent('Phone call · We reached out · 11-20-2026 3:05:09 PM EST');
    await user.type(await within(section).findByRole('textbox', { name: /Note/ }), 'Talked through bedtime.');
    await user.click(within(section).getByRole('button', { name: 'Log it' }));
    await waitFor(() => expect(api.callsOf(accountApi.addInteraction, { id: 1 })).toHaveLength(1));
    expect(api.callsOf(accountApi.addInteraction, { id: 1 })[0]?.body).toEqual({
      kind: 'call',
      direction: 'outbound',
      topic: 'check_in',
      outcome: null,
      summary: 'Talked through bedtime.',
    });
    expect(await within(section).findByText('Talked through bedtime.')).toBeInTheDocument();
  });

  it('shows the workspace, not booking, to staff — without a coach’s own families and hours', async () => {
    signedIn(USERS.staff, fakeCoaching());
    renderApp('/dashboard/coaching');
    expect(await screen.findByRole('region', { name: 'Calls' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your families' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Working hours' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Book a call' })).not.toBeInTheDocument();
  });
});
