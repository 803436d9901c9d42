import type { Language } from '@grove/domain';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import {
  accounts,
  authSessions,
  authTokens,
  devices,
  knownDevices,
  loginThrottles,
  oauthClients,
  oneTimeTokens,
  users,
} from '../../db/schema/index.ts';

export interface AuthUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isStaff: boolean;
  isCoach: boolean;
  isBillingUser: boolean;
  accountId: number | null;
  sessionId: string;
}

export interface AuthDevice {
  id: number;
  accountId: number;
}

const userByToken = prepared((db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isStaff: users.isStaff,
      isCoach: users.isCoach,
      isBillingUser: users.isBillingUser,
      accountId: users.accountId,
      sessionId: authSessions.id,
      expiresAt: authTokens.expiresAt,
    })
    .from(authTokens)
    .innerJoin(authSessions, eq(authSessions.id, authTokens.sessionId))
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        eq(authTokens.tokenHash, sql.placeholder('hash')),
        eq(authTokens.kind, sql.placeholder('kind')),
        gt(authTokens.expiresAt, sql.placeholder('now')),
        isNull(authSessions.revokedAt),
        eq(users.isActive, true),
      ),
    )
    .limit(1)
    .prepare('auth_user_by_token'),
);

/** The user behind a live token of the given kind (access or cookie), with the token's expiry; or null. */
export async function findUserByToken(
  db: Executor,
  tokenHash: string,
  kind: 'access' | 'cookie',
): Promise<(AuthUser & { expiresAt: Date }) | null> {
  // Every signed-in request runs it (unless the session cache knows the token).
  const rows = await userByToken(db).execute({ hash: tokenHash, kind, now: new Date().toISOString() });
  return rows[0] ?? null;
}

export async function findDeviceByToken(db: Executor, tokenHash: string): Promise<AuthDevice | null> {
  const rows = await db
    .select({ id: devices.id, accountId: devices.accountId })
    .from(devices)
    .where(eq(devices.tokenHash, tokenHash))
    .limit(1);
  return rows[0] ?? null;
}

export async function findAccountCoach(
  db: Executor,
  accountId: number,
): Promise<{ coachUserId: number | null } | null> {
  const rows = await db
    .select({ coachUserId: accounts.coachUserId })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return rows[0] ?? null;
}

// Clients, users and sessions

export async function findOauthClient(
  db: Executor,
  clientId: string,
): Promise<{ clientId: string; grantTypes: string[] } | null> {
  const rows = await db
    .select({ clientId: oauthClients.clientId, grantTypes: oauthClients.grantTypes })
    .from(oauthClients)
    .where(eq(oauthClients.clientId, clientId))
    .limit(1);
  return rows[0] ?? null;
}

export interface LoginUser {
  id: number;
  email: string;
  firstName: string;
  passwordHash: string | null;
  isActive: boolean;
  /** users.language: their e-mails' language (null: English). */
  language: string | null;
}

/** The user with this e-mail address, compared case-insensitively; `email` is already lower case. */
export async function findLoginUserByEmail(db: Executor, email: string): Promise<LoginUser | null> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      passwordHash: users.passwordHash,
      isActive: users.isActive,
      language: users.language,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  return rows[0] ?? null;
}

/** A sign-in happened; `language`, when the login page's picker chose one, becomes the person's. */
export async function recordLogin(db: Executor, userId: number, at: Date, language?: Language) {
  await db
    .update(users)
    .set({ lastLoginAt: at, ...(language ? { language } : {}) })
    .where(eq(users.id, userId));
}

export async function createSession(
  db: Executor,
  values: { userId: number; clientId: string; kind: 'token' | 'cookie'; ip: string | null; userAgent: string | null },
): Promise<string> {
  const [session] = await db.insert(authSessions).values(values).returning({ id: authSessions.id });
  return session!.id;
}

export type TokenKind = 'access' | 'refresh' | 'cookie';

export async function insertTokens(
  db: Executor,
  rows: { tokenHash: string; sessionId: string; kind: TokenKind; expiresAt: Date }[],
) {
  await db.insert(authTokens).values(rows);
}

export interface StoredToken {
  tokenHash: string;
  kind: string;
  expiresAt: Date;
  usedAt: Date | null;
  sessionId: string;
  clientId: string;
  userId: number;
  sessionRevokedAt: Date | null;
  userActive: boolean;
}

/** Any token by its hash, live or not, with its session: refresh and revocation decide from it. */
export async function findToken(db: Executor, tokenHash: string): Promise<StoredToken | null> {
  const rows = await db
    .select({
      tokenHash: authTokens.tokenHash,
      kind: authTokens.kind,
      expiresAt: authTokens.expiresAt,
      usedAt: authTokens.usedAt,
      sessionId: authSessions.id,
      clientId: authSessions.clientId,
      userId: authSessions.userId,
      sessionRevokedAt: authSessions.revokedAt,
      userActive: users.isActive,
    })
    .from(authTokens)
    .innerJoin(authSessions, eq(authSessions.id, authTokens.sessionId))
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(authTokens.tokenHash, tokenHash))
    .limit(1);
  return rows[0] ?? null;
}

/** Marks a token used; false when it already was (a second, possibly concurrent, use). */
export async function markTokenUsed(db: Executor, tokenHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(authTokens)
    .set({ usedAt: at })
    .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.usedAt)))
    .returning({ tokenHash: authTokens.tokenHash });
  return rows.length === 1;
}

