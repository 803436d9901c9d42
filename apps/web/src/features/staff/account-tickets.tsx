/**
 * What the family asked support (issue 14 §4, §10): each person's tickets through the support-ticket
 * port (GET /api/v2/admin/users/{id}/zendesk_tickets/), newest first, with a link to Zendesk when
 * Zendesk holds them.
 */
import { useQueries } from '@tanstack/react-query';
import { supportApi } from '@grove/domain/api/endpoints/support';
import { TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS } from '@grove/domain/support';

import { LoadError } from '../../components/load-state.tsx';
import { Spinner } from '../../components/spinner.tsx';

import { call, unwrap } from '../../lib/api-client.ts';
import { adminKeys } from './admin.api.ts';
import { formatDateTime } from '../../lib/format.ts';

const TICKETS_SHOWN = 10;

export function AccountTickets({
  users,
  timeZone,
}: {
  users: readonly { id: number; name: string }[];
  timeZone: string;
}) {
  const tickets = useQueries({
    queries: users.map((person) => ({
      queryKey: [...adminKeys.all, 'tickets', person.id] as const,
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        unwrap(
          await call(supportApi.userTickets, {
            params: { id: person.id },
            query: { page_size: TICKETS_SHOWN },
            signal,
          }),
        ),
    })),
  });
  const all = users.flatMap((person, index) =>
    (tickets[index]?.data?.results ?? []).map((ticket) => ({ ...ticket, who: person.name })),
  );
  all.sort((a, b) => b.created_at.localeCompare(a.created_at));
  const pending = tickets.some((query) => query.isPending);
  const failed = tickets.some((query) => query.isError);

  return (
    <section className="card admin-section" aria-labelledby="admin-tickets-title">
      <h2 className="card__title" id="admin-tickets-title">
        Support tickets
      </h2>
      {pending ? (
        <Spinner label="Loading the support tickets…" />
      ) : all.length === 0 && failed ? (
        <LoadError
          what="the support tickets"
          onRetry={() => Promise.all(tickets.filter((query) => query.isError).map((query) => query.refetch()))}
        />
      ) : all.length === 0 ? (
        <p>No one on this account has written to support.</p>
      ) : (
        <ul className="admin-notes" aria-label="Support tickets">
          {all.map((ticket) => (
            <li key={ticket.id} className="admin-note">
              <strong>
                {ticket.url ? (
                  <a href={ticket.url} target="_blank" rel="noopener noreferrer">
                    {ticket.subject}
                    <span className="visually-hidden"> (opens Zendesk in a new tab)</span>
                  </a>
                ) : (
                  ticket.subject
                )}
              </strong>
              <span className="admin-note__meta">
                {TICKET_STATUS_LABELS[ticket.status]} · {TICKET_PRIORITY_LABELS[ticket.priority]} priority ·{' '}
                {ticket.who} · {formatDateTime(ticket.created_at, timeZone)}
              </span>
              <p className="admin-note__text">{ticket.description}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
