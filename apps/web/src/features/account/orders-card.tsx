/**
 * The family's orders, the recent confirmed order first (SPEC §3: the first order with a
 * confirmation date). SPEC §8: a 404 of the order fetch is not reported — it reads as no orders.
 */
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, formatMoney } from '@grove/domain';
import type { Order } from '@grove/domain/api/billing';

import { AccountCard } from '../../components/account-card.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { ordersQuery, recentConfirmedOrder } from './account.api.ts';

const TITLE = 'Orders';

const ORDER_STATUS_WORDS: Readonly<Record<Order['status'], string>> = {
  PENDING: 'Waiting for payment',
  CONFIRMED: 'Confirmed',
  PAYMENT_FAILED: 'Payment failed',
  REFUNDED: 'Refunded',
};

function OrderItem({ order, timeZone, recent }: { order: Order; timeZone: string | null; recent: boolean }) {
  const when = order.date_confirmed ?? order.date_created;
  return (
    <li className={`account-list__item order${recent ? ' order--recent' : ''}`}>
      <div className="account-list__main">
        <p className="account-list__name">
          {order.plan.name}
          {recent ? <span className="badge badge--green">Most recent</span> : null}
        </p>
        <p className="account-list__meta">
          Order {order.external_id} · {formatMoney(order.total_cents, order.currency)} ·{' '}
          {ORDER_STATUS_WORDS[order.status]}
        </p>
        <p className="account-list__meta">
          {order.date_confirmed ? 'Confirmed' : 'Placed'} {formatDateTime(when, timeZone)}
        </p>
      </div>
    </li>
  );
}

export function OrdersCard({ timeZone }: { timeZone: string | null }) {
  const query = useQuery(ordersQuery());
  const missing = query.error instanceof ApiError && query.error.status === 404;

  let content;
  if (query.isPending) content = <Spinner label="Loading your orders…" />;
  else if (query.isError && !missing) {
    content = <LoadError what="your orders" onRetry={query.refetch} />;
  } else {
    const orders = query.data?.results ?? [];
    const recent = recentConfirmedOrder(orders);
    const ordered = recent ? [recent, ...orders.filter((order) => order !== recent)] : orders;
    content =
      ordered.length === 0 ? (
        <p className="account-card__intro">No orders yet.</p>
      ) : (
        <ul className="account-list">
          {ordered.map((order) => (
            <OrderItem key={order.external_id} order={order} timeZone={timeZone} recent={order === recent} />
          ))}
        </ul>
      );
  }
  return <AccountCard title={TITLE}>{content}</AccountCard>;
}
