/** /admin/shipments (admin nav, SPEC §2; issue 14 §8): every shipment, newest first, by status and kind; CSV. */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { SHIPMENT_KINDS, SHIPMENT_STATUS_LABELS, SHIPMENT_STATUSES } from '@grove/domain/backoffice';
import type { backofficeApi } from '@grove/domain/api/backoffice';
import type { Reply } from '@grove/domain/api/common';

import { Page } from '../../components/page.tsx';
import '../../features/staff/admin.css';
import { ListTable, type ListColumn } from '../../components/list-table.tsx';
import { downloadCsv, shipmentsQuery } from '../../features/staff/backoffice.api.ts';
import { FilterSelect, ListFilters } from '../../features/staff/list-controls.tsx';
import { ShipmentTracking, shipmentStatus } from '../../features/staff/shipment-parts.tsx';
import { useListParams } from '../../features/staff/use-list-params.ts';
import { formatDate } from '../../lib/format.ts';
import { href } from '../../lib/paths.ts';

type Shipment = Reply<typeof backofficeApi.shipments>['results'][number];

const COLUMNS: readonly ListColumn<Shipment>[] = [
  {
    id: 'shipment',
    header: 'Shipment',
    cell: (shipment) => (
      <span>
        <strong>#{shipment.id}</strong> · {shipment.kind === 'return' ? 'Return' : 'Kit'} to {shipment.shipping.city},{' '}
        {shipment.shipping.state}
      </span>
    ),
  },
  { id: 'date', header: 'Created', cell: (shipment) => formatDate(shipment.created_at, 'America/New_York') },
  { id: 'status', header: 'Status', cell: (shipment) => shipmentStatus(shipment.status) },
  { id: 'tracking', header: 'Tracking', cell: (shipment) => <ShipmentTracking shipment={shipment} /> },
  { id: 'items', header: 'Items', cell: (shipment) => shipment.items.join(', ') },
  {
    id: 'account',
    header: 'Account',
    cell: (shipment) => (
      <Link to={href('root.admin.accounts.details', { accountId: shipment.account_id })}>
        Account {shipment.account_id}
      </Link>
    ),
  },
];

export function AdminShipmentsRoute() {
  const list = useListParams(['status', 'kind']);
  const shipments = useQuery(shipmentsQuery(list.query));
  return (
    <Page title="Shipments" intro="Kits on their way to families and returns on their way back, newest first.">
      <ListFilters
        label="Filter the shipments"
        download={() => downloadCsv('shipments', list.filterQuery)}
        filtered={list.filtered}
        onClear={list.clear}
      >
        <FilterSelect
          label="Status"
          value={list.params.get('status') ?? ''}
          options={SHIPMENT_STATUSES.map((status) => ({ value: status, label: SHIPMENT_STATUS_LABELS[status] }))}
          onChange={(value) => list.setFilter('status', value)}
        />
        <FilterSelect
          label="Kind"
          value={list.params.get('kind') ?? ''}
          options={SHIPMENT_KINDS.map((kind) => ({ value: kind, label: kind === 'kit' ? 'Kit' : 'Return' }))}
          onChange={(value) => list.setFilter('kind', value)}
        />
      </ListFilters>
      <section className="card admin-results" aria-label="Shipments found">
        <ListTable
          label="Shipments"
          noun="shipment"
          columns={COLUMNS}
          rowKey={(shipment) => shipment.id}
          query={shipments}
          onPage={list.follow}
          emptyTitle="No shipments match"
          emptyText="Try another status or kind."
        />
      </section>
    </Page>
  );
}
