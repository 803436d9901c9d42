/**
 * root.user.player.stats — /dashboard/stats?pid&gis (SPEC §2, issue 6 items 7 and 8): one
 * player's play and heart-rate statistics over a time frame.
 *
 * - `pid` picks the player (the same switcher as home); `gis` holds the time frame id of the
 *   domain's TIME_FRAMES (1W, 1Mo, 3Mos, all). A missing or unknown `gis` shows the last month
 *   and is left in the address as it is.
 * - The frame's totals, then the charts: minutes per week with the 45-minute goal line, heart-rate
 *   rises and cooldowns per week, and the average cooldown time; each chart has a table for
 *   screen readers. The charts come with the screen (2.4 KB gzip): loaded apart, they were one
 *   more round trip, and the check-ins below moved down when they arrived.
 * - Export CSV, beside the time frames, downloads all of the player's sessions.
 * - Below the charts, every game of the frame on demand, read through the activity list's `next`
 *   links (features/play/frame-sessions.tsx).
 * - With two players or more, "Compare with" draws another player of the family beside the
 *   selected one on the minutes chart, and adds their columns to its table (issue 29 item 2). The
 *   choice is `compare` in the address, kept by the time frames and the player switcher.
 */
import { type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_TIME_FRAME, TIME_FRAMES, type TimeFrame } from '@grove/domain';

import { LoadError } from '../../components/load-state.tsx';
import { EmptyState, Page } from '../../components/page.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { ExportSessionsButton } from '../../features/play/export-sessions-button.tsx';
import { FrameSessions } from '../../features/play/frame-sessions.tsx';
import type { WeeklyActivity } from '@grove/domain/api/play';

import { weeklyActivityQuery } from '../../features/play/play.api.ts';
import { PlayerSwitcher } from '../../features/players/player-switcher.tsx';
import { CheckInsCard } from '../../features/surveys/check-ins-card.tsx';
import type { Player } from '@grove/domain/api/players';
import { CompareSelect, comparedPlayer } from '../../features/stats/compare-select.tsx';
import { frameDescription, frameFromParam, frameTotals } from '../../features/stats/frame-totals.ts';
import { StatsCharts } from '../../features/stats/stats-charts.tsx';
import { TotalsFigures } from '../../features/stats/totals-figures.tsx';
import { formatDate } from '../../lib/format.ts';
import { usePlayerLayout } from '../layouts/layout-context.ts';
import { href } from '../../lib/paths.ts';

