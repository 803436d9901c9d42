/**
 * The back-office (issue 14): accounts as staff see them, tags, migration, staff notes and the audit
 * log. Routes are staff-only (admin.routes.ts); a missing account or note answers 404.
 */
import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  LATEST_GAME_VERSION,
  migrationRefusal,
  normalizeTag,
  parseAccountSort,
} from '@grove/domain/admin';
import type { adminApi } from '@grove/domain/api/admin';
import { API_MESSAGES } from '@grove/domain/api/common';
import type { ParsedBody, Paging, Reply } from '@grove/domain/api/common';
import { DATA_RIGHTS_MESSAGES } from '@grove/domain/data-rights';
import { CLOSED_ACCOUNT_STATUS } from '@grove/domain/roles';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import { decodeCursor, keysetLinks, newestFirst, type KeysetAnswer } from '../../lib/keyset.ts';
import {
  countAccounts,
  listAccounts,
  similarWords,
  type AccountFilters,
  type AccountListRow,
} from './admin.accounts.repository.ts';
import {
  accountExists,
  accountMembers,
  accountTagNames,
  countAudit,
  countNotes,
  deleteNoteRow,
  deleteTag,
  findAccountDetail,
  findAccountStatus,
  findNote,
  insertNote,
  insertTag,
  lockAccount,
  pageNotes,
  readAudit,
  setGameVersion,
  tagCountRows,
  updateAccountColumns,
  updateNoteText,
  type AccountChanges,
  type AuditFilters,
  type NoteRow,
} from './admin.repository.ts';

type AccountList = Reply<typeof adminApi.accounts>;
type AdminAccount = Reply<typeof adminApi.account>;
type Note = Reply<typeof adminApi.note>;

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ').trim();

/** PostgreSQL's text of a timestamptz ('2026-11-24 01:32:33.219123+00'), as the created sort carries it. */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** A cursor made for another sort (or by hand) is refused before it reaches SQL. */
function fitsSort(value: string | number, sort: Parameters<typeof parseAccountSort>[0]): boolean {
  const { key } = parseAccountSort(sort);
  if (key === 'id') return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647;
  if (typeof value !== 'string') return false;
  return key !== 'created' || TIMESTAMP_TEXT.test(value);
}

function toAccountRow(row: AccountListRow): AccountList['results'][number] {
  const holderName = fullName(row.holderFirstName, row.holderLastName);
  return {
    id: row.id,
    holder:
      row.holderEmail === null
        ? null
        : { name: holderName, email: row.holderEmail, phonenumber: row.holderPhone ?? '' },
    players: row.players,
    account_status: row.accountStatus,
    billing_status: row.billingStatus,
    plan_tag: row.planTag,
    coach_user:
      row.coachId === null ? null : { id: row.coachId, name: fullName(row.coachFirstName, row.coachLastName) },
    tags: row.tags,
    game_version: row.gameVersion,
    created_at: row.createdAt.toISOString(),
  };
}

export async function accountList(
  db: Db,
  request: FastifyRequest,
  query: {
    search?: string | undefined;
    tag?: string | undefined;
    billing_status?: string | undefined;
    account_status?: string | undefined;
    coach?: number | undefined;
    plan?: string | undefined;
    sort: Parameters<typeof listAccounts>[2];
    cursor?: string | undefined;
    page_size: number;
  },
): Promise<AccountList> {
  const position = decodeCursor(query.cursor);
  if ((position.kind === 'after' || position.kind === 'before') && !fitsSort(position.value, query.sort)) {
    throw fieldError('cursor', API_MESSAGES.cursorInvalid);
  }
  const filters: AccountFilters = {
    search: query.search,
    tag: query.tag,
    billingStatus: query.billing_status,
    accountStatus: query.account_status,
    coach: query.coach,
    plan: query.plan,
  };
  // Exact words first; only when nothing matches are mistyped words widened to known near ones.
  let total = await countAccounts(db, filters);
  if (total === 0 && filters.search) {
    const nearWords = await similarWords(db, filters.search);
    if ([...nearWords.values()].some((near) => near.length > 0)) {
      Object.assign(filters, { nearWords });
      total = await countAccounts(db, filters);
    }
  }
  const page = await listAccounts(db, filters, query.sort, position, query.page_size, total);
  return {
    count: total,
    ...keysetLinks(request, position, page.rows, page.more),
    results: page.rows.map(toAccountRow),
  };
}

