/**
 * The back-office's queries on one account (issue 14): the account as staff see it, its tags, its
 * game version, staff notes, the audit log, and the snapshots the admin routes' audit specs read.
 * The accounts list is admin.accounts.repository.ts.
 */
import { aliasedTable, and, asc, count, desc, eq, gt, like, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { countRows } from '../../db/count.ts';
import {
  accountNotes,
  accounts,
  accountSearch,
  accountTags,
  auditLog,
  devices,
  players,
  users,
  userShipping,
} from '../../db/schema/index.ts';
import type { IdWindow } from '../../lib/keyset.ts';

// One account.

export async function findAccountDetail(db: Db, accountId: number) {
  const coach = aliasedTable(users, 'coach');
  const [account] = await db
    .select({
      id: accounts.id,
      accountStatus: accounts.accountStatus,
      timeZone: accounts.timeZone,
      gameVersion: accounts.gameVersion,
      customNote: accounts.customNote,
      experimentalData: accounts.experimentalData,
      createdAt: accounts.createdAt,
      billingStatus: accountSearch.billingStatus,
      planTag: accountSearch.planTag,
      coachId: coach.id,
      coachFirst: coach.firstName,
      coachLast: coach.lastName,
    })
    .from(accounts)
    .leftJoin(accountSearch, eq(accountSearch.accountId, accounts.id))
    .leftJoin(coach, eq(coach.id, accounts.coachUserId))
    .where(eq(accounts.id, accountId));
  return account ?? null;
}

/** The account's people (billing users first), players and tablets. */
export async function accountMembers(db: Db, accountId: number) {
  const [people, kids, tablets] = await Promise.all([
    db.select().from(users).where(eq(users.accountId, accountId)).orderBy(desc(users.isBillingUser), asc(users.id)),
    db.select().from(players).where(eq(players.accountId, accountId)).orderBy(asc(players.id)),
    db.select().from(devices).where(eq(devices.accountId, accountId)).orderBy(asc(devices.id)),
  ]);
  return { people, kids, tablets };
}

export async function findAccountStatus(db: Db, accountId: number): Promise<string | null> {
  const [current] = await db
    .select({ status: accounts.accountStatus })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return current?.status ?? null;
}

export type AccountChanges = Pick<
  Partial<typeof accounts.$inferInsert>,
  'accountStatus' | 'timeZone' | 'experimentalData'
>;

/** Writes the changed columns; false when the account is gone. */
export async function updateAccountColumns(db: Db, accountId: number, set: AccountChanges): Promise<boolean> {
  const updated = await db
    .update(accounts)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(accounts.id, accountId))
    .returning({ id: accounts.id });
  return updated.length > 0;
}

export async function accountExists(db: Db, accountId: number): Promise<boolean> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
  return row !== undefined;
}

/** Locks the account row for a change of its tags or game version; null when there is none. */
export async function lockAccount(tx: Executor, accountId: number) {
  const [row] = await tx
    .select({ id: accounts.id, version: accounts.gameVersion })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('update');
  return row ?? null;
}

export async function setGameVersion(tx: Executor, accountId: number, target: number) {
  await tx.update(accounts).set({ gameVersion: target, updatedAt: new Date() }).where(eq(accounts.id, accountId));
}

// Tags.

/** Every tag in use (case-insensitively) and how many accounts carry it. */
export async function tagCountRows(db: Db) {
  return db
    .select({ tag: sql<string>`lower(${accountTags.tag})`, n: count() })
    .from(accountTags)
    .groupBy(sql`lower(${accountTags.tag})`)
    .orderBy(sql`lower(${accountTags.tag})`);
}

/** The account's tags, alphabetically (case-insensitively). */
export async function accountTagNames(db: Executor, accountId: number): Promise<string[]> {
  const rows = await db
    .select({ tag: accountTags.tag })
    .from(accountTags)
    .where(eq(accountTags.accountId, accountId))
    .orderBy(asc(sql`lower(${accountTags.tag})`));
  return rows.map((row) => row.tag);
}

export async function insertTag(tx: Executor, accountId: number, tag: string) {
  await tx.insert(accountTags).values({ accountId, tag });
}

/** Removes the tag (`normalized`: lower case); false when the account did not carry it. */
export async function deleteTag(db: Db, accountId: number, normalized: string): Promise<boolean> {
  const removed = await db
    .delete(accountTags)
    .where(and(eq(accountTags.accountId, accountId), eq(sql`lower(${accountTags.tag})`, normalized)))
    .returning({ id: accountTags.id });
  return removed.length > 0;
}

// Notes.

const author = aliasedTable(users, 'author');
const editor = aliasedTable(users, 'editor');

