/**
 * 'shared' — /shared/:token (issue 17 item 5): the summary a parent shared with their child's
 * clinician. No sign-in, no navigation, made to be printed: the weekly minutes against the goal,
 * heart-rate rises, cooldowns and the average cooldown time (the stats screen's charts), and the
 * gauge and chase speed history, for the link's player and time frame only. While it is shown the
 * page tells search engines not to index it. An unknown, revoked or expired link reads as one that
 * no longer works, the same for all three.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { SharedSummary } from '@grove/domain/api/sharing';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

import { Button } from '../../components/button.tsx';
import { AcornMascot } from '../../components/icons.tsx';
import { Logo } from '../../components/logo.tsx';
import { usePageTitle } from '../../components/page.tsx';
import { PageSpinner, Spinner } from '../../components/spinner.tsx';
import { sharedSummaryQuery } from '../../features/sharing/sharing.api.ts';
import { frameTotals } from '../../features/stats/frame-totals.ts';
import { TotalsFigures } from '../../features/stats/totals-figures.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatCalendarDate, formatDate } from '../../lib/format.ts';
import { domainText } from '../../lib/i18n.ts';
import '../../features/sharing/sharing.css';

const StatsCharts = lazy(async () => ({
  default: (await import('../../features/stats/stats-charts.tsx')).StatsCharts,
}));

/** `<meta name="robots" content="noindex">` in the document while the screen is shown. */
export function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

function Unavailable({ error }: { error: unknown }) {
  const { t } = useLingui();
  const throttled = error instanceof ApiError && error.status === 429;
  const gone = error instanceof ApiError && error.status === 404;
  return (
    <main className="standalone" id="main">
      <div className="standalone__card">
        <AcornMascot size={96} />
        <h1>{gone ? t`This link no longer works` : t`We couldn’t open this summary`}</h1>
        {gone ? (
          <p>
            <Trans>
              The family may have revoked it, it may have expired, or the address may be incomplete. Please ask the
              family for a new link.
            </Trans>
          </p>
        ) : (
          <p>
            {throttled
              ? t`Too many requests came from your network. Please try again later.`
              : error instanceof Error
                ? domainText(error.message)
                : t`Please try again in a moment.`}
          </p>
        )}
      </div>
    </main>
  );
}

/** The streak on the last day shown, for a reader outside the family (whole weeks at the goal). */
function StreakNote({ streak, goalMinutes }: { streak: SharedSummary['streak']; goalMinutes: number }) {
  const { t } = useLingui();
  const { weeks, longest_weeks: longest } = streak;
  const run =
    weeks === 0
      ? t`No run of weeks at the goal at the end of this period.`
      : t({
          message: plural(weeks, {
            one: `# week in a row at the ${goalMinutes}-minute goal at the end of this period.`,
            other: `# weeks in a row at the ${goalMinutes}-minute goal at the end of this period.`,
          }),
        });
  const best =
    longest > weeks
      ? t({ message: plural(longest, { one: 'The longest run was # week.', other: 'The longest run was # weeks.' }) })
      : null;
  return <p className="shared-summary__streak">{best ? `${run} ${best}` : run}</p>;
}

function Totals({ summary }: { summary: SharedSummary }) {
  const { t } = useLingui();
  // The server's sums over the frame's sessions (exact), the weeks' for the goal and the weekly average.
  const totals = {
    ...frameTotals(summary.weeks),
    secondsPlayed: summary.totals.seconds_played,
    sessions: summary.totals.sessions,
    hrRises: summary.totals.hr_rises,
    coolDowns: summary.totals.cool_downs,
    averageCoolDownSeconds: summary.totals.average_cool_down_seconds,
  };
  const weeks = totals.weeks;
  return (
    <section className="section" aria-labelledby="shared-totals-title">
      <h2 id="shared-totals-title" className="section__title">
        {t({ message: plural(weeks, { one: 'In these # week', other: 'In these # weeks' }) })}
      </h2>
      <TotalsFigures totals={totals} goalMinutes={summary.goal_minutes} />
      <StreakNote streak={summary.streak} goalMinutes={summary.goal_minutes} />
    </section>
  );
}

