/**
 * Support tickets (SPEC §7 Admin; issue 14 item 4) through the support-ticket port: the local
 * tickets table by default, Zendesk when configured. A signed-in parent or caregiver writes to
 * support (`create`); staff read the tickets a user asked (`userTickets`). Limits and words are in
 * ../support.ts.
 */
import * as z from 'zod';

import { TICKET_LIMITS, TICKET_PRIORITIES, TICKET_STATUSES } from '../support.ts';
import { count, endpoint, idParams, page, pageQuery, text, timestamp, type Reply, type RequestBody } from './common.ts';

const tags = ['support'];

export const ticket = z.object({
  id: count.describe('The ticket’s number (Zendesk’s when Zendesk holds the tickets).'),
  subject: z.string(),
  description: z.string(),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  channel: z.string().describe('How the ticket arrived: web, email, api, …'),
  created_at: timestamp,
  updated_at: timestamp,
  url: z.string().nullable().describe('The ticket in Zendesk when Zendesk is configured, else null.'),
  requester: z.object({ id: count.describe('The Grove user id.'), name: z.string(), email: z.string() }),
});

export const supportApi = {
  userTickets: endpoint('GET', '/api/v2/admin/users/:id/zendesk_tickets', {
    tags,
    summary: 'The support tickets a user asked, newest first (staff)',
    description: 'A user id of nobody answers 404. When the support service cannot be reached the answer is 502.',
    params: idParams,
    querystring: pageQuery(TICKET_LIMITS.pageSize, TICKET_LIMITS.pageSizeMax),
    response: { 200: page(ticket) },
  }),
  create: endpoint('POST', '/api/v2/support/tickets', {
    tags,
    summary: 'Write to support (a signed-in parent or caregiver); support answers by e-mail',
    description: `At most ${TICKET_LIMITS.perHour} an hour per person (429 with Retry-After). An acknowledgement is e-mailed.`,
    body: z.object({
      subject: text({ max: TICKET_LIMITS.subjectMax }),
      description: text({ max: TICKET_LIMITS.descriptionMax, multiline: true }),
    }),
    response: { 201: ticket },
  }),
};

export type Ticket = z.input<typeof ticket>;
export type TicketPage = Reply<typeof supportApi.userTickets>;
export type TicketBody = RequestBody<typeof supportApi.create>;
