import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, oneTimeTokens, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { createParent, createUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { hashToken } from './auth.tokens.ts';

const PUBLIC_URL = 'https://portal.grove.test';
const LINK_SENT = { detail: 'If an account exists for that email, we have sent a link.' };
const LINK_INVALID = { detail: 'This link has expired or was already used.', code: 'link_invalid' };
const NEW_PASSWORD = 'Bright-Harbor-58';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL });
});
afterAll(() => t.close());

let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

const ask = (url: string, email: string, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url, payload: { email }, remoteAddress });
const askReset = (email: string, remoteAddress?: string) => ask('/api/v2/auth/password/reset/', email, remoteAddress);
const askAccess = (email: string) => ask('/api/v2/auth/access/request/', email);

const outboxFor = (email: string) =>
  t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(desc(emailOutbox.id));

/** The token of the newest link e-mailed to `email`. */
async function linkTokenFor(email: string): Promise<string> {
  const [mail] = await outboxFor(email);
  const match = /\/start\?o=([\w-]+)/.exec(mail!.textBody);
  return decodeURIComponent(match![1]!);
}

const describeLink = (token: string) => t.app.inject({ method: 'GET', url: `/api/v2/auth/password/set/?o=${token}` });
const setPassword = (body: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/v2/auth/password/set/', payload: body });
const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/user/auth/login/',
    payload: { email, password },
    remoteAddress: nextIp(),
  });

describe('reset and access requests', () => {
  it('e-mails a 24-hour reset link to a known address through the outbox', async () => {
    const user = await createUser(t.db, { firstName: 'Jordan' });
    const res = await askReset(user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(LINK_SENT);

    const mails = await outboxFor(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      subject: 'Reset your Grove password',
      template: 'password_reset',
      provider: 'outbox',
      // Written with its delivery job; the job (not run here) marks it sent.
      status: 'queued',
    });
    expect(mails[0]!.textBody).toContain('Hello Jordan,');
    expect(mails[0]!.textBody).toContain(`${PUBLIC_URL}/start?o=`);

    const token = await linkTokenFor(user.email);
    const [stored] = await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(stored).toMatchObject({ tokenHash: hashToken(token), purpose: 'reset', usedAt: null });
    const lifetime = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(Math.abs(lifetime - 24 * 3600_000)).toBeLessThan(5_000);
  });

  it('e-mails a 7-day invitation for "get access"', async () => {
    const user = await createUser(t.db);
    const res = await askAccess(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(LINK_SENT);
    const [mail] = await outboxFor(user.email);
    expect(mail).toMatchObject({ template: 'access_invite', subject: 'Your access to Grove' });
    const [stored] = await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(stored!.purpose).toBe('invite');
    const lifetime = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(Math.abs(lifetime - 7 * 86_400_000)).toBeLessThan(5_000);
  });

  it('answers an unknown address the same, and sends nothing', async () => {
    const before = await t.db.select().from(emailOutbox);
    const tokensBefore = await t.db.select().from(oneTimeTokens);
    for (const res of [await askReset('stranger@example.test'), await askAccess('stranger@example.test')]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(LINK_SENT);
    }
    expect(await t.db.select().from(emailOutbox)).toHaveLength(before.length);
    expect(await t.db.select().from(oneTimeTokens)).toHaveLength(tokensBefore.length);
  });

  it('checks the address with the shared e-mail rule', async () => {
    const res = await askReset('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['Please input a valid email'] });
    const empty = await askReset('');
    expect(empty.json()).toEqual({ email: ['Email is required'] });
  });

  it('sends at most 5 links an hour to one address, answering the same', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 7; i++) {
      const res = await askReset(user.email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(LINK_SENT);
    }
    expect(await outboxFor(user.email)).toHaveLength(5);
  });

  it('answers 429 with Retry-After to an address that asks more than 30 times an hour', async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++) expect((await askReset(`someone${i}@example.test`, ip)).statusCode).toBe(200);
    const res = await askReset('someone-more@example.test', ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
  });
});

describe('setting a password through /start?o=', () => {
  it('runs end to end: describe the link, refuse weak passwords, set it, end the old sessions, log in', async () => {
    const { user, token: oldAccessToken } = await createParent(t.db, {
      user: { firstName: 'Jordan', lastName: 'Parker', passwordHash: await hashPassword('Old-Password-1') },
    });
    await askReset(user.email);
    const token = await linkTokenFor(user.email);

    const info = await describeLink(token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ email: user.email, first_name: 'Jordan', last_name: 'Parker', purpose: 'reset' });

    const weak = await setPassword({ token, password: 'short', password_copy: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ password: ['Password should not be less than 8 characters'] });

    const named = await setPassword({ token, password: 'Parker-2026!', password_copy: 'Parker-2026!' });
    expect(named.statusCode).toBe(400);
    expect(named.json()).toEqual({ password: ['Password must not contain parts of the name'] });

    const classes = await setPassword({ token, password: 'lowercaseonly', password_copy: 'lowercaseonly' });
    expect(classes.json()).toEqual({
      password: ['Please add something from: upper case letters, digits, special symbols'],
    });

    const mismatch = await setPassword({ token, password: NEW_PASSWORD, password_copy: `${NEW_PASSWORD}x` });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ password_copy: ['Passwords must match'] });

    // Refused attempts leave the link usable.
    const ok = await setPassword({ token, password: NEW_PASSWORD, password_copy: NEW_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ detail: 'Your password has been set. You can log in now.', email: user.email });

    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [link] = await t.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    expect(link!.usedAt).toBeInstanceOf(Date);

    const oldSession = await t.app.inject({
      method: 'GET',
      url: '/api/v2/user/info/',
      headers: { authorization: `Bearer ${oldAccessToken}` },
    });
    expect(oldSession.statusCode).toBe(401);

    expect((await login(user.email, 'Old-Password-1')).statusCode).toBe(400);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const reuse = await setPassword({ token, password: 'Another-Pass-99', password_copy: 'Another-Pass-99' });
    expect(reuse.statusCode).toBe(404);
    expect(reuse.json()).toEqual(LINK_INVALID);
    expect((await describeLink(token)).json()).toEqual(LINK_INVALID);
  });

  it('lets an invited user without a password set one', async () => {
    const user = await createUser(t.db, { firstName: 'Robin', lastName: 'Chen' });
    await askAccess(user.email);
    const token = await linkTokenFor(user.email);
    expect((await describeLink(token)).json()).toMatchObject({ purpose: 'invite' });
    expect((await setPassword({ token, password: NEW_PASSWORD, password_copy: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('ends the other outstanding links of the user once a password is set', async () => {
    const user = await createUser(t.db);
    await askReset(user.email);
    const first = await linkTokenFor(user.email);
    await askReset(user.email);
    const second = await linkTokenFor(user.email);
    expect((await setPassword({ token: second, password: NEW_PASSWORD, password_copy: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
    expect((await describeLink(first)).statusCode).toBe(404);
  });

  it('answers 404 link_invalid for expired, unknown and missing tokens', async () => {
    const user = await createUser(t.db);
    await askReset(user.email);
    const token = await linkTokenFor(user.email);
    await t.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));

    for (const res of [await describeLink(token), await describeLink('unknown'), await describeLink('')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(LINK_INVALID);
    }
    const set = await setPassword({ token, password: NEW_PASSWORD, password_copy: NEW_PASSWORD });
    expect(set.statusCode).toBe(404);
    expect(set.json()).toEqual(LINK_INVALID);
  });

  it('answers the shared rules for an empty body', async () => {
    const res = await setPassword({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ token: ['Invalid Token'], password: ['Password is required'] });
  });
});