function SettingHistory({
  title,
  caption,
  history,
}: {
  title: string;
  /** The changes table's caption ('Changes of the heart-rate gauge'). */
  caption: string;
  history: SharedSummary['hr_gauge'];
}) {
  const { t } = useLingui();
  const atStart = history.at_start;
  const atEnd = history.at_end;
  return (
    <section className="card" aria-label={title}>
      <h3 className="card__title">{title}</h3>
      <p>{atStart === atEnd ? t`${atStart} throughout.` : t`${atStart} at the start, ${atEnd} at the end.`}</p>
      {history.changes.length > 0 ? (
        <table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Date</Trans>
              </th>
              <th scope="col">
                <Trans>From</Trans>
              </th>
              <th scope="col">
                <Trans>To</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {history.changes.map((change, index) => (
              <tr key={`${change.changed_on}-${index}`}>
                <td>{formatCalendarDate(change.changed_on)}</td>
                <td>{change.old_value}</td>
                <td>{change.new_value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>
          <Trans>No changes in this time frame.</Trans>
        </p>
      )}
    </section>
  );
}

/** The browser's time zone: the link's expiry reads as the visitor's calendar date. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function Summary({ summary }: { summary: SharedSummary }) {
  const { t } = useLingui();
  const from = formatCalendarDate(summary.from_date);
  const to = formatCalendarDate(summary.to_date);
  const shownUntil = formatCalendarDate(summary.shown_until);
  const expires = formatDate(summary.expires_at, browserTimeZone());
  const name = summary.display_name;
  return (
    <main className="shared-summary" id="main">
      <header className="shared-summary__head">
        <div>
          <p className="shared-summary__brand">
            <Logo size={28} />{' '}
            <span>
              <Trans>Play summary shared by the family</Trans>
            </span>
          </p>
          <h1 className="shared-summary__title">
            <Trans>{name}’s play summary</Trans>
          </h1>
          <p className="shared-summary__frame">
            {t`${from} to ${to}`}
            {summary.shown_until !== summary.to_date ? ` ${t`(data up to ${shownUntil})`}` : ''}
          </p>
        </div>
        <div className="shared-summary__actions">
          <Button variant="secondary" onClick={() => window.print()}>
            <Trans>Print</Trans>
          </Button>
        </div>
      </header>
      <Totals summary={summary} />
      <Suspense fallback={<Spinner label={t`Loading the charts…`} />}>
        <StatsCharts weeks={summary.weeks} playerName={name} frameText={t`from ${from} to ${to}`} />
      </Suspense>
      <section aria-labelledby="shared-settings-title">
        <h2 id="shared-settings-title" className="section__title">
          <Trans>Game settings</Trans>
        </h2>
        <div className="shared-summary__settings">
          <SettingHistory
            title={t`Heart-rate gauge`}
            caption={t`Changes of the heart-rate gauge`}
            history={summary.hr_gauge}
          />
          <SettingHistory
            title={t`Chase speed`}
            caption={t`Changes of the chase speed`}
            history={summary.chase_speed}
          />
        </div>
      </section>
      <footer className="shared-summary__foot">
        <p>
          <Trans>
            Weeks start on Monday; only days from {from} on count. This link works until {expires} unless the family
            revokes it sooner. Please do not pass it on.
          </Trans>
        </p>
      </footer>
    </main>
  );
}

export function SharedSummaryRoute() {
  const { t } = useLingui();
  const { token = '' } = useParams();
  useNoIndex();
  const summary = useQuery(sharedSummaryQuery(token));
  const name = summary.data?.display_name;
  usePageTitle(summary.data ? t`${name}’s play summary` : t`Shared summary`);
  if (summary.isPending) return <PageSpinner label={t`Loading the summary…`} />;
  if (summary.isError) return <Unavailable error={summary.error} />;
  return <Summary summary={summary.data} />;
}
