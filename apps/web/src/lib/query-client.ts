/**
 * TanStack Query with the spec's cache times (SPEC §9): data is fresh for 60 000 ms unless a
 * query says otherwise; player data for 5 minutes, activity for 1 hour, the user record for 1 hour.
 *
 * A query or mutation that wants its failures shown says so in `meta`: `errorTitle` (the action,
 * used as the notification title), `notify` (the SPEC §8 rule of the call, default 'default') and
 * `showErrors` (default true). Calls without an `errorTitle` never show a notification.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { CACHE_TIMES_MS, shouldNotify, type NotifyKind } from '@grove/domain';

import { ApiError, CancelledRequestError } from './api-client.ts';
import { notifyError } from './notifications.ts';

export type GroveMeta = {
  errorTitle?: string;
  notify?: NotifyKind;
  showErrors?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: GroveMeta;
    mutationMeta: GroveMeta;
  }
}

export const STALE_TIMES = {
  default: CACHE_TIMES_MS.queryFresh,
  player: CACHE_TIMES_MS.player,
  activity: CACHE_TIMES_MS.activity,
  userInfo: CACHE_TIMES_MS.userInfoStale,
} as const;

/** Whether a failure is worth a notification, per the call's meta and SPEC §8. */
export function shouldReport(error: unknown, meta: GroveMeta | undefined): boolean {
  if (!meta?.errorTitle) return false;
  if (error instanceof CancelledRequestError) return false;
  const status = error instanceof ApiError ? error.status : 0;
  // A 401 ends the session and opens the login page; a notice would only repeat that.
  if (status === 401) return false;
  return shouldNotify(meta.notify ?? 'default', status, meta.showErrors ?? true);
}

function report(error: unknown, meta: GroveMeta | undefined): void {
  if (!shouldReport(error, meta) || !meta?.errorTitle) return;
  notifyError(meta.errorTitle, error instanceof Error ? error.message : undefined);
}

/** Failed calls are retried (twice) only when no answer came or the server failed. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof CancelledRequestError) return false;
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => report(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: STALE_TIMES.default,
        retry: options.retry === false ? false : shouldRetry,
      },
      mutations: { retry: false },
    },
  });
}
