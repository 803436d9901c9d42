import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CHART } from '@grove/domain';

import { WeeksTable, shortDate } from './chart-parts.tsx';

import './weekly-minutes-chart.css';

export interface WeekBar {
  /** Local date of the week's Monday, YYYY-MM-DD. */
  week_start: string;
  minutes: number;
  sessions: number;
}

/** A second player drawn beside the first (the stats screen's "Compare with"). */
export type ComparedPlayer = { name: string; weeks: readonly WeekBar[] };

/**
 * `other`'s weeks on the Mondays of `weeks` (the chart's frame): a Monday `other` has no week for
 * (All Time starts at each player's own first game) is a week without play.
 */
export function alignWeeks(weeks: readonly WeekBar[], other: readonly WeekBar[]): WeekBar[] {
  const byWeek = new Map(other.map((week) => [week.week_start, week]));
  return weeks.map((week) => byWeek.get(week.week_start) ?? { week_start: week.week_start, minutes: 0, sessions: 0 });
}

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { top: 16, right: 12, bottom: 36, left: 40 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

const y = (minutes: number) => PAD.top + PLOT_H - (Math.min(minutes, CHART.yMaxMinutes) / CHART.yMaxMinutes) * PLOT_H;

/** One week's bar: darker once it reached the goal, notched when clipped at the top, titled. */
function Bar({
  week,
  x,
  width,
  className,
  title,
}: {
  week: WeekBar;
  x: number;
  width: number;
  className: string;
  title: string;
}) {
  const top = y(week.minutes);
  const goal = week.minutes >= CHART.goalMinutes;
  return (
    <>
      <rect
        x={x}
        y={top}
        width={width}
        height={PAD.top + PLOT_H - top}
        rx={Math.min(4, width / 3)}
        className={goal ? `${className} ${className}--goal` : className}
      >
        <title>{title}</title>
      </rect>
      {week.minutes > CHART.yMaxMinutes && (
        <path
          d={`M${x} ${top + 6} l${width / 2} -6 l${width / 2} 6`}
          className="weekly-chart__clip"
          data-testid="clipped-week"
        />
      )}
    </>
  );
}

/**
 * Minutes played per week as bars, with the weekly goal line at 45 minutes and a y axis to 60
 * (ticks every 10). A week above 60 is clipped and marked with a notch so it is never hidden.
 * Drawn as our own SVG: no chart library weighs on the bundle. A table carries the same figures
 * for screen readers, and on screen on demand ("Show the table").
 *
 * With `compare`, a second player's weeks stand beside the first's (issue 29 item 2): the first
 * player's bars solid green, the second's striped and outlined in violet — told apart by pattern
 * as well as colour, and named in the legend — and the table has both players' columns.
 */
export function WeeklyMinutesChart({
  weeks,
  caption,
  playerName,
  compare,
}: {
  weeks: WeekBar[];
  caption: string;
  /** The first player's name: the legend's and the table's, when comparing. */
  playerName?: string;
  compare?: ComparedPlayer;
}) {
  const { t } = useLingui();
  const ids = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [tableShown, setTableShown] = useState(false);
  const ticks = Array.from({ length: CHART.yMaxMinutes / CHART.yTickMinutes + 1 }, (_, i) => i * CHART.yTickMinutes);
  const slot = weeks.length ? PLOT_W / weeks.length : PLOT_W;
  const paired = compare ? alignWeeks(weeks, compare.weeks) : null;
  const barW = paired ? Math.max(1.5, Math.min(18, slot * 0.36)) : Math.max(2, Math.min(36, slot * 0.7));
  const labelEvery = Math.max(1, Math.ceil(weeks.length / 8));
  const first = playerName ?? t`This player`;
  const compareName = compare?.name ?? '';
  const goalMinutes = CHART.goalMinutes;
  /** A bar's title: the player's name first when two players share the chart. */
  const barTitle = (name: string | null, { week_start: date, minutes }: WeekBar) =>
    name === null ? t`Week of ${date}: ${minutes} minutes` : t`${name}, week of ${date}: ${minutes} minutes`;
  const stripes = `${ids}-stripes`;
  const tableId = `${ids}-table`;

  // The table's rows: each week of the first player, with the second's beside it when comparing.
  const rows = weeks.map((week, i) => ({ week_start: week.week_start, week, other: paired?.[i] }));
  type Row = (typeof rows)[number];
  const minutesOf = (name: string) => t`${name}’s minutes`;
  const sessionsOf = (name: string) => t`${name}’s sessions`;
  const columns = compare
    ? [
        { header: minutesOf(first), cell: (row: Row) => row.week.minutes },
        { header: sessionsOf(first), cell: (row: Row) => row.week.sessions },
        { header: minutesOf(compare.name), cell: (row: Row) => row.other?.minutes ?? 0 },
        { header: sessionsOf(compare.name), cell: (row: Row) => row.other?.sessions ?? 0 },
      ]
    : [
        { header: t`Minutes played`, cell: (row: Row) => row.week.minutes },
        { header: t`Sessions`, cell: (row: Row) => row.week.sessions },
      ];

  return (
    <figure className={`weekly-chart${compare ? ' weekly-chart--compare' : ''}`}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-hidden="true"
        focusable="false"
        className="weekly-chart__svg"
      >
        {paired ? (
          <defs>
            {(['', '-goal'] as const).map((variant) => (
              <pattern
                key={variant}
                id={`${stripes}${variant}`}
                width="6"
                height="6"
                patternUnits="userSpaceOnUse"
                patternTransform="rotate(45)"
              >
                <rect width="6" height="6" className="weekly-chart__stripes-ground" />
                <rect
                  width="3"
                  height="6"
                  className={`weekly-chart__stripes${variant ? ' weekly-chart__stripes--goal' : ''}`}
                />
              </pattern>
            ))}
          </defs>
        ) : null}
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} className="weekly-chart__grid" />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" className="weekly-chart__tick">
              {t}
            </text>
          </g>
        ))}
        {weeks.map((w, i) => {
          const center = PAD.left + i * slot + slot / 2;
          const other = paired?.[i];
          return (
            <g key={w.week_start}>
              <Bar
                week={w}
                x={other ? center - barW - 1 : center - barW / 2}
                width={barW}
                className="weekly-chart__bar"
                title={barTitle(other ? first : null, w)}
              />
              {other && compare ? (
                <g
                  className="weekly-chart__compare-bar"
                  fill={`url(#${stripes}${other.minutes >= CHART.goalMinutes ? '-goal' : ''})`}
                >
                  <Bar
                    week={other}
                    x={center + 1}
                    width={barW}
                    className="weekly-chart__compare"
                    title={barTitle(compare.name, other)}
                  />
                </g>
              ) : null}
              {i % labelEvery === 0 && (
                <text x={center} y={HEIGHT - PAD.bottom + 16} textAnchor="middle" className="weekly-chart__tick">
                  {shortDate(w.week_start)}
                </text>
              )}
            </g>
          );
        })}
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={y(CHART.goalMinutes)}
          y2={y(CHART.goalMinutes)}
          className="weekly-chart__goal"
          data-testid="goal-line"
        />
        <text x={WIDTH - PAD.right} y={y(CHART.goalMinutes) - 6} textAnchor="end" className="weekly-chart__goal-label">
          <Trans>Goal {goalMinutes} min</Trans>
        </text>
      </svg>
      <figcaption className="weekly-chart__caption">
        {compare ? (
          <span className="stat-chart__legend weekly-chart__legend">
            <span className="weekly-chart__legend-item">
              <span className="stat-chart__key weekly-chart__key--player" aria-hidden="true" />{' '}
              <Trans>{first} (solid bars)</Trans>
            </span>
            <span className="weekly-chart__legend-item">
              <span className="stat-chart__key weekly-chart__key--compare" aria-hidden="true" />{' '}
              <Trans>{compareName} (striped bars)</Trans>
            </span>
          </span>
        ) : null}
        <span className="weekly-chart__caption-text">{caption}</span>
      </figcaption>
      <button
        type="button"
        className="weekly-chart__table-toggle"
        aria-expanded={tableShown}
        aria-controls={tableId}
        onClick={() => setTableShown((shown) => !shown)}
      >
        {tableShown ? t`Hide the table` : t`Show the table`}
      </button>
      <WeeksTable id={tableId} caption={caption} weeks={rows} columns={columns} visible={tableShown} />
    </figure>
  );
}
