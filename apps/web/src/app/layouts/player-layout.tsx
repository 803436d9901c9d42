/**
 * root.user.player: the screens about one player (home and stats). The selected player is the
 * one named by `pid`, else the account's first player.
 */
import { Outlet, useSearchParams } from 'react-router';

import type { PlayerLayoutContext } from './layout-context.ts';
import { useUserLayout } from './layout-context.ts';

export function PlayerLayout() {
  const parent = useUserLayout();
  const [search] = useSearchParams();
  const pid = Number(search.get('pid'));
  const selectedPlayer = parent.players.find((player) => player.id === pid) ?? parent.players[0] ?? null;
  const context: PlayerLayoutContext = { ...parent, selectedPlayer };
  return <Outlet context={context} />;
}
