/**
 * Staff notes on an account (SPEC §3 Account note, §5; issue 14 §10): write one at the top; each
 * note is an edit_save_delete_cancel form (SPEC §4) — read-only until Edit, then Save, Delete
 * (after a confirmation quoting it) or Cancel (the earlier text back); the count follows every change.
 */
import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_LIMITS } from '@grove/domain/admin';
import type { adminApi } from '@grove/domain/api/admin';
import type { Reply } from '@grove/domain/api/common';

import { Button } from '../../components/button.tsx';
import { GroveForm, type FieldRules, type FormFieldConfig } from '../../components/form/grove-form.tsx';
import { QueryState } from '../../components/load-state.tsx';
import { FieldError, fieldErrorAria, useOneFieldForm } from './one-field-form.tsx';
import { applyNoteChange, createNote, deleteNote, notesQuery, NOTES_PAGE_SIZE, updateNote } from './admin.api.ts';
import { formatDateTime } from '../../lib/format.ts';

type Note = Reply<typeof adminApi.note>;

function localCheck(text: string): string | null {
  if (text.trim() === '') return 'Write the note first.';
  if ([...text].length > ADMIN_LIMITS.noteMax) return `At most ${ADMIN_LIMITS.noteMax} characters.`;
  return null;
}

const NOTES_TITLE_ID = 'admin-notes-title';

const NOTE_FIELDS: readonly FormFieldConfig[] = [
  { name: 'text', label: 'Note', kind: 'textarea', required: true, maxLength: ADMIN_LIMITS.noteMax },
];
const NOTE_RULES: FieldRules = {
  text: (value) => {
    const problem = localCheck(value);
    return problem ? { message: problem, severity: 'error' } : null;
  },
};

function quoted(text: string, length: number): string {
  return `“${text.length > length ? `${text.slice(0, length)}…` : text}”`;
}

/** One note: read-only until Edit; Save, Delete (after confirming) or Cancel. */
function NoteItem({
  accountId,
  note,
  timeZone,
  onStatus,
}: {
  accountId: number;
  note: Note;
  timeZone: string;
  onStatus: (status: string) => void;
}) {
  const queryClient = useQueryClient();
  const author = note.author?.name ?? 'Former staff member';
  const written = formatDateTime(note.created_at, timeZone);
  const edited = note.edited_by
    ? ` · edited by ${note.edited_by.name} ${formatDateTime(note.updated_at, timeZone)}`
    : '';
  return (
    <li className="admin-note">
      <GroveForm
        type="edit_save_delete_cancel"
        className="admin-note__form"
        headingLevel={3}
        titleHidden
        title={`Note ${quoted(note.text, 40)}`}
        description={`${author} · ${written}${edited}`}
        fields={NOTE_FIELDS}
        values={{ text: note.text }}
        rules={NOTE_RULES}
        saveLabel="Save note"
        onSubmit={async (values) => {
          const saved = await updateNote(accountId, note.id, values.text ?? '');
          applyNoteChange(queryClient, accountId, { kind: 'update', note: saved });
          onStatus('Note saved.');
        }}
        confirmDelete={{
          title: 'Delete this note?',
          confirmLabel: 'Delete note',
          body: <p>{quoted(note.text, 120)} will be deleted for good.</p>,
          // The note's form goes with it: focus lands on the notes' heading.
          fallbackFocus: () => document.getElementById(NOTES_TITLE_ID),
        }}
        onDelete={async () => {
          await deleteNote(accountId, note.id);
          applyNoteChange(queryClient, accountId, { kind: 'delete', noteId: note.id });
          onStatus('Note deleted.');
        }}
      />
    </li>
  );
}

/** The new note, written at the top of the list. */
function NewNoteEditor({ onSubmit }: { onSubmit: (text: string) => Promise<void> }) {
  const id = useId();
  const form = useOneFieldForm({ field: 'text', check: localCheck, send: onSubmit });
  return (
    <form
      className="admin-section"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor={id}>
          New note
        </label>
        <textarea
          id={id}
          className="input"
          rows={3}
          value={form.text}
          {...fieldErrorAria(id, form.error)}
          onChange={(event) => form.setText(event.target.value)}
        />
        <FieldError id={id} error={form.error} />
      </div>
      <div className="admin-note__actions">
        <Button type="submit" variant="secondary" loading={form.busy}>
          Add note
        </Button>
      </div>
    </form>
  );
}

export function AccountNotes({ accountId, timeZone }: { accountId: number; timeZone: string }) {
  const queryClient = useQueryClient();
  const [pageSize, setPageSize] = useState(NOTES_PAGE_SIZE);
  const notes = useQuery(notesQuery(accountId, pageSize));
  const [status, setStatus] = useState<string | null>(null);

  const count = notes.data?.count;
  return (
    <section className="card admin-section" aria-labelledby={NOTES_TITLE_ID}>
      <h2 className="card__title" id={NOTES_TITLE_ID} tabIndex={-1}>
        Notes{count === undefined ? '' : ` (${count})`}
      </h2>
      <NewNoteEditor
        onSubmit={async (text) => {
          const note = await createNote(accountId, text);
          applyNoteChange(queryClient, accountId, { kind: 'create', note });
          setStatus('Note added.');
        }}
      />
      <p className="admin-status" role="status">
        {status}
      </p>
      <QueryState query={notes} what="the notes">
        {(data) =>
          data.results.length === 0 ? (
            <p>No notes yet.</p>
          ) : (
            <ul className="admin-notes" aria-label="Notes">
              {data.results.map((note) => (
                <NoteItem key={note.id} accountId={accountId} note={note} timeZone={timeZone} onStatus={setStatus} />
              ))}
            </ul>
          )
        }
      </QueryState>
      {notes.data && notes.data.next ? (
        <Button
          variant="secondary"
          loading={notes.isFetching}
          onClick={() => setPageSize((size) => size + NOTES_PAGE_SIZE)}
        >
          Show more notes
        </Button>
      ) : null}
    </section>
  );
}
