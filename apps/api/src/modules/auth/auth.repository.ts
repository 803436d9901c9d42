import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accounts, authSessions, authTokens, devices, users } from '../../db/schema/index.ts';

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

/** The user behind a live token of the given kind (access or cookie), or null. */
export async function findUserByToken(db: Executor, tokenHash: string, kind: 'access' | 'cookie'): Promise<AuthUser | null> {
  const rows = await db
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
    })
    .from(authTokens)
    .innerJoin(authSessions, eq(authSessions.id, authTokens.sessionId))
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.kind, kind),
        gt(authTokens.expiresAt, new Date()),
        isNull(authSessions.revokedAt),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
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

export async function findAccountCoach(db: Executor, accountId: number): Promise<{ coachUserId: number | null } | null> {
  const rows = await db
    .select({ coachUserId: accounts.coachUserId })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return rows[0] ?? null;
}
