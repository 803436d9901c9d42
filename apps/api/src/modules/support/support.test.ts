import { SUPPORT_MESSAGES, TICKET_LIMITS } from '@grove/domain/support';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, supportTickets } from '../../db/schema/index.ts';
import {
  createCoach,
  createParent,
  createStaff,
  createUser,
  issueAccessToken,
  authHeaders,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { emailsTo } from '../../../test/outbox.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const NOT_FOUND = { detail: 'Not found.', code: 'not_found' };
const send = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v2/support/tickets/', headers, payload: payload as object });
const ticketsOf = (headers: Record<string, string>, userId: number, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v2/admin/users/${userId}/zendesk_tickets/${query}`, headers });
const rowsBy = (userId: number) =>
  t.db.select().from(supportTickets).where(eq(supportTickets.requesterUserId, userId)).orderBy(asc(supportTickets.id));

const HELLO = { subject: 'The band does not pair', description: 'It blinks red.\nWe restarted the tablet.' };

describe('POST /api/v2/support/tickets/ (the local tickets table)', () => {
  it('keeps the ticket with the writer’s account and e-mails them an acknowledgement', async () => {
    const parent = await createParent(t.db, { user: { firstName: 'Ana', lastName: 'Silva' } });
    const res = await send(parent.headers, { subject: '  The band does not pair ', description: HELLO.description });
    expect(res.statusCode).toBe(201);
    const ticket = res.json();
    expect(ticket).toMatchObject({
      subject: 'The band does not pair',
      description: HELLO.description,
      status: 'new',
      priority: 'normal',
      channel: 'web',
      url: null,
      requester: { id: parent.user.id, name: 'Ana Silva', email: parent.user.email },
    });
    const rows = await rowsBy(parent.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: ticket.id, accountId: parent.account.id, subject: 'The band does not pair' });

    const [mail] = await emailsTo(t.db, parent.user.email);
    expect(mail).toMatchObject({
      template: 'support_ticket_received',
      subject: 'We received your message: The band does not pair',
      userId: parent.user.id,
    });
    expect(mail!.textBody).toContain(`request #${ticket.id}`);
    expect(mail!.textBody).toContain('answer you by e-mail');
  });

  it('files a caregiver’s ticket under the family’s account', async () => {
    const parent = await createParent(t.db);
    const carer = await createUser(t.db, { accountId: parent.account.id, firstName: 'Riley' });
    const headers = authHeaders(await issueAccessToken(t.db, carer.id));
    expect((await send(headers, HELLO)).statusCode).toBe(201);
    expect((await rowsBy(carer.id)).map((row) => row.accountId)).toEqual([parent.account.id]);
  });

  it.each([
    [
      'a NUL in the subject',
      { subject: 'Hi\u0000', description: 'ok' },
      { subject: ['Remove the control characters (such as NUL) from this text.'] },
    ],
    [
      'a NUL in the message',
      { subject: 'ok', description: 'a\u0000b' },
      { description: ['Remove the control characters (such as NUL) from this text.'] },
    ],
    [
      'texts past their limits',
      { subject: 's'.repeat(TICKET_LIMITS.subjectMax + 1), description: 'd'.repeat(TICKET_LIMITS.descriptionMax + 1) },
      {
        subject: [`At most ${TICKET_LIMITS.subjectMax} characters.`],
        description: [`At most ${TICKET_LIMITS.descriptionMax} characters.`],
      },
    ],
    [
      'blanks',
      { subject: '   ', description: ' \n ' },
      { subject: ['May not be blank.'], description: ['May not be blank.'] },
    ],
    ['nothing', {}, { subject: ['This field is required.'], description: ['This field is required.'] }],
    [
      'other types',
      { subject: ['x'], description: 7 },
      { subject: ['Not a valid string.'], description: ['Not a valid string.'] },
    ],
  ])('refuses %s with field messages: no ticket, no e-mail', async (_what, payload, fields) => {
    const parent = await createParent(t.db);
    const res = await send(parent.headers, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(fields);
    expect(await rowsBy(parent.user.id)).toEqual([]);
    expect(await emailsTo(t.db, parent.user.email)).toEqual([]);
  });

  it(`answers the ${TICKET_LIMITS.perHour + 1}th ticket of an hour with 429 and Retry-After, and keeps no more`, async () => {
    const parent = await createParent(t.db);
    for (let i = 0; i < TICKET_LIMITS.perHour; i++) {
      expect((await send(parent.headers, { ...HELLO, subject: `Question ${i + 1}` })).statusCode).toBe(201);
    }
    const refused = await send(parent.headers, HELLO);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: SUPPORT_MESSAGES.ticketRateLimited, code: 'throttled' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await rowsBy(parent.user.id)).toHaveLength(TICKET_LIMITS.perHour);
    expect(await emailsTo(t.db, parent.user.email)).toHaveLength(TICKET_LIMITS.perHour);
    // Per writer: another parent still may.
    const other = await createParent(t.db);
    expect((await send(other.headers, HELLO)).statusCode).toBe(201);
  });

  it('refuses staff and coaches without a family account (403), and anyone signed out (401)', async () => {
    const staff = await createStaff(t.db);
    const coach = await createCoach(t.db);
    for (const who of [staff, coach]) {
      expect((await send(who.headers, HELLO)).statusCode).toBe(403);
      expect(await rowsBy(who.user.id)).toEqual([]);
    }
    expect((await send({}, HELLO)).statusCode).toBe(401);
    const parent = await createParent(t.db);
    const { 'x-csrftoken': _csrf, ...noCsrf } = parent.headers;
    expect((await send(noCsrf, HELLO)).statusCode).toBe(403);
    expect(await rowsBy(parent.user.id)).toEqual([]);
  });
});

