import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginThrottles } from '../../db/schema/index.ts';
import type * as Passwords from '../../lib/passwords.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { createUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { accountDelaySeconds, LOGIN_THROTTLE, throttleDelaySeconds } from './auth.throttle.ts';

// Every argon2id verification goes through this spy, so a test can prove that a throttled login
// never reached the hashing step (a count, not a timing).
vi.mock('../../lib/passwords.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Passwords>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

const PASSWORD = 'Quiet-River-77';
const WRONG = 'Wrong-Guess-1';
const verify = vi.mocked(verifyPassword);
const THROTTLED = 'throttled';

let t: TestContext;
let passwordHash: string;
let realVerify: typeof verifyPassword;
beforeAll(async () => {
  t = await createTestContext();
  passwordHash = await hashPassword(PASSWORD);
  realVerify = (await vi.importActual<typeof Passwords>('../../lib/passwords.ts')).verifyPassword;
});
afterAll(() => t.close());

// The throttle reads the clock once per attempt: the tests stop it (only Date; timers run), so that
// "within the wait" never depends on how fast a loaded machine answers, and move it on by hand.
let clock = 0;
const advance = (seconds: number) => {
  clock += seconds * 1000;
  vi.setSystemTime(clock);
};
beforeEach(() => {
  verify.mockClear();
  verify.mockImplementation(realVerify);
  vi.useFakeTimers({ toFake: ['Date'] });
  clock = Date.now();
  vi.setSystemTime(clock);
});
afterEach(() => {
  vi.useRealTimers();
});

let ipCounter = 0;
/** Each test logs in from its own address so the per-address counts do not mix. */
const nextIp = () => `203.0.113.${++ipCounter}`;

const login = (email: string, password: string, remoteAddress: string, device?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/user/auth/login/',
    payload: { email, password },
    remoteAddress,
    ...(device ? { cookies: { grove_device: device } } : {}),
  });

const throttleRow = async (key: string) =>
  (await t.db.select().from(loginThrottles).where(eq(loginThrottles.key, key)))[0];

/** The grove_device cookie a successful login set. */
const deviceCookie = (res: Awaited<ReturnType<typeof login>>) => {
  const cookie = res.cookies.find((c) => c.name === 'grove_device');
  expect(cookie).toMatchObject({ httpOnly: true, path: '/api/v2/', sameSite: 'Lax' });
  return cookie!.value;
};

/** Asserts a 429 that says, in the header and the message, to wait `seconds`. */
function expectWait(res: Awaited<ReturnType<typeof login>>, seconds: number, wait: string) {
  expect(res.statusCode).toBe(429);
  expect(res.headers['retry-after']).toBe(String(seconds));
  expect(res.json()).toEqual({
    detail: `Too many failed sign-in attempts. Please try again in ${wait}.`,
    code: THROTTLED,
  });
}

describe('login throttling rules', () => {
  it('lets 5 attempts of an account through, then waits 1 s, 2 s, 4 s … up to 5 minutes', () => {
    expect([1, 4, 5, 6, 7, 12, 13, 14, 40, 10_000].map(accountDelaySeconds)).toEqual([
      0, 0, 1, 2, 4, 128, 256, 300, 300, 300,
    ]);
  });

  it('gives an address 500 free attempts (a NAT is many families), then waits of at most a minute', () => {
    const ip = LOGIN_THROTTLE.ip;
    expect([1, 300, 499, 500, 501, 505, 506, 100_000].map((n) => throttleDelaySeconds(ip, n))).toEqual([
      0, 0, 0, 1, 2, 32, 60, 60,
    ]);
  });
});

