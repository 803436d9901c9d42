import { ACCOUNT_MESSAGES } from '@grove/domain';
import { DIGEST_MESSAGES } from '@grove/domain/digest';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  createCoach,
  createParent,
  createStaff,
  createUser,
  issueAccessToken,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { deliverEmails, deliverTexts } from '../../../test/outbox.ts';
import { accounts, emailOutbox, users } from '../../db/schema/index.ts';
import { unsubscribeToken } from './communications.unsubscribe.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

describe('GET /api/v2/admin/email_outbox/', () => {
  it('shows staff what was sent to a recipient, newest first; nobody else may read it', async () => {
    const parent = await createParent(t.db);
    for (const email of [parent.user.email, 'someone.else@example.com']) {
      await t.app.inject({ method: 'POST', url: '/api/v2/auth/password/reset/', payload: { email } });
    }
    const staff = await createStaff(t.db);
    const read = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v2/admin/email_outbox/?to=${encodeURIComponent(parent.user.email.toUpperCase())}`,
        headers: staff.headers,
      });
    const queued = await read();
    expect(queued.statusCode).toBe(200);
    expect(queued.json()).toMatchObject({ count: 1, results: [{ status: 'queued', sent_at: null }] });

    await deliverEmails(t.app.jobs);
    const res = await read();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      count: 1,
      results: [
        { to: parent.user.email, template: 'password_reset', status: 'sent', subject: 'Reset your Grove password' },
      ],
    });
    expect(res.json().results[0].text_body).toMatch(/\/start\?o=/);
    expect(res.json().results[0].sent_at).toEqual(expect.any(String));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/admin/email_outbox/', headers: parent.headers })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v2/admin/email_outbox/',
          headers: (await createCoach(t.db)).headers,
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/admin/email_outbox/' })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/communications', () => {
  /** A family (parent, caregiver) with its coach, another coach, another family and staff. */
  async function cast() {
    const parent = await createParent(t.db, { players: ['Maya'], user: { phonenumber: '2015550123' } });
    const caregiverUser = await createUser(t.db, { accountId: parent.account.id });
    const caregiver = { user: caregiverUser, headers: authHeaders(await issueAccessToken(t.db, caregiverUser.id)) };
    const coach = await createCoach(t.db);
    await t.db.update(accounts).set({ coachUserId: coach.user.id }).where(eq(accounts.id, parent.account.id));
    return {
      parent,
      caregiver,
      coach,
      otherCoach: await createCoach(t.db),
      otherParent: await createParent(t.db),
      staff: await createStaff(t.db),
    };
  }

  const list = (headers: Record<string, string>, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/v1/communications${query}`, headers });

  it('merges the e-mails and texts written to a person, newest first, with their delivery status', async () => {
    const { parent } = await cast();
    // An e-mail written before rows named their person: found by address, in any case.
    const [older] = await t.db
      .insert(emailOutbox)
      .values({
        toAddress: parent.user.email.toUpperCase(),
        subject: 'Welcome',
        textBody: 'Hello',
        template: 'access_invite',
        provider: 'outbox',
        status: 'sent',
        createdAt: new Date(Date.now() - 60_000),
        sentAt: new Date(Date.now() - 60_000),
      })
      .returning();
    await t.app.inject({ method: 'POST', url: '/api/v2/auth/password/reset/', payload: { email: parent.user.email } });
    const sms = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sms/message/',
      headers: parent.headers,
      payload: { kind: 'app_link', phonenumber: '(201) 555-0123', country: 'US' },
    });
    expect(sms.statusCode).toBe(201);

    const res = await list(parent.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 3, next: null, previous: null });
    expect(body.results).toEqual([
      {
        id: sms.json().id,
        type: 'sms',
        to: '+12015550123',
        subject: null,
        body: 'Here is the Grove game for your tablet: https://grove.example/games',
        template: 'app_link',
        status: 'queued',
        provider: 'outbox',
        attempts: 0,
        created_at: expect.any(String),
        sent_at: null,
      },
      expect.objectContaining({ type: 'email', template: 'password_reset', subject: 'Reset your Grove password' }),
      expect.objectContaining({ type: 'email', id: older!.id, to: parent.user.email.toUpperCase(), status: 'sent' }),
    ]);

    await deliverEmails(t.app.jobs);
    await deliverTexts(t.app.jobs);
    const delivered = (await list(parent.headers)).json().results;
    expect(delivered.map((m: { status: string; attempts: number }) => [m.status, m.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
      ['sent', 0],
    ]);

    expect((await list(parent.headers, '?type=sms')).json()).toMatchObject({ count: 1, results: [{ type: 'sms' }] });
    const emails = (await list(parent.headers, '?type=email')).json();
    expect(emails.count).toBe(2);
    expect(emails.results.every((m: { type: string }) => m.type === 'email')).toBe(true);
    const paged = (await list(parent.headers, '?page_size=2')).json();
    expect(paged).toMatchObject({ count: 3, previous: null });
    expect(paged.results).toHaveLength(2);
    expect(paged.next).toMatch(/[?&]page=2/);
    expect((await list(parent.headers, '?type=fax')).statusCode).toBe(400);
  });

  it('lets the person, their account’s members and coach, and staff read them; anyone else gets 404', async () => {
    const { parent, caregiver, coach, otherCoach, otherParent, staff } = await cast();
    await t.app.inject({ method: 'POST', url: '/api/v2/auth/password/reset/', payload: { email: parent.user.email } });
    const about = `?user=${parent.user.id}`;
    for (const reader of [parent, caregiver, coach, staff]) {
      const res = await list(reader.headers, about);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ count: 1, results: [{ template: 'password_reset' }] });
    }
    for (const stranger of [otherCoach, otherParent]) {
      expect((await list(stranger.headers, about)).statusCode).toBe(404);
    }
    // A parent cannot read another family's, nor a coach's or staff member's.
    expect((await list(parent.headers, `?user=${otherParent.user.id}`)).statusCode).toBe(404);
    expect((await list(parent.headers, `?user=${staff.user.id}`)).statusCode).toBe(404);
    // Staff read anyone's; a missing user is 404 for everyone.
    expect((await list(staff.headers, `?user=${otherParent.user.id}`)).statusCode).toBe(200);
    expect((await list(staff.headers, '?user=2147483000')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/communications${about}` })).statusCode).toBe(401);
  });
});

describe('notification settings', () => {
  const settings = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/v2/user/notifications/', headers });
  const patch = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: '/api/v2/user/notifications/', headers, payload: payload as object });
  const digestOf = async (userId: number) =>
    (await t.db.select({ on: users.weeklyDigest }).from(users).where(eq(users.id, userId)))[0]!.on;

  it('turns the weekly digest (on by default) off and on', async () => {
    const parent = await createParent(t.db);
    expect((await settings(parent.headers)).json()).toEqual({ weekly_digest: true });
    const off = await patch(parent.headers, { weekly_digest: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ weekly_digest: false });
    expect(await digestOf(parent.user.id)).toBe(false);
    expect((await patch(parent.headers, {})).json()).toEqual({ weekly_digest: false });
    expect((await patch(parent.headers, { weekly_digest: true })).json()).toEqual({ weekly_digest: true });
    expect(await digestOf(parent.user.id)).toBe(true);

    const wrong = await patch(parent.headers, { weekly_digest: 'no' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ weekly_digest: ['Must be true or false.'] });
    const { 'x-csrftoken': _csrf, ...noCsrf } = parent.headers;
    expect((await patch(noCsrf, { weekly_digest: false })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/user/notifications/' })).statusCode).toBe(401);
    expect(await digestOf(parent.user.id)).toBe(true);
  });

  const unsubscribe = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/v2/user/notifications/unsubscribe/', payload: { token } });

  it('turns the digest off from the e-mail’s link, without signing in (again: the same answer)', async () => {
    const parent = await createParent(t.db);
    const token = await unsubscribeToken(t.db, parent.user.id);
    expect(token).toMatch(new RegExp(`^u1\\.${parent.user.id}\\.[A-Za-z0-9_-]{43}$`));
    for (let i = 0; i < 2; i++) {
      const res = await unsubscribe(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: ACCOUNT_MESSAGES.unsubscribed });
      expect(await digestOf(parent.user.id)).toBe(false);
    }
  });

  it('refuses a garbled or forged token with a message on `token`, changing nothing', async () => {
    const parent = await createParent(t.db);
    const other = await createParent(t.db);
    const token = await unsubscribeToken(t.db, parent.user.id);
    const signature = token.split('.')[2]!;
    const flipped = signature.slice(0, 10) + (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11);
    const invalid = { token: [DIGEST_MESSAGES.unsubscribeInvalid] };
    for (const bad of [
      `u1.${parent.user.id}.${flipped}`,
      `u1.${other.user.id}.${signature}`, // another person's id with this one's signature
      `u2.${parent.user.id}.${signature}`,
      token.slice(0, -1),
      `${token}x`,
      'u1.2147483000.' + 'A'.repeat(43),
      'not-a-token',
    ]) {
      const res = await unsubscribe(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual(invalid);
    }
    // A token for a user who no longer exists.
    const gone = await createUser(t.db);
    const goneToken = await unsubscribeToken(t.db, gone.id);
    await t.db.delete(users).where(eq(users.id, gone.id));
    expect((await unsubscribe(goneToken)).json()).toEqual(invalid);
    const blank = await unsubscribe('');
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json())).toEqual(['token']);
    expect(await digestOf(parent.user.id)).toBe(true);
    expect(await digestOf(other.user.id)).toBe(true);
  });

  it('is no set-password link', async () => {
    const parent = await createParent(t.db);
    const token = await unsubscribeToken(t.db, parent.user.id);
    const link = await t.app.inject({ method: 'GET', url: `/api/v2/auth/password/set/?o=${token}` });
    expect(link.statusCode).toBe(404);
    expect(link.json()).toMatchObject({ code: 'link_invalid' });
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/password/set/',
      payload: { token, password: 'Bright-Harbor-58', password_copy: 'Bright-Harbor-58' },
    });
    expect(set.statusCode).toBe(404);
    expect(set.json()).toMatchObject({ code: 'link_invalid' });
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, parent.user.id));
    expect(row!.hash).toBeNull();
  });
});
