/**
 * A player's play data (SPEC §3 Player, §7 Player; docs/decisions/0006-play-data.md):
 * - the home overview, GET /api/v1/dashboard/player/{id}/overview/ (player data: 5 minutes);
 * - every player of the family this week, GET /api/v1/dashboard/account/{id}/this_week/ (Home's
 *   siblings card; player data: 5 minutes);
 * - the stats chart's weekly buckets of a time frame, GET /api/v2/player/{id}/activity/weekly/
 *   (activity: 1 hour);
 * - every game of a time frame, GET /api/v2/player/{id}/activity/, paged through `next` until it
 *   is null (SPEC §7; lib/paging.ts: the page `next` names, at most MAX_PAGES pages);
 * - the sessions export, GET /api/v2/player/{id}/sessions.csv, saved through a Blob link.
 */
import { queryOptions } from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import { PAGE_SIZES, type TimeFrameId } from '@grove/domain';
import { playApi } from '@grove/domain/api/endpoints/play';
import type { ActivityPage } from '@grove/domain/api/play';

import { i18n } from '../../lib/i18n.ts';
import { call, download, unwrap } from '../../lib/api-client.ts';
import { fetchAllPages } from '../../lib/paging.ts';
import { playKeys } from '../../lib/queries/play.ts';
import { STALE_TIMES } from '../../lib/query-client.ts';
import { saveFile } from '../../lib/save-file.ts';

/** Sessions read per page of the activity list: the server's cap, so most frames are one page. */
export const ACTIVITY_PAGE_SIZE = PAGE_SIZES.max;

/** Every game of a time frame, oldest first; `complete` is false if the page cap stopped the reading. */
export type FrameSessions = Pick<ActivityPage, 'count' | 'total_seconds_played'> & {
  sessions: ActivityPage['results'];
  complete: boolean;
};

/** The home screen's figures for one player; player data, fresh for 5 minutes (SPEC §9). */
export function overviewQuery(playerId: number) {
  return queryOptions({
    queryKey: playKeys.overview(playerId),
    queryFn: async ({ signal }) => unwrap(await call(playApi.overview, { params: { id: playerId }, signal })),
    staleTime: STALE_TIMES.player,
    meta: { errorTitle: i18n._(msg`Loading the player’s week`) },
  });
}

/** Every player of the account this week, in one read (Home's siblings card); player data, fresh for 5 minutes. */
export function familyWeekQuery(accountId: number) {
  return queryOptions({
    queryKey: playKeys.family(accountId),
    queryFn: async ({ signal }) => unwrap(await call(playApi.familyWeek, { params: { id: accountId }, signal })),
    staleTime: STALE_TIMES.player,
    meta: { errorTitle: i18n._(msg`Loading your players’ week`) },
  });
}

/** Weekly buckets of a time frame for the stats charts; activity, fresh for 1 hour (SPEC §9). */
export function weeklyActivityQuery(playerId: number, frame: TimeFrameId) {
  return queryOptions({
    queryKey: playKeys.weekly(playerId, frame),
    queryFn: async ({ signal }) =>
      unwrap(
        await call(playApi.weekly, {
          params: { id: playerId },
          query: { time_frame: frame },
          signal,
        }),
      ),
    staleTime: STALE_TIMES.activity,
    meta: { errorTitle: i18n._(msg`Loading the player’s stats`) },
  });
}

/**
 * Every game of a time frame: page 1, then each page the answer's `next` names until it is null
 * (SPEC §7 "paged through next until exhausted"); activity, fresh for 1 hour (SPEC §9).
 */
export function frameSessionsQuery(playerId: number, frame: TimeFrameId) {
  return queryOptions({
    queryKey: playKeys.activity(playerId, frame),
    queryFn: async ({ signal }): Promise<FrameSessions> => {
      const all = await fetchAllPages(async (page) =>
        unwrap(
          await call(playApi.activity, {
            params: { id: playerId },
            query: { time_frame: frame, page, page_size: ACTIVITY_PAGE_SIZE },
            signal,
          }),
        ),
      );
      return {
        count: all.first.count,
        total_seconds_played: all.first.total_seconds_played,
        sessions: all.results,
        complete: all.complete,
      };
    },
    staleTime: STALE_TIMES.activity,
    meta: { errorTitle: i18n._(msg`Loading the player’s games`) },
  });
}

/**
 * Downloads a player's sessions as CSV with the signed-in person's token and saves the file.
 * The server names it (`<player>-sessions-<date>.csv`); `fallbackName` is used if it does not.
 */
export async function exportSessionsCsv(playerId: number, fallbackName: string): Promise<string> {
  const file = unwrap(await download(playApi.sessionsCsv, { params: { id: playerId } }));
  const filename = file.filename ?? fallbackName;
  saveFile(file.blob, filename);
  return filename;
}
