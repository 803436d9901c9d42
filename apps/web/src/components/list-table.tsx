/**
 * The frame of a back-office list (issue 14 §8): a TanStack Table of one page, labelled cells that
 * become cards on a phone, the count, and paging by the API's links (keyset cursors, or page
 * numbers for short lists).
 *
 * Its words stay English, as the team's screens that use it do (the back office and the coaches'
 * caseload: apps/web/README.md, "Languages"); the caller's `noun` ('order') names the rows.
 */
import type { ReactNode } from 'react';
import { tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';

import { formatNumber } from '../lib/format.ts';
import { Button } from './button.tsx';
import { LoadError } from './load-state.tsx';
import { EmptyState } from './page.tsx';
import { Spinner } from './spinner.tsx';

const features = tableFeatures({});

export interface ListColumn<T extends RowData> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
}

export function ListTable<T extends RowData>({
  label,
  noun,
  columns,
  rowKey,
  query,
  onPage,
  emptyTitle,
  emptyText,
}: {
  label: string;
  noun: string;
  columns: readonly ListColumn<T>[];
  rowKey: (row: T) => string | number;
  query: {
    data?: { count: number; next: string | null; previous: string | null; results: T[]; first?: string; last?: string };
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    refetch: () => unknown;
  };
  onPage: (link: string | null) => void;
  emptyTitle: string;
  emptyText: string;
}) {
  const defs: ColumnDef<typeof features, T>[] = columns.map((column) => ({
    id: column.id,
    header: column.header,
    cell: ({ row }) => column.cell(row.original),
  }));
  const table = useTable({ features, columns: defs, data: query.data?.results ?? [] });
  const data = query.data;

  if (query.isPending) {
    return (
      <div className="section__loading">
        <Spinner label={`Loading the ${noun}s…`} />
      </div>
    );
  }
  if (query.isError && !data) {
    return <LoadError what={`the ${noun}s`} onRetry={query.refetch} />;
  }
  if (!data || data.results.length === 0) {
    return (
      <EmptyState title={emptyTitle} mascot={false}>
        <p>{emptyText}</p>
      </EmptyState>
    );
  }
  return (
    <>
      <p className="admin-results__count" aria-live="polite">
        {`${formatNumber(data.count)} ${data.count === 1 ? noun : `${noun}s`}`}
      </p>
      <div className="admin-table__scroll" role="region" aria-label={label} tabIndex={-1}>
        <table className="admin-table" aria-busy={query.isFetching}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col">
                    <table.FlexRender header={header} />
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={rowKey(row.original)}>
                {row.getAllCells().map((cell, index) => (
                  <td
                    key={cell.id}
                    className={index === 0 ? 'admin-table__col--holder' : undefined}
                    data-label={index === 0 ? undefined : columns[index]?.header}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.next || data.previous ? (
        <nav className="admin-pager" aria-label={`Pages of ${noun}s`}>
          {data.first !== undefined ? (
            <Button variant="secondary" disabled={!data.previous} onClick={() => onPage(null)}>
              First
            </Button>
          ) : null}
          <Button variant="secondary" disabled={!data.previous} onClick={() => onPage(data.previous)}>
            Previous
          </Button>
          <Button variant="secondary" disabled={!data.next} onClick={() => onPage(data.next)}>
            Next
          </Button>
          {data.last !== undefined ? (
            <Button variant="secondary" disabled={!data.next} onClick={() => onPage(data.last ?? null)}>
              Last
            </Button>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
