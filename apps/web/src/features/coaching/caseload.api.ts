/**
 * The coach's caseload (docs/coaching.md "Caseload"): GET /api/v1/coach_booking/caseload/ and its
 * CSV, with the filters the URL holds (attention, search; staff add coach).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { coachingApi as coachingContract } from '@grove/domain/api/coaching';
import type { RequestQuery } from '@grove/domain/api/common';
import { coachingApi } from '@grove/domain/api/endpoints/coaching';

import { call, download, unwrap, type QueryValue } from '../../lib/api-client.ts';
import { saveFile } from '../../lib/save-file.ts';
import { coachingKeys } from './coaching.api.ts';

export type CaseloadQuery = Readonly<Record<string, QueryValue>>;

/** The URL's filters, sent as they are (the server answers a wrong one with a 400). */
const asQuery = (query: CaseloadQuery) => query as RequestQuery<typeof coachingContract.caseload>;

export const caseloadKey = (query: CaseloadQuery) => [...coachingKeys.all, 'caseload', query] as const;

export function caseloadQuery(query: CaseloadQuery) {
  return queryOptions({
    queryKey: caseloadKey(query),
    queryFn: async ({ signal }) => unwrap(await call(coachingApi.caseload, { query: asQuery(query), signal })),
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Loading your caseload' },
  });
}

/** Downloads the caseload's CSV with the same filters as the screen. */
export async function downloadCaseloadCsv(query: CaseloadQuery): Promise<void> {
  const file = unwrap(await download(coachingApi.caseloadCsv, { query: asQuery(query) }));
  saveFile(file.blob, file.filename ?? 'caseload.csv');
}
