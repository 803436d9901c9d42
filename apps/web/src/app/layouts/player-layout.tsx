/**
 * root.user.player: the screens about one player (home and stats). The selected player is the
 * one named by `pid`, else the account's first player.
 *
 * Staff and coaches usually have no account of their own. When they open these screens with a
 * `pid` (from the admin account page, or a coach's family list), the player's account gives the
 * context: its players are listed as a family's would be. The server decides what they may read;
 * a player they may not see answers 404 and the screens show that there is no family to show.
 */
import { Outlet, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';

import { playerRecordQuery } from '../../features/players/players.api.ts';
import { playersQuery } from '../../lib/queries/players.ts';
import type { PlayerLayoutContext, UserLayoutContext } from './layout-context.ts';
import { useUserLayout } from './layout-context.ts';

type PlayerList = Pick<UserLayoutContext, 'players' | 'playersLoaded' | 'playersFailed' | 'retryPlayers'>;

function validPid(value: string | null): number | null {
  const pid = Number(value);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** The players of the account that player `pid` belongs to; null when there is no pid to follow. */
function useVisitedAccount(pid: number | null): (PlayerList & { accountId: number | null }) | null {
  const record = useQuery({ ...playerRecordQuery(pid ?? 0), enabled: pid !== null });
  const accountId = record.data?.account ?? null;
  const list = useQuery({ ...playersQuery(accountId ?? 0), enabled: accountId !== null });
  if (pid === null) return null;
  const recordDone = record.isError || (record.isSuccess && record.data === null);
  return {
    accountId,
    players: list.data?.results ?? [],
    playersLoaded: recordDone || list.isSuccess || list.isError,
    playersFailed: record.isError || list.isError,
    retryPlayers: () => (record.isError ? record.refetch() : list.refetch()),
  };
}

export function PlayerLayout() {
  const parent = useUserLayout();
  const [search] = useSearchParams();
  const pid = validPid(search.get('pid'));
  const visited = useVisitedAccount(parent.user.account === null ? pid : null);
  const source: PlayerList = visited ?? parent;
  const selectedPlayer = source.players.find((player) => player.id === pid) ?? source.players[0] ?? null;
  const context: PlayerLayoutContext = {
    ...parent,
    players: source.players,
    playersLoaded: source.playersLoaded,
    playersFailed: source.playersFailed,
    retryPlayers: source.retryPlayers,

    selectedPlayer,
    visitedAccountId: visited?.accountId ?? null,
  };
  return <Outlet context={context} />;
}
