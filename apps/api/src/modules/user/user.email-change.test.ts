import { ACCOUNT_MESSAGES } from '@grove/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, loginThrottles, oneTimeTokens, userActions, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createParent, createUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { hashToken, newToken } from '../auth/auth.tokens.ts';
import { EMAIL_CHANGE_THROTTLE } from './user.service.ts';

const EMAIL_TAKEN_MEANWHILE = ACCOUNT_MESSAGES.emailTakenMeanwhile;

const PUBLIC_URL = 'https://portal.grove.test';
const PASSWORD = 'Quiet-River-73';
const LINK_INVALID = { token: [ACCOUNT_MESSAGES.emailLinkInvalid] };

let t: TestContext;
let passwordHash: string;
beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL });
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => t.close());

let counter = 0;
const newAddress = () => `new-${Date.now().toString(36)}-${counter++}@example.test`;
let ip = 0;
const nextIp = () => `203.0.113.${++ip}`;

const patchProfile = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: '/api/v2/user/', headers, payload });
const confirm = (token: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v2/user/email/confirm/', payload: { token } });
const login = (email: string, password = PASSWORD) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/user/auth/login/',
    payload: { email, password },
    remoteAddress: nextIp(),
  });

const outboxTo = (address: string) =>
  t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address)).orderBy(desc(emailOutbox.id));
const stored = async (userId: number) => (await t.db.select().from(users).where(eq(users.id, userId)))[0]!;

/** The token of the newest e-mail change link sent to `address`. */
async function confirmTokenFor(address: string): Promise<string> {
  const [mail] = await outboxTo(address);
  const match = /\/email\/confirm\?o=([\w%-]+)/.exec(mail!.textBody);
  return decodeURIComponent(match![1]!);
}

async function parent() {
  return createParent(t.db, { user: { passwordHash, firstName: 'Dana' } });
}

describe('asking for an e-mail change (PATCH /api/v2/user/ with email)', () => {
  it('keeps the old address, stores the new one as pending and e-mails both addresses', async () => {
    const { user, headers } = await parent();
    const address = newAddress();
    const res = await patchProfile(headers, { email: address });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: user.email, pending_email: address });
    expect(await stored(user.id)).toMatchObject({ email: user.email, pendingEmail: address });

    const [toNew] = await outboxTo(address);
    expect(toNew).toMatchObject({ template: 'email_change_confirm', toAddress: address });
    expect(toNew!.textBody).toContain(`${PUBLIC_URL}/email/confirm?o=`);
    const [toOld] = await outboxTo(user.email);
    expect(toOld).toMatchObject({ template: 'email_change_requested', toAddress: user.email });
    expect(toOld!.textBody).toContain(address);

    const token = await confirmTokenFor(address);
    const [link] = await t.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    expect(link).toMatchObject({ userId: user.id, purpose: 'email_change', usedAt: null });
    const lifetime = link!.expiresAt.getTime() - link!.createdAt.getTime();
    expect(Math.abs(lifetime - 24 * 3600_000)).toBeLessThan(5_000);
  });

  it('changes the address only once the link is opened: login follows the confirmed address', async () => {
    const { user, headers } = await parent();
    const address = newAddress();
    expect((await patchProfile(headers, { email: address })).statusCode).toBe(200);

    expect((await login(address)).statusCode).toBe(400);
    expect((await login(user.email)).statusCode).toBe(200);

    const token = await confirmTokenFor(address);
    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: ACCOUNT_MESSAGES.emailConfirmed(address), email: address });
    expect(await stored(user.id)).toMatchObject({ email: address, pendingEmail: null });

    expect((await login(address)).statusCode).toBe(200);
    expect((await login(user.email)).statusCode).toBe(400);

    const [told] = await outboxTo(user.email);
    expect(told).toMatchObject({ template: 'email_changed', toAddress: user.email });
    expect(told!.textBody).toContain(address);
    const [link] = await t.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    expect(link!.usedAt).not.toBeNull();
    const actions = await t.db.select().from(userActions).where(eq(userActions.userId, user.id));
    expect(actions.map((a) => a.action)).toEqual(['confirmed_email']);

    // The link works once.
    expect((await confirm(token)).json()).toEqual(LINK_INVALID);
  });

  it('checks the address with the form rules and messages', async () => {
    const { user, headers } = await parent();
    const cases: [string, string][] = [
      ['', 'Email is required'],
      ['   ', 'Email is required'],
      [`${'a'.repeat(250)}@x.io`, 'Email must be less than 254 characters'],
      ['not-an-email', 'Please input a valid email'],
      ['someone@localhost', 'Please input a valid email'],
      ['so meone@example.com', 'Please input a valid email'],
    ];
    for (const [email, message] of cases) {
      const res = await patchProfile(headers, { email });
      expect(res.statusCode, email).toBe(400);
      expect(res.json()).toEqual({ email: [message] });
    }
    const nul = await patchProfile(headers, { email: 'a\u0000b@example.com' });
    expect(nul.statusCode).toBe(400);
    expect(Object.keys(nul.json())).toEqual(['email']);
    expect(await stored(user.id)).toMatchObject({ email: user.email, pendingEmail: null });
    expect(await outboxTo(user.email)).toHaveLength(0);
  });

  it('refuses an address another login uses (any case); the current one sent again changes nothing', async () => {
    const { user, headers } = await parent();
    const other = await createUser(t.db);
    const taken = await patchProfile(headers, { email: other.email.toUpperCase(), first_name: 'Changed' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ email: [ACCOUNT_MESSAGES.emailTaken] });
    const same = await patchProfile(headers, { email: user.email.toUpperCase() });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ email: user.email, pending_email: null });
    expect(await stored(user.id)).toMatchObject({ email: user.email, pendingEmail: null, firstName: 'Dana' });
    expect(await outboxTo(user.email)).toHaveLength(0);
  });

  it('a second request replaces the first: the earlier link stops working', async () => {
    const { user, headers } = await parent();
    const first = newAddress();
    const second = newAddress();
    await patchProfile(headers, { email: first });
    const firstToken = await confirmTokenFor(first);
    await patchProfile(headers, { email: second });
    expect((await confirm(firstToken)).json()).toEqual(LINK_INVALID);
    expect((await confirm(await confirmTokenFor(second))).statusCode).toBe(200);
    expect((await stored(user.id)).email).toBe(second);
  });

  it('throttles change requests (429 with Retry-After)', async () => {
    const { user, headers } = await parent();
    for (let i = 0; i < EMAIL_CHANGE_THROTTLE.limit; i++) {
      expect((await patchProfile(headers, { email: newAddress() })).statusCode).toBe(200);
    }
    const address = newAddress();
    const res = await patchProfile(headers, { email: address });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(await outboxTo(address)).toHaveLength(0);
    expect((await stored(user.id)).pendingEmail).not.toBe(address);
    await t.db.delete(loginThrottles).where(eq(loginThrottles.key, `email-change:${user.id}`));
  });

  it('re-checks the address when the link is opened: taken meanwhile → 400 and the change is forgotten', async () => {
    const { user, headers } = await parent();
    const address = newAddress();
    await patchProfile(headers, { email: address });
    const token = await confirmTokenFor(address);
    await createUser(t.db, { email: address });

    const res = await confirm(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ token: [EMAIL_TAKEN_MEANWHILE] });
    expect(await stored(user.id)).toMatchObject({ email: user.email, pendingEmail: null });
    expect((await outboxTo(user.email)).filter((m) => m.template === 'email_changed')).toHaveLength(0);
  });

  it('answers 400 for unknown, blank, expired and hostile tokens', async () => {
    expect((await confirm('no-such-token')).json()).toEqual(LINK_INVALID);
    const blank = await confirm('   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ token: ['May not be blank.'] });
    expect((await confirm('x'.repeat(5000))).statusCode).toBe(400);
    expect((await confirm('abc\u0000def')).statusCode).toBe(400);
    expect((await confirm(42)).statusCode).toBe(400);

    const { user, headers } = await parent();
    const address = newAddress();
    await patchProfile(headers, { email: address });
    const token = await confirmTokenFor(address);
    await t.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    const expired = await confirm(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(LINK_INVALID);
    expect((await stored(user.id)).email).toBe(user.email);
  });
});

