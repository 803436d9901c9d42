/** The Tutorials screen (issue 13 item 7) through the real routes and providers, against a fake API. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COACHING_MESSAGES } from '@grove/domain';
import type { Webinar } from '@grove/domain/api/webinars';
import type { UserInfo } from '@grove/domain/api/user';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { userApi } from '@grove/domain/api/endpoints/user';
import { webinarsApi } from '@grove/domain/api/endpoints/webinars';

import { fakeApi, type FakeApi, type FakeRoute } from '../../../test/fake-api.ts';
import { USERS, playerPage, storeSession, webinarFixture, webinarPage } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const REGISTER = webinarsApi.register;
const UNREGISTER = webinarsApi.unregister;
const LIST = webinarsApi.list;
const REGISTRATIONS = webinarsApi.registrations;

const JOIN_URL = 'https://meet.grove.example/t/21';
/** Nine days before the fixture's tutorial. */
const NOW = new Date('2026-11-23T15:00:00.000Z');

beforeEach(() => {
  // Only the clock: React Query, React and user-event keep their real timers.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});
const PAST = webinarFixture({
  id: 5,
  title: 'Reading the stats',
  starts_at: '2026-11-04T23:00:00.000Z',
  ends_at: '2026-11-04T23:30:00.000Z',
  duration_minutes: 30,
});

/** The server's side: tutorials, the person's registrations, seats, the join link for registrants. */
function webinarServer(upcoming: Webinar[], registered: number[] = [], options: { listFlags?: boolean } = {}) {
  const webinars = new Map<number, Webinar>([...upcoming, PAST].map((webinar) => [webinar.id, { ...webinar }]));
  const registrations = new Set(registered);
  const view = (webinar: Webinar): Webinar => ({
    ...webinar,
    is_registered: registrations.has(webinar.id),
    join_url: registrations.has(webinar.id) ? `https://meet.grove.example/t/${webinar.id}` : null,
  });
  // `listFlags: false`: the list's own is_registered always says no.
  const listed = (webinar: Webinar): Webinar => ({
    ...view(webinar),
    is_registered: options.listFlags === false ? false : registrations.has(webinar.id),
  });
  const routes: FakeRoute[] = [
    [
      LIST,
      ({ query }) => ({
        body: webinarPage(
          query.get('when') === 'past' ? [listed(PAST)] : upcoming.map((item) => listed(webinars.get(item.id) ?? item)),
        ),
      }),
    ],
    [
      REGISTRATIONS,
      () => ({
        body: {
          count: registrations.size,
          next: null,
          previous: null,
          results: [...registrations].map((id) => ({
            id: 100 + id,
            webinar_id: id,
            created_at: '2026-11-20T15:00:00Z',
          })),
        },
      }),
    ],
    [
      REGISTER,
      ({ body }) => {
        const id = (body as { webinar_id: number }).webinar_id;
        const webinar = webinars.get(id);
        if (!webinar) return { status: 404, body: { detail: 'Not found.', code: 'not_found' } };
        if (webinar.seats_left <= 0)
          return { status: 409, body: { detail: COACHING_MESSAGES.webinarFull, code: 'full' } };
        registrations.add(id);
        webinar.seats_left -= 1;
        return { status: 201, body: view(webinar) };
      },
    ],
    [
      UNREGISTER,
      ({ body }) => {
        const id = (body as { webinar_id: number }).webinar_id;
        const webinar = webinars.get(id);
        if (!webinar) return { status: 404, body: { detail: 'Not found.', code: 'not_found' } };
        if (registrations.delete(id)) webinar.seats_left += 1;
        return { body: view(webinar) };
      },
    ],
  ];
  return { routes, registrations, webinars };
}

function signedIn(user: UserInfo, routes: FakeRoute[]): FakeApi {
  storeSession();
  return fakeApi([
    [userApi.info, { body: user }],
    [playersApi.list, { body: playerPage([{ id: 1, name: 'Maya' }]) }, { id: 1 }],
    ...routes,
  ]);
}

const inLosAngeles: UserInfo = {
  ...USERS.parent,
  account: { id: 1, tags: [], account_status: 'ACTIVE', time_zone: 'America/Los_Angeles' },
};

async function card(title: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 3, name: title });
  return heading.closest('article') as HTMLElement;
}

