/**
 * Staff notes on an account (SPEC §3 Account note, §5; issue 14 item 2). The routes are staff-only;
 * a missing account, a missing note and another account's note all answer 404. `count` is counted
 * at every read, so it follows creates, edits and deletes whatever their order or concurrency.
 */
import type { Paging } from '@grove/domain/api/common';
import type { Note } from '@grove/domain/api/notes';
import { SUPPORT_MESSAGES } from '@grove/domain/support';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import * as repo from './notes.repository.ts';

/** Writing a note of an account that was deleted meanwhile (PostgreSQL 23503, any driver). */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

const person = (id: number | null, firstName: string | null, lastName: string | null) =>
  id === null ? null : { id, name: `${firstName ?? ''} ${lastName ?? ''}`.trim() };

export function toNote(row: repo.NoteRow): Note {
  return {
    id: row.id,
    account_id: row.accountId,
    text: row.text,
    author: person(row.authorId, row.authorFirstName, row.authorLastName),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    edited_by: person(row.editorId, row.editorFirstName, row.editorLastName),
  };
}

export async function listNotes(db: Db, accountId: number, paging: Paging) {
  if (!(await repo.accountExists(db, accountId))) throw notFound();
  const { count, rows } = await repo.pageNotes(db, accountId, paging.page_size, (paging.page - 1) * paging.page_size);
  return { count, page: paging.page, pageSize: paging.page_size, results: rows.map(toNote) };
}

export async function getNote(db: Db, accountId: number, noteId: number): Promise<Note> {
  const row = await repo.findNote(db, accountId, noteId);
  if (!row) throw notFound();
  return toNote(row);
}

export async function createNote(db: Db, author: AuthUser, accountId: number, text: string): Promise<Note> {
  if (!(await repo.accountExists(db, accountId))) throw notFound();
  let id: number;
  try {
    id = await repo.insertNote(db, { accountId, authorUserId: author.id, text });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound();
    throw error;
  }
  return getNote(db, accountId, id);
}

export async function updateNote(db: Db, editor: AuthUser, accountId: number, noteId: number, text: string) {
  if (!(await repo.updateNoteText(db, accountId, noteId, { text, editedByUserId: editor.id }))) throw notFound();
  return getNote(db, accountId, noteId);
}

export async function deleteNote(db: Db, accountId: number, noteId: number) {
  if (!(await repo.deleteNote(db, accountId, noteId))) throw notFound();
  return { detail: SUPPORT_MESSAGES.noteDeleted };
}
