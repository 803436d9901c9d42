import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { findAccountCoach, type AuthUser } from './auth.repository.ts';

/**
 * How a user relates to an account: its member, its coach, staff, or nothing. Objects of an account
 * the user has no relation to are answered as missing (404), never as forbidden, so their ids leak
 * nothing.
 */
export type AccountRelation = 'member' | 'coach' | 'staff';

export async function accountRelation(
  db: Executor,
  user: AuthUser,
  accountId: number,
): Promise<AccountRelation | null> {
  if (user.isStaff) return 'staff';
  if (user.accountId === accountId) return 'member';
  if (user.isCoach) {
    const account = await findAccountCoach(db, accountId);
    if (account?.coachUserId === user.id) return 'coach';
  }
  return null;
}

/** Throws 404 unless the user may read (member, coach, staff) or write (member, staff) the account. */
export async function assertAccountAccess(
  db: Executor,
  user: AuthUser,
  accountId: number,
  mode: 'read' | 'write' = 'read',
): Promise<AccountRelation> {
  const relation = await accountRelation(db, user, accountId);
  if (!relation || (mode === 'write' && relation === 'coach')) throw notFound();
  return relation;
}