// One account.

export async function getAccount(db: Db, accountId: number): Promise<AdminAccount> {
  const account = await findAccountDetail(db, accountId);
  if (!account) throw notFound();
  const [{ people, kids, tablets }, tags, notes] = await Promise.all([
    accountMembers(db, accountId),
    accountTagNames(db, accountId),
    countNotes(db, accountId),
  ]);
  return {
    id: account.id,
    account_status: account.accountStatus,
    billing_status: account.billingStatus ?? 'NOT_PURCHASED',
    plan_tag: account.planTag ?? null,
    time_zone: account.timeZone,
    game_version: account.gameVersion,
    tags,
    coach_user:
      account.coachId === null ? null : { id: account.coachId, name: fullName(account.coachFirst, account.coachLast) },
    custom_note: account.customNote,
    experimental_data: account.experimentalData,
    users: people.map((person) => ({
      id: person.id,
      name: fullName(person.firstName, person.lastName),
      first_name: person.firstName,
      last_name: person.lastName,
      email: person.email,
      phonenumber: person.phonenumber,
      country: person.country,
      is_billing_user: person.isBillingUser,
      billing_status: person.billingStatus,
      last_login_at: person.lastLoginAt?.toISOString() ?? null,
    })),
    players: kids.map((kid) => ({
      id: kid.id,
      name: kid.name,
      in_program: kid.inProgram,
      hr_gauge: kid.hrGauge,
      chase_speed: kid.chaseSpeed,
      acorns: kid.acorns,
    })),
    devices: tablets.map((tablet) => ({
      id: tablet.id,
      name: tablet.name,
      platform: tablet.platform,
      is_kiosk_mode: tablet.isKioskMode,
    })),
    notes_count: notes,
    created_at: account.createdAt.toISOString(),
  };
}

export async function updateAccount(
  db: Db,
  accountId: number,
  changes: ParsedBody<typeof adminApi.updateAccount>,
): Promise<AdminAccount> {
  const status = await findAccountStatus(db, accountId);
  if (status === null) throw notFound();
  if (status === CLOSED_ACCOUNT_STATUS) throw conflict(DATA_RIGHTS_MESSAGES.accountClosed);
  const set: AccountChanges = {};
  if (changes.account_status !== undefined) set.accountStatus = changes.account_status;
  if (changes.time_zone !== undefined) set.timeZone = changes.time_zone;
  if (changes.experimental_data !== undefined) set.experimentalData = changes.experimental_data;
  if (!(await updateAccountColumns(db, accountId, set))) throw notFound();
  return getAccount(db, accountId);
}

// Tags.

export async function tagCounts(db: Db) {
  const rows = await tagCountRows(db);
  return { results: rows.map((row) => ({ tag: row.tag, count: row.n })) };
}

async function tagsOf(db: Db, accountId: number) {
  return { tags: await accountTagNames(db, accountId) };
}

async function assertAccount(db: Db, accountId: number) {
  if (!(await accountExists(db, accountId))) throw notFound();
}

export async function addTag(db: Db, accountId: number, tag: string) {
  await db.transaction(async (tx) => {
    if (!(await lockAccount(tx, accountId))) throw notFound();
    const existing = await accountTagNames(tx, accountId);
    if (existing.some((other) => normalizeTag(other) === normalizeTag(tag))) {
      throw fieldError('tag', ADMIN_MESSAGES.tagExists(tag));
    }
    if (existing.length >= ADMIN_LIMITS.tagsPerAccount) throw fieldError('tag', ADMIN_MESSAGES.tooManyTags);
    await insertTag(tx, accountId, tag.trim());
  });
  return tagsOf(db, accountId);
}

