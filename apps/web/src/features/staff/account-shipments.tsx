/**
 * An account's shipments (SPEC §5, §7, §9; issue 14 §10): pages from 1, each stored under its page
 * number as "Load more" follows `next` — the page asked for is the one the `next` link names
 * (lib/paging.ts, never page + 1), and a looping link stops; loadedCount accumulates. A 404 (no
 * shipments) is silent.
 */
import { useInfiniteQuery } from '@tanstack/react-query';

import { Button } from '../../components/button.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { nextPageParam } from '../../lib/paging.ts';
import { accountShipmentsPage, backofficeKeys } from './backoffice.api.ts';
import { ShipmentTracking, shipmentStatus } from './shipment-parts.tsx';

export function AccountShipments({ accountId, timeZone }: { accountId: number; timeZone: string }) {
  const shipments = useInfiniteQuery({
    queryKey: backofficeKeys.accountShipments(accountId),
    queryFn: ({ pageParam, signal }) => accountShipmentsPage(accountId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, _page, loaded) => nextPageParam(last.next, loaded),
    retry: false,
  });
  const none = shipments.error instanceof ApiError && shipments.error.status === 404;
  const pages = shipments.data?.pages ?? [];
  const loaded = pages.flatMap((page) => page.results);
  const count = pages[0]?.count;

  return (
    <section className="card admin-section" aria-labelledby="admin-shipments-title">
      <h2 className="card__title" id="admin-shipments-title">
        Shipments{count === undefined ? '' : ` (${count})`}
      </h2>
      {shipments.isPending ? (
        <Spinner label="Loading the shipments…" />
      ) : none ? (
        <p>No shipments yet.</p>
      ) : shipments.isError ? (
        <LoadError what="the shipments" onRetry={shipments.refetch} />
      ) : (
        <>
          <ul className="admin-notes" aria-label="Shipments">
            {loaded.map((shipment) => (
              <li key={shipment.id} className="admin-note">
                <strong>
                  {shipment.kind === 'return' ? 'Return' : 'Kit'} · {shipmentStatus(shipment.status)}
                </strong>
                <span>
                  <ShipmentTracking shipment={shipment} /> · {shipment.service}
                </span>
                <span className="admin-note__meta">
                  {shipment.items.join(', ')} · {formatDate(shipment.created_at, timeZone)} · to{' '}
                  {shipment.shipping.city}, {shipment.shipping.state}
                </span>
              </li>
            ))}
          </ul>
          <p className="admin-note__meta">
            Showing {loaded.length} of {count}
          </p>
          {shipments.hasNextPage ? (
            <Button
              variant="secondary"
              loading={shipments.isFetchingNextPage}
              onClick={() => void shipments.fetchNextPage()}
            >
              Load more shipments
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
