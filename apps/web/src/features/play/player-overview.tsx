/**
 * The home screen's picture of one player (SPEC §2 Home, issue 6 item 6): this week's minutes
 * against the weekly goal as a ring, the week's heart-rate rises and cooldowns, the game's gauge,
 * chase speed and acorns, and the last sessions. Times read in the account's time zone, in the
 * spec's date format (formatDateTime of @grove/domain).
 */
import type { ReactNode } from 'react';
import { CHART, dateTimeParts } from '@grove/domain';

import {
  AcornMascot,
  ChaseSpeedIcon,
  CheckIcon,
  CooldownIcon,
  GaugeIcon,
  HeartrateIcon,
  WeeklyGoalIcon,
} from '../../components/icons.tsx';
import {
  formatCalendarDay,
  formatDuration,
  formatNumber,
  formatSeconds,
  plural,
  wholeMinutes,
} from '../../lib/format.ts';
import type { PlayerOverview, PlaySession } from '@grove/domain/api/play';

/**
 * The streak in words (issue 29): goal weeks in a row, this week counted once it reached the goal;
 * the week under way never breaks it (docs/decisions/0070-play-streaks.md).
 */
export function streakSentence({
  weeks,
  this_week_met: thisWeekMet,
  longest_weeks: longest,
}: PlayerOverview['streak']) {
  if (weeks === 0) {
    return longest > 0
      ? `Reach the goal this week to start a new streak. Best so far: ${plural(longest, 'week')} in a row.`
      : 'Reach the goal this week to start a streak.';
  }
  const run = `${plural(weeks, 'week')} in a row at the goal`;
  if (thisWeekMet) return `Streak: ${run}, this week included.`;
  return `Streak: ${run}. Reach the goal this week to make it ${weeks + 1}.`;
}

const RING_RADIUS = 52;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/** This week's minutes against the goal: a ring that fills up to the goal, and the same in words. */
export function WeekProgress({ overview, children }: { overview: PlayerOverview; children?: ReactNode }) {
  const { minutes, sessions, week_start: weekStart } = overview.this_week;
  const goal = CHART.goalMinutes;
  const share = Math.min(1, minutes / goal);
  const reached = minutes >= goal;
  return (
    <section className={`card week-card${reached ? ' week-card--reached' : ''}`} aria-labelledby="week-title">
      <div className="week-card__ring" aria-hidden="true">
        <svg viewBox="0 0 128 128" width="128" height="128" focusable="false">
          <circle cx="64" cy="64" r={RING_RADIUS} className="ring__track" />
          <circle
            cx="64"
            cy="64"
            r={RING_RADIUS}
            className="ring__fill"
            strokeDasharray={`${(share * RING_LENGTH).toFixed(2)} ${RING_LENGTH.toFixed(2)}`}
            transform="rotate(-90 64 64)"
          />
        </svg>
        <span className="week-card__ring-text">
          <span className="week-card__ring-value">{formatNumber(minutes)}</span>
          <span className="week-card__ring-unit">of {goal} min</span>
        </span>
      </div>
      <div className="week-card__body">
        <h2 id="week-title" className="week-card__title">
          <WeeklyGoalIcon size={22} /> {overview.name}’s week
        </h2>
        <p className="week-card__summary">
          <strong>{plural(minutes, 'minute')}</strong> played this week, in {plural(sessions, 'session')}.
        </p>
        <p className={`week-card__goal${reached ? ' week-card__goal--reached' : ''}`}>
          {reached ? (
            <>
              <CheckIcon size={18} /> Weekly goal of {goal} minutes reached. Well done!
            </>
          ) : (
            `${plural(goal - minutes, 'minute')} to go to reach the weekly goal of ${goal} minutes.`
          )}
        </p>
        <p className="week-card__streak">{streakSentence(overview.streak)}</p>
        <p className="week-card__since">Week starting Monday, {formatCalendarDay(weekStart)}</p>
        {children}
      </div>
    </section>
  );
}

