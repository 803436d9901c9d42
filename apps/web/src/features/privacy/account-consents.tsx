/**
 * An account's consent history for staff (issue 17 item 1): read-only, newest first, a page at a
 * time — what the family agreed to, when, to which policy version and who — and, above it, the
 * deletions the family asked for that wait for their date (features/data-rights, which the staff
 * account route passes in). Its look is the staff area's (features/staff/admin.css). The team's screens
 * stay in English (apps/web/README.md, Languages).
 */
import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { Button } from '../../components/button.tsx';
import { QueryState } from '../../components/load-state.tsx';
import { ConsentHistory } from './privacy-segment.tsx';
import { CONSENTS_PAGE_SIZE, accountConsentsQuery } from './privacy.api.ts';

export function AccountConsents({
  accountId,
  timeZone,
  pendingDeletions,
}: {
  accountId: number;
  timeZone: string;
  /** The family's deletions that wait for their date, above the history. */
  pendingDeletions?: ReactNode;
}) {
  const [page, setPage] = useState(1);
  const consents = useQuery({ ...accountConsentsQuery(accountId, page), placeholderData: keepPreviousData });
  const data = consents.data;
  return (
    <section className="card admin-section" aria-labelledby="admin-consents-title">
      <h2 className="card__title" id="admin-consents-title">
        Consent{data ? ` (${data.count})` : ''}
      </h2>
      {pendingDeletions}
      <QueryState query={consents} what="the consent history">
        {(data) => (
          <>
            <ConsentHistory records={data.results} timeZone={timeZone} />
            {data.next || data.previous ? (
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
      </QueryState>
    </section>
  );
}
