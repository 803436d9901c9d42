/**
 * A billing card over a paged read (the invoices, the history): its title, the read's states, a
 * sentence when the first page is empty, the list (busy while another page loads) and the pager.
 */
import { useId, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';

import { Button } from '../../components/button.tsx';
import { QueryState, type LoadableQuery } from '../../components/load-state.tsx';
import { BILLING_PAGE_SIZE } from '../../lib/queries/billing.ts';

export function Pager({
  page,
  count,
  label,
  onPage,
  busy,
}: {
  page: number;
  count: number;
  label: string;
  onPage: (page: number) => void;
  busy: boolean;
}) {
  const pages = Math.max(1, Math.ceil(count / BILLING_PAGE_SIZE));
  if (pages <= 1) return null;
  return (
    <nav className="billing-pager" aria-label={label}>
      <Button variant="secondary" onClick={() => onPage(page - 1)} disabled={page <= 1 || busy}>
        <Trans>Newer</Trans>
      </Button>
      <span>
        <Trans>
          Page {page} of {pages}
        </Trans>
      </span>
      <Button variant="secondary" onClick={() => onPage(page + 1)} disabled={page >= pages || busy}>
        <Trans>Older</Trans>
      </Button>
    </nav>
  );
}

type PagedQuery<T> = LoadableQuery<{ count: number; results: readonly T[] }> & {
  isPlaceholderData: boolean;
  isFetching: boolean;
};

export function PagedListCard<T>({
  title,
  what,
  empty,
  pagerLabel,
  ordered = false,
  query,
  page,
  onPage,
  children,
}: {
  title: string;
  /** Read in "We couldn’t load {what}." and "Loading {what}…". */
  what: string;
  empty: string;
  pagerLabel: string;
  /** An `<ol>` (the history's order matters) rather than a `<ul>`. */
  ordered?: boolean;
  query: PagedQuery<T>;
  page: number;
  onPage: (page: number) => void;
  /** One `<li>` of the list. */
  children: (item: T) => ReactNode;
}) {
  const headingId = useId();
  const List = ordered ? 'ol' : 'ul';
  return (
    <section className="card billing-card" aria-labelledby={headingId}>
      <h2 className="card__title" id={headingId}>
        {title}
      </h2>
      <QueryState query={query} what={what}>
        {(data) =>
          data.results.length === 0 ? (
            <p className="muted">{empty}</p>
          ) : (
            <>
              <List className="billing-list" aria-busy={query.isPlaceholderData || undefined}>
                {data.results.map(children)}
              </List>
              <Pager page={page} count={data.count} label={pagerLabel} onPage={onPage} busy={query.isFetching} />
            </>
          )
        }
      </QueryState>
    </section>
  );
}
