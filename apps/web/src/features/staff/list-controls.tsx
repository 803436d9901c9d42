/**
 * Controls shared by the back-office lists (and the coach's caseload, which the route builds from
 * them): a labelled filter select, search box and date, the CSV download and the filter card.
 */
import { useId, useState, type ReactNode } from 'react';

import { Button } from '../../components/button.tsx';

/** The type of every one-value filter: its label, the value from the address, and the change. */
type FilterProps = { label: string; value: string; onChange: (value: string) => void };

/** A labelled filter of the card; `control` draws the control with the id the label points at. */
function Filter({ label, control }: { label: string; control: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="field admin-filter">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {control(id)}
    </div>
  );
}

export function FilterSelect({
  label,
  value,
  options,
  onChange,
}: FilterProps & { options: readonly { value: string; label: string }[] }) {
  return (
    <Filter
      label={label}
      control={(id) => (
        <select id={id} className="input select" value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">Any</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/**
 * A search box of a list's filters: the filter changes on Enter or when the box loses focus, not on
 * each key, so the list is not read again while someone types.
 */
export function SearchFilter({ label, value, onChange }: FilterProps) {
  return (
    <Filter
      label={label}
      control={(id) => (
        <input
          id={id}
          className="input"
          type="search"
          maxLength={100}
          defaultValue={value}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onChange(event.currentTarget.value.trim());
          }}
          onBlur={(event) => onChange(event.currentTarget.value.trim())}
        />
      )}
    />
  );
}

/** A day of a list's filters (from, to). */
export function DateFilter({ label, value, onChange }: FilterProps) {
  return (
    <Filter
      label={label}
      control={(id) => (
        <input id={id} className="input" type="date" value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    />
  );
}

/** The CSV button of a list: `download` fetches and saves the file; a failure shows under it. */
export function CsvButton({ download, label }: { download: () => Promise<void>; label: string }) {
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
            await download();
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
  download,
  filtered,
  onClear,
  children,
}: {
  label: string;
  download: () => Promise<void>;
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
      <CsvButton download={download} label="Download CSV" />
    </div>
  );
}
