import type { Language } from '@grove/domain';
import { and, desc, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { countRows } from '../../db/count.ts';
import { prepared } from '../../db/prepared.ts';
import {
  accounts,
  accountTags,
  authSessions,
  oneTimeTokens,
  orders,
  userActions,
  users,
  userShipping,
} from '../../db/schema/index.ts';

export interface UserProfileRow {
  id: number;
  email: string;
  pendingEmail: string | null;
  socialProvider: string | null;
  socialHandle: string | null;
  firstName: string;
  lastName: string;
  phonenumber: string;
  country: string;
  isStaff: boolean;
  isCoach: boolean;
  isBillingUser: boolean;
  billingStatus: string;
  /** One of LANGUAGES (the column's check), or null until the person chooses. */
  language: string | null;
  account: { id: number; accountStatus: string; timeZone: string; tags: string[] } | null;
}

/** The user with their account (status and tags), or null. */
const userProfile = prepared((db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      pendingEmail: users.pendingEmail,
      socialProvider: users.socialProvider,
      socialHandle: users.socialHandle,
      firstName: users.firstName,
      lastName: users.lastName,
      phonenumber: users.phonenumber,
      country: users.country,
      isStaff: users.isStaff,
      isCoach: users.isCoach,
      isBillingUser: users.isBillingUser,
      billingStatus: users.billingStatus,
      language: users.language,
      accountId: accounts.id,
      accountStatus: accounts.accountStatus,
      timeZone: accounts.timeZone,
      tags: sql<
        string[]
      >`coalesce((select array_agg(${accountTags.tag} order by ${accountTags.tag}) from ${accountTags} where ${accountTags.accountId} = ${accounts.id}), '{}')`,
    })
    .from(users)
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('user_profile'),
);

export async function findUserProfile(db: Executor, userId: number): Promise<UserProfileRow | null> {
  // Every screen's first read (user info) runs it: one query, the account's tags included.
  const [row] = await userProfile(db).execute({ userId });
  if (!row) return null;
  const { accountId, accountStatus, timeZone, tags, ...user } = row;
  if (accountId === null || accountStatus === null || timeZone === null) return { ...user, account: null };
  return { ...user, account: { id: accountId, accountStatus, timeZone, tags } };
}

/** Only the profile fields a person may change about themselves (a new e-mail waits as pending). */
export interface OwnProfilePatch {
  firstName?: string;
  lastName?: string;
  phonenumber?: string;
  country?: string;
  pendingEmail?: string | null;
  language?: Language;
}

export async function updateOwnProfile(db: Executor, userId: number, patch: OwnProfilePatch, now: Date) {
  await db
    .update(users)
    .set({ ...patch, updatedAt: now })
    .where(eq(users.id, userId));
}

/** Whether a login other than `userId` uses this e-mail address (compared as the unique index does). */
export async function emailUsedByOther(db: Executor, email: string, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, userId)))
    .limit(1);
  return rows.length > 0;
}