export async function revokeSession(db: Executor, sessionId: string, reason: string, at: Date) {
  await db
    .update(authSessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

export async function revokeUserSessions(db: Executor, userId: number, reason: string, at: Date) {
  await db
    .update(authSessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
}

// Login throttles

export interface ThrottleRow {
  key: string;
  failures: number;
  refused: number;
  windowStartedAt: Date;
  blockedUntil: Date | null;
}

/**
 * The counters of `keys`, created when missing, locked until the transaction `tx` ends. One upsert
 * whose no-op update takes the row lock, in key order: two logins that share a key wait for each
 * other instead of deadlocking, and a row deleted meanwhile (a successful login) is made again.
 */
export async function lockThrottleRows(tx: Tx, keys: string[], now: Date): Promise<ThrottleRow[]> {
  const sorted = [...new Set(keys)].sort();
  return tx
    .insert(loginThrottles)
    .values(sorted.map((key) => ({ key, failures: 0, refused: 0, windowStartedAt: now })))
    .onConflictDoUpdate({ target: loginThrottles.key, set: { failures: sql`${loginThrottles.failures}` } })
    .returning({
      key: loginThrottles.key,
      failures: loginThrottles.failures,
      refused: loginThrottles.refused,
      windowStartedAt: loginThrottles.windowStartedAt,
      blockedUntil: loginThrottles.blockedUntil,
    });
}

export async function saveThrottleRow(tx: Tx, row: ThrottleRow) {
  const { key, ...values } = row;
  await tx.update(loginThrottles).set(values).where(eq(loginThrottles.key, key));
}

/**
 * Gives back one attempt of `key` (a login that succeeded): one failure less, and the block the
 * attempt set (`reservedUntil`) back to what it was (`previousUntil`) unless another attempt has
 * changed it since. A counter left empty is deleted.
 */
export async function refundThrottleAttempt(
  db: Executor,
  key: string,
  reservedUntil: Date | null,
  previousUntil: Date | null,
) {
  const reserved = reservedUntil ? sql`${reservedUntil.toISOString()}::timestamptz` : sql`null`;
  const previous = previousUntil ? sql`${previousUntil.toISOString()}::timestamptz` : sql`null`;
  await db
    .update(loginThrottles)
    .set({
      failures: sql`greatest(${loginThrottles.failures} - 1, 0)`,
      blockedUntil: sql`case when ${loginThrottles.blockedUntil} is not distinct from ${reserved} then ${previous} else ${loginThrottles.blockedUntil} end`,
    })
    .where(eq(loginThrottles.key, key));
  // Nothing left to remember (an address whose logins all succeeded): no row.
  await db
    .delete(loginThrottles)
    .where(
      and(
        eq(loginThrottles.key, key),
        eq(loginThrottles.failures, 0),
        eq(loginThrottles.refused, 0),
        isNull(loginThrottles.blockedUntil),
      ),
    );
}

// Known devices

/** True when the browser whose grove_device cookie hashes to `tokenHash` signed `userId` in since `since`. */
export async function isKnownDevice(db: Executor, tokenHash: string, userId: number, since: Date): Promise<boolean> {
  const rows = await db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(
      and(eq(knownDevices.tokenHash, tokenHash), eq(knownDevices.userId, userId), gt(knownDevices.lastUsedAt, since)),
    )
    .limit(1);
  return rows.length === 1;
}

export async function rememberDevice(db: Executor, tokenHash: string, userId: number, now: Date) {
  await db
    .insert(knownDevices)
    .values({ tokenHash, userId, createdAt: now, lastUsedAt: now })
    .onConflictDoUpdate({ target: [knownDevices.tokenHash, knownDevices.userId], set: { lastUsedAt: now } });
}

/**
 * Counts one more event for `key` in its window, atomically: a window that started at or before
 * `windowCutoff` starts again at `now` with a count of 1.
 */
export async function countThrottleEvent(
  db: Executor,
  key: string,
  now: Date,
  windowCutoff: Date,
): Promise<{ failures: number; windowStartedAt: Date }> {
  const expired = sql`${loginThrottles.windowStartedAt} <= ${windowCutoff.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(loginThrottles)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${loginThrottles.failures} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${loginThrottles.windowStartedAt} end`,
      },
    })
    .returning({ failures: loginThrottles.failures, windowStartedAt: loginThrottles.windowStartedAt });
  return row!;
}

export async function clearThrottleKey(db: Executor, key: string) {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
}

// One-time links

export async function insertOneTimeToken(
  db: Executor,
  values: { tokenHash: string; userId: number; purpose: string; expiresAt: Date },
) {
  await db.insert(oneTimeTokens).values(values);
}

export interface OneTimeLink {
  userId: number;
  purpose: string;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * A one-time link of one of `purposes` that is unused, unexpired and whose user is active; null
 * otherwise. The purpose is part of the query: a link made for one flow (an e-mail change) can never
 * be used by another (setting a password), whatever its token.
 */
export async function findLiveOneTimeToken(
  db: Executor,
  tokenHash: string,
  now: Date,
  purposes: readonly string[],
): Promise<OneTimeLink | null> {
  const rows = await db
    .select({
      userId: oneTimeTokens.userId,
      purpose: oneTimeTokens.purpose,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(oneTimeTokens)
    .innerJoin(users, eq(users.id, oneTimeTokens.userId))
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        inArray(oneTimeTokens.purpose, [...purposes]),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Uses a live link of one of `purposes` once; false when it was used, expired or missing meanwhile. */
export async function consumeOneTimeToken(
  db: Executor,
  tokenHash: string,
  now: Date,
  purposes: readonly string[],
): Promise<boolean> {
  const rows = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        inArray(oneTimeTokens.purpose, [...purposes]),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ tokenHash: oneTimeTokens.tokenHash });
  return rows.length === 1;
}

/** Ends every other outstanding link of the user (a new password makes older links pointless). */
export async function expireUserOneTimeTokens(db: Executor, userId: number, now: Date) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt)));
}

export async function setPasswordHash(db: Executor, userId: number, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}
