import { loginThrottledMessage } from '@grove/domain/api/auth';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import {
  clearThrottleKey,
  countThrottleEvent,
  lockThrottleRows,
  refundThrottleAttempt,
  saveThrottleRow,
  type ThrottleRow,
} from './auth.repository.ts';

/**
 * Login throttling (docs/decisions/0032), checked before any password hashing and kept in
 * login_throttles, so every server instance counts the same attempts. An attempt is counted before
 * its password is checked, in one transaction that locks its counters: of concurrent guesses, only
 * as many are evaluated as the counters allow; the others answer 429 without hashing.
 *
 * - per account ('email:<address in lower case>'): 5 attempts in a window are free; the 5th and each
 *   later one make the next wait 1 s, 2 s, 4 s … at most 5 minutes. Never a lock-out: the owner,
 *   or anyone, may try again after the wait.
 * - per client address ('ip:<address>'): 500 attempts in a window are free (a school or a carrier
 *   NAT is many families), then the same growing waits, at most 1 minute.
 * - a known device (a browser that signed this person in before: the grove_device cookie) is counted
 *   on its own key ('device:<cookie hash>:<user id>', the account's rule) instead of both: failures
 *   from elsewhere, however many, do not hold up the person on their own browser.
 * A window ends an hour after its first attempt. A successful login clears the account's (or the
 * device's) counter and gives its attempt back to the address.
 */
export const LOGIN_THROTTLE = {
  windowSeconds: 3600,
  account: { freeAttempts: 5, maxDelaySeconds: 300 },
  ip: { freeAttempts: 500, maxDelaySeconds: 60 },
  /** How long a browser stays known after its last successful login. */
  knownDeviceDays: 365,
} as const;

