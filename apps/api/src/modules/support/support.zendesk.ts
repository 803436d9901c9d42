import { SUPPORT_MESSAGES, toTicketPriority, toTicketStatus } from '@grove/domain/support';
import type { Ticket } from '@grove/domain/api/support';
import * as z from 'zod';
import { SupportUnavailableError, type Requester, type SupportTicketPort } from './support.port.ts';

export interface ZendeskOptions {
  /** https://{subdomain}.zendesk.com, or another address (a local fake in tests). */
  baseUrl: string;
  /** The agent the API token belongs to. */
  email: string;
  apiToken: string;
  /** How long one request may take (default 10 s). */
  timeoutMs?: number;
}

/** The account's address: ZENDESK_URL when set, else the subdomain's. */
export function zendeskBaseUrl(options: { subdomain?: string; url?: string }): string {
  if (options.url) return options.url.replace(/\/+$/, '');
  if (options.subdomain) return `https://${options.subdomain}.zendesk.com`;
  throw new Error('Zendesk needs ZENDESK_SUBDOMAIN or ZENDESK_URL');
}

/** Zendesk's search reads at most this many results of one query (offset paging). */
export const ZENDESK_SEARCH_MAX = 1000;

const zendeskTicket = z.object({
  id: z.number().int().positive(),
  subject: z.string().nullish(),
  description: z.string().nullish(),
  status: z.string().nullish(),
  priority: z.string().nullish(),
  via: z.object({ channel: z.union([z.string(), z.number()]).nullish() }).nullish(),
  created_at: z.string().refine((value) => !Number.isNaN(Date.parse(value))),
  updated_at: z.string().nullish(),
});
type ZendeskTicket = z.infer<typeof zendeskTicket>;

const createAnswer = z.object({ ticket: zendeskTicket });
const searchAnswer = z.object({
  results: z.array(z.object({ result_type: z.string().optional() }).passthrough()),
  count: z.number().int().min(0),
});

const iso = (value: string | null | undefined, fallback: string) => {
  const time = Date.parse(value ?? '');
  return new Date(Number.isNaN(time) ? Date.parse(fallback) : time).toISOString();
};

/**
 * The Zendesk adapter of the support-ticket port, over the Zendesk Support API v2 with basic
 * authentication as `{agent e-mail}/token:{API token}`. A family's request becomes a ticket
 * (POST /api/v2/tickets.json, the requester by name and e-mail, so Zendesk finds or creates the end
 * user and answers them by e-mail); a user's tickets are read with the search API, by requester
 * e-mail, newest first. Any failure (unreachable, 4xx, 5xx, an answer of another shape) is a
 * SupportUnavailableError: the route answers 502 and no ticket is claimed.
 */
export function zendeskSupportTickets(options: ZendeskOptions): SupportTicketPort {
  const base = options.baseUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.email}/token:${options.apiToken}`).toString('base64')}`;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const unavailable = (reason: string) => new SupportUnavailableError(SUPPORT_MESSAGES.supportUnavailable, reason);
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        // Credentials go to the configured host only.
        redirect: 'error',
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
      throw unavailable(`Zendesk could not be reached: ${reason || String(error)}`);
    }
    const raw = await response.text().catch(() => '');
    if (!response.ok) throw unavailable(`Zendesk answered ${response.status}: ${raw.slice(0, 200)}`);
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      throw unavailable(`Zendesk answered ${response.status} with something other than JSON`);
    }
  }

  const toTicket = (ticket: ZendeskTicket, requester: Omit<Requester, 'accountId'>): Ticket => ({
    id: ticket.id,
    subject: ticket.subject ?? '',
    description: ticket.description ?? '',
    status: toTicketStatus(ticket.status),
    priority: toTicketPriority(ticket.priority),
    channel: ticket.via?.channel === undefined || ticket.via.channel === null ? 'api' : String(ticket.via.channel),
    created_at: iso(ticket.created_at, ticket.created_at),
    updated_at: iso(ticket.updated_at, ticket.created_at),
    url: `${base}/agent/tickets/${ticket.id}`,
    requester: { id: requester.userId, name: requester.name, email: requester.email },
  });

  return {
    provider: 'zendesk',
    async create({ requester, subject, description }) {
      const answer = createAnswer.safeParse(
        await call('POST', '/api/v2/tickets.json', {
          ticket: {
            subject,
            comment: { body: description },
            requester: { name: requester.name || requester.email, email: requester.email },
            tags: ['grove'],
          },
        }),
      );
      if (!answer.success) {
        throw new SupportUnavailableError(SUPPORT_MESSAGES.supportUnavailable, 'Zendesk answered without a ticket');
      }
      return toTicket(answer.data.ticket, requester);
    },
    async listForUser(user, { page, pageSize }) {
      // Past the search's reach, only the number is asked for.
      const beyond = (page - 1) * pageSize >= ZENDESK_SEARCH_MAX;
      const query = new URLSearchParams({
        query: `type:ticket requester:${user.email}`,
        sort_by: 'created_at',
        sort_order: 'desc',
        page: String(beyond ? 1 : page),
        per_page: String(beyond ? 1 : pageSize),
      });
      const answer = searchAnswer.safeParse(await call('GET', `/api/v2/search.json?${query.toString()}`));
      if (!answer.success) {
        throw new SupportUnavailableError(
          SUPPORT_MESSAGES.supportUnavailable,
          'Zendesk answered a search of another shape',
        );
      }
      const results: Ticket[] = [];
      if (!beyond) {
        for (const result of answer.data.results) {
          if (result.result_type !== undefined && result.result_type !== 'ticket') continue;
          const ticket = zendeskTicket.safeParse(result);
          if (ticket.success) results.push(toTicket(ticket.data, user));
        }
      }
      return { count: answer.data.count, results };
    },
  };
}
