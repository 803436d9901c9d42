/**
 * The coach's brief of a family before a call (issue 13 item 9): per player the last four weeks —
 * minutes against the weekly goal (a small bar), heart-rate rises and cooldowns — the gauge and
 * chase-speed changes with their reasons, the latest survey answers; the family's own note; and
 * the coach notes with the editor (write, edit, share with the family or not, delete).
 */
import { useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import { COACHING_LIMITS } from '@grove/domain';
import type { Brief, CoachNote } from '@grove/domain/api/coaching';

import { Button } from '../../components/button.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { formatCalendarDay, formatDateTime, formatNumber, wholeMinutes } from '../../lib/format.ts';
import { callWhen } from './call-parts.tsx';
import { briefQuery, refusalText, useNoteChange } from './coaching.api.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';

/** Finds a user of the family's account: coach notes are written "by one of its users" (the contract). */
export type FamilyUserLookup = (accountId: number) => Promise<number | null>;

/**
 * What a route adds under a family's brief (features do not import each other), given the family's
 * account and time zone.
 */
export type FamilyExtra = (family: { accountId: number; timeZone: string }) => ReactNode;

const SETTING_NAMES: Record<string, string> = { hr_gauge: 'Gauge', chase_speed: 'Chase speed', acorns: 'Acorns' };

function settingName(setting: string): string {
  return SETTING_NAMES[setting] ?? setting.replace(/_/g, ' ');
}

function answerText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.map(answerText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

type BriefPlayer = Brief['players'][number];

function PlayerWeeks({ player, goal }: { player: BriefPlayer; goal: number }) {
  const captionId = useId();
  return (
    // Scrolls sideways on a narrow screen: focusable, so a keyboard can scroll it too.
    <div className="brief-table__scroll" tabIndex={0} role="group" aria-labelledby={captionId}>
      <table className="brief-table">
        <caption className="visually-hidden" id={captionId}>
          {player.name}: the last four weeks
        </caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Minutes (goal {goal})</th>
            <th scope="col">Rises</th>
            <th scope="col">Cooldowns</th>
          </tr>
        </thead>
        <tbody>
          {player.weeks.map((week) => {
            const minutes = wholeMinutes(week.seconds_played);
            const share = goal > 0 ? Math.min(100, Math.round((minutes / goal) * 100)) : 0;
            return (
              <tr key={week.week_start}>
                <th scope="row">{formatCalendarDay(week.week_start)}</th>
                <td>
                  <span className="brief-minutes">
                    <span className="brief-bar" aria-hidden="true">
                      <span
                        className={`brief-bar__fill${minutes >= goal ? ' brief-bar__fill--met' : ''}`}
                        style={{ width: `${share}%` }}
                      />
                    </span>
                    <span>
                      {formatNumber(minutes)}
                      {minutes >= goal ? <span className="visually-hidden"> (goal met)</span> : null}
                    </span>
                  </span>
                </td>
                <td>{formatNumber(week.hr_rises)}</td>
                <td>{formatNumber(week.cool_downs)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function PlayerBrief({ player, goal, timeZone }: { player: BriefPlayer; goal: number; timeZone: string }) {
  return (
    <div className="brief-player">
      <h4 className="brief-player__name">{player.name}</h4>
      <PlayerWeeks player={player} goal={goal} />
      <p className="brief-player__settings">
        Gauge {player.hr_gauge ?? '—'} · Chase speed {player.chase_speed ?? '—'} · {formatNumber(player.acorns)} acorns
      </p>
      {player.setting_changes.length > 0 ? (
        <>
          <h5 className="brief-player__label">Setting changes</h5>
          <ul className="brief-list">
            {player.setting_changes.map((change) => (
              <li key={`${change.setting}-${change.changed_at}`}>
                {settingName(change.setting)} {change.old_value} → {change.new_value}
                {change.reason ? `: ${change.reason}` : ''}{' '}
                <span className="coaching-muted">({formatDateTime(change.changed_at, timeZone)})</span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="coaching-muted">No gauge or chase-speed changes in these weeks.</p>
      )}
      {player.survey_answers.length > 0 ? (
        <>
          <h5 className="brief-player__label">Survey answers</h5>
          <ul className="brief-list">
            {player.survey_answers.map((answer) => (
              <li key={`${answer.survey}-${answer.created_at}`}>
                <strong>{answer.survey}</strong>{' '}
                <span className="coaching-muted">({formatDateTime(answer.created_at, timeZone)})</span>
                <dl className="brief-answers">
                  {Object.entries(answer.payload).map(([question, value]) => (
                    <div key={question}>
                      <dt>{question.replace(/_/g, ' ')}</dt>
                      <dd>{answerText(value)}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** Writing a new note, or editing `note`. */
export function NoteForm({
  accountId,
  familyUserId,
  note,
  onDone,
}: {
  accountId: number;
  familyUserId: FamilyUserLookup;
  note?: CoachNote;
  onDone?: (message: string) => void;
}) {
  const change = useNoteChange(accountId);
  const [body, setBody] = useState(note?.body ?? '');
  const [shared, setShared] = useState(note?.shared ?? true);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const bodyId = useId();
  const sharedId = useId();
  const hintId = useId();
  const blank = body.trim() === '';

  const save = async () => {
    if (blank) return;
    setLookupError(null);
    setSaved(null);
    if (note) {
      change.mutate(
        { kind: 'update', noteId: note.id, body: { body, shared } },
        { onSuccess: () => onDone?.('The note was saved.') },
      );
      return;
    }
    let user: number | null = null;
    try {
      user = await familyUserId(accountId);
    } catch {
      user = null;
    }
    if (user === null) {
      setLookupError('We couldn’t find this family’s account. Please try again.');
      return;
    }
    change.mutate(
      { kind: 'add', body: { user, body, shared } },
      {
        onSuccess: () => {
          setBody('');
          setShared(true);
          const message = shared ? 'Note saved and shared with the family.' : 'Note saved (coaches and staff only).';
          setSaved(message);
          onDone?.(message);
        },
      },
    );
  };

  const error = lookupError ?? (change.isError ? refusalText(change.error) : null);
  return (
    <form
      className="note-form"
      noValidate
      aria-label={note ? 'Edit the note' : 'Write a note'}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor={bodyId}>
          {note ? 'Note' : 'New note'}
        </label>
        <textarea
          id={bodyId}
          className="input textarea"
          value={body}
          maxLength={COACHING_LIMITS.noteMax}
          aria-describedby={hintId}
          onChange={(event) => setBody(event.target.value)}
        />
        <p className="field__hint" id={hintId}>
          What you talked about and what to try next. Up to {formatNumber(COACHING_LIMITS.noteMax)} characters.
        </p>
      </div>
      <div className="coaching-check">
        <input id={sharedId} type="checkbox" checked={shared} onChange={(event) => setShared(event.target.checked)} />
        <label htmlFor={sharedId}>Share with the family</label>
      </div>
      {error ? (
        <p className="coaching-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="note-form__actions">
        <Button type="submit" disabled={blank} loading={change.isPending}>
          {note ? 'Save changes' : 'Save note'}
        </Button>
        {note ? (
          <Button variant="ghost" onClick={() => onDone?.('')}>
            Cancel
          </Button>
        ) : null}
      </div>
      {note ? null : (
        <p role="status" className="coaching-status-line">
          {saved}
        </p>
      )}
    </form>
  );
}

function NoteItem({
  note,
  accountId,
  timeZone,
  canChange,
  familyUserId,
  onDelete,
}: {
  note: CoachNote;
  accountId: number;
  timeZone: string;
  canChange: boolean;
  familyUserId: FamilyUserLookup;
  onDelete: (note: CoachNote) => void;
}) {
  const [editing, setEditing] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);
  return (
    <li className="note">
      <p className="note__meta">
        {note.coach ? <strong>{note.coach.name}</strong> : null}
        {note.coach ? ' · ' : null}
        {formatDateTime(note.created_at, timeZone)}{' '}
        <span className={`badge${note.shared ? ' badge--green' : ''}`}>
          {note.shared ? 'Shared with the family' : 'Coaches only'}
        </span>
      </p>
      {editing ? (
        <NoteForm
          accountId={accountId}
          familyUserId={familyUserId}
          note={note}
          onDone={() => {
            setEditing(false);
            requestAnimationFrame(() => editRef.current?.focus());
          }}
        />
      ) : (
        <>
          <p className="note__body">{note.body}</p>
          {canChange ? (
            <div className="note__actions">
              <button
                ref={editRef}
                type="button"
                className="button button--ghost"
                onClick={() => setEditing(true)}
                aria-label={`Edit the note of ${formatDateTime(note.created_at, timeZone)}`}
              >
                Edit
              </button>
              <Button
                variant="ghost"
                onClick={() => onDelete(note)}
                aria-label={`Delete the note of ${formatDateTime(note.created_at, timeZone)}`}
              >
                Delete
              </Button>
            </div>
          ) : null}
        </>
      )}
    </li>
  );
}

export function FamilyBrief({
  accountId,
  timeZone,
  userId,
  isStaff,
  familyUserId,
  headingId,
  headingRef,
  extra,
}: {
  accountId: number;
  headingId: string;
  /** The zone times read in: the coach's. */
  timeZone: string;
  userId: number;
  isStaff: boolean;
  familyUserId: FamilyUserLookup;
  headingRef: Ref<HTMLHeadingElement>;
  extra?: FamilyExtra;
}) {
  const brief = useQuery(briefQuery(accountId));
  const remove = useNoteChange(accountId);
  const [deleting, setDeleting] = useState<CoachNote | null>(null);
  const notesHeadingRef = useRef<HTMLHeadingElement>(null);

  if (brief.isPending || brief.isError) {
    return (
      <>
        <h2 className="card__title" id={headingId} ref={headingRef} tabIndex={-1}>
          Brief
        </h2>
        {brief.isPending ? (
          <Spinner label="Loading the brief…" />
        ) : (
          <LoadError what="this family’s brief" onRetry={brief.refetch} />
        )}
      </>
    );
  }

  const data = brief.data;
  return (
    <>
      <h2 className="card__title" id={headingId} ref={headingRef} tabIndex={-1}>
        Brief: {data.family_name}
      </h2>
      <p className="coaching-muted">
        {data.upcoming_call ? `Next call: ${callWhen(data.upcoming_call, timeZone)}. ` : 'No call booked. '}
        The family’s time zone: {data.time_zone.replace(/_/g, ' ')}.
      </p>
      <h3 className="coaching-subtitle">The family’s note</h3>
      {data.custom_note.trim() ? (
        <blockquote className="brief-family-note">{data.custom_note}</blockquote>
      ) : (
        <p className="coaching-muted">The family hasn’t written a note.</p>
      )}
      <h3 className="coaching-subtitle">Players</h3>
      {data.players.length === 0 ? <p className="coaching-muted">No players on this account yet.</p> : null}
      {data.players.map((player) => (
        <PlayerBrief key={player.id} player={player} goal={data.goal_minutes} timeZone={timeZone} />
      ))}
      <h3 className="coaching-subtitle" ref={notesHeadingRef} tabIndex={-1}>
        Notes
      </h3>
      <NoteForm accountId={accountId} familyUserId={familyUserId} />
      {data.notes.length === 0 ? (
        <p className="coaching-muted">No notes yet.</p>
      ) : (
        <ul className="note-list">
          {data.notes.map((note) => (
            <NoteItem
              key={note.id}
              note={note}
              accountId={accountId}
              timeZone={timeZone}
              canChange={isStaff || note.coach?.id === userId}
              familyUserId={familyUserId}
              onDelete={(chosen) => {
                remove.reset();
                setDeleting(chosen);
              }}
            />
          ))}
        </ul>
      )}
      {extra ? extra({ accountId, timeZone: data.time_zone }) : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete this note?"
          confirmLabel="Delete the note"
          cancelLabel="Keep the note"
          describeError={refusalText}
          onClose={() => setDeleting(null)}
          fallbackFocus={() => notesHeadingRef.current}
          onConfirm={async () => {
            await remove.mutateAsync({ kind: 'delete', noteId: deleting.id });
            requestAnimationFrame(() => notesHeadingRef.current?.focus());
          }}
        >
          <p>{deleting.shared ? 'The family will no longer see it.' : 'Only coaches and staff could see it.'}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
