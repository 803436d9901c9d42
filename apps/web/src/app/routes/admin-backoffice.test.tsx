/**
 * The back-office lists behind the admin nav (issue 14 §8): Orders by status with paging and the
 * CSV of the same filters, Outstanding Billing Requests with their actions, Shipments by status.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { backofficeApi } from '@grove/domain/api/endpoints/backoffice';
import { billingApi } from '@grove/domain/api/endpoints/billing';

import { asStaff } from '../../../test/staff.ts';
import { renderApp } from '../../../test/render-app.tsx';

const keyset = <T,>(results: T[], next: string | null = null) => ({
  count: results.length + (next ? 10 : 0),
  next,
  previous: null,
  first: 'http://x/f',
  last: 'http://x/?cursor=last',
  results,
});

const order = (id: number, status = 'CONFIRMED') => ({
  id,
  external_id: `ord-${id}`,
  account_id: 40 + id,
  status,
  plan_tag: 'yearly',
  total_cents: 39000,
  currency: 'usd',
  email: `family${id}@example.com`,
  name: `Family ${id}`,
  created_at: '2026-11-20T15:00:00Z',
  date_confirmed: '2026-11-20T15:01:00Z',
});

describe('Orders', () => {
  it('lists orders, filters by status in the URL, pages by cursor and downloads the CSV of the filters', async () => {
    const api = asStaff([
      [
        backofficeApi.orders,
        (request) =>
          request.query.get('cursor')
            ? { body: keyset([order(9)]) }
            : { body: keyset([order(1), order(2)], 'http://x/api/v2/admin/orders/?cursor=abc') },
      ],
      [
        backofficeApi.ordersCsv,
        {
          text: 'order_id,status\n1,CONFIRMED\n',
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="orders-2026-11-24.csv"',
          },
        },
      ],
    ]);
    const saved = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    const { router } = renderApp('/admin/orders');
    const user = userEvent.setup();
    const row = (await screen.findByText('#1')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('$390.00');
    expect(within(row).getByRole('link', { name: 'Account 41' })).toHaveAttribute('href', '/admin/accounts/41');

    await user.selectOptions(screen.getByLabelText('Status'), 'PAYMENT_FAILED');
    await waitFor(() => expect(api.callsOf(backofficeApi.orders).at(-1)?.query.get('status')).toBe('PAYMENT_FAILED'));
    expect(router.state.location.search).toContain('status=PAYMENT_FAILED');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('#9')).toBeInTheDocument();
    expect(api.callsOf(backofficeApi.orders).at(-1)?.query.get('cursor')).toBe('abc');

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(api.callsOf(backofficeApi.ordersCsv)).toHaveLength(1));
    const [csv] = api.callsOf(backofficeApi.ordersCsv);
    expect(csv?.query.get('status')).toBe('PAYMENT_FAILED');
    expect(csv?.query.get('cursor')).toBeNull();
    await waitFor(() => expect(saved).toHaveBeenCalled());
    saved.mockRestore();
  });

  it('says when no order matches', async () => {
    asStaff([[backofficeApi.orders, { body: keyset([]) }]]);
    renderApp('/admin/orders?status=REFUNDED');
    expect(await screen.findByRole('heading', { name: 'No orders match' })).toBeInTheDocument();
  });
});

describe('Outstanding Billing Requests', () => {
  const request = (kind: string, accountId: number, name: string) => ({
    kind,
    account_id: accountId,
    subscription_id: accountId * 10,
    holder: { name, email: `${accountId}@example.com` },
    plan_tag: 'default',
    status: kind === 'return' ? 'RETURN_REQUESTED' : 'PENDING_CANCELLATION',
    since: '2026-11-01T15:00:00Z',
    due: '2026-12-01T15:00:00Z',
    reason: kind === 'cancellation' ? 'too_expensive' : null,
  });

  it('declines a return only with a reason, after a confirmation naming the family', async () => {
    let open = [request('cancellation', 5, 'Wendy Wait'), request('return', 6, 'Sofia Marquez')];
    const api = asStaff([
      [
        backofficeApi.billingRequests,
        () => ({
          body: { count: open.length, next: null, previous: null, results: open },
        }),
      ],
      [
        billingApi.returnDecline,
        () => {
          open = open.filter((item) => item.account_id !== 6);
          return { body: { subscription: {}, detail: 'The return request was declined.' } };
        },
        { id: 6 },
      ],
    ]);
    renderApp('/admin/outstanding-billing-requests');
    const user = userEvent.setup();
    // The page lays itself out again as its first answers land (two requests here); a click in
    // that instant can land on a row being replaced, so click again until the dialog opens, as a
    // person would.
    const dialog = await waitFor(async () => {
      await user.click(screen.getByRole('button', { name: 'Decline return for Sofia Marquez' }));
      return screen.getByRole('dialog', { name: 'Decline return?' });
    });
    expect(dialog).toHaveTextContent('The return request of Sofia Marquez is declined');
    await user.click(within(dialog).getByRole('button', { name: 'Decline return' }));
    expect(await within(dialog).findByText(/Say why the return is declined; the family reads it./)).toBeInTheDocument();
    expect(api.callsOf(billingApi.returnDecline, { id: 6 })).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason for declining'), 'The kit was used past the window.');
    await user.click(within(dialog).getByRole('button', { name: 'Decline return' }));
    // The staff page says what staff did, not the family's sentence.
    expect(
      await screen.findByText(
        'Return of Sofia Marquez declined. The family reads your reason: “The kit was used past the window.”.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('The return request was declined.')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Sofia Marquez')).not.toBeInTheDocument());
    expect(api.callsOf(billingApi.returnDecline, { id: 6 })[0]?.body).toEqual({
      reason: 'The kit was used past the window.',
    });
    expect(screen.getByText('Wendy Wait')).toBeInTheDocument();
  });
});

describe('Shipments', () => {
  it('filters shipments by status', async () => {
    const api = asStaff([[backofficeApi.shipments, { body: keyset([]) }]]);
    renderApp('/admin/shipments');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'No shipments match' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'IN_TRANSIT');
    await waitFor(() => expect(api.callsOf(backofficeApi.shipments).at(-1)?.query.get('status')).toBe('IN_TRANSIT'));
  });
});