export interface ThrottleRule {
  readonly freeAttempts: number;
  readonly maxDelaySeconds: number;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export interface ThrottleKey {
  key: string;
  rule: ThrottleRule;
  /** Cleared by a successful login (the account and device keys); else given back one attempt. */
  clearOnSuccess: boolean;
}

/** The counters of a login from `ip` for `email` on a browser that is not known for that person. */
export function loginKeys(ip: string, email: string): ThrottleKey[] {
  return [
    { key: `email:${normalizeEmail(email)}`, rule: LOGIN_THROTTLE.account, clearOnSuccess: true },
    { key: `ip:${ip}`, rule: LOGIN_THROTTLE.ip, clearOnSuccess: false },
  ];
}

/** The counter of a login on a known device (`deviceHash`, the cookie's hash) for user `userId`. */
export function knownDeviceKeys(deviceHash: string, userId: number): ThrottleKey[] {
  return [{ key: `device:${deviceHash}:${userId}`, rule: LOGIN_THROTTLE.account, clearOnSuccess: true }];
}

const seconds = (ms: number) => Math.ceil(ms / 1000);
const windowCutoff = (now: Date, windowSeconds: number) => new Date(now.getTime() - windowSeconds * 1000);

/** The wait after the n-th attempt of a window under `rule`, in seconds (0: none). */
export function throttleDelaySeconds(rule: ThrottleRule, attempts: number): number {
  if (attempts < rule.freeAttempts) return 0;
  return Math.min(2 ** Math.min(attempts - rule.freeAttempts, 30), rule.maxDelaySeconds);
}

/** The wait after the n-th attempt of an account (or known device). */
export const accountDelaySeconds = (attempts: number) => throttleDelaySeconds(LOGIN_THROTTLE.account, attempts);

/** 429 with Retry-After and a sentence that says when. */
export function loginThrottled(retryAfterSeconds: number) {
  const wait = Math.max(1, Math.ceil(retryAfterSeconds));
  return tooManyRequests(wait, loginThrottledMessage(wait));
}

/** One counted attempt: what it changed, so that a success can give it back. */
export interface ReservedKey extends ThrottleKey {
  reservedUntil: Date | null;
  previousUntil: Date | null;
}

type Reserved = { reserved: ReservedKey[] } | { blockedUntil: Date };

/**
 * Counts one login attempt on every key, or on none: while any key must wait, the attempt is
 * refused (counted in `refused` of the keys that made it wait) and throws 429 with Retry-After.
 * Otherwise answers what it counted; the caller then checks the password.
 */
export async function reserveLoginAttempt(db: Db, keys: ThrottleKey[], now = new Date()): Promise<ReservedKey[]> {
  const cutoff = windowCutoff(now, LOGIN_THROTTLE.windowSeconds);
  const outcome = await db.transaction(async (tx): Promise<Reserved> => {
    const rows = new Map(
      (
        await lockThrottleRows(
          tx,
          keys.map((k) => k.key),
          now,
        )
      ).map((row) => [row.key, row]),
    );
    const current = keys.map((k) => ({ ...k, row: rows.get(k.key)! }));

    const waiting = current.filter(({ row }) => row.blockedUntil !== null && row.blockedUntil > now);
    if (waiting.length > 0) {
      for (const { row } of waiting) await saveThrottleRow(tx, { ...row, refused: row.refused + 1 });
      return { blockedUntil: new Date(Math.max(...waiting.map(({ row }) => row.blockedUntil!.getTime()))) };
    }

    const reserved: ReservedKey[] = [];
    for (const { row, ...k } of current) {
      const expired = row.windowStartedAt <= cutoff;
      const failures = (expired ? 0 : row.failures) + 1;
      const delay = throttleDelaySeconds(k.rule, failures);
      const next: ThrottleRow = {
        key: row.key,
        failures,
        refused: expired ? 0 : row.refused,
        windowStartedAt: expired ? now : row.windowStartedAt,
        blockedUntil: delay > 0 ? new Date(now.getTime() + delay * 1000) : null,
      };
      await saveThrottleRow(tx, next);
      reserved.push({ ...k, reservedUntil: next.blockedUntil, previousUntil: row.blockedUntil });
    }
    return { reserved };
  });
  if ('blockedUntil' in outcome) throw loginThrottled(seconds(outcome.blockedUntil.getTime() - now.getTime()));
  return outcome.reserved;
}

/** After a successful login: clears the account (or device) counter, gives the address its attempt back. */
export async function settleLoginSuccess(db: Executor, reserved: ReservedKey[]) {
  for (const k of reserved) {
    if (k.clearOnSuccess) await clearThrottleKey(db, k.key);
    else await refundThrottleAttempt(db, k.key, k.reservedUntil, k.previousUntil);
  }
}

/** Forgets the failures of an account (its password was just set through a one-time link). */
export async function clearAccountThrottle(db: Executor, email: string) {
  await clearThrottleKey(db, loginKeys('', email)[0]!.key);
}

/** "Get access" and "reset password" links: per IP address and per e-mail, in the same table. */
export const LINK_THROTTLE = {
  windowSeconds: 3600,
  perIp: 30,
  perEmail: 5,
} as const;

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

/** Wrong guesses of a code a person types (a tablet's pairing code, docs/decisions/0042). */
export interface GuessRule {
  /** Wrong guesses a key may make in a window; after them, every attempt waits for the window's end. */
  readonly maxWrong: number;
  readonly windowSeconds: number;
}

/** What a guess turned out to be: right (with its result), or wrong (with the refusal to answer). */
export type Guess<T> = { right: true; value: T } | { right: false; refusal: Error };

/**
 * One guess of a short code a person types, counted on every key in the same table as sign-ins.
 * While any key has made `rule.maxWrong` wrong guesses in its window, the guess is not evaluated:
 * 429 with Retry-After (the window's end) and `message(seconds)`. Otherwise `evaluate` runs in the
 * transaction that holds the keys' counters locked, so concurrent guesses of one account or address
 * take turns and no more are evaluated than the counters allow; a wrong guess is counted on every key
 * and its refusal thrown once the count is written. A right guess counts nothing, and what it wrote
 * commits with the same transaction.
 */
export async function guessWithLimit<T>(
  db: Db,
  keys: string[],
  rule: GuessRule,
  message: (retryAfterSeconds: number) => string,
  evaluate: (tx: Tx) => Promise<Guess<T>>,
  now = new Date(),
): Promise<T> {
  const cutoff = windowCutoff(now, rule.windowSeconds);
  const outcome = await db.transaction(async (tx): Promise<Guess<T> | { waitUntil: number }> => {
    const rows = await lockThrottleRows(tx, keys, now);
    const spent = rows.filter((row) => row.windowStartedAt > cutoff && row.failures >= rule.maxWrong);
    if (spent.length > 0) {
      for (const row of spent) await saveThrottleRow(tx, { ...row, refused: row.refused + 1 });
      return { waitUntil: Math.max(...spent.map((row) => row.windowStartedAt.getTime() + rule.windowSeconds * 1000)) };
    }
    const guess = await evaluate(tx);
    if (!guess.right) for (const key of keys) await countThrottleEvent(tx, key, now, cutoff);
    return guess;
  });
  if ('waitUntil' in outcome) {
    const wait = Math.max(1, seconds(outcome.waitUntil - now.getTime()));
    throw tooManyRequests(wait, message(wait));
  }
  if (!outcome.right) throw outcome.refusal;
  return outcome.value;
}
