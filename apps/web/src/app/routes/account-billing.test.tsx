/**
 * Subscription & Billing (issue 11 item 12) through the real routes and providers, against the
 * fake API: what a family sees, which changes each status offers, and each flow's dialog.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { PRIVACY_POLICY_VERSION } from '@grove/domain/privacy';
import type { UserInfo } from '@grove/domain/api/user';
import { billingApi } from '@grove/domain/api/endpoints/billing';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { privacyApi } from '@grove/domain/api/endpoints/privacy';
import { userApi } from '@grove/domain/api/endpoints/user';
import { fakeApi, type FakeApi, type FakeRoute } from '../../../test/fake-api.ts';
import { USERS, playerPage, storeSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import {
  NOW,
  billingRoutes,
  fakeBilling,
  invoiceFixture,
  subscriptionFixture,
  type FakeBilling,
} from '../../features/billing/billing.fixtures.ts';

const BILLING_PATH = '/dashboard/account?segment=billing';

beforeEach(() => {
  // Only the clock: React Query, React and user-event keep their real timers.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

function signedIn(user: UserInfo, state: FakeBilling, routes: FakeRoute[] = []): FakeApi {
  storeSession();
  const players: FakeRoute[] = user.account
    ? [[playersApi.list, { body: playerPage([{ id: 1, name: 'Maya' }]) }, { id: user.account.id }]]
    : [];
  return fakeApi([[userApi.info, { body: user }], ...players, ...billingRoutes(state), ...routes]);
}

function row(label: string): HTMLElement {
  const subscription = screen.getByRole('region', { name: 'Subscription' });
  const term = within(subscription).getByText(label, { selector: 'dt' });
  return term.parentElement as HTMLElement;
}

/** The names of the buttons that change the subscription. */
function offeredChanges(): string[] {
  const group = screen.getByRole('group', { name: 'Change your subscription' });
  return within(group)
    .getAllByRole('button')
    .map((button) => button.textContent ?? '');
}

async function openBilling(state: FakeBilling, user: UserInfo = USERS.parent, routes: FakeRoute[] = []) {
  const api = signedIn(user, state, routes);
  const app = renderApp(BILLING_PATH);
  await screen.findByRole('region', { name: 'Subscription' });
  return { api, app };
}

