import { SUPPORT_MESSAGES } from '@grove/domain/support';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { supportTickets } from '../../db/schema/index.ts';
import { createParent, createStaff } from '../../../test/factories.ts';
import { startZendeskFake, ZENDESK_TEST_CREDENTIALS, type ZendeskFake } from '../../../test/fakes/zendesk-fake.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { emailsTo } from '../../../test/outbox.ts';
import { SupportUnavailableError } from './support.port.ts';
import { ZENDESK_SEARCH_MAX, zendeskBaseUrl, zendeskSupportTickets } from './support.zendesk.ts';

let fake: ZendeskFake;
beforeAll(async () => {
  fake = await startZendeskFake();
});
afterAll(() => fake.close());
afterEach(() => {
  fake.requests.length = 0;
});

const adapter = (timeoutMs?: number) =>
  zendeskSupportTickets({ baseUrl: fake.url, ...ZENDESK_TEST_CREDENTIALS, ...(timeoutMs ? { timeoutMs } : {}) });
const ana = { userId: 7, accountId: 3, name: 'Ana Silva', email: 'ana.silva@example.com' };

describe('the Zendesk adapter (against a local fake of the Zendesk API)', () => {
  it('files a ticket: requester by name and e-mail, the description as the first comment, basic token auth', async () => {
    const ticket = await adapter().create({ requester: ana, subject: 'Band', description: 'It blinks red.' });
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/api/v2/tickets.json', contentType: 'application/json' });
    expect(request!.authorization).toBe(
      `Basic ${Buffer.from(`${ZENDESK_TEST_CREDENTIALS.email}/token:${ZENDESK_TEST_CREDENTIALS.apiToken}`).toString('base64')}`,
    );
    expect(request!.body).toEqual({
      ticket: {
        subject: 'Band',
        comment: { body: 'It blinks red.' },
        requester: { name: 'Ana Silva', email: 'ana.silva@example.com' },
        tags: ['grove'],
      },
    });
    const stored = fake.tickets.find((t) => t.id === ticket.id)!;
    expect(ticket).toEqual({
      id: stored.id,
      subject: 'Band',
      description: 'It blinks red.',
      status: 'new',
      priority: 'normal',
      channel: 'api',
      created_at: stored.createdAt.toISOString().replace(/\.\d{3}Z$/, '.000Z'),
      updated_at: stored.updatedAt.toISOString().replace(/\.\d{3}Z$/, '.000Z'),
      url: `${fake.url}/agent/tickets/${stored.id}`,
      requester: { id: 7, name: 'Ana Silva', email: 'ana.silva@example.com' },
    });
  });

  it('lists a requester’s tickets newest first through the search API, paged', async () => {
    const email = 'paged.family@example.com';
    const day = 86_400_000;
    const old = fake.addTicket({
      requesterEmail: email,
      subject: 'Old question',
      status: 'solved',
      priority: 'high',
      channel: 'email',
      createdAt: new Date(Date.now() - 9 * day),
    });
    const recent = fake.addTicket({
      requesterEmail: email,
      subject: 'Recent',
      status: 'pending',
      createdAt: new Date(),
    });
    fake.addTicket({ requesterEmail: 'someone.else@example.com', subject: 'Not theirs' });
    const user = { userId: 9, name: 'Paged Family', email };

    const all = await adapter().listForUser(user, { page: 1, pageSize: 10 });
    expect(all.count).toBe(2);
    expect(all.results.map((t) => [t.id, t.status, t.priority, t.channel])).toEqual([
      [recent.id, 'pending', 'normal', 'api'],
      [old.id, 'solved', 'high', 'email'],
    ]);
    expect(all.results[1]!.requester).toEqual({ id: 9, name: 'Paged Family', email });
    expect(fake.requests[0]!.path).toBe('/api/v2/search.json');
    expect(fake.requests[0]!.query).toEqual({
      query: `type:ticket requester:${email}`,
      sort_by: 'created_at',
      sort_order: 'desc',
      page: '1',
      per_page: '10',
    });

    const second = await adapter().listForUser(user, { page: 2, pageSize: 1 });
    expect(second).toMatchObject({ count: 2, results: [{ id: old.id }] });

    // Past what the search reaches: the number, no results, and no refused search.
    const far = await adapter().listForUser(user, { page: ZENDESK_SEARCH_MAX / 10 + 1, pageSize: 10 });
    expect(far).toEqual({ count: 2, results: [] });
    expect(fake.requests.at(-1)!.query).toMatchObject({ page: '1', per_page: '1' });
  });

  it.each([
    ['a 500', { status: 500 }],
    ['a 429', { status: 429, body: { error: 'TooManyRequests' } }],
    ['a page that is not JSON', { status: 200, raw: '<html>maintenance</html>' }],
    ['a closed connection', { close: true as const }],
    ['an answer of another shape', { status: 201, body: { ticket: { subject: 'no id' } } }],
  ])('turns %s into SupportUnavailableError (502)', async (_what, answer) => {
    fake.script(answer);
    const failure = await adapter()
      .create({ requester: ana, subject: 'x', description: 'y' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SupportUnavailableError);
    expect(failure).toMatchObject({ statusCode: 502, detail: SUPPORT_MESSAGES.supportUnavailable });
  });

  it('gives up on a Zendesk that does not answer', async () => {
    fake.script({ hang: true });
    const failure = await adapter(200)
      .listForUser({ userId: 1, name: 'A', email: 'a@example.com' }, { page: 1, pageSize: 10 })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SupportUnavailableError);
  });

  it('is refused with a wrong token, and says so in its reason only', async () => {
    const wrong = zendeskSupportTickets({
      baseUrl: fake.url,
      email: ZENDESK_TEST_CREDENTIALS.email,
      apiToken: 'wrong0token0value0000',
    });
    const failure = (await wrong
      .create({ requester: ana, subject: 'x', description: 'y' })
      .catch((error: unknown) => error)) as SupportUnavailableError;
    expect(failure.detail).toBe(SUPPORT_MESSAGES.supportUnavailable);
    expect(failure.reason).toContain('401');
  });

  it('finds the account from the subdomain, or from ZENDESK_URL', () => {
    expect(zendeskBaseUrl({ subdomain: 'grove' })).toBe('https://grove.zendesk.com');
    expect(zendeskBaseUrl({ subdomain: 'grove', url: 'http://127.0.0.1:4010/' })).toBe('http://127.0.0.1:4010');
  });
});

