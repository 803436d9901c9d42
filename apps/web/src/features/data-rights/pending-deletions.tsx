/**
 * The deletions waiting for their grace period to end, soonest first (issue 17 item 3; staff,
 * docs/decisions/0039): the account and its holder, what goes, when it was asked for and when it
 * is carried out; and, on an account's page, that family's pending ones. Read-only: staff neither
 * undo a deletion nor bring erased data back. The team's screens stay in English (apps/web/README.md,
 * Languages): no catalog messages here.
 */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { PendingDeletion } from '@grove/domain/api/data-rights';

import { ListTable, type ListColumn } from '../../components/list-table.tsx';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { href } from '../../lib/paths.ts';
import { dataRightsQuery, pendingDeletionsQuery } from './data-rights.api.ts';
import './data-rights.css';

/** Staff read dates on the office's clock. */
const OFFICE_ZONE = 'America/New_York';

const COLUMNS: readonly ListColumn<PendingDeletion>[] = [
  {
    id: 'holder',
    header: 'Holder',
    cell: (item) => (
      <span>
        <strong>{item.account.holder_name || 'No name'}</strong>
        <br />
        <span className="admin-table__email">{item.account.holder_email}</span>
      </span>
    ),
  },
  {
    id: 'account',
    header: 'Account',
    cell: (item) => (
      <Link to={href('root.admin.accounts.details', { accountId: item.account.id })}>Account {item.account.id}</Link>
    ),
  },
  {
    id: 'what',
    header: 'What',
    cell: (item) => (item.scope === 'account' ? 'Whole account' : (item.player?.name ?? 'A player')),
  },
  {
    id: 'requested',
    header: 'Requested',
    cell: (item) =>
      `${formatDate(item.requested_at, OFFICE_ZONE)}${item.requested_by ? ` by ${item.requested_by.name}` : ''}`,
  },
  { id: 'due', header: 'Due', cell: (item) => formatDateTime(item.due_at, OFFICE_ZONE) },
];

export function PendingDeletionsTable({
  query,
  onPage,
}: {
  query: Readonly<Record<string, string | undefined>>;
  onPage: (link: string | null) => void;
}) {
  const pending = useQuery(pendingDeletionsQuery(query));
  return (
    <ListTable
      label="Pending deletions"
      noun="pending deletion"
      columns={COLUMNS}
      rowKey={(item) => item.id}
      query={pending}
      onPage={onPage}
      emptyTitle="No deletions are pending"
      emptyText="When a family asks to delete a player’s data or to close their account, it is listed here until it is carried out."
    />
  );
}

/**
 * On an account's page (staff): the family's deletions that wait for their date, if any — what
 * goes and when. Nothing when there are none (or they cannot be read: the rest of the page stands).
 */
export function AccountPendingDeletions({ accountId, timeZone }: { accountId: number; timeZone: string }) {
  const overview = useQuery({ ...dataRightsQuery(accountId), meta: {}, refetchInterval: false, retry: false });
  const pending = overview.data?.deletions.filter((item) => item.status === 'pending') ?? [];
  if (pending.length === 0) return null;
  return (
    <div className="data-rights__banner" role="note" aria-label="Pending deletions">
      <ul className="admin-deletions__list">
        {pending.map((item) => (
          <li key={item.id}>
            {item.scope === 'account'
              ? 'The family asked to close this account'
              : `The family asked to delete ${item.player?.name ?? 'a player'}’s data`}
            : due {formatDateTime(item.due_at, timeZone)}.
          </li>
        ))}
      </ul>
      <p>
        Staff cannot undo it or restore the data afterwards.{' '}
        <Link to={href('root.admin.deletions')}>All pending deletions</Link>
      </p>
    </div>
  );
}
