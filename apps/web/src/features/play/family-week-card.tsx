/**
 * Siblings side by side (issue 29 item 2; docs/decisions/0072-siblings-side-by-side.md): Home's
 * card of every player of the family this week — minutes against the weekly goal as a progress
 * bar, heart-rate rises, cooldowns, the goal streak, the last play and a link to the player's
 * stats — from one read for the whole family (familyWeekQuery). Shown when the family has two or
 * more players; in a grid on wide screens, one under the other on a phone.
 *
 * Until the figures arrive, the card lays out the players it already knows (their names, zero
 * figures) behind a spinner, so that nothing below it moves when they come.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CHART } from '@grove/domain';
import type { FamilyWeek, FamilyWeekPlayer } from '@grove/domain/api/play';

import { Avatar } from '../../components/avatar.tsx';
import { CheckIcon, ChevronRightIcon } from '../../components/icons.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { dateTimeParts, formatCalendarDay, formatNumber } from '../../lib/format.ts';
import { familyWeekQuery } from './play.api.ts';

import './family-week.css';

/**
 * A player's stand-in while the figures load: the name the layout knows, no play. Never seen (the
 * stand-in is invisible and hidden from screen readers): its date only gives the tile its size.
 */
function placeholderPlayer(player: { id: number; name: string }, weekStart: string): FamilyWeekPlayer {
  return {
    player_id: player.id,
    name: player.name,
    this_week: {
      week_start: weekStart,
      seconds_played: 0,
      minutes: 0,
      sessions: 0,
      hr_rises: 0,
      cool_downs: 0,
      goal_minutes: CHART.goalMinutes,
    },
    last_play_date: '2026-01-05T17:30:00.000Z',
    streak: { weeks: 0, this_week_met: false, longest_weeks: 0 },
  };
}

function LastPlay({ at, timeZone }: { at: string | null; timeZone: string }) {
  if (at === null) return <Trans>No play yet</Trans>;
  const when = dateTimeParts(at, timeZone);
  return (
    <time dateTime={at}>
      {when.date} <span className="family-week__time">{when.time}</span>
    </time>
  );
}

function PlayerWeek({
  player,
  timeZone,
  statsHref,
}: {
  player: FamilyWeekPlayer;
  timeZone: string;
  statsHref: string;
}) {
  const { t } = useLingui();
  const { minutes, goal_minutes: goal, hr_rises: rises, cool_downs: coolDowns } = player.this_week;
  const reached = minutes >= goal;
  const share = goal > 0 ? Math.min(1, minutes / goal) : 0;
  const titleId = `family-week-player-${player.player_id}`;
  const name = player.name;
  const shownMinutes = formatNumber(minutes);
  const left = goal - minutes;
  const streakWeeks = player.streak.weeks;
  return (
    <li className={`family-week__player${reached ? ' family-week__player--reached' : ''}`} aria-labelledby={titleId}>
      <div className="family-week__head">
        <Avatar name={name} size="small" />
        <h3 id={titleId} className="family-week__name">
          {name}
        </h3>
      </div>
      <p className="family-week__minutes">
        <Trans>
          <strong>{shownMinutes}</strong> of {goal} minutes
        </Trans>
      </p>
      <div
        className="family-week__bar"
        role="progressbar"
        aria-label={t`${name}’s minutes this week`}
        aria-valuemin={0}
        aria-valuemax={goal}
        aria-valuenow={Math.min(minutes, goal)}
        aria-valuetext={
          reached
            ? t({
                message: plural(minutes, {
                  one: `# minute of the ${goal}-minute goal, goal reached`,
                  other: `# minutes of the ${goal}-minute goal, goal reached`,
                }),
              })
            : t({
                message: plural(minutes, {
                  one: `# minute of the ${goal}-minute goal`,
                  other: `# minutes of the ${goal}-minute goal`,
                }),
              })
        }
      >
        <span className="family-week__bar-fill" style={{ width: `${(share * 100).toFixed(1)}%` }} />
      </div>
      <p className={`family-week__goal${reached ? ' family-week__goal--reached' : ''}`}>
        {reached ? (
          <>
            <CheckIcon size={16} /> <Trans>Goal reached</Trans>
          </>
        ) : (
          t({ message: plural(left, { one: '# minute to go', other: '# minutes to go' }) })
        )}
      </p>
      <dl className="family-week__facts">
        <div>
          <dt>
            <Trans>Heart-rate rises</Trans>
          </dt>
          <dd>{formatNumber(rises)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Cooldowns</Trans>
          </dt>
          <dd>{formatNumber(coolDowns)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Goal streak</Trans>
          </dt>
          <dd>
            {streakWeeks > 0 ? t({ message: plural(streakWeeks, { one: '# week', other: '# weeks' }) }) : t`None yet`}
          </dd>
        </div>
        <div className="family-week__fact--wide">
          <dt>
            <Trans>Last play</Trans>
          </dt>
          <dd>
            <LastPlay at={player.last_play_date} timeZone={timeZone} />
          </dd>
        </div>
      </dl>
      <Link className="week-card__link family-week__link" to={statsHref}>
        <span>
          <Trans context="link">{name}’s stats</Trans>
        </span>
        <ChevronRightIcon size={18} />
      </Link>
    </li>
  );
}

function PlayerWeeks({ week, statsHref }: { week: FamilyWeek; statsHref: (playerId: number) => string }) {
  return (
    <ul className="family-week__list">
      {week.players.map((player) => (
        <PlayerWeek
          key={player.player_id}
          player={player}
          timeZone={week.time_zone}
          statsHref={statsHref(player.player_id)}
        />
      ))}
    </ul>
  );
}

export function FamilyWeekCard({
  accountId,
  players,
  statsHref,
}: {
  accountId: number;
  /** The family's players as the layout knows them: the card shows from two on. */
  players: readonly { id: number; name: string }[];
  statsHref: (playerId: number) => string;
}) {
  const { t } = useLingui();
  const shown = players.length >= 2;
  const week = useQuery({ ...familyWeekQuery(accountId), enabled: shown });
  if (!shown) return null;

  const goalMinutes = CHART.goalMinutes;
  let body;
  if (week.data) {
    const day = formatCalendarDay(week.data.week_start);
    const goal = week.data.goal_minutes;
    body = (
      <>
        <p className="family-week__intro">
          <Trans>
            Week starting Monday, {day}. The goal is {goal} minutes for each player.
          </Trans>
        </p>
        <PlayerWeeks week={week.data} statsHref={statsHref} />
      </>
    );
  } else if (week.isError) {
    body = <LoadError what={t`your players’ week`} onRetry={week.refetch} />;
  } else {
    const standIn: FamilyWeek = {
      account_id: accountId,
      time_zone: 'UTC',
      week_start: '2026-01-05',
      goal_minutes: goalMinutes,
      players: players.map((player) => placeholderPlayer(player, '2026-01-05')),
    };
    body = (
      <div className="family-week__loading">
        <div className="family-week__status">
          <Spinner label={t`Loading your players’ week…`} />
        </div>
        <div aria-hidden="true" inert>
          <p className="family-week__intro">
            <Trans>Week starting Monday. The goal is {goalMinutes} minutes.</Trans>
          </p>
          <PlayerWeeks week={standIn} statsHref={statsHref} />
        </div>
      </div>
    );
  }

  return (
    <section className="card family-week" aria-labelledby="family-week-title">
      <h2 id="family-week-title" className="card__title family-week__title">
        <Trans>Your players this week</Trans>
      </h2>
      {body}
    </section>
  );
}