describe('configuration', () => {
  it('needs the account, the agent e-mail and the token for SUPPORT_PROVIDER=zendesk, never echoing the token', () => {
    expect(loadConfig({}, false).SUPPORT_PROVIDER).toBe('local');
    let problems: string[] = [];
    try {
      loadConfig({ SUPPORT_PROVIDER: 'zendesk' }, false);
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual([
      'Invalid ZENDESK_SUBDOMAIN="": or ZENDESK_URL is required when SUPPORT_PROVIDER=zendesk',
      'Invalid ZENDESK_EMAIL="": is required when SUPPORT_PROVIDER=zendesk',
      'Invalid ZENDESK_API_TOKEN (value not shown): is required when SUPPORT_PROVIDER=zendesk',
    ]);
    expect(() => loadConfig({ ZENDESK_API_TOKEN: 'has spaces in it, secret!' }, false)).toThrow(
      /Invalid ZENDESK_API_TOKEN \(value not shown\)/,
    );
    const config = loadConfig(
      {
        SUPPORT_PROVIDER: 'zendesk',
        ZENDESK_SUBDOMAIN: 'grove',
        ...{ ZENDESK_EMAIL: 'a@b.example', ZENDESK_API_TOKEN: 'abcdefghij0123456789' },
      },
      false,
    );
    expect(config).toMatchObject({ SUPPORT_PROVIDER: 'zendesk', ZENDESK_SUBDOMAIN: 'grove' });
    expect(() => loadConfig({ ZENDESK_SUBDOMAIN: 'grove.zendesk.com' }, false)).toThrow(ConfigError);
    expect(() => loadConfig({ ZENDESK_URL: 'https://user:pw@grove.zendesk.com' }, false)).toThrow(ConfigError);
  });
});

describe('the support routes with SUPPORT_PROVIDER=zendesk', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({
      SUPPORT_PROVIDER: 'zendesk',
      ZENDESK_URL: fake.url,
      ZENDESK_EMAIL: ZENDESK_TEST_CREDENTIALS.email,
      ZENDESK_API_TOKEN: ZENDESK_TEST_CREDENTIALS.apiToken,
    });
  });
  afterAll(() => t.close());

  const send = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v2/support/tickets/', headers, payload: payload as object });

  it('files a parent’s request in Zendesk (not in the local table) and staff read it back with its link', async () => {
    const parent = await createParent(t.db, { user: { firstName: 'Noa', lastName: 'Berg' } });
    const staff = await createStaff(t.db);
    const res = await send(parent.headers, { subject: 'Kit return', description: 'How do we send it back?' });
    expect(res.statusCode).toBe(201);
    const ticket = res.json();
    expect(ticket).toMatchObject({
      subject: 'Kit return',
      status: 'new',
      url: `${fake.url}/agent/tickets/${ticket.id}`,
    });
    expect(fake.tickets.find((t) => t.id === ticket.id)).toMatchObject({
      requesterEmail: parent.user.email.toLowerCase(),
      requesterName: 'Noa Berg',
    });
    expect(await t.db.select().from(supportTickets).where(eq(supportTickets.requesterUserId, parent.user.id))).toEqual(
      [],
    );
    expect((await emailsTo(t.db, parent.user.email)).map((mail) => mail.template)).toEqual(['support_ticket_received']);

    // An agent's ticket for the same person, from e-mail: staff see both, newest first.
    const byMail = fake.addTicket({
      requesterEmail: parent.user.email.toLowerCase(),
      subject: 'Sent by e-mail',
      channel: 'email',
      createdAt: new Date(Date.now() + 1000),
    });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/v2/admin/users/${parent.user.id}/zendesk_tickets/`,
      headers: staff.headers,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({
      count: 2,
      results: [
        { id: byMail.id, channel: 'email', requester: { id: parent.user.id, email: parent.user.email } },
        { id: ticket.id, subject: 'Kit return' },
      ],
    });
  });

  it('answers 502 when Zendesk fails: no ticket claimed, no acknowledgement, a calm message', async () => {
    const parent = await createParent(t.db);
    const staff = await createStaff(t.db);
    const before = fake.tickets.length;
    fake.script({ status: 503, body: { error: 'ServiceUnavailable' } });
    const res = await send(parent.headers, { subject: 'Hello', description: 'Anyone there?' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ detail: SUPPORT_MESSAGES.supportUnavailable, code: 'support_unavailable' });
    expect(fake.tickets).toHaveLength(before);
    expect(await emailsTo(t.db, parent.user.email)).toEqual([]);

    fake.script({ close: true });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/v2/admin/users/${parent.user.id}/zendesk_tickets/`,
      headers: staff.headers,
    });
    expect(listed.statusCode).toBe(502);
  });
});
