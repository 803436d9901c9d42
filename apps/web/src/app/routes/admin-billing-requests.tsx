/**
 * /admin/outstanding-billing-requests (admin nav, SPEC §2; issue 14 §8): what staff act on, oldest
 * first — cancellations to confirm, returns to check, failed payments to renew — each with its
 * action behind a confirmation that names the change. A failed payment shows the family's latest
 * failed invoice, which staff can remove (void) from here (issue 26). Once done, the status line
 * says what happened in staff words and the list is read again. The list as CSV.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatMoney } from '@grove/domain';
import { BILLING_REQUEST_KINDS, BILLING_REQUEST_LABELS } from '@grove/domain/backoffice';
import type { backofficeApi } from '@grove/domain/api/backoffice';
import type { Reply } from '@grove/domain/api/common';

import { Button } from '../../components/button.tsx';
import { Page } from '../../components/page.tsx';
import '../../features/staff/admin.css';
import { ListTable, type ListColumn } from '../../components/list-table.tsx';
import { backofficeKeys, billingRequestsQuery, downloadCsv } from '../../features/staff/backoffice.api.ts';
import { FilterSelect, ListFilters } from '../../features/staff/list-controls.tsx';
import {
  ACTION_LABELS,
  ACTIONS,
  ActionDialog,
  RemoveInvoiceDialog,
  type Action,
} from '../../features/staff/request-actions.tsx';
import { useListParams } from '../../features/staff/use-list-params.ts';
import { href } from '../../lib/paths.ts';
import { formatDateTime } from '../../lib/format.ts';

type BillingRequest = Reply<typeof backofficeApi.billingRequests>['results'][number];
type FailedInvoice = NonNullable<BillingRequest['failed_invoice']>;
const OFFICE_ZONE = 'America/New_York';
/** The family in words ("Wendy Wait"). */
const whoOf = (request: BillingRequest) => request.holder?.name || `account ${request.account_id}`;

function FailedInvoiceCell({ request }: { request: BillingRequest }) {
  if (request.kind !== 'failed_payment') return '—';
  const invoice = request.failed_invoice;
  if (!invoice) return 'None outstanding';
  return (
    <span>
      <strong>
        {invoice.number} · {formatMoney(invoice.amount_cents, invoice.currency)}
      </strong>
      <br />
      <span className="admin-note__meta">
        {formatDateTime(invoice.created_at, OFFICE_ZONE)} · {invoice.description}
      </span>
    </span>
  );
}

export function AdminBillingRequestsRoute() {
  const queryClient = useQueryClient();
  const list = useListParams(['kind']);
  const requests = useQuery(billingRequestsQuery(list.query));
  const [acting, setActing] = useState<{ request: BillingRequest; action: Action } | null>(null);
  const [removing, setRemoving] = useState<{ request: BillingRequest; invoice: FailedInvoice } | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const done = (message: string) => {
    setStatus(message);
    void queryClient.invalidateQueries({ queryKey: backofficeKeys.all });
  };

  const columns: readonly ListColumn<BillingRequest>[] = [
    {
      id: 'request',
      header: 'Request',
      cell: (request) => (
        <span>
          <strong>{BILLING_REQUEST_LABELS[request.kind]}</strong> ·{' '}
          <Link to={href('root.admin.accounts.details', { accountId: request.account_id })}>
            {request.holder?.name || `Account ${request.account_id}`}
          </Link>
        </span>
      ),
    },
    { id: 'since', header: 'Since', cell: (request) => formatDateTime(request.since, OFFICE_ZONE) },
    {
      id: 'due',
      header: 'Due',
      cell: (request) => (request.due ? formatDateTime(request.due, OFFICE_ZONE) : '—'),
    },
    { id: 'plan', header: 'Plan', cell: (request) => request.plan_tag },
    { id: 'reason', header: 'Reason', cell: (request) => request.reason?.replace(/_/g, ' ') ?? '—' },
    { id: 'invoice', header: 'Failed invoice', cell: (request) => <FailedInvoiceCell request={request} /> },
    {
      id: 'actions',
      header: 'Actions',
      cell: (request) => {
        const invoice = request.failed_invoice;
        return (
          <span className="admin-note__actions">
            {ACTIONS[request.kind].map((action) => (
              <Button key={action} variant="secondary" onClick={() => setActing({ request, action })}>
                {ACTION_LABELS[action]}
                <span className="visually-hidden"> for {whoOf(request)}</span>
              </Button>
            ))}
            {invoice ? (
              <Button variant="secondary" onClick={() => setRemoving({ request, invoice })}>
                Remove failed invoice
                <span className="visually-hidden">
                  {' '}
                  {invoice.number} for {whoOf(request)}
                </span>
              </Button>
            ) : null}
          </span>
        );
      },
    },
  ];

  return (
    <Page
      title="Outstanding Billing Requests"
      intro="Cancellations to confirm, returns to check and failed payments, oldest first."
    >
      <ListFilters
        label="Filter the requests"
        download={() => downloadCsv('billingRequests', list.filterQuery)}
        filtered={list.filtered}
        onClear={list.clear}
      >
        <FilterSelect
          label="Kind"
          value={list.params.get('kind') ?? ''}
          options={BILLING_REQUEST_KINDS.map((kind) => ({ value: kind, label: BILLING_REQUEST_LABELS[kind] }))}
          onChange={(value) => list.setFilter('kind', value)}
        />
      </ListFilters>
      <p className="admin-status" role="status">
        {status}
      </p>
      <section className="card admin-results" aria-label="Requests found">
        <ListTable
          label="Outstanding billing requests"
          noun="request"
          columns={columns}
          rowKey={(request) => request.subscription_id}
          query={requests}
          onPage={list.follow}
          emptyTitle="Nothing to act on"
          emptyText="Every cancellation, return and failed payment has been handled."
        />
      </section>
      {acting ? (
        <ActionDialog
          accountId={acting.request.account_id}
          who={whoOf(acting.request)}
          action={acting.action}
          onClose={() => setActing(null)}
          onDone={done}
        />
      ) : null}
      {removing ? (
        <RemoveInvoiceDialog
          invoice={removing.invoice}
          who={whoOf(removing.request)}
          onClose={() => setRemoving(null)}
          onDone={done}
        />
      ) : null}
    </Page>
  );
}
