/**
 * The coach's caseload (issue 26 item 5) through the real routes and providers, against a fake
 * API: who needs attention first, filters in the URL, each family opening its brief, the CSV with
 * the same filters, and who may open the screen.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@grove/domain/api/user';
import { accountApi } from '@grove/domain/api/endpoints/account';
import { coachingApi } from '@grove/domain/api/endpoints/coaching';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { userApi } from '@grove/domain/api/endpoints/user';

import { fakeApi, type FakeApi } from '../../../test/fake-api.ts';
import { USERS, accountFixture, playerPage, storeSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import {
  COACHING_NOW,
  caseloadFamilyFixture,
  coachingRoutes,
  fakeCoaching,
} from '../../features/coaching/coaching.fixtures.ts';

const CASELOAD = coachingApi.caseload;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: COACHING_NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

function signedIn(user: UserInfo): FakeApi {
  storeSession();
  return fakeApi([
    [userApi.info, { body: user }],
    [playersApi.list, { body: playerPage([{ id: 1, name: 'Maya' }]) }, { id: 1 }],
    [accountApi.detail, { body: accountFixture() }, { id: 1 }],
    ...coachingRoutes(
      fakeCoaching({
        caseload: [
          caseloadFamilyFixture(),
          caseloadFamilyFixture({
            account_id: 2,
            family_name: 'Sam Rivera',
            status: 'on_track',
            needs_attention: false,
            minutes_this_week: 95,
            minutes_last_week: 60,
            goal_minutes: 90,
            trend: 'up',
            days_since_play: 1,
            next_call_at: null,
            last_interaction_at: null,
          }),
        ],
      }),
    ),
    [
      coachingApi.caseloadCsv,
      {
        text: 'account_id\n1\n',
        headers: {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="caseload-2026-11-20.csv"',
        },
      },
    ],
  ]);
}

function rows(): string[] {
  const table = screen.getByRole('region', { name: 'Caseload' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent ?? '');
}

describe('the caseload', () => {
  it('is linked from the coach’s Coaching screen and lists who needs attention first', async () => {
    const user = userEvent.setup();
    signedIn(USERS.coach);
    const app = renderApp('/dashboard/coaching');
    await user.click(await screen.findByRole('link', { name: 'Caseload: who needs attention' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Caseload' })).toBeInTheDocument();
    expect(app.location()).toBe('/dashboard/coaching/caseload');
    await screen.findByRole('region', { name: 'Caseload' });
    const [first, second] = rows();
    expect(first).toContain('Jordan Parker · Stopped playing');
    expect(first).toContain('0 of 90 min');
    expect(first).toContain('12 days ago');
    expect(first).toContain('↓ less');
    expect(second).toContain('Sam Rivera · On track');
    expect(second).toContain('None booked');
    expect(screen.getByText('2 households')).toBeInTheDocument();
  });

  it('keeps its filters in the URL and sends them to the API and the CSV', async () => {
    const user = userEvent.setup();
    const api = signedIn(USERS.coach);
    const app = renderApp('/dashboard/coaching/caseload?search=sam');
    await screen.findByRole('region', { name: 'Caseload' });
    expect(rows()).toHaveLength(1);
    expect(api.callsOf(CASELOAD).at(-1)?.query.get('search')).toBe('sam');

    await user.click(screen.getByLabelText('Needs attention only'));
    await waitFor(() => expect(app.location()).toContain('attention=true'));
    await waitFor(() => expect(api.callsOf(CASELOAD).at(-1)?.query.get('attention')).toBe('true'));
    expect(await screen.findByText('No families match')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(api.callsOf(coachingApi.caseloadCsv)).toHaveLength(1));
    const csv = api.callsOf(coachingApi.caseloadCsv)[0]!;
    expect(Object.fromEntries(csv.query)).toEqual({ search: 'sam', attention: 'true' });
  });

  it('opens a family’s brief on the Coaching screen', async () => {
    const user = userEvent.setup();
    signedIn(USERS.coach);
    const app = renderApp('/dashboard/coaching/caseload');
    await screen.findByRole('region', { name: 'Caseload' });
    // A click that lands while the list renders again (its reads answering) reaches a link that is
    // being replaced and goes nowhere: click the link on screen until the address changes.
    await waitFor(
      async () => {
        if (app.location() !== '/dashboard/coaching?family=1')
          await user.click(screen.getByRole('link', { name: 'Brief of Jordan Parker' }));
        expect(app.location()).toBe('/dashboard/coaching?family=1');
      },
      { timeout: 12_000 },
    );
    expect(
      await screen.findByRole('region', { name: 'Brief: Jordan Parker' }, { timeout: 12_000 }),
    ).toBeInTheDocument();
  });

  it('sends a family home', async () => {
    signedIn(USERS.parent);
    const app = renderApp('/dashboard/coaching/caseload');
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
  });
});
