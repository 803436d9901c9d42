/**
 * The back-office's calls (SPEC §7 Admin v2; issue 14): the accounts list, one account, its tags,
 * notes, game version and audit log. Every shape comes from the contract (packages/domain/src/api/admin.ts).
 *
 * Notes follow SPEC §5 in the cache: a new note goes on top and the count rises by one, an edit
 * replaces the note with the same id, a delete removes it and lowers the count.
 */
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { adminApi as adminContract } from '@grove/domain/api/admin';
import type { Reply, RequestBody, RequestQuery } from '@grove/domain/api/common';
import { adminApi } from '@grove/domain/api/endpoints/admin';
import { coachingApi } from '@grove/domain/api/endpoints/coaching';

import { call, unwrap, type QueryValue } from '../../lib/api-client.ts';

/** The list's query as the URL holds it (names of adminApi.accounts' query; empty values left out). */
type AccountListQuery = Readonly<Record<string, QueryValue>>;
type AdminAccount = Reply<typeof adminContract.account>;
type Note = Reply<typeof adminContract.note>;
type NotePage = Reply<typeof adminContract.notes>;

export const NOTES_PAGE_SIZE = 20;

export const adminKeys = {
  all: ['admin'] as const,
  accounts: (query: AccountListQuery) => [...adminKeys.all, 'accounts', query] as const,
  tags: () => [...adminKeys.all, 'tags'] as const,
  coaches: () => [...adminKeys.all, 'coaches'] as const,
  account: (accountId: number) => [...adminKeys.all, 'account', accountId] as const,
  detail: (accountId: number) => [...adminKeys.account(accountId), 'detail'] as const,
  notes: (accountId: number) => [...adminKeys.account(accountId), 'notes'] as const,
  audit: (accountId: number, cursor: string | null, actorEmail: string) =>
    [...adminKeys.account(accountId), 'audit', cursor, actorEmail] as const,
};

/** The cursor a link of a keyset page carries. */
export function cursorOf(link: string | null): string | null {
  if (!link) return null;
  return new URL(link, window.location.origin).searchParams.get('cursor');
}

/** GET /api/v2/admin/accounts/: one page of accounts (the last page stays on screen while the next loads). */
export function accountsQuery(query: AccountListQuery) {
  return queryOptions({
    queryKey: adminKeys.accounts(query),
    queryFn: async ({ signal }) =>
      unwrap(
        // The URL's names and values, sent as they are; the server answers a wrong one with a 400.
        await call(adminApi.accounts, { query: query as RequestQuery<typeof adminContract.accounts>, signal }),
      ),
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Loading the accounts' },
  });
}

export function tagsQuery() {
  return queryOptions({
    queryKey: adminKeys.tags(),
    queryFn: async ({ signal }) => unwrap(await call(adminApi.tags, { signal })),
    staleTime: 60_000,
  });
}

/** The coaches staff can filter by and assign (GET /api/v1/coach_booking/coaches). */
export function coachesQuery() {
  return queryOptions({
    queryKey: adminKeys.coaches(),
    queryFn: async ({ signal }) => unwrap(await call(coachingApi.coaches, { signal })),
    staleTime: 5 * 60_000,
  });
}

export function adminAccountQuery(accountId: number) {
  return queryOptions({
    queryKey: adminKeys.detail(accountId),
    queryFn: async ({ signal }) => unwrap(await call(adminApi.account, { params: { id: accountId }, signal })),
    meta: { errorTitle: 'Loading the account' },
  });
}

export function notesQuery(accountId: number, pageSize: number) {
  return queryOptions({
    queryKey: [...adminKeys.notes(accountId), pageSize] as const,
    queryFn: async ({ signal }) =>
      unwrap(await call(adminApi.notes, { params: { id: accountId }, query: { page_size: pageSize }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** The account's history, by a staff member's e-mail (a prefix) when one is given. */
export function auditQuery(accountId: number, cursor: string | null, actorEmail = '') {
  return queryOptions({
    queryKey: adminKeys.audit(accountId, cursor, actorEmail),
    queryFn: async ({ signal }) =>
      unwrap(
        await call(adminApi.accountAudit, {
          params: { id: accountId },
          query: { cursor: cursor ?? undefined, actor_email: actorEmail || undefined },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

// Writes.

export async function patchAccount(accountId: number, body: RequestBody<typeof adminContract.updateAccount>) {
  return unwrap(await call(adminApi.updateAccount, { params: { id: accountId }, body }));
}

export async function addTag(accountId: number, tag: string) {
  return unwrap(await call(adminApi.addTag, { params: { id: accountId }, body: { tag } }));
}

export async function removeTag(accountId: number, tag: string) {
  return unwrap(await call(adminApi.removeTag, { params: { id: accountId, tag } }));
}

export async function migrateAccount(accountId: number, gameVersion: number) {
  return unwrap(await call(adminApi.migrate, { params: { id: accountId }, body: { game_version: gameVersion } }));
}

export async function assignCoach(accountId: number, coachUserId: number) {
  return unwrap(await call(coachingApi.assignCoach, { params: { id: accountId }, body: { coach_user: coachUserId } }));
}

export async function createNote(accountId: number, text: string) {
  return unwrap(await call(adminApi.createNote, { params: { id: accountId }, body: { text } }));
}

export async function updateNote(accountId: number, noteId: number, text: string) {
  return unwrap(await call(adminApi.updateNote, { params: { id: accountId, noteId }, body: { text } }));
}

export async function deleteNote(accountId: number, noteId: number) {
  return unwrap(await call(adminApi.deleteNote, { params: { id: accountId, noteId } }));
}

/** SPEC §5 on every cached page of the account's notes, and the account's count. */
export function applyNoteChange(
  queryClient: QueryClient,
  accountId: number,
  change: { kind: 'create'; note: Note } | { kind: 'update'; note: Note } | { kind: 'delete'; noteId: number },
) {
  queryClient.setQueriesData<NotePage>({ queryKey: adminKeys.notes(accountId) }, (page) => {
    if (!page) return page;
    if (change.kind === 'create') return { ...page, count: page.count + 1, results: [change.note, ...page.results] };
    if (change.kind === 'update') {
      return { ...page, results: page.results.map((note) => (note.id === change.note.id ? change.note : note)) };
    }
    return {
      ...page,
      count: Math.max(0, page.count - 1),
      results: page.results.filter((note) => note.id !== change.noteId),
    };
  });
  queryClient.setQueryData<AdminAccount>(adminKeys.detail(accountId), (account) =>
    account && change.kind !== 'update'
      ? { ...account, notes_count: account.notes_count + (change.kind === 'create' ? 1 : -1) }
      : account,
  );
}

// A person's shipping address, as staff see and change it (by user id).

export function adminShippingQuery(userId: number) {
  return queryOptions({
    queryKey: [...adminKeys.all, 'shipping', userId] as const,
    queryFn: async ({ signal }) => unwrap(await call(adminApi.shipping, { params: { id: userId }, signal })),
  });
}

export async function patchAdminShipping(userId: number, body: RequestBody<typeof adminContract.patchShipping>) {
  return unwrap(await call(adminApi.patchShipping, { params: { id: userId }, body }));
}
