/**
 * root.user.player.home — /dashboard?pid&uaction&gis (SPEC §2, issue 6 item 6): how the selected
 * player is doing this week. A player switcher (pid in the address), this week's minutes against
 * the 45-minute goal, heart-rate rises, cooldowns, gauge, chase speed and acorns, and the last
 * sessions; friendly states for a family without players, a player who has not played yet, and
 * staff or coaches who have no family of their own to show. `gis` is passed on to the stats link
 * (it carries the stats time frame); `uaction` is kept in the address and not read here.
 */
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';

import { Button } from '../../components/button.tsx';
import { ChevronRightIcon, HeartrateIcon, StatsIcon } from '../../components/icons.tsx';
import { EmptyState, Page } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { overviewQuery } from '../../features/play/play.api.ts';
import { PlayFigures, RecentSessions, WeekProgress } from '../../features/play/player-overview.tsx';
import { PlayerSwitcher } from '../../features/players/player-switcher.tsx';
import type { Player } from '@grove/domain/api/players';
import { usePlayerLayout, type PlayerLayoutContext } from '../layouts/layout-context.ts';
import { href } from '../paths.ts';

function NoFamily({ role }: { role: PlayerLayoutContext['role'] }) {
  if (role === 'admin') {
    return (
      <EmptyState
        title="No family to show here"
        action={<Link to={href('root.admin.accounts')}>Open the admin accounts</Link>}
      >
        <p>
          Your staff account has no players of its own. Open a family’s account in the admin area and choose “View home”
          next to a player to see their dashboard.
        </p>
      </EmptyState>
    );
  }
  if (role === 'coach') {
    return (
      <EmptyState title="No family to show here" action={<Link to={href('root.user.booking')}>Go to Coaching</Link>}>
        <p>Your coach account has no players of its own. The families you coach are on the Coaching page.</p>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      title="No players yet"
      action={<Link to={href('root.user.management', null, { segment: 'details' })}>Go to your account</Link>}
    >
      <p>
        When a player is added to your account, their weekly play time and heart-rate progress will show up right here.
      </p>
    </EmptyState>
  );
}

function PlayerHome({ player, gis }: { player: Player; gis: string | null }) {
  const overview = useQuery(overviewQuery(player.id));
  const statsLink = (
    <Link className="week-card__link" to={href('root.user.player.stats', null, { pid: player.id, gis })}>
      <StatsIcon size={20} />
      <span>See {player.name}’s stats</span>
      <ChevronRightIcon size={18} />
    </Link>
  );

  if (overview.isPending) {
    return (
      <div className="section__loading">
        <Spinner label={`Loading ${player.name}’s week…`} />
      </div>
    );
  }
  if (overview.isError) {
    return (
      <EmptyState
        title={`We couldn’t load ${player.name}’s week`}
        mascot={false}
        action={
          <Button variant="secondary" loading={overview.isFetching} onClick={() => void overview.refetch()}>
            Try again
          </Button>
        }
      >
        <p>Something went wrong while loading the figures. Trying again usually helps.</p>
      </EmptyState>
    );
  }
  const data = overview.data;
  if (data.totals.sessions === 0) {
    return (
      <>
        <EmptyState title={`${player.name} hasn’t played yet`}>
          <p>
            Once {player.name} finishes a first game, this week’s minutes, heart-rate rises and cooldowns will show up
            here. Aim for a few short games a week — together they add up to the weekly goal.
          </p>
        </EmptyState>
        <PlayFigures overview={data} />
      </>
    );
  }
  return (
    <>
      <WeekProgress overview={data}>{statsLink}</WeekProgress>
      <PlayFigures overview={data} />
      <RecentSessions overview={data} />
    </>
  );
}

export function HomeRoute() {
  const { user, role, players, playersLoaded, playersFailed, selectedPlayer, visitedAccountId } = usePlayerLayout();
  const [search] = useSearchParams();
  const gis = search.get('gis');
  const hasOwnAccount = user.account !== null;

  let content;
  if (!playersLoaded) {
    content = (
      <div className="section__loading">
        <Spinner label="Loading your players…" />
      </div>
    );
  } else if (playersFailed) {
    content = (
      <EmptyState title="We couldn’t load your players" mascot={false}>
        <p>Something went wrong while loading the player list. Reloading the page usually helps.</p>
      </EmptyState>
    );
  } else if (!selectedPlayer) {
    content = hasOwnAccount ? <NoFamily role="user" /> : <NoFamily role={role} />;
  } else {
    content = (
      <>
        <PlayerSwitcher
          players={players}
          selectedId={selectedPlayer.id}
          hrefFor={(player) =>
            href('root.user.player.home', null, { pid: player.id, uaction: search.get('uaction'), gis })
          }
        />
        <PlayerHome key={selectedPlayer.id} player={selectedPlayer} gis={gis} />
      </>
    );
  }

  return (
    <Page
      title={`Welcome back, ${user.first_name}`}
      intro="Here is how your family is playing this week, and how their heart-rate practice is going."
    >
      {visitedAccountId !== null ? (
        <p className="visit-note" role="note">
          You are looking at this family’s home as {role === 'admin' ? 'staff' : 'their coach'}.{' '}
          {role === 'admin' ? (
            <Link to={href('root.admin.accounts.details', { accountId: visitedAccountId })}>Back to the account</Link>
          ) : null}
        </p>
      ) : null}
      {content}
      <section className="card tip">
        <HeartrateIcon size={28} />
        <p>
          <strong>How Grove works:</strong> in each game, players practise raising their heart rate and bringing it back
          down. The stats show how often they play and how well they cool down.{' '}
          <Link to={href('root.user.resources')}>Guides for parents</Link> explain the kit, each game and the program’s
          weeks.
        </p>
      </section>
    </Page>
  );
}
