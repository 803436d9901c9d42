/**
 * The home screen's picture of one player (SPEC §2 Home, issue 6 item 6): this week's minutes
 * against the weekly goal as a ring, the week's heart-rate rises and cooldowns, the game's gauge,
 * chase speed and acorns, and the last sessions. Times read in the account's time zone, in the
 * spec's date format (lib/format.ts, in the page's language).
 */
import type { ReactNode } from 'react';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CHART } from '@grove/domain';

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
  dateTimeParts,
  formatCalendarDay,
  formatDuration,
  formatNumber,
  formatSeconds,
  wholeMinutes,
} from '../../lib/format.ts';
import { i18n as pageI18n } from '../../lib/i18n.ts';
import type { PlayerOverview, PlaySession } from '@grove/domain/api/play';

/**
 * The streak in words (issue 29): goal weeks in a row, this week counted once it reached the goal;
 * the week under way never breaks it (docs/decisions/0070-play-streaks.md). In the language of
 * `i18n` (by default the page's).
 */
export function streakSentence(
  { weeks, this_week_met: thisWeekMet, longest_weeks: longest }: PlayerOverview['streak'],
  i18n: I18n = pageI18n,
): string {
  if (weeks === 0) {
    return longest > 0
      ? i18n._(
          msg`Reach the goal this week to start a new streak. Best so far: ${plural(longest, { one: '# week', other: '# weeks' })} in a row.`,
        )
      : i18n._(msg`Reach the goal this week to start a streak.`);
  }
  if (thisWeekMet) {
    return i18n._(
      msg`Streak: ${plural(weeks, { one: '# week', other: '# weeks' })} in a row at the goal, this week included.`,
    );
  }
  const next = weeks + 1;
  return i18n._(
    msg`Streak: ${plural(weeks, { one: '# week', other: '# weeks' })} in a row at the goal. Reach the goal this week to make it ${next}.`,
  );
}

const RING_RADIUS = 52;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/** This week's minutes against the goal: a ring that fills up to the goal, and the same in words. */
export function WeekProgress({ overview, children }: { overview: PlayerOverview; children?: ReactNode }) {
  const { t, i18n } = useLingui();
  const { minutes, sessions, week_start: weekStart } = overview.this_week;
  const goal = CHART.goalMinutes;
  const share = Math.min(1, minutes / goal);
  const reached = minutes >= goal;
  const left = goal - minutes;
  const name = overview.name;
  const shownMinutes = formatNumber(minutes);
  const playedMinutes = t({ message: plural(minutes, { one: '# minute', other: '# minutes' }) });
  const playedSessions = t({ message: plural(sessions, { one: '# session', other: '# sessions' }) });
  const day = formatCalendarDay(weekStart);
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
          <span className="week-card__ring-value">{shownMinutes}</span>
          <span className="week-card__ring-unit">
            <Trans>of {goal} min</Trans>
          </span>
        </span>
      </div>
      <div className="week-card__body">
        <h2 id="week-title" className="week-card__title">
          <WeeklyGoalIcon size={22} /> <Trans context="heading">{name}’s week</Trans>
        </h2>
        <p className="week-card__summary">
          <Trans>
            <strong>{playedMinutes}</strong> played this week, in {playedSessions}.
          </Trans>
        </p>
        <p className={`week-card__goal${reached ? ' week-card__goal--reached' : ''}`}>
          {reached ? (
            <>
              <CheckIcon size={18} /> <Trans>Weekly goal of {goal} minutes reached. Well done!</Trans>
            </>
          ) : (
            t({
              message: plural(left, {
                one: `# minute to go to reach the weekly goal of ${goal} minutes.`,
                other: `# minutes to go to reach the weekly goal of ${goal} minutes.`,
              }),
            })
          )}
        </p>
        <p className="week-card__streak">{streakSentence(overview.streak, i18n)}</p>
        <p className="week-card__since">
          <Trans>Week starting Monday, {day}</Trans>
        </p>
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
  const { t } = useLingui();
  const { this_week: week, totals } = overview;
  const average = totals.average_cool_down_seconds;
  const averageTime = average === null ? '' : formatSeconds(average);
  const earned = formatNumber(totals.acorns_earned);
  return (
    <section className="section" aria-labelledby="figures-title">
      <h2 id="figures-title" className="section__title">
        <Trans>Heart-rate practice and game settings</Trans>
      </h2>
      <dl className="figures">
        <Figure
          tone="heart"
          icon={<HeartrateIcon size={26} />}
          label={t`Heart-rate rises`}
          value={formatNumber(week.hr_rises)}
          note={t`this week`}
        />
        <Figure
          tone="calm"
          icon={<CooldownIcon size={26} />}
          label={t`Cooldowns`}
          value={formatNumber(week.cool_downs)}
          note={average === null ? t`this week` : t`this week · ${averageTime} on average overall`}
        />
        <Figure
          tone="game"
          icon={<GaugeIcon size={26} />}
          label={t`Gauge`}
          value={formatNumber(overview.hr_gauge)}
          note={t`heart-rate gauge level`}
        />
        <Figure
          tone="game"
          icon={<ChaseSpeedIcon size={26} />}
          label={t`Chase speed`}
          value={formatNumber(overview.chase_speed)}
          note={t`speed of the chase game`}
        />
        <Figure
          tone="acorn"
          icon={<AcornMascot size={30} />}
          label={t`Acorns`}
          value={formatNumber(overview.acorns)}
          note={t`${earned} earned in games`}
        />
      </dl>
    </section>
  );
}

