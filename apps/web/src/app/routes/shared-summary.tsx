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

import { Button } from '../../components/button.tsx';
import { AcornMascot } from '../../components/icons.tsx';
import { Logo } from '../../components/logo.tsx';
import { usePageTitle } from '../../components/page.tsx';
import { PageSpinner, Spinner } from '../../components/spinner.tsx';
import { sharedSummaryQuery } from '../../features/sharing/sharing.api.ts';
import { frameTotals } from '../../features/stats/frame-totals.ts';
import { TotalsFigures } from '../../features/stats/totals-figures.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatCalendarDate, plural } from '../../lib/format.ts';
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
  const throttled = error instanceof ApiError && error.status === 429;
  const gone = error instanceof ApiError && error.status === 404;
  return (
    <main className="standalone" id="main">
      <div className="standalone__card">
        <AcornMascot size={96} />
        <h1>{gone ? 'This link no longer works' : 'We couldn’t open this summary'}</h1>
        {gone ? (
          <p>
            The family may have revoked it, it may have expired, or the address may be incomplete. Please ask the family
            for a new link.
          </p>
        ) : (
          <p>
            {throttled
              ? 'Too many requests came from your network. Please try again later.'
              : error instanceof Error
                ? error.message
                : 'Please try again in a moment.'}
          </p>
        )}
      </div>
    </main>
  );
}

/** The streak on the last day shown, for a reader outside the family (whole weeks at the goal). */
function streakNote({ weeks, longest_weeks: longest }: SharedSummary['streak'], goalMinutes: number): string {
  const best = longest > weeks ? ` The longest run was ${plural(longest, 'week')}.` : '';
  return weeks === 0
    ? `No run of weeks at the goal at the end of this period.${best}`
    : `${plural(weeks, 'week')} in a row at the ${goalMinutes}-minute goal at the end of this period.${best}`;
}

function Totals({ summary }: { summary: SharedSummary }) {
  // The server's sums over the frame's sessions (exact), the weeks' for the goal and the weekly average.
  const totals = {
    ...frameTotals(summary.weeks),
    secondsPlayed: summary.totals.seconds_played,
    sessions: summary.totals.sessions,
    hrRises: summary.totals.hr_rises,
    coolDowns: summary.totals.cool_downs,
    averageCoolDownSeconds: summary.totals.average_cool_down_seconds,
  };
  return (
    <section className="section" aria-labelledby="shared-totals-title">
      <h2 id="shared-totals-title" className="section__title">
        In these {plural(totals.weeks, 'week')}
      </h2>
      <TotalsFigures totals={totals} goalMinutes={summary.goal_minutes} />
      <p className="shared-summary__streak">{streakNote(summary.streak, summary.goal_minutes)}</p>
    </section>
  );
}

function SettingHistory({ title, history }: { title: string; history: SharedSummary['hr_gauge'] }) {
  return (
    <section className="card" aria-label={title}>
      <h3 className="card__title">{title}</h3>
      <p>
        {history.at_start === history.at_end
          ? `${history.at_start} throughout.`
          : `${history.at_start} at the start, ${history.at_end} at the end.`}
      </p>
      {history.changes.length > 0 ? (
        <table>
          <caption className="visually-hidden">Changes of the {title.toLowerCase()}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
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
        <p>No changes in this time frame.</p>
      )}
    </section>
  );
}

function Summary({ summary }: { summary: SharedSummary }) {
  const frame = `${formatCalendarDate(summary.from_date)} to ${formatCalendarDate(summary.to_date)}`;
  return (
    <main className="shared-summary" id="main">
      <header className="shared-summary__head">
        <div>
          <p className="shared-summary__brand">
            <Logo size={28} /> <span>Play summary shared by the family</span>
          </p>
          <h1 className="shared-summary__title">{summary.display_name}’s play summary</h1>
          <p className="shared-summary__frame">
            {frame}
            {summary.shown_until !== summary.to_date ? ` (data up to ${formatCalendarDate(summary.shown_until)})` : ''}
          </p>
        </div>
        <div className="shared-summary__actions">
          <Button variant="secondary" onClick={() => window.print()}>
            Print
          </Button>
        </div>
      </header>
      <Totals summary={summary} />
      <Suspense fallback={<Spinner label="Loading the charts…" />}>
        <StatsCharts weeks={summary.weeks} playerName={summary.display_name} frameText={`from ${frame}`} />
      </Suspense>
      <section aria-labelledby="shared-settings-title">
        <h2 id="shared-settings-title" className="section__title">
          Game settings
        </h2>
        <div className="shared-summary__settings">
          <SettingHistory title="Heart-rate gauge" history={summary.hr_gauge} />
          <SettingHistory title="Chase speed" history={summary.chase_speed} />
        </div>
      </section>
      <footer className="shared-summary__foot">
        <p>
          Weeks start on Monday; only days from {formatCalendarDate(summary.from_date)} on count. This link works until{' '}
          {new Date(summary.expires_at).toLocaleDateString('en-US', { dateStyle: 'medium' })} unless the family revokes
          it sooner. Please do not pass it on.
        </p>
      </footer>
    </main>
  );
}

export function SharedSummaryRoute() {
  const { token = '' } = useParams();
  useNoIndex();
  const summary = useQuery(sharedSummaryQuery(token));
  usePageTitle(summary.data ? `${summary.data.display_name}’s play summary` : 'Shared summary');
  if (summary.isPending) return <PageSpinner label="Loading the summary…" />;
  if (summary.isError) return <Unavailable error={summary.error} />;
  return <Summary summary={summary.data} />;
}
