/**
 * An account's consent history for staff (issue 17 item 1): read-only, newest first, a page at a
 * time — what the family agreed to, when, to which policy version and who — and, above it, the
 * deletions the family asked for that wait for their date (features/data-rights).
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { Button } from '../../components/button.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { AccountPendingDeletions } from '../data-rights/pending-deletions.tsx';
import '../data-rights/data-rights.css';
import { ConsentHistory } from '../privacy/privacy-segment.tsx';
import { CONSENTS_PAGE_SIZE, accountConsentsQuery } from '../privacy/privacy.api.ts';

export function AccountConsents({ accountId, timeZone }: { accountId: number; timeZone: string }) {
  const [page, setPage] = useState(1);
  const consents = useQuery({ ...accountConsentsQuery(accountId, page), placeholderData: keepPreviousData });
  const data = consents.data;
  return (
    <section className="card admin-section" aria-labelledby="admin-consents-title">
      <h2 className="card__title" id="admin-consents-title">
        Consent{data ? ` (${data.count})` : ''}
      </h2>
      <AccountPendingDeletions accountId={accountId} timeZone={timeZone} />
      {consents.isPending ? (
        <Spinner label="Loading the consent history…" />
      ) : consents.isError ? (
        <p role="alert">
          We couldn’t load the consent history.{' '}
          <Button variant="ghost" onClick={() => void consents.refetch()}>
            Try again
          </Button>
        </p>
      ) : (
        <>
          <ConsentHistory records={data?.results ?? []} timeZone={timeZone} />
          {data && (data.next || data.previous) ? (
            <p className="admin-note__meta">
              Page {page} of {Math.max(1, Math.ceil(data.count / CONSENTS_PAGE_SIZE))}{' '}
              <Button variant="ghost" disabled={!data.previous} onClick={() => setPage((p) => p - 1)}>
                Newer
              </Button>
              <Button variant="ghost" disabled={!data.next} onClick={() => setPage((p) => p + 1)}>
                Older
              </Button>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