describe('login throttling per account', () => {
  it('makes an attacked account wait longer and longer, capped at 5 minutes, and never locks it', async () => {
    const user = await createUser(t.db, { passwordHash });
    // The attacker spreads guesses over addresses; the account counts them all.
    for (let i = 0; i < 5; i++) expect((await login(user.email, WRONG, nextIp())).statusCode).toBe(400);
    expectWait(await login(user.email, WRONG, nextIp()), 1, '1 second');

    // Each wait over, one more guess is evaluated, and the next wait doubles.
    const waits: number[] = [];
    let wait = 1;
    for (let i = 0; i < 12; i++) {
      advance(wait);
      expect((await login(user.email, WRONG, nextIp())).statusCode).toBe(400);
      const refused = await login(user.email, WRONG, nextIp());
      expect(refused.statusCode).toBe(429);
      wait = Number(refused.headers['retry-after']);
      waits.push(wait);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300, 300]);
    expectWait(await login(user.email, PASSWORD, nextIp()), 300, '5 minutes');
    // 17 guesses evaluated in about 25 minutes: the rest were refused before any hashing.
    expect(verify).toHaveBeenCalledTimes(17);
    expect(await throttleRow(`email:${user.email}`)).toMatchObject({ failures: 17, refused: 14 });

    // Not a lock-out: once the wait is over, the owner signs in (and the count starts afresh).
    advance(300);
    expect((await login(user.email, PASSWORD, nextIp())).statusCode).toBe(200);
    expect(await throttleRow(`email:${user.email}`)).toBeUndefined();
  });

  it('answers 429 with Retry-After while the account waits, without hashing, even for the right password', async () => {
    const user = await createUser(t.db, { passwordHash });
    // Nine attempts already this hour: the tenth makes the account wait 2^(10-5) = 32 seconds.
    await t.db.insert(loginThrottles).values({ key: `email:${user.email}`, failures: 9, windowStartedAt: new Date() });
    expect((await login(user.email, WRONG, nextIp())).statusCode).toBe(400);
    expect(verify).toHaveBeenCalledTimes(1);

    advance(2);
    expectWait(await login(user.email, PASSWORD, nextIp()), 30, '30 seconds');
    // The right password was not even checked: no argon2 work while the account waits.
    expect(verify).toHaveBeenCalledTimes(1);
    expect(await throttleRow(`email:${user.email}`)).toMatchObject({ failures: 10, refused: 1 });
  });

  it('throttles an unknown e-mail address exactly like a known one', async () => {
    const email = 'nobody-at-all@example.test';
    await t.db.insert(loginThrottles).values({ key: `email:${email}`, failures: 9, windowStartedAt: new Date() });
    const first = await login(email, WRONG, nextIp());
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({ non_field_errors: ['Unable to log in with provided credentials.'] });
    expectWait(await login(email, WRONG, nextIp()), 32, '32 seconds');
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('starts counting again an hour after the window began', async () => {
    const user = await createUser(t.db, { passwordHash });
    await t.db.insert(loginThrottles).values({
      key: `email:${user.email}`,
      failures: 99,
      refused: 40,
      windowStartedAt: new Date(clock - 2 * 3600_000),
    });
    expect((await login(user.email, WRONG, nextIp())).statusCode).toBe(400);
    expect(await throttleRow(`email:${user.email}`)).toMatchObject({ failures: 1, refused: 0, blockedUntil: null });
    expect((await login(user.email, PASSWORD, nextIp())).statusCode).toBe(200);
  });

  it('clears the account on a successful login and gives the address its attempt back', async () => {
    const user = await createUser(t.db, { passwordHash });
    const ip = nextIp();
    for (let i = 0; i < 3; i++) await login(user.email, WRONG, ip);
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
      blockedUntil: new Date(clock + 60_000),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/oauth2/token/',
      payload: { grant_type: 'password', username: user.email, password: PASSWORD, client_id: 'grove-web' },
      remoteAddress: nextIp(),
    });
    expectWait(res, 60, '60 seconds');
    expect(verify).not.toHaveBeenCalled();
  });
});