function FrameSwitch({ frame, hrefFor }: { frame: TimeFrame; hrefFor: (frame: TimeFrame) => string }) {
  return (
    <nav className="segments frame-switch" aria-label="Time frame">
      <ul>
        {TIME_FRAMES.map((option) => {
          const current = option.id === frame.id;
          return (
            <li key={option.id}>
              <Link
                className={`segments__link${current ? ' segments__link--current' : ''}`}
                aria-current={current ? 'page' : undefined}
                to={hrefFor(option)}
                preventScrollReset
              >
                {option.label}
                <span className="visually-hidden"> ({frameDescription(option)})</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Totals({ data, frame, playerName }: { data: WeeklyActivity; frame: TimeFrame; playerName: string }) {
  const totals = frameTotals(data.weeks);
  const since = formatDate(data.frame_start, data.time_zone);
  return (
    <section className="section" aria-labelledby="totals-title">
      <h2 id="totals-title" className="section__title">
        {frame.id === 'all'
          ? `All time, since ${playerName}’s first game on ${since}`
          : `Totals for ${frameDescription(frame)}, since ${since}`}
      </h2>
      <TotalsFigures totals={totals} goalMinutes={data.goal_minutes} />
      {totals.sessions === 0 ? (
        <p className="notice-line">
          {playerName} didn’t play in {frameDescription(frame)}. A longer time frame shows earlier games.
        </p>
      ) : null}
    </section>
  );
}

/**
 * `after` (the check-ins) shows once the figures have loaded: shown earlier, it would move down
 * when they arrive.
 */
/**
 * The second player of the minutes chart: its weeks for the frame shown, once they have come (a
 * previous player's or frame's weeks are never drawn under this name), or what the card says meanwhile.
 */
function useComparison(compareWith: Player | null, frame: TimeFrame['id']) {
  const weekly = useQuery({
    ...weeklyActivityQuery(compareWith?.id ?? 0, frame),
    enabled: compareWith !== null,
    placeholderData: keepPreviousData,
  });
  if (compareWith === null) return {};
  const data = weekly.data;
  if (data && data.player_id === compareWith.id && data.time_frame === frame) {
    return { compare: { name: compareWith.name, weeks: data.weeks } };
  }
  if (weekly.isError) {
    return { status: <LoadError what={`${compareWith.name}’s weeks`} onRetry={weekly.refetch} /> };
  }
  return {
    status: (
      <p className="chart-card__intro" role="status">
        Loading {compareWith.name}’s weeks…
      </p>
    ),
  };
}

function PlayerStats({
  player,
  players,
  compareWith,
  frame,
  gis,
  after,
}: {
  player: Player;
  players: readonly Player[];
  compareWith: Player | null;
  frame: TimeFrame;
  gis: string | null;
  after: ReactNode;
}) {
  const weekly = useQuery({ ...weeklyActivityQuery(player.id, frame.id), placeholderData: keepPreviousData });
  const [search] = useSearchParams();
  const navigate = useNavigate();
  // The player stays as the address names it (or unnamed: the first player), and so does `compare`.
  const frameHref = (option: TimeFrame) =>
    href('root.user.player.stats', null, { pid: search.get('pid'), gis: option.id, compare: search.get('compare') });
  const shownFrameId = weekly.data?.time_frame ?? frame.id;
  const comparison = useComparison(compareWith, shownFrameId);

  if (weekly.isPending) return <PageSpinner label={`Loading ${player.name}’s stats…`} />;
  if (weekly.isError) {
    return (
      <>
        <LoadError what={`${player.name}’s stats`} onRetry={weekly.refetch} />
        {after}
      </>
    );
  }
  const data = weekly.data;
  if (data.first_play_date === null) {
    return (
      <>
        <EmptyState
          title={`${player.name} hasn’t played yet`}
          action={<Link to={href('root.user.player.home', null, { pid: player.id, gis })}>Back to Home</Link>}
        >
          <p>Weekly play time, heart-rate rises and cooldowns appear here once {player.name} finishes a first game.</p>
        </EmptyState>
        {after}
      </>
    );
  }
  // While another frame loads, the previous one stays on screen, dimmed.
  const showing = data.time_frame === frame.id;
  const shownFrame = TIME_FRAMES.find((option) => option.id === data.time_frame) ?? frame;
  return (
    <>
      <div className={`stats-body${showing ? '' : ' stats-body--updating'}`} aria-busy={!showing || undefined}>
        <div className="stats-toolbar">
          <FrameSwitch frame={frame} hrefFor={frameHref} />
          <ExportSessionsButton playerId={player.id} playerName={player.name} />
        </div>
        <Totals data={data} frame={shownFrame} playerName={player.name} />
        <StatsCharts
          weeks={data.weeks}
          playerName={player.name}
          frameText={frameDescription(shownFrame)}
          compare={comparison.compare}
          compareStatus={comparison.status}
          compareControl={
            <CompareSelect
              players={players}
              selectedId={player.id}
              compareId={compareWith?.id ?? null}
              onChange={(compare) =>
                void navigate(href('root.user.player.stats', null, { pid: search.get('pid'), gis, compare }), {
                  preventScrollReset: true,
                })
              }
            />
          }
        />
        <FrameSessions
          playerId={player.id}
          playerName={player.name}
          frame={shownFrame.id}
          frameText={frameDescription(shownFrame)}
          timeZone={data.time_zone}
          totalSessions={data.total_sessions}
        />
      </div>
      {after}
    </>
  );
}

export function StatsRoute() {
  const { players, playersLoaded, playersFailed, retryPlayers, selectedPlayer, user, visitedAccountId } =
    usePlayerLayout();
  const [search] = useSearchParams();
  const gis = search.get('gis');
  // No frame in the address: the contract's default (the domain's DEFAULT_TIME_FRAME).
  const frame = frameFromParam(gis, DEFAULT_TIME_FRAME);
  const compareWith = selectedPlayer ? comparedPlayer(search.get('compare'), players, selectedPlayer.id) : null;

  if (!playersLoaded) return <PageSpinner label="Loading your players…" />;
  if (playersFailed) {
    return (
      <Page title="Player Stats">
        <LoadError what="your players" onRetry={retryPlayers} />
      </Page>
    );
  }
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
      <PlayerSwitcher
        players={players}
        selectedId={selectedPlayer.id}
        hrefFor={(player) =>
          href('root.user.player.stats', null, {
            pid: player.id,
            gis,
            // Switching to the player compared with swaps the two.
            compare: compareWith?.id === player.id ? selectedPlayer.id : compareWith?.id,
          })
        }
      />
      <PlayerStats
        key={selectedPlayer.id}
        player={selectedPlayer}
        players={players}
        compareWith={compareWith}
        frame={frame}
        gis={gis}
        after={
          // Check-ins are answered by the family: not shown to staff or coaches visiting a family.
          visitedAccountId === null && user.account && !user.is_staff && !user.is_coach ? (
            <CheckInsCard player={selectedPlayer} userId={user.id} timeZone={user.account.time_zone} />
          ) : null
        }
      />
    </Page>
  );
}
