/**
 * root.admin.accounts.details — /admin/accounts/:accountId (SPEC §2). The account's players with
 * their gauge, chase speed and acorns, which staff change here (SPEC §6), and a link to each
 * player's home as the family sees it.
 */
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';

import { Button } from '../../components/button.tsx';
import {
  ChevronRightIcon,
  CoachingIcon,
  PhoneIcon,
  ProfileIcon,
  QuestionIcon,
  WeeklyGoalIcon,
} from '../../components/icons.tsx';
import { EmptyState, FeatureList, Page } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { playKeys } from '../../features/play/play.api.ts';
import { PlayerSettingsEditor } from '../../features/players/player-settings-editor.tsx';
import { playersQuery } from '../../features/players/players.api.ts';
import { href } from '../paths.ts';

function AccountPlayers({ accountId }: { accountId: number }) {
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

export function AdminAccountDetailsRoute() {
  const { accountId = '' } = useParams();
  const id = Number(accountId);
  return (
    <Page
      title={`Account ${accountId}`}
      intro="Everything staff need to help this family."
      actions={<Link to={href('root.admin.accounts')}>All accounts</Link>}
    >
      {Number.isInteger(id) && id > 0 ? (
        <AccountPlayers accountId={id} />
      ) : (
        <EmptyState
          title="There is no such account"
          mascot={false}
          action={<Link to={href('root.admin.accounts')}>All accounts</Link>}
        />
      )}
      <FeatureList
        heading="What you’ll find here"
        items={[
          {
            icon: <ProfileIcon />,
            title: 'Details and tags',
            text: 'The account holder, status, tags and shipping address.',
          },
          { icon: <QuestionIcon />, title: 'Notes', text: 'Staff notes about the account, newest first.' },
          {
            icon: <PhoneIcon />,
            title: 'Shipments and support tickets',
            text: 'What was sent, and what the family asked.',
          },
          { icon: <CoachingIcon />, title: 'Coach assignment', text: 'The family’s coach, and changing it.' },
          { icon: <WeeklyGoalIcon />, title: 'Game version', text: 'Moving the account to a new game version.' },
        ]}
      />
    </Page>
  );
}
