/**
 * root.user.player.home — /dashboard?pid&uaction&gis (SPEC §2): the greeting and the family's
 * players, each with the way to their stats.
 */
import { Link, useSearchParams } from 'react-router';

import { ChevronRightIcon, HeartrateIcon, StatsIcon } from '../../components/icons.tsx';
import { EmptyState, Page } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePlayerLayout } from '../layouts/layout-context.ts';
import { href } from '../paths.ts';

export function HomeRoute() {
  const { user, players, playersLoaded, playersFailed, selectedPlayer } = usePlayerLayout();
  // The card of the player named in the address (pid) stands out; without pid none does.
  const [search] = useSearchParams();
  const highlighted = search.has('pid') ? selectedPlayer?.id : undefined;
  return (
    <Page title={`Welcome back, ${user.first_name}`} intro="Here is your family at a glance. Pick a player to see how their play and heart-rate practice are going.">
      <section className="section" aria-labelledby="players-heading">
        <h2 id="players-heading" className="section__title">
          Your players
        </h2>
        {!playersLoaded ? (
          <div className="section__loading">
            <Spinner label="Loading your players…" />
          </div>
        ) : playersFailed ? (
          <EmptyState title="We couldn’t load your players" mascot={false}>
            <p>Something went wrong while loading the player list. Reloading the page usually helps.</p>
          </EmptyState>
        ) : players.length === 0 ? (
          <EmptyState title="No players yet" action={<Link to={href('root.user.management', null, { segment: 'details' })}>Go to your account</Link>}>
            <p>When a player is added to your account, their weekly play time and heart-rate progress will show up right here.</p>
          </EmptyState>
        ) : (
          <ul className="player-grid">
            {players.map((player) => (
              <li key={player.id} className={`player-card${highlighted === player.id ? ' player-card--selected' : ''}`}>
                <span className="player-card__avatar" aria-hidden="true">
                  {player.name.slice(0, 1).toUpperCase()}
                </span>
                <span className="player-card__body">
                  <span className="player-card__name">{player.name}</span>
                  <span className={`badge${player.in_program ? ' badge--green' : ''}`}>{player.in_program ? 'In the program' : 'Not in the program'}</span>
                </span>
                <Link className="player-card__link" to={href('root.user.player.stats', null, { pid: player.id })}>
                  <StatsIcon size={20} />
                  <span>See {player.name}’s stats</span>
                  <ChevronRightIcon size={18} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card tip">
        <HeartrateIcon size={28} />
        <p>
          <strong>How Grove works:</strong> in each game, players practise raising their heart rate and bringing it back down. The stats show how often they play and how well
          they cool down.
        </p>
      </section>
    </Page>
  );
}
