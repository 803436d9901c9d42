import { CHART } from '@grove/domain';

import { WeeksTable, shortDate } from './chart-parts.tsx';

export interface WeekBar {
  /** Local date of the week's Monday, YYYY-MM-DD. */
  week_start: string;
  minutes: number;
  sessions: number;
}

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { top: 16, right: 12, bottom: 36, left: 40 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

const y = (minutes: number) => PAD.top + PLOT_H - (Math.min(minutes, CHART.yMaxMinutes) / CHART.yMaxMinutes) * PLOT_H;

/**
 * Minutes played per week as bars, with the weekly goal line at 45 minutes and a y axis to 60
 * (ticks every 10). A week above 60 is clipped and marked with a notch so it is never hidden.
 * Drawn as our own SVG: no chart library weighs on the bundle. A table carries the same figures
 * for screen readers.
 */
export function WeeklyMinutesChart({ weeks, caption }: { weeks: WeekBar[]; caption: string }) {
  const ticks = Array.from({ length: CHART.yMaxMinutes / CHART.yTickMinutes + 1 }, (_, i) => i * CHART.yTickMinutes);
  const slot = weeks.length ? PLOT_W / weeks.length : PLOT_W;
  const barW = Math.max(2, Math.min(36, slot * 0.7));
  const labelEvery = Math.max(1, Math.ceil(weeks.length / 8));

  return (
    <figure className="weekly-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-hidden="true"
        focusable="false"
        className="weekly-chart__svg"
      >
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} className="weekly-chart__grid" />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" className="weekly-chart__tick">
              {t}
            </text>
          </g>
        ))}
        {weeks.map((w, i) => {
          const x = PAD.left + i * slot + (slot - barW) / 2;
          const clipped = w.minutes > CHART.yMaxMinutes;
          const top = y(w.minutes);
          return (
            <g key={w.week_start}>
              <rect
                x={x}
                y={top}
                width={barW}
                height={PAD.top + PLOT_H - top}
                rx={Math.min(4, barW / 3)}
                className={
                  w.minutes >= CHART.goalMinutes ? 'weekly-chart__bar weekly-chart__bar--goal' : 'weekly-chart__bar'
                }
              >
                <title>{`Week of ${w.week_start}: ${w.minutes} minutes`}</title>
              </rect>
              {clipped && (
                <path
                  d={`M${x} ${top + 6} l${barW / 2} -6 l${barW / 2} 6`}
                  className="weekly-chart__clip"
                  data-testid="clipped-week"
                />
              )}
              {i % labelEvery === 0 && (
                <text x={x + barW / 2} y={HEIGHT - PAD.bottom + 16} textAnchor="middle" className="weekly-chart__tick">
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
          Goal {CHART.goalMinutes} min
        </text>
      </svg>
      <figcaption className="weekly-chart__caption">{caption}</figcaption>
      <WeeksTable
        caption={caption}
        weeks={weeks}
        columns={[
          { header: 'Minutes played', cell: (w) => w.minutes },
          { header: 'Sessions', cell: (w) => w.sessions },
        ]}
      />
    </figure>
  );
}
