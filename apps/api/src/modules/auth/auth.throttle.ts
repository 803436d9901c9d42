import type { Executor } from '../../db/client.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { blockThrottleKey, clearThrottleKey, countThrottleEvent, findBlockedUntil } from './auth.repository.ts';

/**
 * Login throttling, checked before any password hashing and kept in login_throttles so every
 * server instance sees the same counts. Keys: 'ip:<address>' and 'email:<address in lower case>'.
 *
 * - per account (e-mail): the first 5 failures in an hour are free; from the 5th on, the key is
 *   blocked for 2^(n-5) seconds (1 s, 2 s, 4 s … capped at 15 minutes); at 100 failures it is
 *   blocked until the hour is over.
 * - per IP address: 300 failures an hour, then blocked until the hour is over.
 * A successful login clears the e-mail key (not the IP key).
 */
export const LOGIN_THROTTLE = {
  windowSeconds: 3600,
  accountMaxFailures: 100,
  accountFreeFailures: 5,
  accountMaxDelaySeconds: 900,
  ipMaxFailures: 300,
} as const;

/** "Get access" and "reset password" links: per IP address and per e-mail, in the same table. */
export const LINK_THROTTLE = {
  windowSeconds: 3600,
  perIp: 30,
  perEmail: 5,
} as const;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const throttleKeys = (ip: string, email: string) => ({
  ip: `ip:${ip}`,
  email: `email:${normalizeEmail(email)}`,
});

export type ThrottleKeys = ReturnType<typeof throttleKeys>;

const seconds = (ms: number) => Math.ceil(ms / 1000);
const windowCutoff = (now: Date, windowSeconds: number) => new Date(now.getTime() - windowSeconds * 1000);

/** Delay after the n-th failure of an account in the current window, in seconds (0: none). */
export function accountDelaySeconds(failures: number): number {
  if (failures < LOGIN_THROTTLE.accountFreeFailures) return 0;
  return Math.min(2 ** (failures - LOGIN_THROTTLE.accountFreeFailures), LOGIN_THROTTLE.accountMaxDelaySeconds);
}

/** Throws 429 with Retry-After while the IP address or the account is blocked. */
export async function assertLoginAllowed(db: Executor, keys: ThrottleKeys, now = new Date()) {
  const blockedUntil = await findBlockedUntil(db, [keys.ip, keys.email], now);
  if (blockedUntil) throw tooManyRequests(seconds(blockedUntil.getTime() - now.getTime()));
}

export async function recordLoginFailure(db: Executor, keys: ThrottleKeys, now = new Date()) {
  const cutoff = windowCutoff(now, LOGIN_THROTTLE.windowSeconds);
  const windowEnd = (start: Date) => new Date(start.getTime() + LOGIN_THROTTLE.windowSeconds * 1000);

  const account = await countThrottleEvent(db, keys.email, now, cutoff);
  const accountUntil =
    account.failures >= LOGIN_THROTTLE.accountMaxFailures
      ? windowEnd(account.windowStartedAt)
      : new Date(now.getTime() + accountDelaySeconds(account.failures) * 1000);
  if (accountUntil > now) await blockThrottleKey(db, keys.email, accountUntil);

  const ip = await countThrottleEvent(db, keys.ip, now, cutoff);
  if (ip.failures >= LOGIN_THROTTLE.ipMaxFailures) await blockThrottleKey(db, keys.ip, windowEnd(ip.windowStartedAt));
}

export async function clearAccountThrottle(db: Executor, email: string) {
  await clearThrottleKey(db, throttleKeys('', email).email);
}

/**
 * Counts one link request. Throws 429 when the IP address asked too often; answers false when the
 * e-mail address already received its share of links this hour (the caller then sends nothing,
 * and answers as usual, so nobody learns whether the address exists).
 */
export async function countLinkRequest(db: Executor, ip: string, email: string, now = new Date()): Promise<boolean> {
  const cutoff = windowCutoff(now, LINK_THROTTLE.windowSeconds);
  const byIp = await countThrottleEvent(db, `link-ip:${ip}`, now, cutoff);
  if (byIp.failures > LINK_THROTTLE.perIp) {
    const windowEnd = byIp.windowStartedAt.getTime() + LINK_THROTTLE.windowSeconds * 1000;
    throw tooManyRequests(seconds(windowEnd - now.getTime()));
  }
  const byEmail = await countThrottleEvent(db, `link:${normalizeEmail(email)}`, now, cutoff);
  return byEmail.failures <= LINK_THROTTLE.perEmail;
}

/**
 * A general attempt counter in the same table (every instance sees it): at most `limit` attempts of
 * `key` per window, then 429 with Retry-After and `message`.
 */
export async function countAttempt(
  db: Executor,
  key: string,
  limit: number,
  windowSeconds: number,
  message: string,
  now = new Date(),
): Promise<void> {
  const counted = await countThrottleEvent(db, key, now, windowCutoff(now, windowSeconds));
  if (counted.failures > limit) {
    const windowEnd = counted.windowStartedAt.getTime() + windowSeconds * 1000;
    throw tooManyRequests(seconds(windowEnd - now.getTime()), message);
  }
}
