/**
 * root.user.player.stats — /dashboard/stats?pid&gis (SPEC §2): one player's play and heart-rate
 * statistics. The player is picked here; the charts fill the space below.
 */
import { Link, useSearchParams } from 'react-router';
import { CHART, TIME_FRAMES } from '@grove/domain';

import { CooldownIcon, HeartrateIcon, TimeCircleIcon, WeeklyGoalIcon } from '../../components/icons.tsx';
import { EmptyState, FeatureList, Page } from '../../components/page.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { usePlayerLayout } from '../layouts/layout-context.ts';
import { href } from '../paths.ts';

export function StatsRoute() {
  const { players, playersLoaded, selectedPlayer } = usePlayerLayout();
  const [search] = useSearchParams();
  const gis = search.get('gis');

  if (!playersLoaded) return <PageSpinner label="Loading your players…" />;
  if (!selectedPlayer) {
    return (
      <Page title="Player Stats">
        <EmptyState title="No players yet" action={<Link to={href('root.user.player.home')}>Back to Home</Link>}>
          <p>Stats appear here for each player on your account once they start playing.</p>
        </EmptyState>
      </Page>
    );
  }
  return (
    <Page title="Player Stats" intro={`How ${selectedPlayer.name} is playing and practising heart-rate control.`}>
      {players.length > 1 ? (
        <nav className="player-switch" aria-label="Choose a player">
          <ul>
            {players.map((player) => (
              <li key={player.id}>
                <Link
                  className={`player-switch__link${player.id === selectedPlayer.id ? ' player-switch__link--current' : ''}`}
                  aria-current={player.id === selectedPlayer.id ? 'page' : undefined}
                  to={href('root.user.player.stats', null, { pid: player.id, gis })}
                >
                  {player.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <FeatureList
        heading={`What you’ll find here for ${selectedPlayer.name}`}
        items={[
          {
            icon: <TimeCircleIcon />,
            title: 'Weekly play time',
            text: `Minutes played per week (weeks start on Monday) over ${TIME_FRAMES.map((frame) => frame.label).join(', ')}.`,
          },
          { icon: <WeeklyGoalIcon />, title: 'Weekly goal', text: `A goal line at ${CHART.goalMinutes} minutes a week to aim for.` },
          { icon: <HeartrateIcon />, title: 'Heart-rate rises', text: 'How often the heart rate went up during the games.' },
          { icon: <CooldownIcon />, title: 'Cooldowns', text: 'How quickly it came back down — the skill the games practise.' },
        ]}
      />
    </Page>
  );
}