/** The user's row locked for the rest of the transaction (SELECT … FOR UPDATE). */
export async function lockUser(tx: Executor, userId: number) {
  const rows = await tx
    .select({
      id: users.id,
      email: users.email,
      pendingEmail: users.pendingEmail,
      firstName: users.firstName,
      isActive: users.isActive,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

/** The new address replaces the old one; throws a unique violation when another login took it. */
export async function applyPendingEmail(tx: Executor, userId: number, email: string, now: Date) {
  await tx.update(users).set({ email, pendingEmail: null, updatedAt: now }).where(eq(users.id, userId));
}

export async function findPasswordHash(db: Executor, userId: number): Promise<string | null> {
  const rows = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.hash ?? null;
}

export async function setPasswordHash(tx: Executor, userId: number, passwordHash: string, now: Date) {
  await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

/** Ends every session of the user except `keepSessionId` (the one that asked). */
export async function revokeOtherSessions(
  tx: Executor,
  userId: number,
  keepSessionId: string,
  reason: string,
  at: Date,
) {
  await tx
    .update(authSessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(authSessions.userId, userId), ne(authSessions.id, keepSessionId), isNull(authSessions.revokedAt)));
}

export async function setSocialAccount(
  db: Executor,
  userId: number,
  social: { provider: string; handle: string } | null,
  now: Date,
) {
  await db
    .update(users)
    .set({ socialProvider: social?.provider ?? null, socialHandle: social?.handle ?? null, updatedAt: now })
    .where(eq(users.id, userId));
}

// One-time links of the e-mail change ('email_change'); the set-password flow never accepts them.

export const EMAIL_CHANGE_PURPOSE = 'email_change';

export async function insertEmailChangeToken(
  tx: Executor,
  values: { tokenHash: string; userId: number; expiresAt: Date },
) {
  await tx.insert(oneTimeTokens).values({ ...values, purpose: EMAIL_CHANGE_PURPOSE });
}

/** Uses a live e-mail change link once: the user it belongs to, or null (used, expired, unknown, other purpose). */
export async function consumeEmailChangeToken(tx: Executor, tokenHash: string, now: Date): Promise<number | null> {
  const rows = await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.purpose, EMAIL_CHANGE_PURPOSE),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  return rows[0]?.userId ?? null;
}

/** Ends the user's outstanding links of these purposes (all of them when `purposes` is omitted). */
export async function expireOneTimeTokens(tx: Executor, userId: number, now: Date, purposes?: readonly string[]) {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        isNull(oneTimeTokens.usedAt),
        purposes ? inArray(oneTimeTokens.purpose, [...purposes]) : undefined,
      ),
    );
}

// User actions: the first time counts.

export async function recordUserAction(db: Executor, userId: number, action: string, at: Date) {
  await db.insert(userActions).values({ userId, action, createdAt: at }).onConflictDoNothing();
}

export async function findUserAction(db: Executor, userId: number, action: string) {
  const rows = await db
    .select({ action: userActions.action, createdAt: userActions.createdAt })
    .from(userActions)
    .where(and(eq(userActions.userId, userId), eq(userActions.action, action)))
    .limit(1);
  return rows[0] ?? null;
}

export async function countUserActions(db: Executor, userId: number): Promise<number> {
  return countRows(db, userActions, eq(userActions.userId, userId));
}

/** Newest first. */
export async function listUserActions(db: Executor, userId: number, limit: number, offset: number) {
  return db
    .select({ action: userActions.action, createdAt: userActions.createdAt })
    .from(userActions)
    .where(eq(userActions.userId, userId))
    .orderBy(desc(userActions.createdAt), desc(userActions.id))
    .limit(limit)
    .offset(offset);
}

// Shipping

export interface AddressFields {
  address1: string;
  address2: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
}

export async function findShipping(db: Executor, userId: number) {
  const rows = await db.select().from(userShipping).where(eq(userShipping.userId, userId)).limit(1);
  return rows[0] ?? null;
}

/** The shipping address of the account's latest confirmed order, as the order stored it, or null. */
export async function latestConfirmedOrderShipping(db: Executor, accountId: number) {
  const rows = await db
    .select({ shipping: orders.shipping })
    .from(orders)
    .where(and(eq(orders.accountId, accountId), isNotNull(orders.dateConfirmed)))
    .orderBy(desc(orders.dateConfirmed), desc(orders.id))
    .limit(1);
  return rows[0]?.shipping ?? null;
}

/**
 * One statement: a first address is inserted whole (`address`), an existing one gets only the
 * fields that were sent (`changed`). Returns the stored row.
 */
export async function upsertShipping(
  db: Executor,
  userId: number,
  address: AddressFields,
  changed: Partial<AddressFields>,
  now: Date,
) {
  const [row] = await db
    .insert(userShipping)
    .values({ userId, ...address, updatedAt: now })
    .onConflictDoUpdate({ target: userShipping.userId, set: { ...changed, updatedAt: now } })
    .returning();
  return row!;
}

/** A unique index refused the write: another login took the address (PostgreSQL 23505). */
export { isUniqueViolation } from '../../db/errors.ts';
