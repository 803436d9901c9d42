/**
 * Outstanding Billing Requests (issue 26): a failed payment shows the family's failed invoice and
 * staff remove it from the list behind a confirmation naming its number and amount; every action
 * ends with a staff sentence naming the family, never the family's sentence the API answers.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { backofficeApi as backofficeContract } from '@grove/domain/api/backoffice';
import type { Reply } from '@grove/domain/api/common';
import { backofficeApi } from '@grove/domain/api/endpoints/backoffice';
import { billingApi } from '@grove/domain/api/endpoints/billing';

import { renderApp } from '../../../test/render-app.tsx';
import { adminAccountFixture, adminAccountPageRoutes, asStaff, type AdminAccount } from '../../../test/staff.ts';
import { invoiceFixture, subscriptionFixture } from '../../features/billing/billing.fixtures.ts';

type BillingRequest = Reply<typeof backofficeContract.billingRequests>['results'][number];

const FAILED_INVOICE = {
  id: 24,
  number: 'GRV-2026-000024',
  billing_entity_name: 'Grove Health, Inc.',
  amount_cents: 3900,
  currency: 'usd',
  created_at: '2026-11-02T15:00:00Z',
  description: 'Grove Family — monthly — renewal — payment failed: Your card was declined. Please use another card.',
};

const request = (kind: BillingRequest['kind'], accountId: number, name: string): BillingRequest => ({
  kind,
  account_id: accountId,
  subscription_id: accountId * 10,
  holder: { name, email: `${accountId}@example.com` },
  plan_tag: 'default',
  status: { cancellation: 'PENDING_CANCELLATION', return: 'RETURN_REQUESTED', failed_payment: 'PAST_DUE' }[kind],
  since: '2026-11-01T15:00:00Z',
  due: kind === 'failed_payment' ? null : '2026-12-01T15:00:00Z',
  reason: kind === 'cancellation' ? 'too_expensive' : null,
  failed_invoice: kind === 'failed_payment' ? { ...FAILED_INVOICE } : null,
});

/** The page's status line (the notifications have their own). */
const statusLine = async (sentence: string) => {
  const line = await screen.findByText(sentence);
  expect(line).toHaveAttribute('role', 'status');
  return line;
};

const listOf = (results: BillingRequest[]) => ({
  body: { count: results.length, next: null, previous: null, results },
});

/** What the API answers a subscription flow: the family's sentence (their e-mail's first line). */
const FAMILY_DETAIL = 'We could not accept your return request: The kit was used past the window.';