function Figure({
  icon,
  label,
  value,
  note,
  tone,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  note?: string;
  tone?: 'heart' | 'calm' | 'game' | 'acorn';
}) {
  return (
    <div className={`figure${tone ? ` figure--${tone}` : ''}`}>
      <dt className="figure__label">
        <span className="figure__icon" aria-hidden="true">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="figure__value">{value}</dd>
      {note ? <dd className="figure__note">{note}</dd> : null}
    </div>
  );
}

/** The week's heart-rate practice and the game's settings, each with its icon. */
export function PlayFigures({ overview }: { overview: PlayerOverview }) {
  const { this_week: week, totals } = overview;
  const average = totals.average_cool_down_seconds;
  return (
    <section className="section" aria-labelledby="figures-title">
      <h2 id="figures-title" className="section__title">
        Heart-rate practice and game settings
      </h2>
      <dl className="figures">
        <Figure
          tone="heart"
          icon={<HeartrateIcon size={26} />}
          label="Heart-rate rises"
          value={formatNumber(week.hr_rises)}
          note="this week"
        />
        <Figure
          tone="calm"
          icon={<CooldownIcon size={26} />}
          label="Cooldowns"
          value={formatNumber(week.cool_downs)}
          note={average === null ? 'this week' : `this week · ${formatSeconds(average)} on average overall`}
        />
        <Figure
          tone="game"
          icon={<GaugeIcon size={26} />}
          label="Gauge"
          value={formatNumber(overview.hr_gauge)}
          note="heart-rate gauge level"
        />
        <Figure
          tone="game"
          icon={<ChaseSpeedIcon size={26} />}
          label="Chase speed"
          value={formatNumber(overview.chase_speed)}
          note="speed of the chase game"
        />
        <Figure
          tone="acorn"
          icon={<AcornMascot size={30} />}
          label="Acorns"
          value={formatNumber(overview.acorns)}
          note={`${formatNumber(totals.acorns_earned)} earned in games`}
        />
      </dl>
    </section>
  );
}

function SessionItem({ session, timeZone }: { session: PlaySession; timeZone: string }) {
  // The spec's date format (SPEC §9): the date stands out, the time and zone follow it and wrap
  // below it on a narrow phone.
  const when = dateTimeParts(session.period_datetime, timeZone);
  return (
    <li className="session">
      <span className="session__when">
        <time dateTime={session.period_datetime}>
          <strong>{when.date}</strong> <span className="session__time">{when.time}</span>
        </time>
        <span className="session__fact session__fact--time">
          <strong>{formatDuration(session.seconds_played)}</strong>
          <span className="visually-hidden"> played</span>
        </span>
      </span>
      <span className="session__facts">
        <span className="session__fact">
          <HeartrateIcon size={16} /> {plural(session.hr_rises, 'rise')}
        </span>
        <span className="session__fact">
          <CooldownIcon size={16} /> {plural(session.cool_downs, 'cooldown')}
        </span>
        <span className="session__fact">
          <AcornMascot size={18} /> +{formatNumber(session.acorns_earned)}
          <span className="visually-hidden"> acorns</span>
        </span>
      </span>
    </li>
  );
}

/** The latest sessions, newest first. */
export function RecentSessions({ overview }: { overview: PlayerOverview }) {
  return (
    <section className="card sessions-card" aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="card__title">
        Last sessions
      </h2>
      {overview.last_sessions.length === 0 ? (
        <p className="muted">No sessions yet.</p>
      ) : (
        <ol className="session-list">
          {overview.last_sessions.map((session) => (
            <SessionItem key={session.id} session={session} timeZone={overview.time_zone} />
          ))}
        </ol>
      )}
      <p className="sessions-card__total">
        {plural(overview.totals.sessions, 'session')} in all, {formatDuration(overview.totals.seconds_played)} of play
        {overview.totals.sessions > 0
          ? ` (${plural(wholeMinutes(overview.totals.seconds_played / Math.max(1, overview.totals.sessions)), 'minute')} a session on average)`
          : ''}
        .
      </p>
    </section>
  );
}
