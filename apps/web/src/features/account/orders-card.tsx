/**
 * The family's orders, the recent confirmed order first (SPEC §3: the first order with a
 * confirmation date). SPEC §8: a 404 of the order fetch is not reported — it reads as no orders.
 */
import { useQuery } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney } from '@grove/domain';
import type { Order } from '@grove/domain/api/billing';

import { AccountCard } from '../../components/account-card.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { ordersQuery, recentConfirmedOrder } from './account.api.ts';
import { formatDateTime } from '../../lib/format.ts';

const ORDER_STATUS_WORDS: Readonly<Record<Order['status'], MessageDescriptor>> = {
  PENDING: msg`Waiting for payment`,
  CONFIRMED: msg`Confirmed`,
  PAYMENT_FAILED: msg`Payment failed`,
  REFUNDED: msg`Refunded`,
};

function OrderItem({ order, timeZone, recent }: { order: Order; timeZone: string | null; recent: boolean }) {
  const { t, i18n } = useLingui();
  const when = formatDateTime(order.date_confirmed ?? order.date_created, timeZone);
  const id = order.external_id;
  const total = formatMoney(order.total_cents, order.currency);
  const status = i18n._(ORDER_STATUS_WORDS[order.status]);
  return (
    <li className={`account-list__item order${recent ? ' order--recent' : ''}`}>
      <div className="account-list__main">
        <p className="account-list__name">
          {order.plan.name}
          {recent ? (
            <span className="badge badge--green">
              <Trans>Most recent</Trans>
            </span>
          ) : null}
        </p>
        <p className="account-list__meta">{t`Order ${id} · ${total} · ${status}`}</p>
        <p className="account-list__meta">{order.date_confirmed ? t`Confirmed ${when}` : t`Placed ${when}`}</p>
      </div>
    </li>
  );
}

export function OrdersCard({ timeZone }: { timeZone: string | null }) {
  const { t } = useLingui();
  const query = useQuery(ordersQuery());
  const missing = query.error instanceof ApiError && query.error.status === 404;

  let content;
  if (query.isPending) content = <Spinner label={t`Loading your orders…`} />;
  else if (query.isError && !missing) {
    content = <LoadError what={t`your orders`} onRetry={query.refetch} />;
  } else {
    const orders = query.data?.results ?? [];
    const recent = recentConfirmedOrder(orders);
    const ordered = recent ? [recent, ...orders.filter((order) => order !== recent)] : orders;
    content =
      ordered.length === 0 ? (
        <p className="account-card__intro">
          <Trans>No orders yet.</Trans>
        </p>
      ) : (
        <ul className="account-list">
          {ordered.map((order) => (
            <OrderItem key={order.external_id} order={order} timeZone={timeZone} recent={order === recent} />
          ))}
        </ul>
      );
  }
  return <AccountCard title={t`Orders`}>{content}</AccountCard>;
}