function noteQuery(db: Db) {
  return db
    .select({
      id: accountNotes.id,
      accountId: accountNotes.accountId,
      text: accountNotes.text,
      createdAt: accountNotes.createdAt,
      updatedAt: accountNotes.updatedAt,
      authorId: author.id,
      authorFirst: author.firstName,
      authorLast: author.lastName,
      editorId: editor.id,
      editorFirst: editor.firstName,
      editorLast: editor.lastName,
    })
    .from(accountNotes)
    .leftJoin(author, eq(author.id, accountNotes.authorUserId))
    .leftJoin(editor, eq(editor.id, accountNotes.editedByUserId));
}

export type NoteRow = Awaited<ReturnType<ReturnType<typeof noteQuery>['execute']>>[number];

export async function countNotes(db: Db, accountId: number): Promise<number> {
  return countRows(db, accountNotes, eq(accountNotes.accountId, accountId));
}

/** A page of the account's notes, newest first. */
export async function pageNotes(db: Db, accountId: number, limit: number, offset: number): Promise<NoteRow[]> {
  return noteQuery(db)
    .where(eq(accountNotes.accountId, accountId))
    .orderBy(desc(accountNotes.id))
    .limit(limit)
    .offset(offset);
}

export async function findNote(db: Db, accountId: number, noteId: number): Promise<NoteRow | null> {
  const [row] = await noteQuery(db).where(and(eq(accountNotes.accountId, accountId), eq(accountNotes.id, noteId)));
  return row ?? null;
}

export async function insertNote(db: Db, accountId: number, text: string, authorUserId: number): Promise<number> {
  const [row] = await db
    .insert(accountNotes)
    .values({ accountId, text, authorUserId })
    .returning({ id: accountNotes.id });
  return row!.id;
}

/** Replaces the note's text; false when the account has no such note. */
export async function updateNoteText(
  db: Db,
  accountId: number,
  noteId: number,
  text: string,
  editorUserId: number,
): Promise<boolean> {
  const updated = await db
    .update(accountNotes)
    .set({ text, editedByUserId: editorUserId, updatedAt: new Date() })
    .where(and(eq(accountNotes.accountId, accountId), eq(accountNotes.id, noteId)))
    .returning({ id: accountNotes.id });
  return updated.length > 0;
}

/** Deletes the note; false when the account has no such note. */
export async function deleteNoteRow(db: Db, accountId: number, noteId: number): Promise<boolean> {
  const removed = await db
    .delete(accountNotes)
    .where(and(eq(accountNotes.accountId, accountId), eq(accountNotes.id, noteId)))
    .returning({ id: accountNotes.id });
  return removed.length > 0;
}

// The audit log.

export interface AuditFilters {
  accountId?: number | undefined;
  actor?: number | undefined;
  /** The start of the actor's e-mail, any case. */
  actorEmail?: string | undefined;
  entity?: string | undefined;
}

function auditWhere(filters: AuditFilters): SQL | undefined {
  const where: SQL[] = [];
  if (filters.accountId !== undefined) where.push(eq(auditLog.accountId, filters.accountId));
  if (filters.actor) where.push(eq(auditLog.actorUserId, filters.actor));
  if (filters.actorEmail) {
    where.push(
      like(sql`lower(${auditLog.actorEmail})`, `${filters.actorEmail.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`),
    );
  }
  if (filters.entity) where.push(eq(auditLog.entity, filters.entity));
  return where.length ? and(...where) : undefined;
}

/** The audit entries of one newest-first window (lib/keyset.ts newestFirst). */
export function readAudit(db: Db, filters: AuditFilters) {
  const filter = auditWhere(filters);
  return (window: IdWindow) =>
    db
      .select()
      .from(auditLog)
      .where(
        and(
          filter,
          window.olderThan !== undefined ? lt(auditLog.id, window.olderThan) : undefined,
          window.newerThan !== undefined ? gt(auditLog.id, window.newerThan) : undefined,
        ),
      )
      .orderBy(window.oldestFirst ? asc(auditLog.id) : desc(auditLog.id))
      .limit(window.limit);
}

export async function countAudit(db: Db, filters: AuditFilters): Promise<number> {
  return countRows(db, auditLog, auditWhere(filters));
}

// What the admin routes' audit specs read before and after a write.

export async function noteSnapshot(db: Db, accountId: number, noteId: number) {
  const [row] = await db
    .select({ text: accountNotes.text, author_user_id: accountNotes.authorUserId })
    .from(accountNotes)
    .where(and(eq(accountNotes.id, noteId), eq(accountNotes.accountId, accountId)));
  return row ?? null;
}

/** A person's account (null: no account), or null when there is no such person. */
export async function findPerson(db: Db, userId: number) {
  const [person] = await db.select({ accountId: users.accountId }).from(users).where(eq(users.id, userId));
  return person ?? null;
}

export async function shippingSnapshot(db: Db, userId: number) {
  const [row] = await db
    .select({
      address_1: userShipping.address1,
      address_2: userShipping.address2,
      city: userShipping.city,
      state: userShipping.state,
      zipcode: userShipping.zipcode,
      country: userShipping.country,
    })
    .from(userShipping)
    .where(eq(userShipping.userId, userId));
  return row ?? null;
}
