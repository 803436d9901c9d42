import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the Zendesk Support API v2 endpoints the Zendesk adapter calls (ARCHITECTURE §7:
 * the real adapter is tested against a local fake of the provider's HTTP API, never against the
 * internet), on 127.0.0.1 only:
 *  - POST /api/v2/tickets.json — `{ ticket: { subject, comment: { body }, requester: { name, email } } }`,
 *    answered 201 `{ ticket, audit }` as Zendesk does (status 'new', no priority, via the API);
 *  - GET /api/v2/search.json?query=type:ticket requester:<email>&sort_by=created_at&sort_order=desc
 *    &page=&per_page= — `{ results, count, next_page, previous_page, facets }`.
 * Basic authentication as `{email}/token:{api token}`; Zendesk's error shapes (401, 404, 422).
 */

export const ZENDESK_TEST_CREDENTIALS = {
  email: 'agent@grove-support.example',
  apiToken: 'z3nd3skT0k3nF0rT3st1ngOnly0123456789abcd',
};

export interface FakeTicket {
  id: number;
  subject: string;
  description: string;
  status: string;
  priority: string | null;
  requesterName: string;
  requesterEmail: string;
  tags: string[];
  channel: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface FakeZendeskRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  contentType: string | null;
  body: unknown;
}

type Scripted = { status: number; body?: unknown; raw?: string } | { hang: true } | { close: true };

export interface ZendeskFake {
  url: string;
  /** Every ticket it holds, in the order created (add some to play an agent's work). */
  tickets: FakeTicket[];
  /** Every request, answered or not. */
  requests: FakeZendeskRequest[];
  /** Adds a ticket as if it had arrived another way (an e-mail to support, an agent's). */
  addTicket(ticket: Partial<FakeTicket> & { requesterEmail: string; subject: string }): FakeTicket;
  /** The next answers, in order, before the usual behaviour resumes (e.g. a 503 once). */
  script(...answers: Scripted[]): void;
  close(): Promise<void>;
}

const SEARCH_MAX = 1000;

