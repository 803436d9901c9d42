/**
 * Account → Players (dashboard/account?segment=players; issue 25 item 2): the family's players,
 * each with links to their Home and Stats, their name (edit_save_cancel) and whether they are in
 * the program; adding a child (name + the parent's consent); and the incomplete profiles — players
 * named in a survey or made by a child on the tablet — each completed with the add form prefilled
 * with its name. `?profile=<id>` opens that profile's completion (a link from elsewhere, or the
 * Complete button, which sets it). Every change reads the players and profiles again, so the
 * layout's player list (Home, the Stats selector) follows at once.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { IncompleteProfilePage, Player } from '@grove/domain/api/players';

import { AccountCard } from '../../components/account-card.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { Button } from '../../components/button.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { href } from '../../lib/paths.ts';
import { incompleteProfilesQuery, playersQuery } from '../../lib/queries/players.ts';
import { AddPlayerButton, AddPlayerForm } from './add-player-form.tsx';
import { InProgramSwitch, PlayerNameForm } from './player-controls.tsx';
import { refreshPlayers } from './players.api.ts';
import '../../components/account-card.css';
import './players.css';
import { Avatar } from '../../components/avatar.tsx';

type IncompleteProfile = IncompleteProfilePage['results'][number];

const PROGRAM_HINT = msg`Players out of the program keep their history and are left out of the weekly summary e-mail.`;

/** The `profile` query parameter as an id, or null. */
function profileIdOf(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

function PlayerRow({
  player,
  focusName,
  onFocused,
  onMessage,
}: {
  player: Player;
  /** Move the focus to the player's name (they were just added). */
  focusName: boolean;
  onFocused: () => void;
  onMessage: (message: string) => void;
}) {
  const { t, i18n } = useLingui();
  const nameId = useId();
  const hintId = useId();
  const name = player.name;
  const nameRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!focusName) return;
    nameRef.current?.focus();
    onFocused();
  }, [focusName, onFocused]);
  return (
    <li className="account-list__item player-row">
      <div className="player-row__head">
        <Avatar name={player.name} />
        <p className="account-list__name player-row__name" id={nameId} ref={nameRef} tabIndex={-1}>
          {player.name}
        </p>
        <nav className="player-row__links" aria-label={t`${name}’s screens`}>
          <Link to={href('root.user.player.home', null, { pid: player.id })}>
            <Trans>
              Home<span className="visually-hidden"> of {name}</span>
            </Trans>
          </Link>
          <Link to={href('root.user.player.stats', null, { pid: player.id })}>
            <Trans>
              Stats<span className="visually-hidden"> of {name}</span>
            </Trans>
          </Link>
        </nav>
      </div>
      <div className="player-row__program">
        <InProgramSwitch player={player} labelledBy={nameId} describedBy={hintId} />
        <p className="player-row__hint" id={hintId}>
          {i18n._(PROGRAM_HINT)}
        </p>
      </div>
      <PlayerNameForm
        player={player}
        onSaved={(answer, previousName) => {
          nameRef.current?.focus();
          const newName = answer.name;
          onMessage(newName === previousName ? t`${newName}’s name is saved.` : t`${previousName} is now ${newName}.`);
        }}
      />
    </li>
  );
}