describe('Outstanding Billing Requests: a failed payment’s invoice', () => {
  it('removes the failed invoice after a confirmation naming its number and amount, then says so in staff words', async () => {
    let open = [request('failed_payment', 7, 'Wendy Wait'), request('cancellation', 5, 'Carl Cancel')];
    const api = asStaff([
      [backofficeApi.billingRequests, () => listOf(open)],
      [
        billingApi.removeInvoice,
        () => {
          open = open.map((item) => (item.account_id === 7 ? { ...item, failed_invoice: null } : item));
          return { body: { id: 24, number: 'GRV-2026-000024', status: 'VOID' } };
        },
        { id: 24 },
      ],
    ]);
    renderApp('/admin/outstanding-billing-requests');
    const user = userEvent.setup();

    const row = (await screen.findByRole('link', { name: 'Wendy Wait' })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('GRV-2026-000024 · $39.00');
    expect(row).toHaveTextContent('Your card was declined.');
    const other = screen.getByRole('link', { name: 'Carl Cancel' }).closest('tr') as HTMLElement;
    expect(within(other).queryByRole('button', { name: /Remove failed invoice/ })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Remove failed invoice GRV-2026-000024 for Wendy Wait' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove failed invoice GRV-2026-000024?' });
    expect(dialog).toHaveTextContent('The failed invoice GRV-2026-000024 of $39.00 of Wendy Wait is voided');
    expect(api.callsOf(billingApi.removeInvoice, { id: 24 })).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove invoice' }));

    await statusLine(
      'Failed invoice GRV-2026-000024 of Wendy Wait ($39.00) removed: it is void now. The subscription itself is unchanged.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [call] = api.callsOf(billingApi.removeInvoice, { id: 24 });
    expect(call?.query.get('billing_entity_name')).toBe('Grove Health, Inc.');
    expect(call?.headers.get('idempotency-key')).toBeTruthy();

    // The list is read again: the row stays (still past due) with no invoice left to remove.
    await waitFor(() => expect(row).toHaveTextContent('None outstanding'));
    expect(within(row).queryByRole('button', { name: /Remove failed invoice/ })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Renew for Wendy Wait' })).toBeInTheDocument();
  });

  it('keeps the invoice and says why when the removal is refused', async () => {
    asStaff([
      [backofficeApi.billingRequests, listOf([request('failed_payment', 7, 'Wendy Wait')])],
      [
        billingApi.removeInvoice,
        {
          status: 409,
          body: { detail: 'Only an unpaid invoice can be removed; refund a paid one instead.', code: 'not_removable' },
        },
        { id: 24 },
      ],
    ]);
    renderApp('/admin/outstanding-billing-requests');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Remove failed invoice GRV-2026-000024 for Wendy Wait' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove failed invoice GRV-2026-000024?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove invoice' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only an unpaid invoice can be removed');
    expect(screen.queryByText(/removed: it is void now/)).not.toBeInTheDocument();
  });
});

describe('Outstanding Billing Requests: staff sentences', () => {
  it('after declining a return, says what staff did and quotes the reason, not the family’s sentence', async () => {
    let open = [request('return', 6, 'Wendy Wait')];
    const api = asStaff([
      [backofficeApi.billingRequests, () => listOf(open)],
      [
        billingApi.returnDecline,
        () => {
          open = [];
          return { body: { subscription: {}, detail: FAMILY_DETAIL } };
        },
        { id: 6 },
      ],
    ]);
    renderApp('/admin/outstanding-billing-requests');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Decline return for Wendy Wait' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline return?' });
    await user.type(within(dialog).getByLabelText('Reason for declining'), '  The kit was used past the window.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Decline return' }));

    await statusLine(
      'Return of Wendy Wait declined. The family reads your reason: “The kit was used past the window.”.',
    );
    expect(screen.queryByText(FAMILY_DETAIL)).not.toBeInTheDocument();
    expect(screen.queryByText(/We could not accept your return request/)).not.toBeInTheDocument();
    expect(api.callsOf(billingApi.returnDecline, { id: 6 })[0]?.body).toEqual({
      reason: 'The kit was used past the window.',
    });
  });

  it.each([
    [
      'Confirm cancellation for Carl Cancel',
      'Confirm cancellation?',
      billingApi.cancelConfirm,
      request('cancellation', 5, 'Carl Cancel'),
      'Cancellation of Carl Cancel confirmed: the subscription has ended. The family is told by e-mail.',
    ],
    [
      'Confirm return for Rita Return',
      'Confirm return?',
      billingApi.returnConfirm,
      request('return', 6, 'Rita Return'),
      'Return of Rita Return confirmed: the subscription has ended and the last payment is refunded. The family is told by e-mail.',
    ],
    [
      'Renew for Wendy Wait',
      'Renew?',
      billingApi.adminRenew,
      request('failed_payment', 7, 'Wendy Wait'),
      'Subscription of Wendy Wait renewed: it runs again. The family is told by e-mail.',
    ],
  ])('“%s” ends with a staff sentence naming the family', async (button, title, call, row, sentence) => {
    const api = asStaff([
      [backofficeApi.billingRequests, listOf([row])],
      [call, { body: { subscription: {}, detail: 'Your subscription has ended.' } }, { id: row.account_id }],
    ]);
    renderApp('/admin/outstanding-billing-requests');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: button }));
    const dialog = await screen.findByRole('dialog', { name: title });
    await user.click(within(dialog).getByRole('button', { name: title.replace('?', '') }));
    await statusLine(sentence);
    expect(screen.queryByText('Your subscription has ended.')).not.toBeInTheDocument();
    expect(api.callsOf(call, { id: row.account_id })).toHaveLength(1);
  });
});

describe('the admin account page uses the same staff sentences', () => {
  const returning = adminAccountFixture();
  const account = {
    ...returning,
    billing_status: 'RETURN_REQUESTED',
    users: returning.users.map((person) => ({ ...person, billing_status: 'RETURN_REQUESTED' })),
  } satisfies AdminAccount;
  const empty = { count: 0, next: null, previous: null, results: [] };

  it('declining a return and removing a failed invoice end with staff sentences naming the family', async () => {
    const failed = invoiceFixture({ id: 72, number: 'GRV-2026-000072', status: 'FAILED', refunded_cents: 0 });
    asStaff([
      ...adminAccountPageRoutes({ account }),
      [
        billingApi.subscriptions,
        {
          body: { ...empty, count: 1, results: [subscriptionFixture({ status: 'RETURN_REQUESTED' })] },
        },
        { id: 1 },
      ],
      [billingApi.invoices, { body: { ...empty, count: 1, results: [failed] } }, { id: 1 }],
      [billingApi.returnDecline, { body: { subscription: {}, detail: FAMILY_DETAIL } }, { id: 1 }],
      [billingApi.removeInvoice, { body: { ...failed, status: 'VOID' } }, { id: 72 }],
    ]);
    renderApp('/admin/accounts/1');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Decline return' }));
    const decline = await screen.findByRole('dialog', { name: 'Decline return?' });
    await user.type(within(decline).getByLabelText('Reason for declining'), 'The kit was used past the window.');
    await user.click(within(decline).getByRole('button', { name: 'Decline return' }));
    await statusLine(
      'Return of Jordan Rivera declined. The family reads your reason: “The kit was used past the window.”.',
    );
    expect(screen.queryByText(FAMILY_DETAIL)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove invoice GRV-2026-000072' }));
    const remove = await screen.findByRole('dialog', { name: 'Remove invoice GRV-2026-000072?' });
    await user.click(within(remove).getByRole('button', { name: 'Remove invoice' }));
    await statusLine(
      'Failed invoice GRV-2026-000072 of Jordan Rivera ($390.00) removed: it is void now. The subscription itself is unchanged.',
    );
  });
});
