/**
 * The stats screen's heart-rate charts over the weeks of a time frame, drawn as our own SVG like
 * the weekly minutes chart: heart-rate rises and cooldowns per week as paired bars, and the
 * average cooldown time per week as a line (shorter means the heart rate came down faster).
 * Each chart has a table with the same figures for screen readers.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { WeeklyPlay } from '@grove/domain/api/play';

import { WeeksTable, shortDate } from './chart-parts.tsx';

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 16, right: 12, bottom: 36, left: 44 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;
const BASELINE = PAD.top + PLOT_H;

/** A round axis top and step for values up to `max`: about four steps of 1, 2 or 5 × 10ⁿ. */
export function niceScale(max: number, minStep = 1): { top: number; step: number } {
  if (!(max > 0)) return { top: minStep * 4, step: minStep };
  const raw = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const residual = raw / magnitude;
  const step = Math.max(minStep, (residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 5 ? 5 : 10) * magnitude);
  return { top: Math.ceil(max / step) * step, step };
}

function Axis({ top, step, unit }: { top: number; step: number; unit?: string }) {
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const y = (value: number) => BASELINE - (value / top) * PLOT_H;
  return (
    <>
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} className="weekly-chart__grid" />
          <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className="weekly-chart__tick">
            {unit ? `${tick}${unit}` : tick}
          </text>
        </g>
      ))}
    </>
  );
}

function WeekLabels({ weeks, slot }: { weeks: readonly WeeklyPlay[]; slot: number }) {
  const every = Math.max(1, Math.ceil(weeks.length / 8));
  return (
    <>
      {weeks.map((week, i) =>
        i % every === 0 ? (
          <text
            key={week.week_start}
            x={PAD.left + i * slot + slot / 2}
            y={HEIGHT - PAD.bottom + 16}
            textAnchor="middle"
            className="weekly-chart__tick"
          >
            {shortDate(week.week_start)}
          </text>
        ) : null,
      )}
    </>
  );
}

/** Heart-rate rises and cooldowns per week, side by side. */
export function RisesCooldownsChart({ weeks, caption }: { weeks: readonly WeeklyPlay[]; caption: string }) {
  const { t } = useLingui();
  const { top, step } = niceScale(Math.max(0, ...weeks.map((w) => Math.max(w.hr_rises, w.cool_downs))));
  const slot = weeks.length ? PLOT_W / weeks.length : PLOT_W;
  const barW = Math.max(1.5, Math.min(16, slot * 0.34));
  const y = (value: number) => BASELINE - (value / top) * PLOT_H;
  return (
    <figure className="stat-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false" className="weekly-chart__svg">
        <Axis top={top} step={step} />
        {weeks.map((week, i) => {
          const center = PAD.left + i * slot + slot / 2;
          const { week_start: date, hr_rises: rises, cool_downs: cooldowns } = week;
          return (
            <g key={week.week_start}>
              <rect
                x={center - barW - 0.5}
                y={y(week.hr_rises)}
                width={barW}
                height={BASELINE - y(week.hr_rises)}
                rx={Math.min(3, barW / 3)}
                className="stat-chart__bar stat-chart__bar--rises"
              >
                <title>{t`Week of ${date}: ${rises} heart-rate rises`}</title>
              </rect>
              <rect
                x={center + 0.5}
                y={y(week.cool_downs)}
                width={barW}
                height={BASELINE - y(week.cool_downs)}
                rx={Math.min(3, barW / 3)}
                className="stat-chart__bar stat-chart__bar--cooldowns"
              >
                <title>{t`Week of ${date}: ${cooldowns} cooldowns`}</title>
              </rect>
            </g>
          );
        })}
        <WeekLabels weeks={weeks} slot={slot} />
      </svg>
      <figcaption className="weekly-chart__caption">
        <span className="stat-chart__legend">
          <span className="stat-chart__key stat-chart__key--rises" aria-hidden="true" /> <Trans>Heart-rate rises</Trans>
          <span className="stat-chart__key stat-chart__key--cooldowns" aria-hidden="true" /> <Trans>Cooldowns</Trans>
        </span>
      </figcaption>
      <WeeksTable
        caption={caption}
        weeks={weeks}
        columns={[
          { header: t`Heart-rate rises`, cell: (week) => week.hr_rises },
          { header: t`Cooldowns`, cell: (week) => week.cool_downs },
        ]}
      />
    </figure>
  );
}

/** Average cooldown time per week as a line; weeks without cooldowns leave a gap. */
export function CooldownTimeChart({ weeks, caption }: { weeks: readonly WeeklyPlay[]; caption: string }) {
  const { t } = useLingui();
  const values = weeks.map((w) => w.average_cool_down_seconds);
  const { top, step } = niceScale(Math.max(0, ...values.map((v) => v ?? 0)), 5);
  const slot = weeks.length ? PLOT_W / weeks.length : PLOT_W;
  const x = (i: number) => PAD.left + i * slot + slot / 2;
  const y = (value: number) => BASELINE - (value / top) * PLOT_H;
  // One path segment per run of weeks with cooldowns.
  let path = '';
  values.forEach((value, i) => {
    if (value === null) return;
    path += `${i === 0 || values[i - 1] === null ? 'M' : 'L'}${x(i).toFixed(1)} ${y(value).toFixed(1)} `;
  });
  const dot = Math.max(1.5, Math.min(4, slot / 4));
  return (
    <figure className="stat-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false" className="weekly-chart__svg">
        <Axis top={top} step={step} unit="s" />
        {path ? <path d={path.trim()} className="stat-chart__line" /> : null}
        {values.map((value, i) => {
          if (value === null) return null;
          const date = weeks[i]!.week_start;
          return (
            <circle key={date} cx={x(i)} cy={y(value)} r={dot} className="stat-chart__dot">
              <title>{t`Week of ${date}: ${value} seconds on average`}</title>
            </circle>
          );
        })}
        <WeekLabels weeks={weeks} slot={slot} />
      </svg>
      <figcaption className="weekly-chart__caption">
        <Trans>Seconds from a heart-rate rise back to calm, on average. Lower means faster cooldowns.</Trans>
      </figcaption>
      <WeeksTable
        caption={caption}
        weeks={weeks}
        columns={[
          {
            header: t`Average cooldown (seconds)`,
            cell: (week) => week.average_cool_down_seconds ?? t`No cooldowns`,
          },
          { header: t`Cooldowns`, cell: (week) => week.cool_downs },
        ]}
      />
    </figure>
  );
}
