/**
 * The query keys of a player's play data (features/play reads it): staff's changes of a player's
 * game settings (features/players) read that player's play screens again.
 */
import type { TimeFrameId } from '@grove/domain';

export const playKeys = {
  all: ['play'] as const,
  player: (playerId: number) => [...playKeys.all, playerId] as const,
  overview: (playerId: number) => [...playKeys.player(playerId), 'overview'] as const,
  /** Every player of an account this week (Home's siblings card). */
  family: (accountId: number) => [...playKeys.all, 'family', accountId] as const,
  weekly: (playerId: number, frame: TimeFrameId) => [...playKeys.player(playerId), 'weekly', frame] as const,
  activity: (playerId: number, frame: TimeFrameId) => [...playKeys.player(playerId), 'activity', frame] as const,
};