describe('DELETE /api/v2/user/email/pending/', () => {
  it('forgets the pending address and its link stops working', async () => {
    const { user, headers } = await parent();
    const address = newAddress();
    await patchProfile(headers, { email: address });
    const token = await confirmTokenFor(address);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v2/user/email/pending/', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: user.email, pending_email: null });
    expect((await confirm(token)).json()).toEqual(LINK_INVALID);
    expect(await stored(user.id)).toMatchObject({ email: user.email, pendingEmail: null });
  });

  it('needs a session and the CSRF header', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v2/user/email/pending/' })).statusCode).toBe(401);
    const { token } = await parent();
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v2/user/email/pending/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('one-time links keep to their own flow', () => {
  const setPassword = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/password/set/',
      payload: { token, password: 'Bright-Harbor-58', password_copy: 'Bright-Harbor-58' },
    });

  it('an e-mail change link can never set a password', async () => {
    const { user, headers } = await parent();
    const address = newAddress();
    await patchProfile(headers, { email: address });
    const token = await confirmTokenFor(address);

    const described = await t.app.inject({ method: 'GET', url: `/api/v2/auth/password/set/?o=${token}` });
    expect(described.statusCode).toBe(404);
    const res = await setPassword(token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'link_invalid' });
    expect((await stored(user.id)).passwordHash).toBe(passwordHash);
    const [link] = await t.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    expect(link!.usedAt).toBeNull();
    // …and it still confirms the e-mail.
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it('a reset or invitation link can never confirm an e-mail change', async () => {
    const { user, headers } = await parent();
    const address = newAddress();
    await patchProfile(headers, { email: address });
    for (const purpose of ['reset', 'invite']) {
      const token = newToken();
      await t.db.insert(oneTimeTokens).values({
        tokenHash: hashToken(token),
        userId: user.id,
        purpose,
        expiresAt: new Date(Date.now() + 3600_000),
      });
      const res = await confirm(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(LINK_INVALID);
      const [link] = await t.db
        .select()
        .from(oneTimeTokens)
        .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.purpose, purpose)));
      expect(link!.usedAt).toBeNull();
    }
    expect(await stored(user.id)).toMatchObject({ email: user.email, pendingEmail: address });
  });
});
