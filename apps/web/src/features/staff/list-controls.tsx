/** Controls shared by the back-office lists: a labelled filter select and the CSV download. */
import { useId, useState, type ReactNode } from 'react';

import { Button } from '../../components/button.tsx';
import type { QueryValue } from '../../lib/api-client.ts';
import { downloadCsv, type LISTS } from './backoffice.api.ts';

export function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field admin-filter">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="input select" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CsvButton({
  list,
  query,
  label,
}: {
  list: keyof typeof LISTS;
  query: Readonly<Record<string, QueryValue>>;
  label: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="admin-csv">
      <Button
        variant="secondary"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await downloadCsv(list, query);
          } catch (failure) {
            setError(failure instanceof Error ? failure.message : 'The download failed. Please try again.');
          } finally {
            setBusy(false);
          }
        }}
      >
        {label}
      </Button>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The filter card of a back-office list: its filters, Clear filters when any is set, and the CSV. */
export function ListFilters({
  label,
  list,
  csv,
  filtered,
  onClear,
  children,
}: {
  label: string;
  list: keyof typeof LISTS;
  csv: Readonly<Record<string, QueryValue>>;
  filtered: boolean;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <div role="search" aria-label={label} className="card admin-search">
      <div className="admin-filters">
        {children}
        {filtered ? (
          <Button variant="ghost" onClick={onClear}>
            Clear filters
          </Button>
        ) : null}
      </div>
      <CsvButton list={list} query={csv} label="Download CSV" />
    </div>
  );
}
