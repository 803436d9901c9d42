/**
 * The stats screen's three charts for one player and time frame: minutes played per week against
 * the weekly goal, heart-rate rises and cooldowns per week, and the average cooldown time. The
 * stats screen loads this module lazily, so no chart code reaches the login page or home.
 */
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CHART } from '@grove/domain';

import { CooldownIcon, HeartrateIcon, TimeCircleIcon } from '../../components/icons.tsx';
import type { WeeklyPlay } from '@grove/domain/api/play';
import { CooldownTimeChart, RisesCooldownsChart } from './heart-rate-charts.tsx';
import { WeeklyMinutesChart, type ComparedPlayer } from './weekly-minutes-chart.tsx';

export type StatsChartsProps = {
  weeks: readonly WeeklyPlay[];
  playerName: string;
  /** 'the last month', 'all time'… */
  frameText: string;
  /** A second player on the minutes chart (issue 29 item 2), once its weeks have loaded. */
  compare?: ComparedPlayer;
  /** The minutes chart's "Compare with" (compare-select.tsx), and what it says while it loads. */
  compareControl?: ReactNode;
  compareStatus?: ReactNode;
};

export function StatsCharts({
  weeks,
  playerName,
  frameText,
  compare,
  compareControl,
  compareStatus,
}: StatsChartsProps) {
  const { t } = useLingui();
  const clipped = [...weeks, ...(compare?.weeks ?? [])].some((week) => week.minutes > CHART.yMaxMinutes);
  const goalMinutes = CHART.goalMinutes;
  const maxMinutes = CHART.yMaxMinutes;
  const otherName = compare?.name ?? '';
  // Sentences added to the intro when they apply, each after a space.
  const extras = [
    compare ? t`${playerName}’s bars are solid green, ${otherName}’s striped violet.` : null,
    clipped ? t`Weeks above ${maxMinutes} minutes reach the top of the chart and are marked with a notch.` : null,
  ].filter((sentence) => sentence !== null);
  return (
    <div className="stats-charts">
      <section className="card chart-card" aria-labelledby="chart-minutes-title">
        <div className="chart-card__head">
          <h2 id="chart-minutes-title" className="chart-card__title">
            <TimeCircleIcon size={22} /> <Trans>Minutes played each week</Trans>
          </h2>
          {compareControl}
        </div>
        <p className="chart-card__intro">
          <Trans>
            Weeks start on Monday. The dashed line is the weekly goal of {goalMinutes} minutes; darker bars reached it.
          </Trans>
          {extras.map((sentence) => ` ${sentence}`).join('')}
        </p>
        {compareStatus}
        <WeeklyMinutesChart
          weeks={[...weeks]}
          playerName={playerName}
          compare={compare}
          caption={
            compare
              ? t`Minutes ${playerName} and ${otherName} played each week, ${frameText}`
              : t`Minutes ${playerName} played each week, ${frameText}`
          }
        />
      </section>
      <section className="card chart-card" aria-labelledby="chart-rises-title">
        <h2 id="chart-rises-title" className="chart-card__title">
          <HeartrateIcon size={22} /> <Trans>Heart-rate rises and cooldowns</Trans>
        </h2>
        <p className="chart-card__intro">
          <Trans>
            How often {playerName}’s heart rate went up during the games each week, and how often it was brought back
            down.
          </Trans>
        </p>
        <RisesCooldownsChart weeks={weeks} caption={t`Heart-rate rises and cooldowns each week, ${frameText}`} />
      </section>
      <section className="card chart-card" aria-labelledby="chart-cooldown-title">
        <h2 id="chart-cooldown-title" className="chart-card__title">
          <CooldownIcon size={22} /> <Trans>Average cooldown time</Trans>
        </h2>
        <p className="chart-card__intro">
          <Trans>The skill the games practise: calming down after a rise. Weeks without cooldowns leave a gap.</Trans>
        </p>
        <CooldownTimeChart weeks={weeks} caption={t`Average cooldown time each week in seconds, ${frameText}`} />
      </section>
    </div>
  );
}
