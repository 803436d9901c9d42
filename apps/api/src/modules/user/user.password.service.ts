import {
  ACCOUNT_MESSAGES,
  formatDateTime,
  LIMITS,
  MESSAGES,
  validatePassword,
  validatePasswordCopy,
} from '@grove/domain';
import type { PasswordChange } from '@grove/domain/api/user';
import { fieldError, unauthorized, ValidationError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import { countAttempt } from '../auth/auth.throttle.ts';
import { languageOf } from '../../locales/i18n.ts';
import { mailUser, type UserDeps } from './user.mail.ts';
import {
  expireOneTimeTokens,
  findPasswordHash,
  findUserProfile,
  recordUserAction,
  revokeOtherSessions,
  setPasswordHash,
  updateOwnProfile,
} from './user.repository.ts';

/** Password change attempts per person, counted before any hashing (right or wrong). */
export const PASSWORD_CHANGE_THROTTLE = { limit: 10, windowSeconds: 3600 } as const;

/**
 * POST /api/v2/user/password/. The new password follows the shared rules (with the person's names);
 * the current one is checked with argon2id after the throttle. On success, in one transaction: the
 * new hash, every OTHER session of the person ends (the calling one stays), every outstanding
 * one-time link (reset, invitation, e-mail change) stops working and a pending e-mail change is
 * forgotten — whoever else had access loses it —, 'changed_password' is recorded and the person is
 * told by e-mail, with a link to reset the password if it was not them.
 */
export async function changePassword(deps: UserDeps, user: AuthUser, body: PasswordChange) {
  const { db } = deps;
  const profile = await findUserProfile(db, user.id);
  if (!profile) throw unauthorized();
  const current = body.current_password ?? '';
  const password = body.password ?? '';
  const values = {
    password,
    password_copy: body.password_copy ?? '',
    first_name: profile.firstName,
    last_name: profile.lastName,
  };
  const fields: Record<string, string[]> = {};
  if (current === '') fields.current_password = [MESSAGES.passwordRequired];
  const passwordIssue = validatePassword(values.password, values);
  if (passwordIssue?.severity === 'error') fields.password = [passwordIssue.message];
  const copyIssue = validatePasswordCopy(values.password_copy, values);
  if (copyIssue?.severity === 'error') fields.password_copy = [copyIssue.message];
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);

  await countAttempt(
    db,
    `password-change:${user.id}`,
    PASSWORD_CHANGE_THROTTLE.limit,
    PASSWORD_CHANGE_THROTTLE.windowSeconds,
    ACCOUNT_MESSAGES.passwordChangeThrottled,
  );
  const storedHash = await findPasswordHash(db, user.id);
  // No stored password can match text longer than any password may be: no hashing for it.
  const matches =
    storedHash !== null && [...current].length < LIMITS.passwordMax && (await verifyPassword(storedHash, current));
  if (!matches) throw fieldError('current_password', ACCOUNT_MESSAGES.currentPasswordWrong);
  if (password === current) throw fieldError('password', ACCOUNT_MESSAGES.samePassword);

  const passwordHash = await hashPassword(password);
  const now = new Date();
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash, now);
    await revokeOtherSessions(tx, user.id, user.sessionId, 'password_changed', now);
    await expireOneTimeTokens(tx, user.id, now);
    if (profile.pendingEmail !== null) await updateOwnProfile(tx, user.id, { pendingEmail: null }, now);
    await recordUserAction(tx, user.id, 'changed_password', now);
    await mailUser(
      deps,
      { id: user.id, email: profile.email, language: profile.language },
      'password_changed',
      {
        firstName: profile.firstName,
        when: formatDateTime(now, profile.account?.timeZone, languageOf(profile.language)),
        resetUrl: `${deps.publicUrl}/password-reset?email=${encodeURIComponent(profile.email)}`,
      },
      tx,
    );
  });
  return { detail: ACCOUNT_MESSAGES.passwordChanged };
}
