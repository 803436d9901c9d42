/**
 * An account's players with their gauge, chase speed and acorns, which staff change with a reason
 * (SPEC §6), and a link to each player's home as the family sees it.
 */
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';

import { href } from '../../app/paths.ts';
import { Button } from '../../components/button.tsx';
import { ChevronRightIcon } from '../../components/icons.tsx';
import { EmptyState } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { playKeys } from '../play/play.api.ts';
import { PlayerSettingsEditor } from '../players/player-settings-editor.tsx';
import { playersQuery } from '../players/players.api.ts';

export function AccountPlayers({ accountId }: { accountId: number }) {
  const queryClient = useQueryClient();
  const records = useQuery(playersQuery(accountId));
  const refreshPlay = (playerId: number) => queryClient.invalidateQueries({ queryKey: playKeys.player(playerId) });

  let body;
  if (records.isPending) {
    body = (
      <div className="section__loading">
        <Spinner label="Loading the players…" />
      </div>
    );
  } else if (records.isError) {
    body = (
      <EmptyState
        title="We couldn’t load the players"
        mascot={false}
        action={
          <Button variant="secondary" loading={records.isFetching} onClick={() => void records.refetch()}>
            Try again
          </Button>
        }
      />
    );
  } else if (records.data.results.length === 0) {
    body = (
      <EmptyState title="No players on this account" mascot={false}>
        <p>Players appear here once the family adds them.</p>
      </EmptyState>
    );
  } else {
    body = (
      <ul className="staff-players">
        {records.data.results.map((player) => (
          <li key={player.id} className="card staff-player">
            <div className="staff-player__head">
              <span className="player-card__avatar" aria-hidden="true">
                {player.name.slice(0, 1).toUpperCase()}
              </span>
              <div className="staff-player__name">
                <h3>{player.name}</h3>
                <span className={`badge${player.in_program ? ' badge--green' : ''}`}>
                  {player.in_program ? 'In the program' : 'Not in the program'}
                </span>
              </div>
              <Link className="staff-player__link" to={href('root.user.player.home', null, { pid: player.id })}>
                View home<span className="visually-hidden"> of {player.name}</span>
                <ChevronRightIcon size={18} />
              </Link>
            </div>
            <PlayerSettingsEditor player={player} onSaved={refreshPlay} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section className="section" aria-labelledby="account-players-title">
      <h2 id="account-players-title" className="section__title">
        Players
      </h2>
      <p className="section__intro">
        Gauge, chase speed and acorns are the game’s settings for each player. Every change is kept with its reason and
        your name.
      </p>
      {body}
    </section>
  );
}