describe('tutorials', () => {
  it('lists the upcoming tutorials with host, description, length, seats and the time in the family’s zone', async () => {
    const server = webinarServer([
      webinarFixture(),
      webinarFixture({ id: 22, title: 'Calm-down games', host_name: '', seats_left: 1, capacity: 20 }),
    ]);
    const api = signedIn(inLosAngeles, server.routes);
    renderApp('/dashboard/tutorials');

    const first = await card('Getting started with Grove');
    expect(screen.getByRole('heading', { level: 1, name: 'Tutorials' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Upcoming tutorials' })).toBeInTheDocument();
    expect(screen.getByText('Times are shown in your time zone, America/Los Angeles.')).toBeInTheDocument();
    // 23:00 UTC on 2 December is 3:00 PM in Los Angeles, in the spec's format MM-DD-YYYY h:mm:ss a zz.
    const when = first.querySelector('time');
    expect(when).toHaveTextContent('12-02-2026 3:00:00 PM PST');
    expect(when).toHaveAttribute('datetime', '2026-12-02T23:00:00.000Z');
    expect(within(first).getByText('Hosted by Casey Morgan')).toBeInTheDocument();
    expect(within(first).getByText('A coach shows the games and answers your questions.')).toBeInTheDocument();
    expect(within(first).getByText('45 minutes')).toBeInTheDocument();
    expect(within(first).getByText('12 of 30 seats left')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Register for “Getting started with Grove”' })).toBeEnabled();
    expect(within(first).queryByRole('link', { name: /Join/ })).not.toBeInTheDocument();

    const second = await card('Calm-down games');
    expect(within(second).queryByText(/Hosted by/)).not.toBeInTheDocument();
    expect(within(second).getByText('1 of 20 seats left')).toBeInTheDocument();
    expect(api.callsOf(LIST)[0]?.query.get('when')).toBe('upcoming');
  });

  it('shows the time in New York for a family there', async () => {
    signedIn(USERS.parent, webinarServer([webinarFixture()]).routes);
    renderApp('/dashboard/tutorials');
    const first = await card('Getting started with Grove');
    expect(first.querySelector('time')).toHaveTextContent('12-02-2026 6:00:00 PM EST');
  });

  it('registers: the tutorial shows as registered with its join link, in a new tab', async () => {
    const server = webinarServer([webinarFixture()]);
    const api = signedIn(USERS.parent, server.routes);
    renderApp('/dashboard/tutorials');
    const user = userEvent.setup();

    const item = await card('Getting started with Grove');
    await user.click(within(item).getByRole('button', { name: /^Register/ }));

    const join = await within(item).findByRole('link', { name: /Join the tutorial/ });
    expect(join).toHaveAttribute('href', JOIN_URL);
    expect(join).toHaveAttribute('target', '_blank');
    expect(join.getAttribute('rel')).toContain('noopener');
    expect(within(item).getByText('Registered')).toBeInTheDocument();
    expect(
      within(item)
        .getByText(/You’re registered/)
        .closest('p'),
    ).toHaveFocus();
    await waitFor(() => expect(within(item).getByText('11 of 30 seats left')).toBeInTheDocument());
    expect(within(item).queryByRole('button', { name: /^Register/ })).not.toBeInTheDocument();
    expect(api.callsOf(REGISTER).map((call) => call.body)).toEqual([{ webinar_id: 21 }]);
    expect(server.registrations.has(21)).toBe(true);
  });

  it('reads the registered state from the registrations, and unregisters', async () => {
    // The list's own flag says no; the registrations list (SPEC §3) says yes.
    const server = webinarServer([webinarFixture()], [21], { listFlags: false });
    const api = signedIn(USERS.parent, server.routes);
    renderApp('/dashboard/tutorials');
    const user = userEvent.setup();

    const item = await card('Getting started with Grove');
    expect(await within(item).findByText('Registered')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: /Join the tutorial/ })).toHaveAttribute('href', JOIN_URL);

    await user.click(
      within(item).getByRole('button', { name: 'Cancel registration for “Getting started with Grove”' }),
    );
    const register = await within(item).findByRole('button', { name: /^Register/ });
    await waitFor(() => expect(register).toHaveFocus());
    expect(within(item).queryByText('Registered')).not.toBeInTheDocument();
    expect(within(item).queryByRole('link', { name: /Join the tutorial/ })).not.toBeInTheDocument();
    expect(api.callsOf(UNREGISTER).map((call) => call.body)).toEqual([{ webinar_id: 21 }]);
    expect(server.registrations.has(21)).toBe(false);
  });

  it('disables Register on a full tutorial and says why; a cancelled one offers nothing', async () => {
    signedIn(
      USERS.parent,
      webinarServer([
        webinarFixture({ seats_left: 0 }),
        webinarFixture({ id: 23, title: 'Winter tips', cancelled: true }),
      ]).routes,
    );
    renderApp('/dashboard/tutorials');

    const full = await card('Getting started with Grove');
    const register = within(full).getByRole('button', { name: /^Register/ });
    expect(register).toBeDisabled();
    expect(register).toHaveAccessibleDescription(COACHING_MESSAGES.webinarFull);
    expect(within(full).getByText('Full')).toBeInTheDocument();
    expect(within(full).getByText('No seats left')).toBeInTheDocument();

    const cancelled = await card('Winter tips');
    expect(within(cancelled).getByText(COACHING_MESSAGES.webinarCancelled)).toBeInTheDocument();
    expect(within(cancelled).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the server’s sentence when registering is refused, and takes the registration back', async () => {
    const server = webinarServer([webinarFixture()]);
    server.routes.push([REGISTER, { status: 409, body: { detail: COACHING_MESSAGES.webinarFull, code: 'full' } }]);
    signedIn(USERS.parent, server.routes);
    renderApp('/dashboard/tutorials');
    const user = userEvent.setup();

    const item = await card('Getting started with Grove');
    await user.click(within(item).getByRole('button', { name: /^Register/ }));
    const alert = await within(item).findByRole('alert');
    expect(alert).toHaveTextContent(COACHING_MESSAGES.webinarFull);
    expect(alert).toHaveFocus();
    expect(within(item).queryByText('Registered')).not.toBeInTheDocument();
    expect(within(item).getByRole('button', { name: /^Register/ })).toBeInTheDocument();
  });

  it('shows the past tutorials on demand, without registration', async () => {
    const api = signedIn(USERS.parent, webinarServer([webinarFixture()], [5]).routes);
    renderApp('/dashboard/tutorials');
    const user = userEvent.setup();

    await card('Getting started with Grove');
    const toggle = screen.getByRole('button', { name: 'Show past tutorials' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(api.callsOf(LIST).some((call) => call.query.get('when') === 'past')).toBe(false);
    await user.click(toggle);

    const past = await card('Reading the stats');
    expect(screen.getByRole('button', { name: 'Hide past tutorials' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(past).getByText('You registered')).toBeInTheDocument();
    expect(within(past).getByText('30 minutes')).toBeInTheDocument();
    expect(within(past).queryByRole('button')).not.toBeInTheDocument();
    expect(within(past).queryByText(/seats left/)).not.toBeInTheDocument();
  });

  it('lets a registrant join a tutorial that has begun, and nobody else register', async () => {
    vi.setSystemTime(new Date('2026-12-02T23:10:00.000Z'));
    signedIn(
      USERS.parent,
      webinarServer([webinarFixture(), webinarFixture({ id: 22, title: 'Calm-down games' })], [21]).routes,
    );
    renderApp('/dashboard/tutorials');

    const mine = await card('Getting started with Grove');
    expect(await within(mine).findByText('Happening now')).toBeInTheDocument();
    expect(within(mine).getByRole('link', { name: /Join the tutorial/ })).toHaveAttribute('href', JOIN_URL);
    expect(within(mine).queryByRole('button', { name: /Cancel registration/ })).not.toBeInTheDocument();

    const other = await card('Calm-down games');
    expect(within(other).getByText(COACHING_MESSAGES.webinarPast)).toBeInTheDocument();
    expect(within(other).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so when no tutorial is planned', async () => {
    signedIn(USERS.parent, webinarServer([]).routes);
    renderApp('/dashboard/tutorials');
    expect(await screen.findByText(/No tutorials are planned right now/)).toBeInTheDocument();
  });
});
