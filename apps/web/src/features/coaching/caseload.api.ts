/**
 * The coach's caseload (docs/coaching.md "Caseload"): GET /api/v1/coach_booking/caseload/ and its
 * CSV, with the filters the URL holds (attention, search; staff add coach).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Caseload } from '@grove/domain/api/coaching';

import { api, apiDownload, unwrap, type QueryValue } from '../../lib/api-client.ts';
import { saveFile } from '../../lib/save-file.ts';
import { coachingKeys } from './coaching.api.ts';

const CASELOAD_PATH = '/v1/coach_booking/caseload/';

export type CaseloadQuery = Readonly<Record<string, QueryValue>>;

export const caseloadKey = (query: CaseloadQuery) => [...coachingKeys.all, 'caseload', query] as const;

export function caseloadQuery(query: CaseloadQuery) {
  return queryOptions({
    queryKey: caseloadKey(query),
    queryFn: async ({ signal }) => unwrap(await api.get<Caseload>(CASELOAD_PATH, { query, signal })),
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Loading your caseload' },
  });
}

/** Downloads the caseload's CSV with the same filters as the screen. */
export async function downloadCaseloadCsv(query: CaseloadQuery): Promise<void> {
  const file = unwrap(await apiDownload(`${CASELOAD_PATH}export.csv`, { query }));
  saveFile(file.blob, file.filename ?? 'caseload.csv');
}
