import type { Ticket } from '@grove/domain/api/support';
import { HttpError } from '../../lib/errors.ts';

/** The person a ticket is from (a Grove user). */
export interface Requester {
  userId: number;
  accountId: number | null;
  name: string;
  email: string;
}

export interface NewTicket {
  requester: Requester;
  subject: string;
  description: string;
}

/**
 * The support-ticket port (issue 14 item 4): where a family's support requests live. The local
 * default keeps them in the support_tickets table (support.local.ts); the Zendesk adapter files
 * them in Zendesk and reads them back from there (support.zendesk.ts). SUPPORT_PROVIDER picks one
 * (create-support-tickets.ts). Both answer tickets in the contract's shape, newest first.
 */
export interface SupportTicketPort {
  readonly provider: 'local' | 'zendesk';
  create(ticket: NewTicket): Promise<Ticket>;
  listForUser(
    user: Omit<Requester, 'accountId'>,
    paging: { page: number; pageSize: number },
  ): Promise<{ count: number; results: Ticket[] }>;
}

/** The support service failed or answered nonsense: the request is answered 502, nothing is kept. */
export class SupportUnavailableError extends HttpError {
  constructor(
    detail: string,
    readonly reason: string,
  ) {
    super(502, detail, 'support_unavailable');
  }
}
