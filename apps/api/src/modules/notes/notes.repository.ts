import { aliasedTable, and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accountNotes, accounts, users } from '../../db/schema/index.ts';

const author = aliasedTable(users, 'note_author');
const editor = aliasedTable(users, 'note_editor');

/** A note with the names of its author and last editor (null once their user is gone). */
function selectNotes(db: Executor) {
  return db
    .select({
      id: accountNotes.id,
      accountId: accountNotes.accountId,
      text: accountNotes.text,
      createdAt: accountNotes.createdAt,
      updatedAt: accountNotes.updatedAt,
      authorId: author.id,
      authorFirstName: author.firstName,
      authorLastName: author.lastName,
      editorId: editor.id,
      editorFirstName: editor.firstName,
      editorLastName: editor.lastName,
    })
    .from(accountNotes)
    .leftJoin(author, eq(author.id, accountNotes.authorUserId))
    .leftJoin(editor, eq(editor.id, accountNotes.editedByUserId));
}

export type NoteRow = Awaited<ReturnType<ReturnType<typeof selectNotes>['execute']>>[number];

export async function accountExists(db: Executor, accountId: number): Promise<boolean> {
  const rows = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return rows.length === 1;
}

/** One page of an account's notes, newest first (the (account_id, id) index), and how many it has. */
export async function pageNotes(db: Executor, accountId: number, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    selectNotes(db)
      .where(eq(accountNotes.accountId, accountId))
      .orderBy(desc(accountNotes.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(accountNotes).where(eq(accountNotes.accountId, accountId)),
  ]);
  return { count: total[0]?.n ?? 0, rows };
}

/** Note `noteId` of account `accountId`; null when missing or another account's. */
export async function findNote(db: Executor, accountId: number, noteId: number): Promise<NoteRow | null> {
  const [row] = await selectNotes(db)
    .where(and(eq(accountNotes.accountId, accountId), eq(accountNotes.id, noteId)))
    .limit(1);
  return row ?? null;
}

export async function insertNote(db: Executor, values: { accountId: number; authorUserId: number; text: string }) {
  const [row] = await db.insert(accountNotes).values(values).returning({ id: accountNotes.id });
  return row!.id;
}

/** Replaces the text of note `noteId` of account `accountId`; false when there is no such note. */
export async function updateNoteText(
  db: Executor,
  accountId: number,
  noteId: number,
  values: { text: string; editedByUserId: number },
): Promise<boolean> {
  const rows = await db
    .update(accountNotes)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(accountNotes.accountId, accountId), eq(accountNotes.id, noteId)))
    .returning({ id: accountNotes.id });
  return rows.length === 1;
}

/** Deletes note `noteId` of account `accountId`; false when there is no such note (any more). */
export async function deleteNote(db: Executor, accountId: number, noteId: number): Promise<boolean> {
  const rows = await db
    .delete(accountNotes)
    .where(and(eq(accountNotes.accountId, accountId), eq(accountNotes.id, noteId)))
    .returning({ id: accountNotes.id });
  return rows.length === 1;
}

/** What the audit log keeps of a note: its text and author (one indexed read). */
export async function noteAuditState(db: Executor, accountId: number, noteId: number) {
  const [row] = await db
    .select({ text: accountNotes.text, author_user_id: accountNotes.authorUserId })
    .from(accountNotes)
    .where(and(eq(accountNotes.id, noteId), eq(accountNotes.accountId, accountId)))
    .limit(1);
  return row ?? null;
}