export async function removeTag(db: Db, accountId: number, tag: string) {
  await assertAccount(db, accountId);
  if (!(await deleteTag(db, accountId, normalizeTag(tag)))) throw notFound(ADMIN_MESSAGES.tagMissing(tag));
  return tagsOf(db, accountId);
}

// Game version.

export async function migrateAccount(db: Db, accountId: number, target = LATEST_GAME_VERSION) {
  await db.transaction(async (tx) => {
    const row = await lockAccount(tx, accountId);
    if (!row) throw notFound();
    const refusal = migrationRefusal(row.version, target);
    if (refusal) throw conflict(refusal, 'migration_refused');
    await setGameVersion(tx, accountId, target);
  });
  return getAccount(db, accountId);
}

// Notes (SPEC §5: create adds at the top, update replaces by id, delete removes).

function toNote(row: NoteRow): Note {
  return {
    id: row.id,
    account_id: row.accountId,
    text: row.text,
    author: row.authorId === null ? null : { id: row.authorId, name: fullName(row.authorFirst, row.authorLast) },
    edited_by: row.editorId === null ? null : { id: row.editorId, name: fullName(row.editorFirst, row.editorLast) },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listNotes(db: Db, accountId: number, paging: Paging) {
  await assertAccount(db, accountId);
  const [rows, total] = await Promise.all([
    pageNotes(db, accountId, paging.page_size, (paging.page - 1) * paging.page_size),
    countNotes(db, accountId),
  ]);
  return { count: total, page: paging.page, pageSize: paging.page_size, results: rows.map(toNote) };
}

export async function getNote(db: Db, accountId: number, noteId: number): Promise<Note> {
  const row = await findNote(db, accountId, noteId);
  if (!row) throw notFound();
  return toNote(row);
}

export async function createNote(db: Db, actor: AuthUser, accountId: number, text: string): Promise<Note> {
  await assertAccount(db, accountId);
  return getNote(db, accountId, await insertNote(db, accountId, text, actor.id));
}

export async function updateNote(db: Db, actor: AuthUser, accountId: number, noteId: number, text: string) {
  if (!(await updateNoteText(db, accountId, noteId, text, actor.id))) throw notFound();
  return getNote(db, accountId, noteId);
}

export async function deleteNote(db: Db, accountId: number, noteId: number) {
  if (!(await deleteNoteRow(db, accountId, noteId))) throw notFound();
  return { detail: ADMIN_MESSAGES.noteDeleted };
}

// The audit log, newest first, by keyset on its id.

export async function auditPage(
  db: Db,
  request: FastifyRequest,
  query: {
    cursor?: string | undefined;
    page_size: number;
    actor?: number | undefined;
    actor_email?: string | undefined;
    entity?: string | undefined;
  },
  accountId?: number,
): Promise<KeysetAnswer<Reply<typeof adminApi.audit>['results'][number]>> {
  if (accountId !== undefined) await assertAccount(db, accountId);
  const position = decodeCursor(query.cursor);
  const filters: AuditFilters = {
    accountId,
    actor: query.actor,
    actorEmail: query.actor_email,
    entity: query.entity,
  };
  const [page, total] = await Promise.all([
    newestFirst(position, query.page_size, readAudit(db, filters)),
    countAudit(db, filters),
  ]);
  return {
    count: total,
    ...keysetLinks(request, position, page.rows, page.more),
    results: page.rows.map((row) => ({
      id: row.id,
      created_at: row.createdAt.toISOString(),
      actor: { id: row.actorUserId, email: row.actorEmail },
      action: row.action,
      method: row.method,
      route: row.route,
      entity: row.entity,
      entity_id: row.entityId,
      account_id: row.accountId,
      before: row.before ?? null,
      after: row.after ?? null,
      request: row.request ?? null,
      reason: row.reason,
      status: row.status,
    })),
  };
}