function SessionItem({ session, timeZone }: { session: PlaySession; timeZone: string }) {
  const { t } = useLingui();
  // The spec's date format (SPEC §9): the date stands out, the time and zone follow it and wrap
  // below it on a narrow phone.
  const when = dateTimeParts(session.period_datetime, timeZone);
  const { hr_rises: rises, cool_downs: cooldowns } = session;
  const acorns = formatNumber(session.acorns_earned);
  return (
    <li className="session">
      <span className="session__when">
        <time dateTime={session.period_datetime}>
          <strong>{when.date}</strong> <span className="session__time">{when.time}</span>
        </time>
        <span className="session__fact session__fact--time">
          <strong>{formatDuration(session.seconds_played)}</strong>
          <span className="visually-hidden">
            {' '}
            <Trans>played</Trans>
          </span>
        </span>
      </span>
      <span className="session__facts">
        <span className="session__fact">
          <HeartrateIcon size={16} /> {t({ message: plural(rises, { one: '# rise', other: '# rises' }) })}
        </span>
        <span className="session__fact">
          <CooldownIcon size={16} /> {t({ message: plural(cooldowns, { one: '# cooldown', other: '# cooldowns' }) })}
        </span>
        <span className="session__fact">
          <AcornMascot size={18} /> +{acorns}
          <span className="visually-hidden">
            {' '}
            <Trans>acorns</Trans>
          </span>
        </span>
      </span>
    </li>
  );
}

/** The latest sessions, newest first. */
export function RecentSessions({ overview }: { overview: PlayerOverview }) {
  const { t } = useLingui();
  const { sessions, seconds_played: secondsPlayed } = overview.totals;
  const played = formatDuration(secondsPlayed);
  const minutes = wholeMinutes(secondsPlayed / Math.max(1, sessions));
  const perSession = t({ message: plural(minutes, { one: '# minute', other: '# minutes' }) });
  return (
    <section className="card sessions-card" aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="card__title">
        <Trans>Last sessions</Trans>
      </h2>
      {overview.last_sessions.length === 0 ? (
        <p className="muted">
          <Trans>No sessions yet.</Trans>
        </p>
      ) : (
        <ol className="session-list">
          {overview.last_sessions.map((session) => (
            <SessionItem key={session.id} session={session} timeZone={overview.time_zone} />
          ))}
        </ol>
      )}
      <p className="sessions-card__total">
        {sessions > 0
          ? t({
              message: plural(sessions, {
                one: `# session in all, ${played} of play (${perSession} a session on average).`,
                other: `# sessions in all, ${played} of play (${perSession} a session on average).`,
              }),
            })
          : t`0 sessions in all, ${played} of play.`}
      </p>
    </section>
  );
}
