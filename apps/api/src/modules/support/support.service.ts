/**
 * Support tickets (SPEC §7 Admin; issue 14 item 4) through the support-ticket port. A family writes
 * to support: the request is checked by the contract, then the writer's hourly limit (429 with
 * Retry-After, nothing kept), then the ticket goes to the port (the local table or Zendesk) with
 * the writer's account, and an acknowledgement is e-mailed to them. Staff read a user's tickets.
 */
import { DEFAULT_LANGUAGE, type Language } from '@grove/domain';
import { SUPPORT_MESSAGES, TICKET_LIMITS } from '@grove/domain/support';
import type { Ticket, TicketBody } from '@grove/domain/api/support';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailSender } from '../../adapters/email/email.port.ts';
import { renderEmail } from '../../adapters/email/templates.ts';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { storedLanguage } from '../../locales/language.repository.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import { countAttempt } from '../auth/auth.throttle.ts';
import type { SupportTicketPort } from './support.port.ts';
import { findUser } from './support.repository.ts';

export interface SupportDeps {
  db: Db;
  email: EmailSender;
  tickets: SupportTicketPort;
}

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/** A request from a family's parent or caregiver; staff and coaches without a family write to Zendesk themselves. */
export async function createTicket(
  deps: SupportDeps,
  writer: AuthUser,
  body: TicketBody,
  log: FastifyBaseLogger,
  /** The request's language: the acknowledgement's when the writer has none stored. */
  language: Language = DEFAULT_LANGUAGE,
): Promise<Ticket> {
  if (writer.accountId === null) throw forbidden(SUPPORT_MESSAGES.familyOnly);
  await countAttempt(
    deps.db,
    `support-ticket:${writer.id}`,
    TICKET_LIMITS.perHour,
    TICKET_LIMITS.windowSeconds,
    SUPPORT_MESSAGES.ticketRateLimited,
  );
  const ticket = await deps.tickets.create({
    requester: { userId: writer.id, accountId: writer.accountId, name: fullName(writer), email: writer.email },
    subject: body.subject,
    description: body.description,
  });
  // The ticket is kept whatever happens to its acknowledgement (an outbox row and its job).
  try {
    const content = await renderEmail(
      'support_ticket_received',
      { firstName: writer.firstName, subject: ticket.subject, ticketNumber: ticket.id },
      (await storedLanguage(deps.db, writer.id)) ?? language,
    );
    await deps.email.send({ to: writer.email, userId: writer.id, ...content });
  } catch (error) {
    log.error({ err: error, ticket: ticket.id }, 'support: the ticket was kept but its acknowledgement failed');
  }
  return ticket;
}

/** GET /api/v2/admin/users/{id}/zendesk_tickets/ (staff): a missing user answers 404. */
export async function userTickets(deps: SupportDeps, userId: number, paging: { page: number; page_size: number }) {
  const user = await findUser(deps.db, userId);
  if (!user) throw notFound();
  const { count, results } = await deps.tickets.listForUser(
    { userId: user.id, name: fullName(user), email: user.email },
    { page: paging.page, pageSize: paging.page_size },
  );
  return { count, page: paging.page, pageSize: paging.page_size, results };
}
