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
import { DEFAULT_TIME_FRAME, TIME_FRAMES, type TimeFrame, type TimeFrameId } from '@grove/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

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

/** The time frames' short names (the domain's TIME_FRAMES labels), in the page's language. */
const FRAME_LABELS: Record<TimeFrameId, MessageDescriptor> = {
  '1W': msg`1W`,
  '1Mo': msg`1Mo`,
  '3Mos': msg`3Mos`,
  all: msg`All Time`,
};

function FrameSwitch({ frame, hrefFor }: { frame: TimeFrame; hrefFor: (frame: TimeFrame) => string }) {
  const { t, i18n } = useLingui();
  return (
    <nav className="segments frame-switch" aria-label={t`Time frame`}>
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
                {i18n._(FRAME_LABELS[option.id])}
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
  const { t } = useLingui();
  const totals = frameTotals(data.weeks);
  const since = formatDate(data.frame_start, data.time_zone);
  const description = frameDescription(frame);
  return (
    <section className="section" aria-labelledby="totals-title">
      <h2 id="totals-title" className="section__title">
        {frame.id === 'all'
          ? t`All time, since ${playerName}’s first game on ${since}`
          : t`Totals for ${description}, since ${since}`}
      </h2>
      <TotalsFigures totals={totals} goalMinutes={data.goal_minutes} />
      {totals.sessions === 0 ? (
        <p className="notice-line">
          <Trans>
            {playerName} didn’t play in {description}. A longer time frame shows earlier games.
          </Trans>
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
  const { t } = useLingui();
  const weekly = useQuery({
    ...weeklyActivityQuery(compareWith?.id ?? 0, frame),
    enabled: compareWith !== null,
    placeholderData: keepPreviousData,
  });
  if (compareWith === null) return {};
  const name = compareWith.name;
  const data = weekly.data;
  if (data && data.player_id === compareWith.id && data.time_frame === frame) {
    return { compare: { name, weeks: data.weeks } };
  }
  if (weekly.isError) {
    return {
      status: (
        <LoadError
          what={t({ message: `${name}’s weeks`, context: 'what could not be loaded: We couldn’t load …' })}
          onRetry={weekly.refetch}
        />
      ),
    };
  }
  return {
    status: (
      <p className="chart-card__intro" role="status">
        {t`Loading ${name}’s weeks…`}
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
  const { t } = useLingui();
  const name = player.name;
  const weekly = useQuery({ ...weeklyActivityQuery(player.id, frame.id), placeholderData: keepPreviousData });
  const [search] = useSearchParams();
  const navigate = useNavigate();
  // The player stays as the address names it (or unnamed: the first player), and so does `compare`.
  const frameHref = (option: TimeFrame) =>
    href('root.user.player.stats', null, { pid: search.get('pid'), gis: option.id, compare: search.get('compare') });
  const shownFrameId = weekly.data?.time_frame ?? frame.id;
  const comparison = useComparison(compareWith, shownFrameId);

  if (weekly.isPending) return <PageSpinner label={t`Loading ${name}’s stats…`} />;
  if (weekly.isError) {
    return (
      <>
        <LoadError
          what={t({ message: `${name}’s stats`, context: 'what could not be loaded: We couldn’t load …' })}
          onRetry={weekly.refetch}
        />
        {after}
      </>
    );
  }
  const data = weekly.data;
  if (data.first_play_date === null) {
    return (
      <>
        <EmptyState
          title={t`${name} hasn’t played yet`}
          action={
            <Link to={href('root.user.player.home', null, { pid: player.id, gis })}>
              <Trans>Back to Home</Trans>
            </Link>
          }
        >
          <p>
            <Trans>
              Weekly play time, heart-rate rises and cooldowns appear here once {name} finishes a first game.
            </Trans>
          </p>
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
  const { t } = useLingui();
  const { players, playersLoaded, playersFailed, retryPlayers, selectedPlayer, user, visitedAccountId } =
    usePlayerLayout();
  const [search] = useSearchParams();
  const gis = search.get('gis');
  // No frame in the address: the contract's default (the domain's DEFAULT_TIME_FRAME).
  const frame = frameFromParam(gis, DEFAULT_TIME_FRAME);
  const compareWith = selectedPlayer ? comparedPlayer(search.get('compare'), players, selectedPlayer.id) : null;

  if (!playersLoaded) return <PageSpinner label={t`Loading your players…`} />;
  if (playersFailed) {
    return (
      <Page title={t`Player Stats`}>
        <LoadError what={t`your players`} onRetry={retryPlayers} />
      </Page>
    );
  }
  if (!selectedPlayer) {
    return (
      <Page title={t`Player Stats`}>
        <EmptyState
          title={t`No players yet`}
          action={
            <Link to={href('root.user.player.home')}>
              <Trans>Back to Home</Trans>
            </Link>
          }
        >
          <p>
            <Trans>Stats appear here for each player on your account once they start playing.</Trans>
          </p>
        </EmptyState>
      </Page>
    );
  }
  const name = selectedPlayer.name;
  return (
    <Page title={t`Player Stats`} intro={t`How ${name} is playing and practising heart-rate control.`}>
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
