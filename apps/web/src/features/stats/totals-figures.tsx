/**
 * A time frame's four figures — time played, weeks at the goal, heart-rate rises, cooldowns — as the
 * stats screen and a clinician's shared summary show them.
 */
import { CooldownIcon, HeartrateIcon, TimeCircleIcon, WeeklyGoalIcon } from '../../components/icons.tsx';
import { formatDuration, formatNumber, formatSeconds, plural } from '../../lib/format.ts';
import type { FrameTotals } from './frame-totals.ts';

export function TotalsFigures({ totals, goalMinutes }: { totals: FrameTotals; goalMinutes: number }) {
  return (
    <dl className="figures figures--totals">
      <div className="figure figure--calm">
        <dt className="figure__label">
          <span className="figure__icon" aria-hidden="true">
            <TimeCircleIcon size={24} />
          </span>
          Time played
        </dt>
        <dd className="figure__value">{formatDuration(totals.secondsPlayed)}</dd>
        <dd className="figure__note">
          in {plural(totals.sessions, 'session')} · about {plural(totals.averageWeeklyMinutes, 'minute')} a week
        </dd>
      </div>
      <div className="figure figure--game">
        <dt className="figure__label">
          <span className="figure__icon" aria-hidden="true">
            <WeeklyGoalIcon size={24} />
          </span>
          Weeks at the goal
        </dt>
        <dd className="figure__value">
          {formatNumber(totals.weeksAtGoal)} of {formatNumber(totals.weeks)}
        </dd>
        <dd className="figure__note">weeks with {goalMinutes} minutes or more</dd>
      </div>
      <div className="figure figure--heart">
        <dt className="figure__label">
          <span className="figure__icon" aria-hidden="true">
            <HeartrateIcon size={24} />
          </span>
          Heart-rate rises
        </dt>
        <dd className="figure__value">{formatNumber(totals.hrRises)}</dd>
        <dd className="figure__note">
          {totals.sessions > 0 ? `${(totals.hrRises / totals.sessions).toFixed(1)} a session` : 'no sessions'}
        </dd>
      </div>
      <div className="figure figure--calm">
        <dt className="figure__label">
          <span className="figure__icon" aria-hidden="true">
            <CooldownIcon size={24} />
          </span>
          Cooldowns
        </dt>
        <dd className="figure__value">{formatNumber(totals.coolDowns)}</dd>
        <dd className="figure__note">
          {totals.averageCoolDownSeconds === null
            ? 'none in this time frame'
            : `${formatSeconds(totals.averageCoolDownSeconds)} on average`}
        </dd>
      </div>
    </dl>
  );
}
