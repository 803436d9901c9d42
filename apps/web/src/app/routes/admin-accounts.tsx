/**
 * root.admin.accounts — /admin/accounts (SPEC §2; issue 14 §9): find a family's account. The search
 * runs as you type; the search, filters, sort and page live in the URL, so a link or a reload
 * shows the same list. `/` jumps to the search box.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  ACCOUNT_SORTS,
  ACCOUNT_STATUSES,
  ADMIN_LIMITS,
  BILLING_STATUS_LABELS,
  BILLING_STATUSES,
  DEFAULT_ACCOUNT_SORT,
  type AccountSort,
} from '@grove/domain/admin';
import { PROGRAM_PLANS } from '@grove/domain/billing';

import { Button } from '../../components/button.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { EmptyState, Page } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { AccountsTable } from '../../features/staff/accounts-table.tsx';
import { accountsQuery, coachesQuery, cursorOf, tagsQuery } from '../../features/staff/admin.api.ts';
import { FilterSelect } from '../../features/staff/list-controls.tsx';
import '../../features/staff/admin.css';
import { plural } from '../../lib/format.ts';
import { useAdminLayout } from '../layouts/layout-context.ts';

const FILTERS = ['tag', 'billing_status', 'account_status', 'coach', 'plan'] as const;
const SEARCH_DELAY_MS = 250;

function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

export function AdminAccountsRoute() {
  const { user } = useAdminLayout();
  const [params, setParams] = useSearchParams();
  const searchId = useId();
  const searchBox = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState(params.get('q') ?? '');
  const search = useDebounced(typed.trim(), SEARCH_DELAY_MS);

  const sortParam = params.get('sort');
  const sort: AccountSort = ACCOUNT_SORTS.includes(sortParam as AccountSort)
    ? (sortParam as AccountSort)
    : DEFAULT_ACCOUNT_SORT;
  const cursor = params.get('cursor');

  const update = useCallback(
    (changes: Record<string, string | null>, keepCursor = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(name);
            else next.set(name, value);
          }
          if (!keepCursor) next.delete('cursor');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  // Stable, so the table's columns (and the rows' links) are not made anew on every render.
  const sortBy = useCallback(
    (next: AccountSort) => update({ sort: next === DEFAULT_ACCOUNT_SORT ? null : next }),
    [update],
  );

  // The settled search goes to the URL (a new search starts on the first page) when it changes —
  // only then: "Clear filters" empties the URL at once, and a search still settling must not put
  // the old words back.
  const urlSearch = useRef(params.get('q') ?? '');
  urlSearch.current = params.get('q') ?? '';
  useEffect(() => {
    if (urlSearch.current !== search) update({ q: search || null });
  }, [search, update]);

  // "/" focuses the search box unless the person is typing somewhere.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.key !== '/' || event.metaKey || event.ctrlKey || event.altKey) return;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      event.preventDefault();
      searchBox.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const query = {
    search: params.get('q') ?? undefined,
    sort,
    cursor: cursor ?? undefined,
    ...Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? undefined])),
  };
  const accounts = useQuery(accountsQuery(query));
  const tags = useQuery(tagsQuery());
  const coaches = useQuery(coachesQuery());
  const filtered = FILTERS.some((name) => params.get(name)) || Boolean(params.get('q'));

  const clear = () => {
    setTyped('');
    setParams(new URLSearchParams(sortParam ? { sort: sortParam } : {}), { replace: true });
    searchBox.current?.focus();
  };
  const go = (link: string | null) => {
    update({ cursor: cursorOf(link) }, true);
  };

  const data = accounts.data;
  const select = (
    name: (typeof FILTERS)[number],
    label: string,
    options: readonly { value: string; label: string }[],
  ) => (
    <FilterSelect
      label={label}
      value={params.get(name) ?? ''}
      options={options}
      onChange={(value) => update({ [name]: value || null })}
    />
  );

  return (
    <Page
      title="Accounts"
      intro={`Hello ${user.first_name}. Find a family by a name, e-mail, phone, player or account number.`}
    >
      <div role="search" className="card admin-search" aria-label="Find accounts">
        <div className="field admin-search__box">
          <label className="field__label" htmlFor={searchId}>
            Search accounts
          </label>
          <input
            ref={searchBox}
            id={searchId}
            className="input"
            type="search"
            autoComplete="off"
            maxLength={ADMIN_LIMITS.searchMax}
            value={typed}
            aria-describedby={`${searchId}-hint`}
            onChange={(event) => setTyped(event.target.value)}
          />
          <span className="field__hint" id={`${searchId}-hint`}>
            Names, e-mail, phone, players or account number; small typos are forgiven. Press / to come back here.
          </span>
        </div>
        <div className="admin-filters">
          {select(
            'tag',
            'Tag',
            (tags.data?.results ?? []).map((tag) => ({ value: tag.tag, label: `${tag.tag} (${tag.count})` })),
          )}
          {select(
            'billing_status',
            'Billing',
            BILLING_STATUSES.map((status) => ({ value: status, label: BILLING_STATUS_LABELS[status] })),
          )}
          {select(
            'account_status',
            'Account status',
            ACCOUNT_STATUSES.map((status) => ({ value: status, label: status.toLowerCase().replace('_', ' ') })),
          )}
          {select(
            'coach',
            'Coach',
            (coaches.data?.results ?? []).map((coach) => ({ value: String(coach.id), label: coach.name })),
          )}
          {select(
            'plan',
            'Plan',
            PROGRAM_PLANS.map((plan) => ({ value: plan.tag, label: plan.name })),
          )}
          {filtered ? (
            <Button variant="ghost" className="admin-filters__clear" onClick={clear}>
              Clear filters
            </Button>
          ) : null}
        </div>
      </div>

      <section className="card admin-results" aria-labelledby="admin-results-title">
        <div className="admin-results__head">
          <h2 className="card__title" id="admin-results-title">
            Results
          </h2>
          <p className="admin-results__count" aria-live="polite">
            {data ? plural(data.count, 'account') : ''}
          </p>
        </div>
        {accounts.isPending ? (
          <div className="section__loading">
            <Spinner label="Loading the accounts…" />
          </div>
        ) : accounts.isError && !data ? (
          <LoadError what="the accounts" onRetry={accounts.refetch} />
        ) : data && data.results.length === 0 ? (
          <EmptyState
            title="No accounts match"
            mascot={false}
            action={
              filtered ? (
                <Button variant="secondary" onClick={clear}>
                  Clear filters
                </Button>
              ) : undefined
            }
          >
            <p>Try fewer words, another spelling, or clear the filters.</p>
          </EmptyState>
        ) : data ? (
          <>
            <AccountsTable rows={data.results} sort={sort} onSort={sortBy} busy={accounts.isFetching} />
            <nav className="admin-pager" aria-label="Pages of accounts">
              <Button variant="secondary" disabled={!data.previous} onClick={() => go(null)}>
                First
              </Button>
              <Button variant="secondary" disabled={!data.previous} onClick={() => go(data.previous)}>
                Previous
              </Button>
              <Button variant="secondary" disabled={!data.next} onClick={() => go(data.next)}>
                Next
              </Button>
              <Button variant="secondary" disabled={!data.next} onClick={() => go(data.last)}>
                Last
              </Button>
            </nav>
          </>
        ) : null}
      </section>
    </Page>
  );
}
