/**
 * Staff notes on an account (SPEC §3 Account note, §5; issue 14 §10): write one at the top, edit
 * and delete (after a confirmation quoting it); the count follows every change.
 */
import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_LIMITS } from '@grove/domain/admin';
import type { adminApi } from '@grove/domain/api/admin';
import type { Reply } from '@grove/domain/api/common';
import { formatDateTime } from '@grove/domain';

import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { applyNoteChange, createNote, deleteNote, notesQuery, NOTES_PAGE_SIZE, updateNote } from './admin.api.ts';

type Note = Reply<typeof adminApi.note>;

function textError(error: unknown): string {
  if (error instanceof ApiError && error.body && typeof error.body === 'object') {
    const messages = (error.body as Record<string, unknown>).text;
    if (Array.isArray(messages) && typeof messages[0] === 'string') return messages[0];
  }
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

function localCheck(text: string): string | null {
  if (text.trim() === '') return 'Write the note first.';
  if ([...text].length > ADMIN_LIMITS.noteMax) return `At most ${ADMIN_LIMITS.noteMax} characters.`;
  return null;
}

function NoteEditor({
  label,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial: string;
  submitLabel: string;
  onSubmit: (text: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const problem = localCheck(text);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      await onSubmit(text);
      if (!onCancel) setText('');
    } catch (failure) {
      setError(textError(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="admin-section"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <textarea
          id={id}
          className="input"
          rows={3}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setText(event.target.value)}
          // The editor of an existing note opens with the focus in it.
          autoFocus={Boolean(onCancel)}
        />
        {error ? (
          <span className="field__issue field__issue--error" id={`${id}-error`} role="alert">
            {error}
          </span>
        ) : null}
      </div>
      <div className="admin-note__actions">
        <Button type="submit" variant={onCancel ? 'primary' : 'secondary'} loading={busy}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

export function AccountNotes({ accountId, timeZone }: { accountId: number; timeZone: string }) {
  const queryClient = useQueryClient();
  const [pageSize, setPageSize] = useState(NOTES_PAGE_SIZE);
  const notes = useQuery(notesQuery(accountId, pageSize));
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Note | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const count = notes.data?.count;
  return (
    <section className="card admin-section" aria-labelledby="admin-notes-title">
      <h2 className="card__title" id="admin-notes-title">
        Notes{count === undefined ? '' : ` (${count})`}
      </h2>
      <NoteEditor
        label="New note"
        initial=""
        submitLabel="Add note"
        onSubmit={async (text) => {
          const note = await createNote(accountId, text);
          applyNoteChange(queryClient, accountId, { kind: 'create', note });
          setStatus('Note added.');
        }}
      />
      <p className="admin-status" role="status">
        {status}
      </p>
      {notes.isPending ? (
        <Spinner label="Loading the notes…" />
      ) : notes.isError ? (
        <p role="alert">
          We couldn’t load the notes.{' '}
          <Button variant="ghost" onClick={() => void notes.refetch()}>
            Try again
          </Button>
        </p>
      ) : notes.data.results.length === 0 ? (
        <p>No notes yet.</p>
      ) : (
        <ul className="admin-notes" aria-label="Notes">
          {notes.data.results.map((note) => (
            <li key={note.id} className="admin-note">
              {editing === note.id ? (
                <NoteEditor
                  label="Edit the note"
                  initial={note.text}
                  submitLabel="Save note"
                  onCancel={() => setEditing(null)}
                  onSubmit={async (text) => {
                    const saved = await updateNote(accountId, note.id, text);
                    applyNoteChange(queryClient, accountId, { kind: 'update', note: saved });
                    setEditing(null);
                    setStatus('Note saved.');
                  }}
                />
              ) : (
                <>
                  <p className="admin-note__text">{note.text}</p>
                  <span className="admin-note__meta">
                    {note.author?.name ?? 'Former staff member'} · {formatDateTime(note.created_at, timeZone)}
                    {note.edited_by
                      ? ` · edited by ${note.edited_by.name} ${formatDateTime(note.updated_at, timeZone)}`
                      : ''}
                  </span>
                  <div className="admin-note__actions">
                    <Button variant="ghost" onClick={() => setEditing(note.id)}>
                      Edit<span className="visually-hidden"> the note “{note.text.slice(0, 40)}”</span>
                    </Button>
                    <Button variant="ghost" onClick={() => setDeleting(note)}>
                      Delete<span className="visually-hidden"> the note “{note.text.slice(0, 40)}”</span>
                    </Button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {notes.data && notes.data.next ? (
        <Button
          variant="secondary"
          loading={notes.isFetching}
          onClick={() => setPageSize((size) => size + NOTES_PAGE_SIZE)}
        >
          Show more notes
        </Button>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete this note?"
          confirmLabel="Delete note"
          onConfirm={async () => {
            await deleteNote(accountId, deleting.id);
            applyNoteChange(queryClient, accountId, { kind: 'delete', noteId: deleting.id });
            setStatus('Note deleted.');
          }}
          onClose={() => setDeleting(null)}
        >
          <p>
            “{deleting.text.length > 120 ? `${deleting.text.slice(0, 120)}…` : deleting.text}” will be deleted for good.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
