import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accounts, accountTags, users } from '../../db/schema/index.ts';

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
  account: { id: number; accountStatus: string; timeZone: string; tags: string[] } | null;
}

/** The user with their account (status and tags), or null. */
export async function findUserProfile(db: Executor, userId: number): Promise<UserProfileRow | null> {
  const rows = await db
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
      accountId: accounts.id,
      accountStatus: accounts.accountStatus,
      timeZone: accounts.timeZone,
    })
    .from(users)
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, userId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { accountId, accountStatus, timeZone, ...user } = row;
  if (accountId === null || accountStatus === null || timeZone === null) return { ...user, account: null };
  const tags = await db
    .select({ tag: accountTags.tag })
    .from(accountTags)
    .where(eq(accountTags.accountId, accountId))
    .orderBy(asc(accountTags.tag));
  return { ...user, account: { id: accountId, accountStatus, timeZone, tags: tags.map((t) => t.tag) } };
}

/** Only the profile fields a person may change about themselves. */
export interface OwnProfilePatch {
  firstName?: string;
  lastName?: string;
  phonenumber?: string;
  country?: string;
}

export async function updateOwnProfile(db: Executor, userId: number, patch: OwnProfilePatch, now: Date) {
  await db
    .update(users)
    .set({ ...patch, updatedAt: now })
    .where(eq(users.id, userId));
}
