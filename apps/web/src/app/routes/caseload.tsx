/**
 * root.user.caseload — /dashboard/coaching/caseload?attention&search (issue 26 item 5;
 * docs/coaching.md "Caseload"): the coach's families, who needs attention first — minutes of the
 * last two weeks against the goal, days since the last play, the trend, the next call and the last
 * interaction — with its filters in the URL and a CSV of the same list. Each family opens its brief
 * on the Coaching screen. Staff read a coach's caseload with `?coach=<id>`; families go home.
 *
 * The route composes the coaching feature (the data) with the back-office list's table and filters.
 */
import { useId } from 'react';
import { Link, Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_TIMEZONE } from '@grove/domain';
import { CASELOAD_STATUS_LABELS, type CaseloadTrend } from '@grove/domain/caseload';
import type { CaseloadFamily } from '@grove/domain/api/coaching';

import { Page } from '../../components/page.tsx';
import '../../features/staff/admin.css';
import '../../features/coaching/coaching.css';
import { ListTable, type ListColumn } from '../../components/list-table.tsx';
import { caseloadQuery, downloadCaseloadCsv } from '../../features/coaching/caseload.api.ts';
import { ListFilters, SearchFilter } from '../../features/staff/list-controls.tsx';
import { useListParams } from '../../features/staff/use-list-params.ts';
import { formatDate } from '../../lib/format.ts';
import { HOME_PATH, href } from '../../lib/paths.ts';
import { useUserLayout } from '../layouts/layout-context.ts';

const TREND: Record<CaseloadTrend, string> = { up: '↑ more', down: '↓ less', flat: '→ same' };

const when = (at: string | null, none: string) => (at ? formatDate(at, DEFAULT_TIMEZONE) : none);

const COLUMNS: readonly ListColumn<CaseloadFamily>[] = [
  {
    id: 'family',
    header: 'Family',
    cell: (family) => (
      <span>
        <Link
          to={href('root.user.booking', null, { family: family.account_id })}
          aria-label={`Brief of ${family.family_name}`}
        >
          {family.family_name}
        </Link>{' '}
        · {CASELOAD_STATUS_LABELS[family.status]}
      </span>
    ),
  },
  {
    id: 'week',
    header: 'Last 7 days',
    cell: (family) => `${family.minutes_this_week} of ${family.goal_minutes} min`,
  },
  { id: 'before', header: 'The 7 days before', cell: (family) => `${family.minutes_last_week} min` },
  { id: 'trend', header: 'Trend', cell: (family) => TREND[family.trend] },
  {
    id: 'played',
    header: 'Last played',
    cell: (family) =>
      family.days_since_play === null
        ? 'Never'
        : family.days_since_play === 0
          ? 'Today'
          : `${family.days_since_play} ${family.days_since_play === 1 ? 'day' : 'days'} ago`,
  },
  { id: 'next', header: 'Next call', cell: (family) => when(family.next_call_at, 'None booked') },
  { id: 'contact', header: 'Last contact', cell: (family) => when(family.last_interaction_at, 'None yet') },
];

function Caseload({ isCoach }: { isCoach: boolean }) {
  const list = useListParams(['attention', 'search', 'coach']);
  const needsCoach = !isCoach && !list.params.get('coach');
  const id = useId();
  const caseload = useQuery({ ...caseloadQuery(list.filterQuery), enabled: !needsCoach });
  const data = caseload.data;
  return (
    <Page
      title="Caseload"
      intro="Your families, who needs attention first: play in the last two weeks against the weekly goal (45 minutes a player), the last play, the next call and your last contact."
    >
      <p>
        <Link to={href('root.user.booking')}>Back to Coaching</Link>
      </p>
      {needsCoach ? (
        <p className="card">A caseload is a coach’s: open it with the coach’s id (coach=…) in the address.</p>
      ) : (
        <>
          <ListFilters
            label="Filter the caseload"
            download={() => downloadCaseloadCsv(list.filterQuery)}
            filtered={list.filtered}
            onClear={list.clear}
          >
            <div className="field admin-filter">
              <label className="coaching-check" htmlFor={`${id}-attention`}>
                <input
                  id={`${id}-attention`}
                  type="checkbox"
                  checked={list.params.get('attention') === 'true'}
                  onChange={(event) => list.setFilter('attention', event.target.checked ? 'true' : '')}
                />{' '}
                Needs attention only
              </label>
            </div>
            <SearchFilter
              label="Family name or e-mail"
              value={list.params.get('search') ?? ''}
              onChange={(value) => list.setFilter('search', value)}
            />
          </ListFilters>
          <section className="card admin-results" aria-label="Families">
            <ListTable
              label="Caseload"
              noun="household"
              columns={COLUMNS}
              rowKey={(family) => family.account_id}
              query={{
                data: data ? { ...data, next: null, previous: null } : undefined,
                isPending: caseload.isPending,
                isError: caseload.isError,
                isFetching: caseload.isFetching,
                refetch: caseload.refetch,
              }}
              onPage={list.follow}
              emptyTitle="No families match"
              emptyText="Try another name, or show every family."
            />
          </section>
        </>
      )}
    </Page>
  );
}

export function CaseloadRoute() {
  const { user } = useUserLayout();
  if (!user.is_coach && !user.is_staff) return <Navigate to={HOME_PATH} replace />;
  return <Caseload isCoach={user.is_coach} />;
}
