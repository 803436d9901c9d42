/**
 * The coach's working hours (issue 13 item 9): ranges 'HH:MM'–'HH:MM' per weekday in the coach's
 * own time zone, with the zone picker (Intl's zones). A range that ends before it starts, or that
 * overlaps another of the same day, says so under it and keeps Save disabled; the server's field
 * messages land on the same fields. Families then see the free slots in their own zone.
 */
import { useId, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { WEEKDAYS } from '@grove/domain';
import type { WorkingHours } from '@grove/domain/api/coaching';

import { Button } from '../../components/button.tsx';
import { QueryState } from '../../components/load-state.tsx';
import { submitUnlessBusy } from '../../components/form/submit-unless-busy.ts';
import { ApiError } from '../../lib/api-client.ts';
import { refusalText, useSaveWorkingHours, workingHoursQuery } from './coaching.api.ts';
import {
  MAX_RANGES,
  sortRows,
  timeZoneChoices,
  weekdayName,
  workingHoursIssues,
  type HoursRow,
} from './working-hours.ts';

type HoursForm = { time_zone: string; hours: HoursRow[] };

function toForm(answer: WorkingHours): HoursForm {
  return { time_zone: answer.time_zone, hours: sortRows(answer.hours) };
}

function nextRange(rows: readonly HoursRow[], weekday: number): HoursRow {
  const last = rows.filter((row) => row.weekday === weekday).at(-1);
  if (!last) return { weekday, start: '09:00', end: '17:00' };
  const [hours = 0, minutes = 0] = last.end.split(':').map(Number);
  const start = Math.min(hours * 60 + minutes + 60, 23 * 60);
  const clock = (value: number) =>
    `${String(Math.floor(value / 60)).padStart(2, '0')}:${String(value % 60).padStart(2, '0')}`;
  return { weekday, start: clock(start), end: clock(Math.min(start + 60, 24 * 60 - 1)) };
}

/** Where a server message of a 400 belongs: 'time_zone', 'hours.3.end', … ('hours.3' → its start). */
function serverField(key: string): string {
  const match = /^hours\.(\d+)(?:\.(start|end))?$/.exec(key);
  if (match) return `hours.${match[1]}.${match[2] ?? 'start'}`;
  return key === 'time_zone' ? 'time_zone' : 'form';
}

function HoursEditor({ initial }: { initial: WorkingHours }) {
  const save = useSaveWorkingHours();
  const form = useForm<HoursForm>({ defaultValues: toForm(initial) });
  const { fields, insert, remove } = useFieldArray({ control: form.control, name: 'hours' });
  const values = useWatch({ control: form.control });
  const rows: HoursRow[] = (values.hours ?? []).map((row) => ({
    weekday: row?.weekday ?? 1,
    start: row?.start ?? '',
    end: row?.end ?? '',
  }));
  const issues = workingHoursIssues(rows);
  const [serverIssues, setServerIssues] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string | null>(null);
  const baseId = useId();
  const zones = timeZoneChoices(initial.time_zone);

  const issueOf = (index: number, field: 'start' | 'end') =>
    issues.find((issue) => issue.index === index && issue.field === field)?.message ??
    serverIssues[`hours.${index}.${field}`] ??
    null;

  const submit = form.handleSubmit((data) => {
    setStatus(null);
    if (workingHoursIssues(data.hours).length > 0) return;
    save.mutate(
      { time_zone: data.time_zone, hours: data.hours.map(({ weekday, start, end }) => ({ weekday, start, end })) },
      {
        onSuccess: (answer) => {
          form.reset(toForm(answer));
          setStatus('Your working hours were saved.');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400) {
            const found: Record<string, string> = {};
            for (const [key, messages] of Object.entries(error.fieldErrors)) {
              const field = serverField(key);
              found[field] = [found[field], ...messages].filter(Boolean).join(' ');
            }
            if (error.nonFieldErrors.length > 0) found.form = error.nonFieldErrors.join(' ');
            setServerIssues(found);
          } else {
            setServerIssues({ form: refusalText(error) });
          }
        },
      },
    );
  });

  const zoneId = `${baseId}-zone`;
  const zoneIssue = serverIssues.time_zone;
  return (
    <form
      className="hours-form"
      noValidate
      aria-label="Working hours"
      // Any change makes the server's earlier answer stale.
      onChange={() => setServerIssues({})}
      onSubmit={submitUnlessBusy(save.isPending, submit)}
    >
      <div className="field">
        <label className="field__label" htmlFor={zoneId}>
          Time zone
        </label>
        <select
          id={zoneId}
          className="input select"
          aria-invalid={zoneIssue ? true : undefined}
          aria-describedby={zoneIssue ? `${zoneId}-issue` : `${zoneId}-hint`}
          defaultValue={initial.time_zone}
          {...form.register('time_zone')}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
        <p className="field__hint" id={`${zoneId}-hint`}>
          Your hours are in this zone; families see the times in theirs.
        </p>
        {zoneIssue ? (
          <p className="field__issue field__issue--error" id={`${zoneId}-issue`}>
            {zoneIssue}
          </p>
        ) : null}
      </div>
      <div className="hours-days">
        {WEEKDAYS.map((weekday) => {
          const day = weekdayName(weekday);
          const ranges = fields
            .map((field, index) => ({ field, index }))
            .filter(({ index }) => rows[index]?.weekday === weekday);
          return (
            <fieldset key={weekday} className="hours-day">
              <legend className="hours-day__name">{day}</legend>
              {ranges.length === 0 ? <p className="coaching-muted hours-day__off">Not working</p> : null}
              {ranges.map(({ field, index }, position) => {
                const context = ` — ${day}, hours ${position + 1}`;
                const startId = `${baseId}-${field.id}-start`;
                const endId = `${baseId}-${field.id}-end`;
                const startIssue = issueOf(index, 'start');
                const endIssue = issueOf(index, 'end');
                return (
                  <div key={field.id} className="hours-row">
                    <div className="field hours-row__field">
                      <label className="field__label" htmlFor={startId}>
                        From<span className="visually-hidden">{context}</span>
                      </label>
                      <input
                        id={startId}
                        type="time"
                        className="input"
                        aria-invalid={startIssue ? true : undefined}
                        aria-describedby={startIssue ? `${startId}-issue` : undefined}
                        {...form.register(`hours.${index}.start`)}
                      />
                    </div>
                    <div className="field hours-row__field">
                      <label className="field__label" htmlFor={endId}>
                        To<span className="visually-hidden">{context}</span>
                      </label>
                      <input
                        id={endId}
                        type="time"
                        className="input"
                        aria-invalid={endIssue ? true : undefined}
                        aria-describedby={endIssue ? `${endId}-issue` : undefined}
                        {...form.register(`hours.${index}.end`)}
                      />
                    </div>
                    <Button variant="ghost" className="hours-row__remove" onClick={() => remove(index)}>
                      Remove<span className="visually-hidden">{context}</span>
                    </Button>
                    {startIssue ? (
                      <p className="field__issue field__issue--error hours-row__issue" id={`${startId}-issue`}>
                        {startIssue}
                      </p>
                    ) : null}
                    {endIssue ? (
                      <p className="field__issue field__issue--error hours-row__issue" id={`${endId}-issue`}>
                        {endIssue}
                      </p>
                    ) : null}
                  </div>
                );
              })}
              <Button
                variant="ghost"
                className="hours-day__add"
                disabled={fields.length >= MAX_RANGES}
                onClick={() => {
                  const last = ranges.at(-1);
                  const at = last ? last.index + 1 : rows.filter((row) => row.weekday < weekday).length;
                  insert(at, nextRange(rows, weekday));
                }}
              >
                Add hours<span className="visually-hidden"> on {day}</span>
              </Button>
            </fieldset>
          );
        })}
      </div>
      {serverIssues.form ? (
        <p className="coaching-error" role="alert">
          {serverIssues.form}
        </p>
      ) : null}
      <div className="hours-form__actions">
        <Button type="submit" disabled={issues.length > 0} loading={save.isPending}>
          Save working hours
        </Button>
        <p role="status" className="coaching-status-line">
          {status}
        </p>
      </div>
    </form>
  );
}

export function WorkingHoursForm() {
  const hours = useQuery(workingHoursQuery());
  return (
    <QueryState query={hours} what="your working hours">
      {(data) => <HoursEditor initial={data} />}
    </QueryState>
  );
}
