/**
 * The coach's time off (issue 13 item 9): what is blocked from now on, and blocking more — two
 * wall-clock times in the coach's zone and a reason. Calls already booked in it stay; the coach
 * cancels them from the calls list.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { COACHING_LIMITS, COACHING_MESSAGES } from '@grove/domain';

import { Button } from '../../components/button.tsx';
import { QueryState } from '../../components/load-state.tsx';
import { refusalText, timeOffQuery, useTimeOffChange } from './coaching.api.ts';
import { zonedInstant } from './working-hours.ts';
import { formatDateTime } from '../../lib/format.ts';

export function TimeOffPanel({ timeZone }: { timeZone: string }) {
  const list = useQuery(timeOffQuery());
  const change = useTimeOffChange();
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const baseId = useId();

  const start = zonedInstant(startsAt, timeZone);
  const end = zonedInstant(endsAt, timeZone);
  const orderIssue = start && end && Date.parse(end) <= Date.parse(start) ? COACHING_MESSAGES.endBeforeStart : null;
  const startIssue = submitted && !start ? 'Choose when your time off starts.' : null;
  const endIssue = orderIssue ?? (submitted && !end ? 'Choose when your time off ends.' : null);

  const add = () => {
    setSubmitted(true);
    setStatus(null);
    if (!start || !end || orderIssue) return;
    change.mutate(
      { kind: 'add', body: { starts_at: start, ends_at: end, reason: reason.trim() } },
      {
        onSuccess: () => {
          setStartsAt('');
          setEndsAt('');
          setReason('');
          setSubmitted(false);
          setStatus('Your time off was added.');
        },
      },
    );
  };

  const ids = { start: `${baseId}-start`, end: `${baseId}-end`, reason: `${baseId}-reason`, hint: `${baseId}-hint` };
  return (
    <div className="time-off">
      <QueryState query={list} what="your time off">
        {(data) =>
          data.results.length === 0 ? (
            <p className="coaching-muted">No time off planned.</p>
          ) : (
            <ul className="time-off__list">
              {data.results.map((item) => {
                const label = `${formatDateTime(item.starts_at, timeZone)} to ${formatDateTime(item.ends_at, timeZone)}`;
                return (
                  <li key={item.id} className="time-off__item">
                    <span>
                      {label}
                      {item.reason ? ` — ${item.reason}` : ''}
                    </span>
                    <Button
                      variant="ghost"
                      loading={
                        change.isPending && change.variables?.kind === 'delete' && change.variables.id === item.id
                      }
                      onClick={() => change.mutate({ kind: 'delete', id: item.id })}
                      aria-label={`Remove the time off from ${label}`}
                    >
                      Remove
                    </Button>
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryState>
      <form
        className="time-off__form"
        noValidate
        aria-label="Add time off"
        onSubmit={(event) => {
          event.preventDefault();
          if (!change.isPending) add();
        }}
      >
        <p className="field__hint" id={ids.hint}>
          Times in your time zone, {timeZone.replace(/_/g, ' ')}. Calls already booked then stay booked.
        </p>
        <div className="time-off__fields">
          <div className="field">
            <label className="field__label" htmlFor={ids.start}>
              Starts
            </label>
            <input
              id={ids.start}
              type="datetime-local"
              className="input"
              value={startsAt}
              aria-invalid={startIssue ? true : undefined}
              aria-describedby={[ids.hint, startIssue ? `${ids.start}-issue` : ''].filter(Boolean).join(' ')}
              onChange={(event) => setStartsAt(event.target.value)}
            />
            {startIssue ? (
              <p className="field__issue field__issue--error" id={`${ids.start}-issue`}>
                {startIssue}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label className="field__label" htmlFor={ids.end}>
              Ends
            </label>
            <input
              id={ids.end}
              type="datetime-local"
              className="input"
              value={endsAt}
              aria-invalid={endIssue ? true : undefined}
              aria-describedby={[ids.hint, endIssue ? `${ids.end}-issue` : ''].filter(Boolean).join(' ')}
              onChange={(event) => setEndsAt(event.target.value)}
            />
            {endIssue ? (
              <p className="field__issue field__issue--error" id={`${ids.end}-issue`}>
                {endIssue}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label className="field__label" htmlFor={ids.reason}>
              Reason (optional)
            </label>
            <input
              id={ids.reason}
              className="input"
              value={reason}
              maxLength={COACHING_LIMITS.timeOffReasonMax}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
        </div>
        {change.isError ? (
          <p className="coaching-error" role="alert">
            {refusalText(change.error)}
          </p>
        ) : null}
        <div className="time-off__actions">
          <Button type="submit" variant="secondary" loading={change.isPending && change.variables?.kind === 'add'}>
            Add time off
          </Button>
          <p role="status" className="coaching-status-line">
            {status}
          </p>
        </div>
      </form>
    </div>
  );
}
