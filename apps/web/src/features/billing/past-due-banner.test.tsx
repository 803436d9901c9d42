/**
 * The past-due banner (docs/billing.md, When a payment fails) on Home and on Subscription &
 * Billing, through the real routes and providers against the fake API: what happened, the next try,
 * "Update your card" opening the card form, and the banner going once the renewal is paid.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { BillingDetails } from '@grove/domain/api/billing';
import type { UserInfo } from '@grove/domain/api/user';
import { billingApi } from '@grove/domain/api/endpoints/billing';
import { playApi } from '@grove/domain/api/endpoints/play';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { userApi } from '@grove/domain/api/endpoints/user';
import { fakeApi, type FakeApi } from '../../../test/fake-api.ts';
import { USERS, overviewAnswer, playerPage, storeSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { NOW, billingRoutes, detailsFixture, fakeBilling, subscriptionFixture } from './billing.fixtures.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

const MAYA = { id: 1, name: 'Maya' };
const pastDueUser: UserInfo = { ...USERS.parent, billing_status: { status_name: 'PAST_DUE' } };
const PAST_DUE = {
  amount_cents: 39000,
  currency: 'usd',
  // 15:00 UTC is 10:00 AM in New York (the default zone).
  failed_at: '2026-11-20T15:00:00.000Z',
  reason: 'Your card was declined. Please use another card.',
  next_retry_at: '2026-11-22T15:00:00.000Z',
};

function pastDueFamily(user: UserInfo = pastDueUser): FakeApi {
  const state = fakeBilling(subscriptionFixture({ status: 'PAST_DUE' }));
  let details: BillingDetails = { ...detailsFixture(state.subscription), past_due: PAST_DUE };
  let userInfo = user;
  storeSession();
  const api = fakeApi([
    [userApi.info, () => ({ body: userInfo })],
    [playersApi.list, { body: playerPage([MAYA]) }, { id: 1 }],
    [playApi.overview, { body: overviewAnswer(MAYA) }, { id: 1 }],
    ...billingRoutes(state),
    [billingApi.billingDetails, () => ({ body: details }), { id: 6 }],
    [
      billingApi.payment,
      () => {
        // The renewal is charged to the new card at once: the subscription runs again.
        state.subscription = { ...state.subscription, status: 'ACTIVE' };
        details = { ...detailsFixture(state.subscription), past_due: null };
        userInfo = { ...user, billing_status: { status_name: 'ACTIVE' } };
        return {
          body: {
            brand: 'Visa',
            last4: '4242',
            exp_month: 4,
            exp_year: 2031,
            renewal: {
              outcome: 'renewed',
              detail: 'Your card is updated and the renewal is paid: your subscription is active again.',
            },
          },
        };
      },
    ],
  ]);
  return api;
}

const banner = () => screen.findByRole('region', { name: 'Your payment failed' });

describe('the past-due banner', () => {
  it('on Home: what failed, when it is tried again, and a link that opens the card form', async () => {
    pastDueFamily();
    renderApp('/dashboard');
    const found = await banner();
    expect(found).toHaveTextContent(
      'Your renewal payment of $390.00 on 11-20-2026 10:00:00 AM EST failed: Your card was declined. Please use another card.',
    );
    expect(found).toHaveTextContent('We will try again on 11-22-2026 10:00:00 AM EST.');
    expect(within(found).getByRole('link', { name: 'Update your card' })).toHaveAttribute(
      'href',
      '/dashboard/account?segment=billing&update_card=1',
    );
  });

  it('says when the last try failed', async () => {
    const api = pastDueFamily();
    api.on(
      billingApi.billingDetails,
      {
        body: {
          ...detailsFixture(subscriptionFixture({ status: 'PAST_DUE' })),
          past_due: { ...PAST_DUE, next_retry_at: null },
        },
      },
      { id: 6 },
    );
    renderApp('/dashboard');
    expect(await banner()).toHaveTextContent('This was the last try: update your card now, or your subscription ends.');
  });

  it('is not shown to a family whose subscription runs, and asks nothing of the server', async () => {
    const api = pastDueFamily(USERS.parent);
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: /Welcome back/ });
    expect(screen.queryByRole('region', { name: 'Your payment failed' })).not.toBeInTheDocument();
    expect(api.callsOf(billingApi.billingDetails, { id: 6 })).toHaveLength(0);
  });

  it('the e-mail’s link asks a signed-out family to sign in first, and keeps where it leads', async () => {
    fakeApi([]);
    const app = renderApp('/dashboard/account?segment=billing&update_card=1');
    await waitFor(() =>
      expect(app.location()).toBe('/login?next=%2Fdashboard%2Faccount%3Fsegment%3Dbilling%26update_card%3D1'),
    );
  });

  it('the link opens the card form on Subscription & Billing; a paid renewal removes the banner', async () => {
    const api = pastDueFamily();
    renderApp('/dashboard/account?segment=billing&update_card=1');
    expect(await banner()).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Update your card' });
    expect(
      within(dialog).getByText('We charge your failed renewal to the new card at once, and it is used from then on.'),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/Card number/), '4242 4242 4242 4242');
    await user.type(within(dialog).getByLabelText(/Expiry date/), '04/31');
    await user.type(within(dialog).getByLabelText(/CVC/), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Save the new card' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsOf(billingApi.payment)).toHaveLength(1);
    expect(
      await screen.findByText('Your card is updated and the renewal is paid: your subscription is active again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your payment failed' })).not.toBeInTheDocument());
  });
});