describe('login throttling per address', () => {
  it('300 failures from one address do not lock out the other families behind it', async () => {
    const ip = nextIp();
    const neighbour = await createUser(t.db, { passwordHash });
    // Credential stuffing from a school's address: 300 accounts, one guess each — 270 of them
    // earlier this hour (in the row), the last 30 now, at once. (No argon2 here: the test is about
    // counting, and hashes would only take time.)
    await t.db.insert(loginThrottles).values({ key: `ip:${ip}`, failures: 270, windowStartedAt: new Date() });
    verify.mockImplementation(async () => false);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(`stuffed-${i}@example.test`, WRONG, ip)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(30).fill(400));
    verify.mockImplementation(realVerify);
    expect(await throttleRow(`ip:${ip}`)).toMatchObject({ failures: 300, blockedUntil: null });

    // Another family at the same address signs in at once, on a browser that never signed in before.
    const res = await login(neighbour.email, PASSWORD, ip);
    expect(res.statusCode).toBe(200);
  });

  it('past 500 failures makes new browsers at that address wait at most a minute; a known device does not wait', async () => {
    const ip = nextIp();
    const regular = await createUser(t.db, { passwordHash });
    const newcomer = await createUser(t.db, { passwordHash });
    const device = deviceCookie(await login(regular.email, PASSWORD, nextIp()));

    await t.db.insert(loginThrottles).values({ key: `ip:${ip}`, failures: 5000, windowStartedAt: new Date() });
    expect((await login('someone-else@example.test', WRONG, ip)).statusCode).toBe(400);
    expectWait(await login(newcomer.email, PASSWORD, ip), 60, '60 seconds');
    // The family's own browser is counted on its own.
    expect((await login(regular.email, PASSWORD, ip, device)).statusCode).toBe(200);
    // The newcomer, after the short wait.
    advance(60);
    expect((await login(newcomer.email, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('gives a successful login its attempt back, so it does not make the next person wait', async () => {
    const ip = nextIp();
    const first = await createUser(t.db, { passwordHash });
    const second = await createUser(t.db, { passwordHash });
    await t.db.insert(loginThrottles).values({ key: `ip:${ip}`, failures: 700, windowStartedAt: new Date() });
    expect((await login(first.email, PASSWORD, ip)).statusCode).toBe(200);
    expect(await throttleRow(`ip:${ip}`)).toMatchObject({ failures: 700, blockedUntil: null });
    expect((await login(second.email, PASSWORD, ip)).statusCode).toBe(200);
  });
});

describe('known devices', () => {
  it('let the owner of an attacked account sign in on a browser where they signed in before', async () => {
    const user = await createUser(t.db, { passwordHash });
    const home = nextIp();
    const device = deviceCookie(await login(user.email, PASSWORD, home));

    // The attack: the account now waits (from anywhere, for anyone else).
    for (let i = 0; i < 6; i++) await login(user.email, WRONG, nextIp());
    expect((await login(user.email, PASSWORD, home)).statusCode).toBe(429);

    // The family's browser still signs in, and keeps its cookie.
    const res = await login(user.email, PASSWORD, home, device);
    expect(res.statusCode).toBe(200);
    expect(deviceCookie(res)).toBe(device);
    // The attacker's count stands: the attack gained nothing from the owner's login.
    expect((await login(user.email, PASSWORD, nextIp())).statusCode).toBe(429);
  });

  it('are known per person: another account on the same browser is throttled as usual', async () => {
    const owner = await createUser(t.db, { passwordHash });
    const other = await createUser(t.db, { passwordHash });
    const device = deviceCookie(await login(owner.email, PASSWORD, nextIp()));
    for (let i = 0; i < 6; i++) await login(other.email, WRONG, nextIp());
    expect((await login(other.email, PASSWORD, nextIp(), device)).statusCode).toBe(429);
    // A made-up cookie is no known device either.
    expect((await login(owner.email, PASSWORD, nextIp(), 'x'.repeat(43))).statusCode).toBe(200);
    expect((await login(other.email, PASSWORD, nextIp(), 'y'.repeat(43))).statusCode).toBe(429);
  });

  it('are throttled on their own: wrong guesses on a known browser make that browser wait', async () => {
    const user = await createUser(t.db, { passwordHash });
    const device = deviceCookie(await login(user.email, PASSWORD, nextIp()));
    for (let i = 0; i < 5; i++) expect((await login(user.email, WRONG, nextIp(), device)).statusCode).toBe(400);
    expectWait(await login(user.email, PASSWORD, nextIp(), device), 1, '1 second');
    // … which does not hold up the account elsewhere.
    expect((await login(user.email, PASSWORD, nextIp())).statusCode).toBe(200);
  });
});

describe('concurrent guesses', () => {
  it('twenty at once for one account: all counted, only the allowed five evaluated', async () => {
    const user = await createUser(t.db, { passwordHash });
    const ip = nextIp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(user.email, WRONG, ip)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(400), ...Array(15).fill(429)]);
    expect(verify).toHaveBeenCalledTimes(5);
    expect(await throttleRow(`email:${user.email}`)).toMatchObject({ failures: 5, refused: 15 });
    expect(await throttleRow(`ip:${ip}`)).toMatchObject({ failures: 5, refused: 0 });
  });

  it('the right password racing wrong guesses and itself: every answer is 200, 400 or 429, never an error', async () => {
    const user = await createUser(t.db, { passwordHash });
    const tries = Array.from({ length: 12 }, (_, i) => (i % 3 ? WRONG : PASSWORD));
    const answers = await Promise.all(tries.map((password) => login(user.email, password, nextIp())));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => ![200, 400, 429].includes(status))).toEqual([]);
    // The first attempts are evaluated whatever happens to the count meanwhile.
    expect(statuses.filter((status) => status !== 429).length).toBeGreaterThanOrEqual(5);
  });
});
