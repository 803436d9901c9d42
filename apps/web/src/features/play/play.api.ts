/**
 * A player's play data (SPEC §3 Player, §7 Player; docs/decisions/0006-play-data.md):
 * - the home overview, GET /api/v1/dashboard/player/{id}/overview/ (player data: 5 minutes);
 * - the stats chart's weekly buckets of a time frame, GET /api/v2/player/{id}/activity/weekly/
 *   (activity: 1 hour);
 * - the sessions export, GET /api/v2/player/{id}/sessions.csv, saved through a Blob link.
 */
import { queryOptions } from '@tanstack/react-query';
import type { TimeFrameId } from '@grove/domain';
import type { PlayerOverview, WeeklyActivity } from '@grove/domain/api/play';

import { api, apiDownload, unwrap } from '../../lib/api-client.ts';
import { STALE_TIMES } from '../../lib/query-client.ts';
import { saveFile } from '../../lib/save-file.ts';

export const playKeys = {
  all: ['play'] as const,
  player: (playerId: number) => [...playKeys.all, playerId] as const,
  overview: (playerId: number) => [...playKeys.player(playerId), 'overview'] as const,
  weekly: (playerId: number, frame: TimeFrameId) => [...playKeys.player(playerId), 'weekly', frame] as const,
};

/** The home screen's figures for one player; player data, fresh for 5 minutes (SPEC §9). */
export function overviewQuery(playerId: number) {
  return queryOptions({
    queryKey: playKeys.overview(playerId),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<PlayerOverview>(`/v1/dashboard/player/${playerId}/overview/`, { signal })),
    staleTime: STALE_TIMES.player,
    meta: { errorTitle: 'Loading the player’s week' },
  });
}

/** Weekly buckets of a time frame for the stats charts; activity, fresh for 1 hour (SPEC §9). */
export function weeklyActivityQuery(playerId: number, frame: TimeFrameId) {
  return queryOptions({
    queryKey: playKeys.weekly(playerId, frame),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<WeeklyActivity>(`/v2/player/${playerId}/activity/weekly/`, {
          query: { time_frame: frame },
          signal,
        }),
      ),
    staleTime: STALE_TIMES.activity,
    meta: { errorTitle: 'Loading the player’s stats' },
  });
}

/**
 * Downloads a player's sessions as CSV with the signed-in person's token and saves the file.
 * The server names it (`<player>-sessions-<date>.csv`); `fallbackName` is used if it does not.
 */
export async function exportSessionsCsv(playerId: number, fallbackName: string): Promise<string> {
  const file = unwrap(await apiDownload(`/v2/player/${playerId}/sessions.csv`));
  const filename = file.filename ?? fallbackName;
  saveFile(file.blob, filename);
  return filename;
}