describe('Subscription & Billing', () => {
  it('shows the plan, the status in words and the next renewal in the spec’s date format', async () => {
    await openBilling(fakeBilling());
    expect(screen.getByRole('link', { name: 'Subscription & Billing' })).toHaveAttribute('aria-current', 'page');
    expect(within(row('Plan')).getByText('Grove Family — yearly · $390.00 a year')).toBeInTheDocument();
    expect(within(row('Status')).getByText('Active')).toBeInTheDocument();
    // 15:00 UTC on 1 March 2027 is 10:00 AM in New York (the default zone), MM-DD-YYYY h:mm:ss a zz.
    expect(row('Next renewal')).toHaveTextContent('$390.00 on 03-01-2027 10:00:00 AM EST');

    const payment = await screen.findByRole('region', { name: 'Payment method' });
    expect(await within(payment).findByText('Visa •••• 4242, expires 12/2029')).toBeInTheDocument();
    expect(within(payment).getByText('$390.00 on 03-01-2027 10:00:00 AM EST')).toBeInTheDocument();
    expect(within(payment).getByRole('button', { name: 'Update card' })).toBeInTheDocument();
    expect(within(payment).getByRole('button', { name: 'E-mail me a link' })).toBeInTheDocument();

    const history = await screen.findByRole('region', { name: 'History' });
    const entry = (await within(history).findAllByRole('listitem'))[0];
    expect(entry).toHaveTextContent('03-01-2025 10:00:00 AM EST');
    expect(entry).toHaveTextContent('Order confirmed');
    expect(entry).toHaveTextContent('Jordan Parker');
  });

  it('offers an active subscription: pause, don’t renew and cancel — and a return only inside the window', async () => {
    await openBilling(fakeBilling());
    expect(offeredChanges()).toEqual(['Pause', 'Don’t renew', 'Cancel subscription']);
  });

  it('offers a return while the return window is open, with its last day', async () => {
    await openBilling(fakeBilling(subscriptionFixture({ return_deadline: '2026-12-01T17:00:00.000Z' })));
    expect(offeredChanges()).toEqual(['Pause', 'Request a return', 'Don’t renew', 'Cancel subscription']);
    expect(row('Return window')).toHaveTextContent('You can return the kit until 12-01-2026 12:00:00 PM EST.');
    expect(within(row('Return window')).getByRole('link', { name: 'How returns work' })).toHaveAttribute(
      'href',
      '/packagereturns',
    );
  });

  it('offers a pending cancellation: undo and renew, and says when it ends', async () => {
    await openBilling(
      fakeBilling(
        subscriptionFixture({
          status: 'PENDING_CANCELLATION',
          cancel_at: '2026-12-05T17:00:00.000Z',
          next_charge_cents: null,
        }),
      ),
    );
    expect(offeredChanges()).toEqual(['Undo cancellation', 'Renew']);
    expect(within(row('Status')).getByText('Ending — cancellation requested')).toBeInTheDocument();
    expect(row('Ends on')).toHaveTextContent('12-05-2026 12:00:00 PM EST — nothing more is charged');
  });

  it('offers a paused subscription: resume and cancel, and says until when it is paused', async () => {
    await openBilling(
      fakeBilling(
        subscriptionFixture({ status: 'PAUSED', paused_until: '2027-01-20T17:00:00.000Z', next_charge_cents: null }),
      ),
    );
    expect(offeredChanges()).toEqual(['Resume', 'Cancel subscription']);
    expect(row('Paused until')).toHaveTextContent('01-20-2027 12:00:00 PM EST');
  });

  it('cancels: asks why, offers a pause for “too expensive”, says the end date first, then shows the new status', async () => {
    const state = fakeBilling();
    const { api } = await openBilling(state);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));

    const dialog = screen.getByRole('dialog', { name: 'Cancel your subscription' });
    expect(within(dialog).getByRole('group', { name: 'Why are you leaving?' })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('radio')).toHaveLength(6);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Please tell us why you are leaving.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'It costs too much right now' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByRole('heading', { name: 'Before you go' })).toHaveFocus();
    expect(
      within(dialog).getByText('Pause instead: keep your progress and pay nothing for 1 to 3 months.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Pause instead' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel anyway' }));

    // What will happen and when, before confirming: now + the rules' 30 grace days.
    expect(within(dialog).getByText(/Your subscription will end on/)).toHaveTextContent(
      'Your subscription will end on 12-20-2026 12:00:00 PM EST.',
    );
    expect(api.callsOf(billingApi.cancelRequest, { id: 1 })).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel my subscription' }));

    // The answer: the new end date (from the answer's subscription) and the server's sentence.
    expect(await within(dialog).findByRole('heading', { name: 'Cancellation requested' })).toHaveFocus();
    expect(within(dialog).getByText('Ends on', { selector: 'dt' }).parentElement).toHaveTextContent(
      'Ends on12-20-2026 12:00:00 PM EST — nothing more is charged',
    );
    const [call] = api.callsOf(billingApi.cancelRequest, { id: 1 });
    expect(call?.body).toEqual({ reason: 'too_expensive' });
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(row('Status')).getByText('Ending — cancellation requested')).toBeInTheDocument();
    expect(row('Ends on')).toHaveTextContent('12-20-2026 12:00:00 PM EST');
    expect(offeredChanges()).toEqual(['Undo cancellation', 'Renew']);
    // The Cancel button is gone: focus lands on the subscription's heading.
    expect(screen.getByRole('heading', { name: 'Subscription' })).toHaveFocus();
    expect(await screen.findByText('Cancellation requested', { selector: '.notice__title' })).toBeInTheDocument();
    // The subscription, details and history are read again.
    await waitFor(() => expect(api.callsOf(billingApi.actions).length).toBeGreaterThan(1));
    expect(api.callsOf(billingApi.billingDetails, { id: 6 }).length).toBeGreaterThan(1);
  });

  it('the pause offer opens the pause dialog, which says until when and that nothing is charged', async () => {
    const state = fakeBilling();
    const { api } = await openBilling(state);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    await user.click(screen.getByRole('radio', { name: 'We are taking a break (holidays, school break)' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Pause instead' }));

    const dialog = screen.getByRole('dialog', { name: 'Pause your subscription' });
    expect(within(dialog).getByText(/Your subscription is paused until/)).toHaveTextContent(
      'Your subscription is paused until 12-20-2026 12:00:00 PM EST. Nothing is charged while it is paused.',
    );
    await user.selectOptions(within(dialog).getByLabelText('How long?'), '3 months');
    expect(within(dialog).getByText(/Your subscription is paused until/)).toHaveTextContent(
      'paused until 02-20-2027 12:00:00 PM EST',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Pause for 3 months' }));
    expect(await within(dialog).findByRole('heading', { name: 'Subscription paused' })).toBeInTheDocument();
    expect(within(dialog).getByText('Paused until', { selector: 'dt' }).parentElement).toHaveTextContent(
      'Paused until02-20-2027 12:00:00 PM EST',
    );
    expect(api.callsOf(billingApi.pause, { id: 1 })[0]?.body).toEqual({ months: 3 });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(offeredChanges()).toEqual(['Resume', 'Cancel subscription']);
  });

  it('closes a dialog with Escape and gives focus back to its button', async () => {
    await openBilling(fakeBilling());
    const user = userEvent.setup();
    const pause = screen.getByRole('button', { name: 'Pause' });
    await user.click(pause);
    const dialog = screen.getByRole('dialog', { name: 'Pause your subscription' });
    expect(within(dialog).getByLabelText('How long?')).toHaveFocus();
    // Tab stays inside the dialog.
    for (let i = 0; i < 5; i++) await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(pause).toHaveFocus();
  });

  it('shows the server’s sentence when a change is refused (409), and sends a new key the next time', async () => {
    const state = fakeBilling();
    const { api } = await openBilling(state);
    state.nextAnswer = {
      status: 409,
      body: { detail: 'The subscription changed meanwhile. Please reload and try again.', code: 'invalid_transition' },
    };
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Don’t renew' }));
    const dialog = screen.getByRole('dialog', { name: 'Don’t renew' });
    expect(within(dialog).getByText(/it ends on/)).toHaveTextContent(
      'Your subscription will not renew: it ends on 03-01-2027 10:00:00 AM EST.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Don’t renew' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The subscription changed meanwhile. Please reload and try again.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Don’t renew' }));
    expect(await within(dialog).findByText('Your subscription will not renew.')).toBeInTheDocument();
    const keys = api.callsOf(billingApi.renewDecline, { id: 1 }).map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('undoes a pending cancellation and renews with the account in the body', async () => {
    const state = fakeBilling(
      subscriptionFixture({
        status: 'PENDING_CANCELLATION',
        cancel_at: '2026-12-05T17:00:00.000Z',
        next_charge_cents: null,
      }),
    );
    state.history.unshift({
      ...state.history[0]!,
      id: 2,
      action: 'cancel_request',
      from_status: 'ACTIVE',
      to_status: 'PENDING_CANCELLATION',
    });
    const { api } = await openBilling(state);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Renew' }));
    const dialog = screen.getByRole('dialog', { name: 'Renew your subscription' });
    expect(dialog).toHaveTextContent(
      'Your subscription keeps running instead of ending on 12-05-2026 12:00:00 PM EST.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));
    expect(await within(dialog).findByText('Your subscription is renewed.')).toBeInTheDocument();
    expect(api.callsOf(billingApi.renew)[0]?.body).toEqual({ account: 1 });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(within(row('Status')).getByText('Active')).toBeInTheDocument();
  });

  it('lists the invoices and shows a printable receipt of one', async () => {
    await openBilling(fakeBilling());
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const invoices = await screen.findByRole('region', { name: 'Invoices' });
    const item = (await within(invoices).findAllByRole('listitem'))[0]!;
    expect(item).toHaveTextContent('GRV-2026-000071');
    expect(item).toHaveTextContent('03-01-2026 10:00:00 AM EST');
    expect(item).toHaveTextContent('$390.00');
    expect(item).toHaveTextContent('Partly refunded');

    const user = userEvent.setup();
    const open = within(item).getByRole('button', { name: 'Receipt GRV-2026-000071' });
    await user.click(open);
    const receipt = screen.getByRole('article', { name: 'Receipt GRV-2026-000071' });
    expect(screen.getByRole('heading', { name: 'Receipt GRV-2026-000071' })).toHaveFocus();
    expect(receipt).toHaveTextContent('Grove Health, Inc.');
    expect(receipt).toHaveTextContent('03-01-2026 10:00:00 AM EST to 03-01-2027 10:00:00 AM EST');
    expect(receipt).toHaveTextContent('Amount$390.00');
    expect(receipt).toHaveTextContent('Refunded$50.00');
    expect(receipt).toHaveTextContent('Total paid$340.00');
    expect(receipt).toHaveTextContent('CardVisa •••• 4242');
    expect(screen.queryByRole('region', { name: 'Subscription' })).not.toBeInTheDocument();

    await user.click(within(receipt).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    await user.click(within(receipt).getByRole('button', { name: 'Back to Subscription & Billing' }));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    await waitFor(() => expect(open).toHaveFocus());
  });

  it('pages through the invoices', async () => {
    const state = fakeBilling();
    const api = signedIn(USERS.parent, state, [
      [
        billingApi.invoices,
        (request) => ({
          body: {
            count: 12,
            next: null,
            previous: null,
            results: [
              invoiceFixture({
                id: Number(request.query.get('page')),
                number: `GRV-PAGE-${request.query.get('page')}`,
              }),
            ],
          },
        }),
        { id: 1 },
      ],
    ]);
    renderApp(BILLING_PATH);
    const invoices = await screen.findByRole('region', { name: 'Invoices' });
    expect(await within(invoices).findByText('GRV-PAGE-1', { selector: '.invoice-row__number' })).toBeInTheDocument();
    expect(within(invoices).getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.setup().click(within(invoices).getByRole('button', { name: 'Older' }));
    expect(await within(invoices).findByText('GRV-PAGE-2', { selector: '.invoice-row__number' })).toBeInTheDocument();
    expect(api.callsOf(billingApi.invoices, { id: 1 }).at(-1)?.query.get('page_size')).toBe('10');
  });

  it('updates the card with the sandbox card form and an Idempotency-Key', async () => {
    const state = fakeBilling();
    const { api } = await openBilling(state);
    api.on(billingApi.payment, { body: { brand: 'Visa', last4: '1881', exp_month: 4, exp_year: 2031 } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Update card' }));
    const dialog = screen.getByRole('dialog', { name: 'Update your card' });
    await user.click(within(dialog).getByRole('button', { name: 'Save the new card' }));
    expect(within(dialog).getByText('Card number is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Card number/)).toHaveFocus();

    await user.type(within(dialog).getByLabelText(/Card number/), '4242 4242 4242 4242');
    await user.type(within(dialog).getByLabelText(/Expiry date/), '04/31');
    await user.type(within(dialog).getByLabelText(/CVC/), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Save the new card' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [call] = api.callsOf(billingApi.payment);
    expect(call?.body).toEqual({
      account: 1,
      payment_method: { card: { number: '4242424242424242', exp_month: 4, exp_year: 2031, cvc: '123' } },
    });
    expect(call?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(
      await screen.findByText('Visa •••• 1881, expires 04/2031 is used from the next charge on.'),
    ).toBeInTheDocument();
  });

  it('e-mails a link to update the card', async () => {
    const { api } = await openBilling(fakeBilling());
    api.on(billingApi.requestUpdateEmail, {
      body: { detail: 'We sent a link to parent@example.com.' },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'E-mail me a link' }));
    expect(await screen.findByText('We sent a link to parent@example.com.')).toBeInTheDocument();
  });

  it('turns failed-payment texts on with one switch, saved at once, to the phone of the profile', async () => {
    let choice: 'on' | 'off' = 'off';
    const status = () => ({
      body: {
        policy_version: PRIVACY_POLICY_VERSION,
        is_parent: true,
        must_consent: false,
        consented_version: PRIVACY_POLICY_VERSION,
        analytics: 'off',
        payment_texts: choice,
        consent_count: 0,
        consents: [],
      },
    });
    const { api } = await openBilling(fakeBilling(), USERS.parent, [
      [privacyApi.status, status],
      [
        privacyApi.paymentTexts,
        (request) => {
          choice = (request.body as { payment_texts: 'on' | 'off' }).payment_texts;
          return status();
        },
      ],
    ]);
    const texts = await screen.findByRole('switch', { name: 'Text me when a payment fails' });
    expect(texts).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText(/Texts go to \(201\) 555 0123\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument();
    await userEvent.setup().click(texts);
    await waitFor(() => expect(texts).toHaveAttribute('aria-checked', 'true'));
    expect(api.callsOf(privacyApi.paymentTexts)[0]!.body).toEqual({ payment_texts: 'on' });
    expect(await screen.findByText('Saved: we will text you if a payment fails.')).toBeInTheDocument();
  });

  it('tells a family covered by a partner that there is nothing to manage, with no billing controls', async () => {
    const api = signedIn(USERS.magellan, fakeBilling(), [
      [playersApi.list, { body: playerPage([{ id: 5, name: 'Finn' }], 1, 3) }, { id: 3 }],
    ]);
    renderApp(BILLING_PATH);
    expect(await screen.findByRole('heading', { name: 'Your program is covered by your partner' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel|Pause|Update card|E-mail me a link/ })).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.path.includes('/billing/'))).toBe(false);
  });

  it('tells someone who is not the billing contact why they cannot manage the subscription', async () => {
    const member = { ...USERS.parent, id: 12, is_billing_user: false };
    signedIn(member, fakeBilling());
    renderApp(BILLING_PATH);
    expect(
      await screen.findByText(/Only your family’s billing contact can see and change the subscription/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Subscription & Billing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
  });

  it('the details segment stays as it was', async () => {
    signedIn(USERS.parent, fakeBilling());
    renderApp('/dashboard/account?segment=details');
    expect(await screen.findByRole('heading', { name: 'Contact details' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Subscription' })).not.toBeInTheDocument();
  });
});
