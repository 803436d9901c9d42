import { toTicketPriority, toTicketStatus } from '@grove/domain/support';
import type { Ticket } from '@grove/domain/api/support';
import type { Db } from '../../db/client.ts';
import type { Requester, SupportTicketPort } from './support.port.ts';
import { insertTicket, pageTickets, type TicketRow } from './support.repository.ts';

function toTicket(row: TicketRow, requester: Omit<Requester, 'accountId'>): Ticket {
  return {
    id: row.id,
    subject: row.subject,
    description: row.description,
    status: toTicketStatus(row.status),
    priority: toTicketPriority(row.priority),
    channel: row.channel,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    url: null,
    requester: { id: requester.userId, name: requester.name, email: requester.email },
  };
}

/** The local default of the support-ticket port: the support_tickets table, read by staff in the admin. */
export function localSupportTickets(db: Db): SupportTicketPort {
  return {
    provider: 'local',
    async create({ requester, subject, description }) {
      const row = await insertTicket(db, {
        requesterUserId: requester.userId,
        accountId: requester.accountId,
        subject,
        description,
      });
      return toTicket(row, requester);
    },
    async listForUser(user, { page, pageSize }) {
      const { count, rows } = await pageTickets(db, user.userId, pageSize, (page - 1) * pageSize);
      return { count, results: rows.map((row) => toTicket(row, user)) };
    },
  };
}
