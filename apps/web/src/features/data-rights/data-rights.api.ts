/**
 * A family's copies and deletions of its data (issue 17 items 2 and 3; docs/decisions/0038 and
 * 0039): the account's overview (exports and deletion requests, newest first), asking for a copy,
 * downloading it, scheduling a deletion or the account's closure, undoing it or carrying it out
 * now, and the pending deletions staff see. Every shape comes from the API contract
 * (packages/domain/src/api/data-rights.ts).
 */
import { t } from '@lingui/core/macro';
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { DataExport, DataRights, DeletionRequest } from '@grove/domain/api/data-rights';
import { dataRightsApi } from '@grove/domain/api/endpoints/data-rights';

import { call, download, unwrap, type QueryValue } from '../../lib/api-client.ts';
import { saveFile } from '../../lib/save-file.ts';

/** While a copy is being prepared or a deletion carried out, the overview is read again this often. */
export const DATA_RIGHTS_POLL_MS = 2_500;
/** Staff read the pending deletions in pages of this size. */
export const PENDING_PAGE_SIZE = 25;

export const dataRightsKeys = {
  all: ['data-rights'] as const,
  overview: (accountId: number) => [...dataRightsKeys.all, 'overview', accountId] as const,
  pending: (query: Readonly<Record<string, QueryValue>>) => [...dataRightsKeys.all, 'pending', query] as const,
};

/**
 * Whether the overview shows work a job is doing right now: a copy being prepared, or a deletion
 * whose grace period is over (asked to happen now) and that the job has not carried out yet.
 */
export function hasWorkUnderWay(overview: DataRights | undefined, now: number = Date.now()): boolean {
  if (!overview) return false;
  return (
    overview.exports.some((item) => item.status === 'queued') ||
    overview.deletions.some((item) => item.status === 'pending' && Date.parse(item.due_at) <= now)
  );
}

/** GET /api/v2/user/accounts/{id}/data-rights: read again every few seconds while a job works. */
export function dataRightsQuery(accountId: number) {
  return queryOptions({
    queryKey: dataRightsKeys.overview(accountId),
    queryFn: async ({ signal }) => unwrap(await call(dataRightsApi.overview, { params: { id: accountId }, signal })),
    refetchInterval: (query) => (hasWorkUnderWay(query.state.data) ? DATA_RIGHTS_POLL_MS : false),
    meta: { errorTitle: t`Loading your data requests` },
  });
}

/** POST …/exports: a copy of one player's data (`playerId`) or of the whole account (null). */
export async function requestExport(accountId: number, playerId: number | null): Promise<DataExport> {
  const body = { player_id: playerId };
  return unwrap(await call(dataRightsApi.requestExport, { params: { id: accountId }, body }));
}

/** POST …/deletions: one player's data (`playerId`) or the whole account (null), after the grace period. */
export async function requestDeletion(accountId: number, playerId: number | null): Promise<DeletionRequest> {
  const body = { player_id: playerId, confirm: true } as const;
  return unwrap(await call(dataRightsApi.requestDeletion, { params: { id: accountId }, body }));
}

/** POST …/deletions/{id}/undo: nothing is deleted. */
export async function undoDeletion(accountId: number, deletionId: number): Promise<DeletionRequest> {
  return unwrap(await call(dataRightsApi.undoDeletion, { params: { id: accountId, deletionId } }));
}

/** POST …/deletions/{id}/now: the job carries it out at once (the answer is still pending). */
export async function deleteNow(accountId: number, deletionId: number): Promise<DeletionRequest> {
  const body = { confirm: true } as const;
  return unwrap(await call(dataRightsApi.deleteNow, { params: { id: accountId, deletionId }, body }));
}

/**
 * A ready copy (it has a `download_url`), through the API client, which sends the bearer token;
 * saved under its own name.
 */
export async function downloadExport(accountId: number, item: DataExport): Promise<void> {
  if (!item.download_url) return;
  const file = unwrap(await download(dataRightsApi.download, { params: { id: accountId, exportId: item.id } }));
  saveFile(file.blob, file.filename ?? item.file_name ?? 'grove-data.zip');
}

/** The overview with `item` in place of the entry of the same id, or first when new. */
function withItem<T extends { id: number }>(list: readonly T[], item: T): T[] {
  return list.some((entry) => entry.id === item.id)
    ? list.map((entry) => (entry.id === item.id ? item : entry))
    : [item, ...list];
}

/** Puts a call's answer into the overview, so the page shows it before the next read. */
export function putExport(queryClient: QueryClient, accountId: number, item: DataExport): void {
  queryClient.setQueryData(dataRightsKeys.overview(accountId), (overview: DataRights | undefined) =>
    overview ? { ...overview, exports: withItem(overview.exports, item) } : overview,
  );
}

export function putDeletion(queryClient: QueryClient, accountId: number, item: DeletionRequest): void {
  queryClient.setQueryData(dataRightsKeys.overview(accountId), (overview: DataRights | undefined) =>
    overview ? { ...overview, deletions: withItem(overview.deletions, item) } : overview,
  );
}

/** GET /api/v2/admin/deletions (staff): the pending deletions, soonest first. */
export function pendingDeletionsQuery(query: Readonly<Record<string, QueryValue>>) {
  return queryOptions({
    queryKey: dataRightsKeys.pending(query),
    queryFn: async ({ signal }) =>
      unwrap(await call(dataRightsApi.pending, { query: { page_size: PENDING_PAGE_SIZE, ...query }, signal })),
    placeholderData: keepPreviousData,
    // A staff screen: the team's screens stay in English (apps/web/README.md, Languages).
    meta: { errorTitle: 'Loading the pending deletions' },
  });
}
