/**
 * Choosing the player a screen is about (home, stats): one link per player, the selected one
 * marked as the current page. The choice lives in the address (`pid`), so it survives a reload
 * and the back button; `hrefFor` builds each player's address with the screen's other parameters.
 */
import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';

import type { Player } from '@grove/domain/api/players';
import { Avatar } from '../../components/avatar.tsx';

export function PlayerSwitcher({
  players,
  selectedId,
  hrefFor,
}: {
  players: readonly Player[];
  selectedId: number;
  hrefFor: (player: Player) => string;
}) {
  const { t } = useLingui();
  if (players.length < 2) return null;
  return (
    <nav className="player-switch" aria-label={t`Choose a player`}>
      <ul>
        {players.map((player) => {
          const current = player.id === selectedId;
          return (
            <li key={player.id}>
              <Link
                className={`player-switch__link${current ? ' player-switch__link--current' : ''}`}
                aria-current={current ? 'page' : undefined}
                to={hrefFor(player)}
              >
                <Avatar name={player.name} size="small" />
                {player.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
