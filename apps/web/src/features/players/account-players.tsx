/**
 * An account's players with their gauge, chase speed and acorns, which staff change with a reason
 * (SPEC §6), and a link to each player's home as the family sees it. Staff also add a player for
 * the family (no consent: staff cannot give it) and change a player's name and whether they are in
 * the program (issue 25 item 2); each of these writes is in the account's history of staff changes,
 * which the staff account route reads again after it (onStaffChange).
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Player } from '@grove/domain/api/players';

import { ChevronRightIcon } from '../../components/icons.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { EmptyState } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { href } from '../../lib/paths.ts';
import { playKeys } from '../../lib/queries/play.ts';
import { playersQuery } from '../../lib/queries/players.ts';
import { AddPlayerButton, AddPlayerForm } from './add-player-form.tsx';
import { InProgramSwitch, PlayerNameForm } from './player-controls.tsx';
import { PlayerSettingsEditor } from './player-settings-editor.tsx';
import { refreshPlayers } from './players.api.ts';
import { Avatar } from '../../components/avatar.tsx';

function StaffPlayer({ player, onChanged }: { player: Player; onChanged: (playerId: number) => Promise<void> }) {
  const nameId = useId();
  return (
    <li className="card staff-player">
      <div className="staff-player__head">
        <Avatar name={player.name} size="large" />
        <div className="staff-player__name">
          <h3 id={nameId}>{player.name}</h3>
        </div>
        <Link className="staff-player__link" to={href('root.user.player.home', null, { pid: player.id })}>
          View home<span className="visually-hidden"> of {player.name}</span>
          <ChevronRightIcon size={18} />
        </Link>
      </div>
      <div className="staff-player__controls">
        <PlayerNameForm player={player} onSaved={(answer) => onChanged(answer.id)} />
        <InProgramSwitch player={player} labelledBy={nameId} onSaved={(answer) => onChanged(answer.id)} />
      </div>
      <PlayerSettingsEditor player={player} onSaved={onChanged} />
    </li>
  );
}

export function AccountPlayers({
  accountId,
  onStaffChange,
}: {
  accountId: number;
  /** After a write: the account's history of staff changes is read again. */
  onStaffChange: () => Promise<unknown>;
}) {
  const queryClient = useQueryClient();
  const records = useQuery(playersQuery(accountId));
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const addButtonId = useId();
  // A staff write changes the player's play screens and the account's history of staff changes.
  const refreshAfterChange = async (playerId: number) => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: playKeys.player(playerId) }), onStaffChange()]);
  };

  let body;
  if (records.isPending) {
    body = (
      <div className="section__loading">
        <Spinner label="Loading the players…" />
      </div>
    );
  } else if (records.isError) {
    body = <LoadError what="the players" onRetry={records.refetch} />;
  } else if (records.data.results.length === 0) {
    body = (
      <EmptyState title="No players on this account" mascot={false}>
        <p>Players appear here once the family adds them, or once you add one below.</p>
      </EmptyState>
    );
  } else {
    body = (
      <ul className="staff-players">
        {records.data.results.map((player) => (
          <StaffPlayer key={player.id} player={player} onChanged={refreshAfterChange} />
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
      <p role="status" className="staff-players__status">
        {message}
      </p>
      {adding ? (
        <AddPlayerForm
          title="Add a player"
          description="For the family: they are not asked for consent here. The change is kept in the history of staff changes."
          account={accountId}
          onAdded={async (player) => {
            setAdding(false);
            await Promise.all([refreshPlayers(queryClient), onStaffChange()]);
            setMessage(`${player.name} was added to the account.`);
            requestAnimationFrame(() => document.getElementById(addButtonId)?.focus());
          }}
          onCancel={() => {
            setAdding(false);
            requestAnimationFrame(() => document.getElementById(addButtonId)?.focus());
          }}
        />
      ) : (
        <AddPlayerButton
          id={addButtonId}
          onOpen={() => {
            setMessage(null);
            setAdding(true);
          }}
        />
      )}
    </section>
  );
}