/** Starts the fake on 127.0.0.1 and a free port. */
export async function startZendeskFake(
  options: { email?: string; apiToken?: string; firstId?: number } = {},
): Promise<ZendeskFake> {
  const email = options.email ?? ZENDESK_TEST_CREDENTIALS.email;
  const apiToken = options.apiToken ?? ZENDESK_TEST_CREDENTIALS.apiToken;
  const expectedAuth = `Basic ${Buffer.from(`${email}/token:${apiToken}`).toString('base64')}`;
  const tickets: FakeTicket[] = [];
  const requests: FakeZendeskRequest[] = [];
  const scripted: Scripted[] = [];
  let nextId = options.firstId ?? 1001;
  let url = '';

  function addTicket(ticket: Partial<FakeTicket> & { requesterEmail: string; subject: string }): FakeTicket {
    const now = new Date();
    const stored: FakeTicket = {
      id: nextId++,
      description: '',
      status: 'new',
      priority: null,
      requesterName: ticket.requesterEmail,
      tags: [],
      channel: 'api',
      createdAt: now,
      updatedAt: ticket.createdAt ?? now,
      ...ticket,
    };
    tickets.push(stored);
    return stored;
  }

  const toJson = (ticket: FakeTicket) => ({
    url: `${url}/api/v2/tickets/${ticket.id}.json`,
    id: ticket.id,
    external_id: null,
    via: { channel: ticket.channel, source: { from: {}, to: {}, rel: null } },
    created_at: ticket.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    updated_at: ticket.updatedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    type: null,
    subject: ticket.subject,
    raw_subject: ticket.subject,
    description: ticket.description,
    priority: ticket.priority,
    status: ticket.status,
    requester_id: 900_000 + tickets.indexOf(ticket),
    submitter_id: 900_000 + tickets.indexOf(ticket),
    assignee_id: null,
    tags: ticket.tags,
  });

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const target = new URL(req.url ?? '/', 'http://127.0.0.1');
      let body: unknown = null;
      try {
        body = raw === '' ? null : JSON.parse(raw);
      } catch {
        body = raw;
      }
      requests.push({
        method: req.method ?? '',
        path: target.pathname,
        query: Object.fromEntries(target.searchParams),
        authorization: req.headers.authorization ?? null,
        contentType: req.headers['content-type'] ?? null,
        body,
      });
      const answer = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(json));
      };

      const next = scripted.shift();
      if (next && 'hang' in next) return; // never answers: the client's timeout decides
      if (next && 'close' in next) return req.socket.destroy();
      if (next) {
        if (next.raw !== undefined) {
          res.writeHead(next.status, { 'content-type': 'text/html' });
          return res.end(next.raw);
        }
        return answer(next.status, next.body ?? { error: 'InternalServerError' });
      }

      if (req.headers.authorization !== expectedAuth) return answer(401, { error: "Couldn't authenticate you" });

      if (req.method === 'POST' && target.pathname === '/api/v2/tickets.json') {
        const ticket = (body as { ticket?: Record<string, unknown> } | null)?.ticket;
        const comment = ticket?.comment as { body?: unknown } | undefined;
        const requester = ticket?.requester as { name?: unknown; email?: unknown } | undefined;
        const details: Record<string, { description: string }[]> = {};
        if (typeof comment?.body !== 'string' || comment.body.trim() === '') {
          details.description = [{ description: 'Description: cannot be blank' }];
        }
        if (typeof requester?.email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(requester.email)) {
          details.requester = [{ description: 'Requester: is invalid' }];
        }
        if (Object.keys(details).length > 0) {
          return answer(422, { error: 'RecordInvalid', description: 'Record validation errors', details });
        }
        const stored = addTicket({
          subject: typeof ticket?.subject === 'string' ? ticket.subject : '',
          description: comment!.body as string,
          requesterEmail: (requester!.email as string).toLowerCase(),
          requesterName: typeof requester?.name === 'string' ? requester.name : (requester!.email as string),
          tags: Array.isArray(ticket?.tags) ? (ticket.tags as string[]) : [],
        });
        return answer(201, { ticket: toJson(stored), audit: { id: stored.id * 10, ticket_id: stored.id } });
      }

      if (req.method === 'GET' && target.pathname === '/api/v2/search.json') {
        const query = target.searchParams.get('query') ?? '';
        const page = Number(target.searchParams.get('page') ?? '1');
        const perPage = Math.min(100, Number(target.searchParams.get('per_page') ?? '100'));
        if (page * perPage > SEARCH_MAX) {
          return answer(422, { error: 'Invalid search', description: 'Search results are limited to 1000.' });
        }
        const terms = query.split(/\s+/);
        const requester = terms.find((term) => term.startsWith('requester:'))?.slice('requester:'.length);
        const descending = target.searchParams.get('sort_order') !== 'asc';
        const matching = tickets
          .filter((ticket) => terms.includes('type:ticket') && ticket.requesterEmail === requester?.toLowerCase())
          .sort((a, b) => (a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id) * (descending ? -1 : 1));
        const results = matching.slice((page - 1) * perPage, page * perPage);
        const link = (to: number) => {
          const next = new URL(`${url}/api/v2/search.json`);
          target.searchParams.forEach((value, key) => next.searchParams.set(key, value));
          next.searchParams.set('page', String(to));
          return next.toString();
        };
        return answer(200, {
          results: results.map((ticket) => ({ ...toJson(ticket), result_type: 'ticket' })),
          facets: null,
          next_page: page * perPage < matching.length ? link(page + 1) : null,
          previous_page: page > 1 ? link(page - 1) : null,
          count: matching.length,
        });
      }

      answer(404, { error: 'InvalidEndpoint', description: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;
  return {
    url,
    tickets,
    requests,
    addTicket,
    script: (...answers) => scripted.push(...answers),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