function ProfilesCard({
  profiles,
  completingId,
  onComplete,
}: {
  profiles: UseQueryResult<IncompleteProfilePage>;
  completingId: number | null;
  onComplete: (profile: IncompleteProfile) => void;
}) {
  const { t } = useLingui();
  if (profiles.isPending) return null;
  if (profiles.isError) {
    return (
      <AccountCard title={t`Incomplete profiles`}>
        <LoadError what={t`the incomplete profiles`} onRetry={profiles.refetch} />
      </AccountCard>
    );
  }
  if (profiles.data.results.length === 0) return null;
  return (
    <AccountCard
      title={t`Incomplete profiles`}
      intro={t`Players named in a survey, or made by a child on the tablet, who are not on your account yet. Complete a profile to add the player: their survey answers stay with them.`}
    >
      <ul className="account-list">
        {profiles.data.results.map((profile) => {
          const name = profile.player_name;
          return (
            <li key={profile.id} className="account-list__item">
              <div className="account-list__main">
                <p className="account-list__name">{name}</p>
              </div>
              <div className="account-list__actions">
                <Button variant="secondary" disabled={completingId === profile.id} onClick={() => onComplete(profile)}>
                  <Trans>
                    Complete<span className="visually-hidden"> {name}’s profile</span>
                  </Trans>
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </AccountCard>
  );
}

export function PlayersPanel({ accountId }: { accountId: number }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const players = useQuery(playersQuery(accountId));
  const profiles = useQuery(incompleteProfilesQuery(accountId));
  const [addingNew, setAddingNew] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [focusPlayerId, setFocusPlayerId] = useState<number | null>(null);
  /** The profile just completed: gone from the list before the address forgets it. */
  const [completedId, setCompletedId] = useState<number | null>(null);
  const addButtonId = useId();
  /** Cancel gives the focus back to "Add a player" once the form has gone (the address may change first). */
  const [focusAdd, setFocusAdd] = useState(false);

  const profileId = profileIdOf(search.get('profile'));
  const completing =
    profileId === null ? null : (profiles.data?.results.find((profile) => profile.id === profileId) ?? null);
  const profileGone = profileId !== null && profileId !== completedId && profiles.isSuccess && completing === null;

  /** Opens (a profile) or closes (null) the completion: the address says which profile. */
  const setProfile = (profile: IncompleteProfile | null) => {
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (profile) next.set('profile', String(profile.id));
        else next.delete('profile');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const closeForm = (refocus: boolean) => {
    setAddingNew(false);
    if (profileId !== null) setProfile(null);
    if (refocus) setFocusAdd(true);
  };

  const added = async (player: Player, from: IncompleteProfile | null) => {
    if (from) setCompletedId(from.id);
    closeForm(false);
    await refreshPlayers(queryClient);
    const name = player.name;
    setMessage(from ? t`${name}’s profile is complete.` : t`${name} is on your account now.`);
    setFocusPlayerId(player.id);
  };

  const formOpen = addingNew || completing !== null;
  const completingName = completing?.player_name ?? '';
  useEffect(() => {
    if (!focusAdd || formOpen) return;
    document.getElementById(addButtonId)?.focus();
    setFocusAdd(false);
  }, [focusAdd, formOpen, addButtonId]);
  let list;
  if (players.isPending) list = <Spinner label={t`Loading your players…`} />;
  else if (players.isError) list = <LoadError what={t`your players`} onRetry={players.refetch} />;
  else if (players.data.results.length === 0) {
    list = (
      <p>
        <Trans>No players yet. Add each child who will play.</Trans>
      </p>
    );
  } else {
    list = (
      <ul className="account-list player-list">
        {players.data.results.map((player) => (
          <PlayerRow
            key={player.id}
            player={player}
            focusName={focusPlayerId === player.id}
            onFocused={() => setFocusPlayerId(null)}
            onMessage={setMessage}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="account-columns players-panel">
      <div className="account-column">
        <AccountCard
          title={t`Your players`}
          intro={t`Each child who plays, with their own home and stats. Names are as the games show them.`}
        >
          {list}
          <p role="status" className="account-status-region">
            {message}
          </p>
          {profileGone ? (
            <p className="account-notice" role="alert">
              <Trans>That profile is complete already, or it is no longer on your account.</Trans>
            </p>
          ) : null}
          {completing ? (
            <AddPlayerForm
              key={`profile-${completing.id}`}
              title={t`Complete ${completingName}’s profile`}
              description={t`Check the name and confirm your consent: the player joins your account and the profile leaves the list.`}
              hint={t`Keep the name as it is (capital letters may change): another name adds a new player and leaves the profile in the list.`}
              initialName={completingName}
              saveLabel={t`Complete the profile`}
              onAdded={(player) => added(player, completing)}
              onCancel={() => closeForm(true)}
            />
          ) : addingNew ? (
            <AddPlayerForm
              key="new"
              title={t`Add a player`}
              description={t`Each child who will play needs their own player.`}
              hint={t`The name your child sees in the games.`}
              onAdded={(player) => added(player, null)}
              onCancel={() => closeForm(true)}
            />
          ) : null}
          {formOpen ? null : (
            <AddPlayerButton
              id={addButtonId}
              onOpen={() => {
                setMessage(null);
                setAddingNew(true);
              }}
            />
          )}
        </AccountCard>
      </div>
      <div className="account-column">
        <ProfilesCard
          profiles={profiles}
          completingId={completing?.id ?? null}
          onComplete={(profile) => {
            setMessage(null);
            setAddingNew(false);
            setProfile(profile);
          }}
        />
      </div>
    </div>
  );
}