describe('GET /api/v2/admin/users/{id}/zendesk_tickets/ (local)', () => {
  it('lists the tickets a user asked, newest first, in pages', async () => {
    const staff = await createStaff(t.db);
    const parent = await createParent(t.db, { user: { firstName: 'Ana', lastName: 'Silva' } });
    const other = await createParent(t.db);
    const first = (await send(parent.headers, { ...HELLO, subject: 'First' })).json();
    await send(other.headers, { ...HELLO, subject: 'Someone else' });
    const second = (await send(parent.headers, { ...HELLO, subject: 'Second' })).json();

    const res = await ticketsOf(staff.headers, parent.user.id);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ count: 2, next: null, previous: null });
    expect(page.results).toEqual([second, first]);

    const paged = (await ticketsOf(staff.headers, parent.user.id, '?page_size=1')).json();
    expect(paged.results.map((ticket: { id: number }) => ticket.id)).toEqual([second.id]);
    expect(new URL(paged.next).searchParams.get('page')).toBe('2');
    const last = (await ticketsOf(staff.headers, parent.user.id, '?page_size=1&page=2')).json();
    expect(last.results.map((ticket: { id: number }) => ticket.id)).toEqual([first.id]);
    expect(last.next).toBeNull();
  });

  it('answers an empty list for a user who never wrote, 404 for a user of nobody', async () => {
    const staff = await createStaff(t.db);
    const parent = await createParent(t.db);
    expect((await ticketsOf(staff.headers, parent.user.id)).json()).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    const missing = await ticketsOf(staff.headers, 2_147_483_647);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(NOT_FOUND);
    expect((await ticketsOf(staff.headers, 2_147_483_648)).statusCode).toBe(400);
    expect((await ticketsOf(staff.headers, 0)).statusCode).toBe(400);
  });

  it('answers 403 to parents (their own tickets too) and coaches', async () => {
    const parent = await createParent(t.db);
    const coach = await createCoach(t.db);
    await send(parent.headers, HELLO);
    expect((await ticketsOf(parent.headers, parent.user.id)).statusCode).toBe(403);
    expect((await ticketsOf(coach.headers, parent.user.id)).statusCode).toBe(403);
    expect((await ticketsOf({}, parent.user.id)).statusCode).toBe(401);
  });

  it('leaves e-mails of other templates alone', async () => {
    // The acknowledgement is the only e-mail a ticket writes.
    const parent = await createParent(t.db);
    await send(parent.headers, HELLO);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.userId, parent.user.id));
    expect(mails.map((mail) => mail.template)).toEqual(['support_ticket_received']);
  });
});
