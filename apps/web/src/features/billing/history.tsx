/** Every change of the subscription, newest first (GET /api/v3/subscription_actions/, paged). */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { CANCEL_REASONS, findPlan } from '@grove/domain';
import type { SubscriptionActionEntry } from '@grove/domain/api/billing';

import { formatDateTime } from '../../lib/format.ts';
import { domainText } from '../../lib/i18n.ts';
import { historyQuery } from './billing.api.ts';
import { PagedListCard } from './paged-list-card.tsx';
import { ACTION_WORDS } from './subscription-status.ts';

function who(entry: SubscriptionActionEntry, i18n: I18n): string {
  if (!entry.actor) return i18n._(msg`Automatic`);
  const name = entry.actor.name;
  return entry.actor.kind === 'staff' ? i18n._(msg`${name} (Grove team)`) : name;
}

/** Reasons the server records in its own (English) words, by their text. */
const SERVER_REASONS: Readonly<Record<string, MessageDescriptor>> = {
  'Does not renew': msg`Does not renew`,
  'Every renewal attempt failed': msg`Every renewal attempt failed`,
};

/**
 * The reason in words: a confirmed order records its plan's tag, shown as the plan's name; the
 * server records the others in English (a cancel reason's label and the family's comment, a
 * pause's length, its own sentences), shown in the page's language where they are known.
 */
function reasonText(entry: SubscriptionActionEntry, i18n: I18n): string | null {
  const { reason } = entry;
  if (!reason) return null;
  if (entry.action === 'order_confirmed') {
    const { plan, fallback } = findPlan(reason);
    if (!fallback) return domainText(plan.name);
  }
  if (entry.action === 'pause') {
    const months = /^(\d+) months?$/.exec(reason);
    if (months) {
      const count = Number(months[1]);
      return i18n._(msg`${plural(count, { one: '# month', other: '# months' })}`);
    }
  }
  const known = SERVER_REASONS[reason];
  if (known) return i18n._(known);
  if (entry.action === 'cancel_request') {
    const label = CANCEL_REASONS.find((item) => reason === item.label || reason.startsWith(`${item.label}: `))?.label;
    if (label) return `${domainText(label)}${reason.slice(label.length)}`;
  }
  return domainText(reason);
}

export function HistoryCard({ accountId, timeZone }: { accountId: number; timeZone: string | null }) {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(1);
  const history = useQuery({ ...historyQuery(accountId, page), placeholderData: keepPreviousData });
  return (
    <PagedListCard
      title={t`History`}
      what={t`the history`}
      empty={t`Nothing has changed yet.`}
      pagerLabel={t`History pages`}
      ordered
      query={history}
      page={page}
      onPage={setPage}
    >
      {(entry) => {
        const reason = reasonText(entry, i18n);
        return (
          <li key={entry.id} className="billing-list__item history-row">
            <time className="history-row__when" dateTime={entry.created_at}>
              {formatDateTime(entry.created_at, timeZone)}
            </time>
            <span className="history-row__what">
              <strong>{i18n._(ACTION_WORDS[entry.action])}</strong>
              {reason ? <span className="muted"> — {reason}</span> : null}
            </span>
            <span className="history-row__who muted">{who(entry, i18n)}</span>
          </li>
        );
      }}
    </PagedListCard>
  );
}
