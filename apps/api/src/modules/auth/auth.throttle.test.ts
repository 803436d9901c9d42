import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginThrottles } from '../../db/schema/index.ts';
import type * as Passwords from '../../lib/passwords.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { createUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { accountDelaySeconds } from './auth.throttle.ts';

// Every argon2id verification goes through this spy, so a test can prove that a throttled login
// never reached the hashing step (a count, not a timing).
vi.mock('../../lib/passwords.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Passwords>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

const PASSWORD = 'Quiet-River-77';
const verify = vi.mocked(verifyPassword);

let t: TestContext;
let passwordHash: string;
beforeAll(async () => {
  t = await createTestContext();
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => t.close());
beforeEach(() => verify.mockClear());

let ipCounter = 0;
/** Each test logs in from its own address so the per-IP counts do not mix. */
const nextIp = () => `203.0.113.${++ipCounter}`;

const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/v2/user/auth/login/', payload: { email, password }, remoteAddress });

const throttleRow = async (key: string) =>
  (await t.db.select().from(loginThrottles).where(eq(loginThrottles.key, key)))[0];

describe('login throttling', () => {
  it('lets the first 5 failures through, then blocks the account for 1 s, 2 s, 4 s … up to 15 minutes', () => {
    expect([1, 4, 5, 6, 7, 14, 15, 40].map(accountDelaySeconds)).toEqual([0, 0, 1, 2, 4, 512, 900, 900]);
  });

  it('counts failures per account and per IP address, and blocks the account after the 5th', async () => {
    const user = await createUser(t.db, { passwordHash });
    const ip = nextIp();
    for (let i = 1; i <= 4; i++) {
      const res = await login(user.email, 'Wrong-Guess-1', ip);
      expect(res.statusCode).toBe(400);
      expect((await throttleRow(`email:${user.email}`))!.blockedUntil).toBeNull();
    }
    const fifth = await login(user.email, 'Wrong-Guess-1', ip);
    expect(fifth.statusCode).toBe(400);
    const row = await throttleRow(`email:${user.email}`);
    expect(row!.failures).toBe(5);
    expect(row!.blockedUntil!.getTime()).toBeGreaterThan(Date.now() - 1000);
    expect((await throttleRow(`ip:${ip}`))!.failures).toBe(5);
    expect(verify).toHaveBeenCalledTimes(5);
  });

  it('answers 429 with Retry-After while the account is blocked, without hashing', async () => {
    const user = await createUser(t.db, { passwordHash });
    const ip = nextIp();
    // Nine failures already this hour: the tenth blocks the account for 2^(10-5) = 32 seconds.
    await t.db.insert(loginThrottles).values({ key: `email:${user.email}`, failures: 9, windowStartedAt: new Date() });
    expect((await login(user.email, 'Wrong-Guess-1', ip)).statusCode).toBe(400);
    expect(verify).toHaveBeenCalledTimes(1);

    const blocked = await login(user.email, PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: 'Too many requests. Please try again later.', code: 'throttled' });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(30);
    expect(retryAfter).toBeLessThanOrEqual(32);
    // The right password was not even checked: no argon2 work for a blocked key.
    expect(verify).toHaveBeenCalledTimes(1);
    expect((await throttleRow(`email:${user.email}`))!.failures).toBe(10);
  });

  it('throttles an unknown e-mail address exactly like a known one', async () => {
    const ip = nextIp();
    const email = 'nobody-at-all@example.test';
    await t.db.insert(loginThrottles).values({ key: `email:${email}`, failures: 9, windowStartedAt: new Date() });
    const first = await login(email, 'Wrong-Guess-1', ip);
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({ non_field_errors: ['Unable to log in with provided credentials.'] });
    const second = await login(email, 'Wrong-Guess-1', ip);
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThanOrEqual(30);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('blocks an account for the rest of the hour at 100 failures', async () => {
    const user = await createUser(t.db, { passwordHash });
    const startedAt = new Date(Date.now() - 20 * 60_000);
    await t.db.insert(loginThrottles).values({ key: `email:${user.email}`, failures: 99, windowStartedAt: startedAt });
    expect((await login(user.email, 'Wrong-Guess-1', nextIp())).statusCode).toBe(400);
    const blocked = await login(user.email, PASSWORD, nextIp());
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(39 * 60);
    expect(retryAfter).toBeLessThanOrEqual(40 * 60);
  });

  it('starts counting again when the hour is over', async () => {
    const user = await createUser(t.db, { passwordHash });
    await t.db
      .insert(loginThrottles)
      .values({ key: `email:${user.email}`, failures: 99, windowStartedAt: new Date(Date.now() - 2 * 3600_000) });
    expect((await login(user.email, 'Wrong-Guess-1', nextIp())).statusCode).toBe(400);
    const row = await throttleRow(`email:${user.email}`);
    expect(row!.failures).toBe(1);
    expect(row!.blockedUntil).toBeNull();
    expect((await login(user.email, PASSWORD, nextIp())).statusCode).toBe(200);
  });

  it('blocks an IP address after 300 failures in an hour, whatever the account, without hashing', async () => {
    const user = await createUser(t.db, { passwordHash });
    const ip = nextIp();
    await t.db.insert(loginThrottles).values({ key: `ip:${ip}`, failures: 299, windowStartedAt: new Date() });
    expect((await login('someone-else@example.test', 'Wrong-Guess-1', ip)).statusCode).toBe(400);
    expect(verify).toHaveBeenCalledTimes(1);

    const blocked = await login(user.email, PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3500);
    expect(verify).toHaveBeenCalledTimes(1);
    // The same account from another address is fine.
    expect((await login(user.email, PASSWORD, nextIp())).statusCode).toBe(200);
  });

  it('clears the account key on a successful login, but not the IP key', async () => {
    const user = await createUser(t.db, { passwordHash });
    const ip = nextIp();
    for (let i = 0; i < 3; i++) await login(user.email, 'Wrong-Guess-1', ip);
    expect((await throttleRow(`email:${user.email}`))!.failures).toBe(3);
    expect((await login(user.email, PASSWORD, ip)).statusCode).toBe(200);
    expect(await throttleRow(`email:${user.email}`)).toBeUndefined();
    expect((await throttleRow(`ip:${ip}`))!.failures).toBe(3);
  });

  it('throttles the password grant of the token endpoint too', async () => {
    const user = await createUser(t.db, { passwordHash });
    await t.db.insert(loginThrottles).values({
      key: `email:${user.email}`,
      failures: 20,
      windowStartedAt: new Date(),
      blockedUntil: new Date(Date.now() + 60_000),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/oauth2/token/',
      payload: { grant_type: 'password', username: user.email, password: PASSWORD, client_id: 'grove-web' },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(55);
    expect(verify).not.toHaveBeenCalled();
  });
});
