/**
 * The staff writes on an account (issue 14 §7, §10), newest first, page by page, by staff member.
 * Each says in words what changed (issue 26 item 4: the domain's describeAuditEntry, names of
 * coaches and players resolved from what the page already holds); the raw record is one click away.
 */
import { useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { describeAuditEntry, type AuditWordingContext } from '@grove/domain/audit-history';

import { Button } from '../../components/button.tsx';
import { QueryState } from '../../components/load-state.tsx';
import { auditQuery, coachesQuery, cursorOf } from './admin.api.ts';
import { formatDateTime } from '../../lib/format.ts';

const record = (row: { before: unknown; after: unknown; request: unknown }) =>
  JSON.stringify({ before: row.before ?? null, after: row.after ?? null, request: row.request ?? null }, null, 2);

type Named = { id: number; name: string };
const NO_PLAYERS: readonly Named[] = [];

export function AccountAudit({
  accountId,
  timeZone,
  players = NO_PLAYERS,
  coach = null,
}: {
  accountId: number;
  timeZone: string;
  /** The account's players: a gauge change names its player. */
  players?: readonly Named[];
  /** The account's coach now (besides the coaches' list). */
  coach?: Named | null;
}) {
  const id = useId();
  const [cursor, setCursor] = useState<string | null>(null);
  const [actor, setActor] = useState('');
  const audit = useQuery(auditQuery(accountId, cursor, actor));
  const coaches = useQuery(coachesQuery());
  const context = useMemo((): AuditWordingContext => {
    const people = new Map<number, string>((coaches.data?.results ?? []).map((person) => [person.id, person.name]));
    if (coach) people.set(coach.id, coach.name);
    const playerNames = new Map(players.map((player) => [player.id, player.name]));
    return { timeZone, userName: (key) => people.get(key), playerName: (key) => playerNames.get(key) };
  }, [coaches.data, coach, players, timeZone]);
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
      <QueryState query={audit} what="the history">
        {(data) =>
          data.results.length === 0 ? (
            <p>{actor ? `No change by ${actor} on this account.` : 'No staff member has changed this account yet.'}</p>
          ) : (
            <>
              <ol className="admin-audit">
                {data.results.map((row) => (
                  <li key={row.id} className="admin-audit__row">
                    <ul className="admin-audit__lines">
                      {describeAuditEntry(row, context).map((line, index) => (
                        <li key={index}>{index === 0 ? <strong>{line}</strong> : line}</li>
                      ))}
                    </ul>
                    <span className="admin-audit__meta">
                      {row.actor.email}, {formatDateTime(row.created_at, timeZone)}
                    </span>
                    <details className="admin-audit__record">
                      <summary>Show the record</summary>
                      <p className="admin-audit__action">{row.action}</p>
                      <pre className="admin-audit__change">{record(row)}</pre>
                    </details>
                  </li>
                ))}
              </ol>
              <nav className="admin-pager" aria-label="Pages of the history">
                <Button
                  variant="secondary"
                  disabled={!data.previous}
                  onClick={() => setCursor(cursorOf(data.previous))}
                >
                  Newer
                </Button>
                <Button variant="secondary" disabled={!data.next} onClick={() => setCursor(cursorOf(data.next))}>
                  Older
                </Button>
              </nav>
            </>
          )
        }
      </QueryState>
    </section>
  );
}
