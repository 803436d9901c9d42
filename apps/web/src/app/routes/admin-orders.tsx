/**
 * /admin/orders (admin nav, SPEC §2; issue 14 §8): every order, newest first, by status and days
 * (the office's days, America/New_York) or an e-mail or order number; the filtered list as CSV.
 */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@grove/domain';
import { ORDER_STATUSES } from '@grove/domain/api/billing';
import type { backofficeApi } from '@grove/domain/api/backoffice';
import type { Reply } from '@grove/domain/api/common';

import { Page } from '../../components/page.tsx';
import '../../features/staff/admin.css';
import { ListTable, type ListColumn } from '../../components/list-table.tsx';
import { downloadCsv, ordersQuery } from '../../features/staff/backoffice.api.ts';
import { DateFilter, FilterSelect, ListFilters, SearchFilter } from '../../features/staff/list-controls.tsx';
import { useListParams } from '../../features/staff/use-list-params.ts';
import { formatDate } from '../../lib/format.ts';
import { href } from '../../lib/paths.ts';

type Order = Reply<typeof backofficeApi.orders>['results'][number];
const OFFICE_ZONE = 'America/New_York';
const words = (status: string) => status.toLowerCase().replace(/_/g, ' ');

const COLUMNS: readonly ListColumn<Order>[] = [
  {
    id: 'order',
    header: 'Order',
    cell: (order) => (
      <span>
        <strong>#{order.id}</strong> · {order.name}
      </span>
    ),
  },
  { id: 'date', header: 'Placed', cell: (order) => formatDate(order.created_at, OFFICE_ZONE) },
  { id: 'status', header: 'Status', cell: (order) => words(order.status) },
  { id: 'plan', header: 'Plan', cell: (order) => order.plan_tag },
  { id: 'total', header: 'Total', cell: (order) => formatMoney(order.total_cents, order.currency) },
  { id: 'email', header: 'E-mail', cell: (order) => <span className="admin-table__email">{order.email}</span> },
  {
    id: 'account',
    header: 'Account',
    cell: (order) =>
      order.account_id === null ? (
        '—'
      ) : (
        <Link to={href('root.admin.accounts.details', { accountId: order.account_id })}>
          Account {order.account_id}
        </Link>
      ),
  },
];

export function AdminOrdersRoute() {
  const list = useListParams(['status', 'from', 'to', 'search']);
  const orders = useQuery(ordersQuery(list.query));
  return (
    <Page title="Orders" intro="Orders placed by families, newest first.">
      <ListFilters
        label="Filter the orders"
        download={() => downloadCsv('orders', list.filterQuery)}
        filtered={list.filtered}
        onClear={list.clear}
      >
        <FilterSelect
          label="Status"
          value={list.params.get('status') ?? ''}
          options={ORDER_STATUSES.map((status) => ({ value: status, label: words(status) }))}
          onChange={(value) => list.setFilter('status', value)}
        />
        <DateFilter
          label="From"
          value={list.params.get('from') ?? ''}
          onChange={(value) => list.setFilter('from', value)}
        />
        <DateFilter label="To" value={list.params.get('to') ?? ''} onChange={(value) => list.setFilter('to', value)} />
        <SearchFilter
          label="E-mail or order number"
          value={list.params.get('search') ?? ''}
          onChange={(value) => list.setFilter('search', value)}
        />
      </ListFilters>
      <section className="card admin-results" aria-label="Orders found">
        <ListTable
          label="Orders"
          noun="order"
          columns={COLUMNS}
          rowKey={(order) => order.id}
          query={orders}
          onPage={list.follow}
          emptyTitle="No orders match"
          emptyText="Try another status or other days."
        />
      </section>
    </Page>
  );
}
