/** The staff writes on an account (issue 14 §7, §10), newest first, page by page, by staff member. */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@grove/domain';

import { Button } from '../../components/button.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { auditQuery, cursorOf } from './admin.api.ts';

const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

export function AccountAudit({ accountId, timeZone }: { accountId: number; timeZone: string }) {
  const id = useId();
  const [cursor, setCursor] = useState<string | null>(null);
  const [actor, setActor] = useState('');
  const audit = useQuery(auditQuery(accountId, cursor, actor));
  return (
    <section className="card admin-section" aria-labelledby="admin-audit-title">
      <h2 className="card__title" id="admin-audit-title">
        History of staff changes{audit.data ? ` (${audit.data.count})` : ''}
      </h2>
      <form
        className="admin-inline-form"
        role="search"
        aria-label="Changes by a staff member"
        onSubmit={(event) => {
          event.preventDefault();
          const value = new FormData(event.currentTarget).get('actor');
          setCursor(null);
          setActor(typeof value === 'string' ? value.trim().slice(0, 254) : '');
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor={id}>
            Staff member’s e-mail
          </label>
          <input id={id} name="actor" className="input" type="search" maxLength={254} defaultValue={actor} />
        </div>
        <Button type="submit" variant="secondary">
          Show their changes
        </Button>
      </form>
      {audit.isPending ? (
        <Spinner label="Loading the history…" />
      ) : audit.isError ? (
        <p role="alert">
          We couldn’t load the history.{' '}
          <Button variant="ghost" onClick={() => void audit.refetch()}>
            Try again
          </Button>
        </p>
      ) : audit.data.results.length === 0 ? (
        <p>{actor ? `No change by ${actor} on this account.` : 'No staff member has changed this account yet.'}</p>
      ) : (
        <>
          <ol className="admin-audit">
            {audit.data.results.map((row) => (
              <li key={row.id} className="admin-audit__row">
                <strong>{row.action}</strong> — {row.actor.email}, {formatDateTime(row.created_at, timeZone)}
                {row.reason ? <div>Reason: {row.reason}</div> : null}
                {row.before !== null || row.after !== null ? (
                  <div className="admin-audit__change">
                    {show(row.before)} → {show(row.after)}
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
          <nav className="admin-pager" aria-label="Pages of the history">
            <Button
              variant="secondary"
              disabled={!audit.data.previous}
              onClick={() => setCursor(cursorOf(audit.data.previous))}
            >
              Newer
            </Button>
            <Button
              variant="secondary"
              disabled={!audit.data.next}
              onClick={() => setCursor(cursorOf(audit.data.next))}
            >
              Older
            </Button>
          </nav>
        </>
      )}
    </section>
  );
}
