import { deriveRole, makeProfilePatchSchema, SOCIAL_PROVIDERS, toFieldErrors, type SocialProvider } from '@grove/domain';
import type { Db } from '../../db/client.ts';
import { unauthorized, ValidationError } from '../../lib/errors.ts';
import { findUserProfile, updateOwnProfile, type UserProfileRow } from './user.repository.ts';
import type { OwnProfilePatch, UserInfo } from '@grove/domain/api/user';

export function toUserInfo(row: UserProfileRow): UserInfo {
  const name = `${row.firstName} ${row.lastName}`;
  const account = row.account
    ? {
        id: row.account.id,
        tags: row.account.tags,
        account_status: row.account.accountStatus,
        time_zone: row.account.timeZone,
      }
    : null;
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    name,
    full_name: name,
    email: row.email,
    pending_email: row.pendingEmail,
    phonenumber: row.phonenumber,
    country: row.country,
    social_account:
      row.socialProvider && row.socialHandle && (SOCIAL_PROVIDERS as readonly string[]).includes(row.socialProvider)
        ? { provider: row.socialProvider as SocialProvider, handle: row.socialHandle }
        : null,
    is_staff: row.isStaff,
    is_coach: row.isCoach,
    is_billing_user: row.isBillingUser,
    role: deriveRole({ is_staff: row.isStaff, is_coach: row.isCoach, account }),
    account,
    billing_status: { status_name: row.billingStatus },
  };
}

/** The user's profile; a user who vanished since their token was checked answers 401. */
export async function getUserInfo(db: Db, userId: number): Promise<UserInfo> {
  const row = await findUserProfile(db, userId);
  if (!row) throw unauthorized();
  return toUserInfo(row);
}

/**
 * Changes the signed-in user's own names, phone number and country with the shared profile rules
 * (a new phone number is checked against the stored country). Staff-only fields are not part of
 * the body, so no request can change them here.
 */
export async function updateOwnProfileInfo(db: Db, userId: number, body: OwnProfilePatch): Promise<UserInfo> {
  const current = await findUserProfile(db, userId);
  if (!current) throw unauthorized();
  const schema = makeProfilePatchSchema({
    first_name: current.firstName,
    last_name: current.lastName,
    phonenumber: current.phonenumber,
    country: current.country,
  });
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ValidationError(toFieldErrors(parsed.error));
  const { first_name, last_name, phonenumber, country } = parsed.data;
  const patch = { firstName: first_name, lastName: last_name, phonenumber, country };
  const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length > 0) await updateOwnProfile(db, userId, changes, new Date());
  return getUserInfo(db, userId);
}
