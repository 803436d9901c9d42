/**
 * /admin/outstanding-billing-requests (admin nav, SPEC §2; issue 14 §8): what staff act on, oldest
 * first — cancellations to confirm, returns to check, failed payments to renew — each with its
 * action behind a confirmation that names the change. The list as CSV.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '@grove/domain';
import { BILLING_REQUEST_KINDS, BILLING_REQUEST_LABELS } from '@grove/domain/backoffice';
import type { backofficeApi } from '@grove/domain/api/backoffice';
import type { Reply } from '@grove/domain/api/common';

import { Button } from '../../components/button.tsx';
import { Page } from '../../components/page.tsx';
import '../../features/admin/admin.css';
import { backofficeKeys, billingRequestsQuery } from '../../features/backoffice/backoffice.api.ts';
import { FilterSelect, ListFilters } from '../../features/backoffice/list-controls.tsx';
import { ListTable, type ListColumn } from '../../features/backoffice/list-table.tsx';
import { ACTION_LABELS, ACTIONS, ActionDialog, type Action } from '../../features/backoffice/request-actions.tsx';
import { useListParams } from '../../features/backoffice/use-list-params.ts';
import { href } from '../paths.ts';

type BillingRequest = Reply<typeof backofficeApi.billingRequests>['results'][number];
const OFFICE_ZONE = 'America/New_York';
export function AdminBillingRequestsRoute() {
  const queryClient = useQueryClient();
  const list = useListParams(['kind']);
  const requests = useQuery(billingRequestsQuery(list.query));
  const [acting, setActing] = useState<{ request: BillingRequest; action: Action } | null>(null);
  const [status, setStatus] = useState<string | null>(null);

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
    {
      id: 'actions',
      header: 'Actions',
      cell: (request) => (
        <span className="admin-note__actions">
          {ACTIONS[request.kind].map((action) => (
            <Button key={action} variant="secondary" onClick={() => setActing({ request, action })}>
              {ACTION_LABELS[action]}
              <span className="visually-hidden"> for {request.holder?.name || `account ${request.account_id}`}</span>
            </Button>
          ))}
        </span>
      ),
    },
  ];

  return (
    <Page
      title="Outstanding Billing Requests"
      intro="Cancellations to confirm, returns to check and failed payments, oldest first."
    >
      <ListFilters
        label="Filter the requests"
        list="billingRequests"
        csv={list.filterQuery}
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
          who={acting.request.holder?.name || `account ${acting.request.account_id}`}
          action={acting.action}
          onClose={() => setActing(null)}
          onDone={(message) => {
            setStatus(message);
            void queryClient.invalidateQueries({ queryKey: backofficeKeys.all });
          }}
        />
      ) : null}
    </Page>
  );
}
