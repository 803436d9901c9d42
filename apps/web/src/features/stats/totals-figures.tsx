/**
 * A time frame's four figures — time played, weeks at the goal, heart-rate rises, cooldowns — as the
 * stats screen and a clinician's shared summary show them.
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

import { CooldownIcon, HeartrateIcon, TimeCircleIcon, WeeklyGoalIcon } from '../../components/icons.tsx';
import { formatDuration, formatNumber, formatSeconds } from '../../lib/format.ts';
import type { FrameTotals } from './frame-totals.ts';

export function TotalsFigures({ totals, goalMinutes }: { totals: FrameTotals; goalMinutes: number }) {
  const { t } = useLingui();
  const { sessions: count, averageWeeklyMinutes: minutes } = totals;
  const sessions = t({ message: plural(count, { one: '# session', other: '# sessions' }) });
  const weekly = t({ message: plural(minutes, { one: '# minute', other: '# minutes' }) });
  const atGoal = formatNumber(totals.weeksAtGoal);
  const weeks = formatNumber(totals.weeks);
  const perSession = totals.sessions > 0 ? (totals.hrRises / totals.sessions).toFixed(1) : '';
  const averageCoolDown = totals.averageCoolDownSeconds === null ? '' : formatSeconds(totals.averageCoolDownSeconds);
  return (
    <dl className="figures figures--totals">
      <div className="figure figure--calm">
        <dt className="figure__label">
          <span className="figure__icon" aria-hidden="true">
            <TimeCircleIcon size={24} />
          </span>
          <Trans>Time played</Trans>
        </dt>
        <dd className="figure__value">{formatDuration(totals.secondsPlayed)}</dd>
        <dd className="figure__note">
          <Trans>
            in {sessions} · about {weekly} a week
          </Trans>
        </dd>
      </div>
      <div className="figure figure--game">
        <dt className="figure__label">
          <span className="figure__icon" aria-hidden="true">
            <WeeklyGoalIcon size={24} />
          </span>
          <Trans>Weeks at the goal</Trans>
        </dt>
        <dd className="figure__value">
          <Trans>
            {atGoal} of {weeks}
          </Trans>
        </dd>
        <dd className="figure__note">
          <Trans>weeks with {goalMinutes} minutes or more</Trans>
        </dd>
      </div>
      <div className="figure figure--heart">
        <dt className="figure__label">
          <span className="figure__icon" aria-hidden="true">
            <HeartrateIcon size={24} />
          </span>
          <Trans>Heart-rate rises</Trans>
        </dt>
        <dd className="figure__value">{formatNumber(totals.hrRises)}</dd>
        <dd className="figure__note">{totals.sessions > 0 ? t`${perSession} a session` : t`no sessions`}</dd>
      </div>
      <div className="figure figure--calm">
        <dt className="figure__label">
          <span className="figure__icon" aria-hidden="true">
            <CooldownIcon size={24} />
          </span>
          <Trans>Cooldowns</Trans>
        </dt>
        <dd className="figure__value">{formatNumber(totals.coolDowns)}</dd>
        <dd className="figure__note">
          {totals.averageCoolDownSeconds === null ? t`none in this time frame` : t`${averageCoolDown} on average`}
        </dd>
      </div>
    </dl>
  );
}
