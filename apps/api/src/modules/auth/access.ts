import type { Executor } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
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

/**
 * 404 unless the user is a member of the account or staff and the account exists: its coach and
 * other families see nothing, exactly as for a missing account. (Share links, exports, deletions.)
 */
export async function assertMembersOrStaff(db: Executor, user: AuthUser, accountId: number): Promise<AccountRelation> {
  const relation = await assertAccountAccess(db, user, accountId, 'write');
  if (relation === 'staff' && !(await findAccountCoach(db, accountId))) throw notFound();
  return relation;
}

/**
 * The family's own decisions (sharing a child's data, a copy of it, its deletion): members only.
 * Staff get 403 with `staffRefusal` on an account that exists; anyone else 404 as above.
 */
export async function assertFamilyMember(db: Executor, user: AuthUser, accountId: number, staffRefusal: string) {
  if ((await assertMembersOrStaff(db, user, accountId)) !== 'member') throw forbidden(staffRefusal);
}
