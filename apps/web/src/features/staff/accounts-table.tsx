/**
 * The admin accounts list (issue 14 §9): a TanStack Table over one keyset page of accounts. Sorting
 * and paging are the server's (the sort is in the URL); the headers are buttons with aria-sort.
 * Keyboard: ArrowUp/ArrowDown move between the rows' links, Home/End to the first and last.
 */
import { useMemo, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import {
  BILLING_STATUS_LABELS,
  parseAccountSort,
  toggleAccountSort,
  type AccountSort,
  type AccountSortKey,
} from '@grove/domain/admin';
import type { adminApi } from '@grove/domain/api/admin';
import type { Reply } from '@grove/domain/api/common';

import { formatDate } from '../../lib/format.ts';
import { href } from '../../lib/paths.ts';

type AccountRow = Reply<typeof adminApi.accounts>['results'][number];

const features = tableFeatures({});
const STAFF_ZONE = 'America/New_York';

function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
}: {
  label: string;
  sortKey: AccountSortKey;
  sort: AccountSort;
  onSort: (sort: AccountSort) => void;
}) {
  const current = parseAccountSort(sort);
  const active = current.key === sortKey;
  const next = toggleAccountSort(sort, sortKey);
  return (
    <button type="button" className="admin-table__sort" onClick={() => onSort(next)}>
      {label}
      <span aria-hidden="true" className="admin-table__sort-mark">
        {active ? (current.descending ? '▼' : '▲') : '↕'}
      </span>
      <span className="visually-hidden">
        {active
          ? `, sorted ${current.descending ? 'descending' : 'ascending'}; sort ${parseAccountSort(next).descending ? 'descending' : 'ascending'}`
          : ', sort ascending'}
      </span>
    </button>
  );
}

const SORTED_COLUMNS: Partial<Record<string, AccountSortKey>> = {
  holder: 'name',
  email: 'email',
  created: 'created',
  id: 'id',
};

export function AccountsTable({
  rows,
  sort,
  onSort,
  busy,
}: {
  rows: readonly AccountRow[];
  sort: AccountSort;
  onSort: (sort: AccountSort) => void;
  busy: boolean;
}) {
  const columns = useMemo<ColumnDef<typeof features, AccountRow>[]>(
    () => [
      {
        id: 'holder',
        header: () => <SortHeader label="Account holder" sortKey="name" sort={sort} onSort={onSort} />,
        cell: ({ row }) => (
          <Link
            className="admin-table__holder"
            to={href('root.admin.accounts.details', { accountId: row.original.id })}
            data-row-link=""
          >
            {row.original.holder?.name || `Account ${row.original.id}`}
          </Link>
        ),
      },
      {
        id: 'email',
        header: () => <SortHeader label="E-mail" sortKey="email" sort={sort} onSort={onSort} />,
        cell: ({ row }) => <span className="admin-table__email">{row.original.holder?.email ?? '—'}</span>,
      },
      {
        id: 'players',
        header: 'Players',
        cell: ({ row }) => row.original.players.join(', ') || '—',
      },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => (
          <span className="admin-table__statuses">
            <span className={`badge${row.original.account_status === 'ACTIVE' ? ' badge--green' : ''}`}>
              {row.original.account_status.toLowerCase().replace('_', ' ')}
            </span>
            <span className="admin-table__billing">
              {BILLING_STATUS_LABELS[row.original.billing_status as keyof typeof BILLING_STATUS_LABELS] ??
                row.original.billing_status}
            </span>
          </span>
        ),
      },
      { id: 'plan', header: 'Plan', cell: ({ row }) => row.original.plan_tag ?? '—' },
      { id: 'coach', header: 'Coach', cell: ({ row }) => row.original.coach_user?.name ?? '—' },
      {
        id: 'tags',
        header: 'Tags',
        cell: ({ row }) =>
          row.original.tags.length === 0 ? (
            '—'
          ) : (
            <span className="admin-tags">
              {row.original.tags.map((tag) => (
                <span key={tag} className="admin-tag">
                  {tag}
                </span>
              ))}
            </span>
          ),
      },
      {
        id: 'created',
        header: () => <SortHeader label="Joined" sortKey="created" sort={sort} onSort={onSort} />,
        cell: ({ row }) => formatDate(row.original.created_at, STAFF_ZONE),
      },
      {
        id: 'id',
        header: () => <SortHeader label="ID" sortKey="id" sort={sort} onSort={onSort} />,
        cell: ({ row }) => row.original.id,
      },
    ],
    [sort, onSort],
  );
  const table = useTable({ features, columns, data: rows as AccountRow[] });
  const body = useRef<HTMLTableSectionElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    const links = [...(body.current?.querySelectorAll<HTMLAnchorElement>('a[data-row-link]') ?? [])];
    if (links.length === 0) return;
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    const target =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? links.length - 1
          : event.key === 'ArrowDown'
            ? Math.min(links.length - 1, at + 1)
            : Math.max(0, at === -1 ? 0 : at - 1);
    event.preventDefault();
    links[target]?.focus();
  };

  const { key, descending } = parseAccountSort(sort);
  return (
    <div className="admin-table__scroll" role="region" aria-label="Accounts" tabIndex={-1}>
      <table className="admin-table" aria-busy={busy}>
        <caption className="visually-hidden">
          Accounts. Use the arrow keys to move between accounts and Enter to open one.
        </caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sortKey = SORTED_COLUMNS[header.column.id];
                const ariaSort =
                  sortKey === key ? (descending ? 'descending' : 'ascending') : sortKey ? 'none' : undefined;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={ariaSort}
                    className={`admin-table__col--${header.column.id}`}
                  >
                    <table.FlexRender header={header} />
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody ref={body} onKeyDown={onKeyDown}>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.original.id}>
              {row.getAllCells().map((cell) => (
                <td
                  key={cell.id}
                  className={`admin-table__col--${cell.column.id}`}
                  data-label={labelOf(cell.column.id)}
                >
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const LABELS: Record<string, string> = {
  email: 'E-mail',
  players: 'Players',
  status: 'Status',
  plan: 'Plan',
  coach: 'Coach',
  tags: 'Tags',
  created: 'Joined',
  id: 'ID',
};
const labelOf = (id: string) => LABELS[id];
