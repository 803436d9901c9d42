/** Every change of the subscription, newest first (GET /api/v3/subscription_actions/, paged). */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { findPlan, formatDateTime } from '@grove/domain';
import type { SubscriptionActionEntry } from '@grove/domain/api/billing';

import { historyQuery } from './billing.api.ts';
import { PagedListCard } from './paged-list-card.tsx';
import { ACTION_WORDS } from './subscription-status.ts';

function who(entry: SubscriptionActionEntry): string {
  if (!entry.actor) return 'Automatic';
  return entry.actor.kind === 'staff' ? `${entry.actor.name} (Grove team)` : entry.actor.name;
}

/** The reason in words: a confirmed order records its plan's tag, shown as the plan's name. */
function reasonText(entry: SubscriptionActionEntry): string | null {
  if (!entry.reason) return null;
  if (entry.action === 'order_confirmed') {
    const { plan, fallback } = findPlan(entry.reason);
    if (!fallback) return plan.name;
  }
  return entry.reason;
}

export function HistoryCard({ accountId, timeZone }: { accountId: number; timeZone: string | null }) {
  const [page, setPage] = useState(1);
  const history = useQuery({ ...historyQuery(accountId, page), placeholderData: keepPreviousData });
  return (
    <PagedListCard
      title="History"
      what="the history"
      empty="Nothing has changed yet."
      pagerLabel="History pages"
      ordered
      query={history}
      page={page}
      onPage={setPage}
    >
      {(entry) => (
        <li key={entry.id} className="billing-list__item history-row">
          <time className="history-row__when" dateTime={entry.created_at}>
            {formatDateTime(entry.created_at, timeZone)}
          </time>
          <span className="history-row__what">
            <strong>{ACTION_WORDS[entry.action]}</strong>
            {reasonText(entry) ? <span className="muted"> — {reasonText(entry)}</span> : null}
          </span>
          <span className="history-row__who muted">{who(entry)}</span>
        </li>
      )}
    </PagedListCard>
  );
}
