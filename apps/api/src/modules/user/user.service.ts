import {
  ACCOUNT_MESSAGES,
  deriveRole,
  isLanguage,
  makeProfilePatchSchema,
  SOCIAL_PROVIDERS,
  toFieldErrors,
  type SocialProvider,
  type UserAction,
} from '@grove/domain';
import type { Paging } from '@grove/domain/api/common';
import type { OwnProfilePatch, UserActionAnswer, UserInfo } from '@grove/domain/api/user';
import type { Db } from '../../db/client.ts';
import { fieldError, unauthorized, ValidationError } from '../../lib/errors.ts';
import { countAttempt } from '../auth/auth.throttle.ts';
import { hashToken, newToken } from '../auth/auth.tokens.ts';
import { mailUser, type UserDeps } from './user.mail.ts';
import {
  applyPendingEmail,
  consumeEmailChangeToken,
  countUserActions,
  EMAIL_CHANGE_PURPOSE,
  emailUsedByOther,
  expireOneTimeTokens,
  findUserAction,
  findUserProfile,
  insertEmailChangeToken,
  isUniqueViolation,
  listUserActions,
  lockUser,
  recordUserAction,
  setSocialAccount,
  updateOwnProfile,
  type UserProfileRow,
} from './user.repository.ts';

/** How long an e-mail change link works. */
export const EMAIL_CHANGE_TTL_SECONDS = 24 * 3600;
/** E-mail change requests per person: each one e-mails two addresses. */
export const EMAIL_CHANGE_THROTTLE = { limit: 5, windowSeconds: 3600 } as const;

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
    language: isLanguage(row.language) ? row.language : null,
  };
}

/** The user's profile; a user who vanished since their token was checked answers 401. */
export async function getUserInfo(db: Db, userId: number): Promise<UserInfo> {
  const row = await findUserProfile(db, userId);
  if (!row) throw unauthorized();
  return toUserInfo(row);
}

/**
 * Changes the signed-in user's own names, phone number, country and language with the shared
 * profile rules (a new phone number is checked against the stored country; the language is one of
 * LANGUAGES, checked by the contract). Staff-only fields are not part of the body, so no request
 * can change them here.
 *
 * A new `email` is checked with the same rules (the current address sent again changes nothing),
 * must be used by no other login; it is then kept as `pending_email`, and a link to confirm it is e-mailed to
 * the new address (the old one is told) — all in one transaction with the e-mails' outbox rows.
 * Until the link is opened the old address stays.
 */
export async function updateOwnProfileInfo(deps: UserDeps, userId: number, body: OwnProfilePatch): Promise<UserInfo> {
  const { db } = deps;
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
  // The current address sent back with the rest of the profile is no change (clients may PATCH the
  // whole record); only a different address starts an e-mail change.
  const email =
    parsed.data.email !== undefined && parsed.data.email.toLowerCase() !== current.email.toLowerCase()
      ? parsed.data.email
      : undefined;

  if (email !== undefined) {
    // Counted before the look-up, so nobody can probe many addresses for "already used".
    await countAttempt(
      db,
      `email-change:${userId}`,
      EMAIL_CHANGE_THROTTLE.limit,
      EMAIL_CHANGE_THROTTLE.windowSeconds,
      ACCOUNT_MESSAGES.emailChangeThrottled,
    );
    if (await emailUsedByOther(db, email, userId)) throw fieldError('email', ACCOUNT_MESSAGES.emailTaken);
  }

  const { language } = body;
  const patch = { firstName: first_name, lastName: last_name, phonenumber, country, pendingEmail: email, language };
  const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) return toUserInfo(current);
  const now = new Date();
  await db.transaction(async (tx) => {
    await updateOwnProfile(tx, userId, changes, now);
    if (email === undefined) return;
    // A new request replaces the earlier one: its link stops working.
    await expireOneTimeTokens(tx, userId, now, [EMAIL_CHANGE_PURPOSE]);
    const token = newToken();
    await insertEmailChangeToken(tx, {
      tokenHash: hashToken(token),
      userId,
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_SECONDS * 1000),
    });
    const firstName = first_name ?? current.firstName;
    const link = `${deps.publicUrl}/email/confirm?o=${encodeURIComponent(token)}`;
    // In the language the person has from this change on.
    const to = { id: userId, language: language ?? current.language };
    await mailUser(deps, { ...to, email }, 'email_change_confirm', { firstName, newEmail: email, link }, tx, [token]);
    await mailUser(deps, { ...to, email: current.email }, 'email_change_requested', { firstName, newEmail: email }, tx);
  });
  return getUserInfo(db, userId);
}

type ConfirmOutcome = { kind: 'invalid' } | { kind: 'taken' } | { kind: 'done'; newEmail: string };

/**
 * POST /api/v2/user/email/confirm/ (public: the link is the proof). In one transaction: the link is
 * used up, the pending address replaces the old one (checked again: another login may have taken
 * it meanwhile), the user's other e-mail change links expire and 'confirmed_email' is recorded.
 * The old address is told afterwards.
 */
export async function confirmEmailChange(deps: UserDeps, token: string): Promise<{ detail: string; email: string }> {
  const now = new Date();
  let outcome: ConfirmOutcome;
  try {
    outcome = await deps.db.transaction(async (tx): Promise<ConfirmOutcome> => {
      const userId = token ? await consumeEmailChangeToken(tx, hashToken(token), now) : null;
      if (userId === null) return { kind: 'invalid' };
      const user = await lockUser(tx, userId);
      if (!user || !user.isActive || !user.pendingEmail) return { kind: 'invalid' };
      if (await emailUsedByOther(tx, user.pendingEmail, userId)) {
        // The change can never happen now: forget it, so the profile stops showing it.
        await updateOwnProfile(tx, userId, { pendingEmail: null }, now);
        await expireOneTimeTokens(tx, userId, now, [EMAIL_CHANGE_PURPOSE]);
        return { kind: 'taken' };
      }
      await applyPendingEmail(tx, userId, user.pendingEmail, now);
      await expireOneTimeTokens(tx, userId, now, [EMAIL_CHANGE_PURPOSE]);
      await recordUserAction(tx, userId, 'confirmed_email', now);
      await mailUser(
        deps,
        { id: userId, email: user.email, language: user.language },
        'email_changed',
        { firstName: user.firstName, newEmail: user.pendingEmail },
        tx,
      );
      return { kind: 'done', newEmail: user.pendingEmail };
    });
  } catch (error) {
    // Another login took the address between the check and the update: the unique index decided.
    if (isUniqueViolation(error)) throw fieldError('token', ACCOUNT_MESSAGES.emailTakenMeanwhile);
    throw error;
  }
  if (outcome.kind === 'invalid') throw fieldError('token', ACCOUNT_MESSAGES.emailLinkInvalid);
  if (outcome.kind === 'taken') throw fieldError('token', ACCOUNT_MESSAGES.emailTakenMeanwhile);
  return { detail: ACCOUNT_MESSAGES.emailConfirmed(outcome.newEmail), email: outcome.newEmail };
}

/** DELETE /api/v2/user/email/pending/: the pending address is forgotten and its links stop working. */
export async function cancelEmailChange(db: Db, userId: number): Promise<UserInfo> {
  const now = new Date();
  await db.transaction(async (tx) => {
    await updateOwnProfile(tx, userId, { pendingEmail: null }, now);
    await expireOneTimeTokens(tx, userId, now, [EMAIL_CHANGE_PURPOSE]);
  });
  return getUserInfo(db, userId);
}

/** POST /api/v1/social-acc/set: a blank handle removes the community name. */
export async function setSocial(
  db: Db,
  userId: number,
  body: { provider: SocialProvider; handle: string },
): Promise<UserInfo> {
  const now = new Date();
  await db.transaction(async (tx) => {
    if (body.handle === '') {
      await setSocialAccount(tx, userId, null, now);
      return;
    }
    await setSocialAccount(tx, userId, { provider: body.provider, handle: body.handle }, now);
    await recordUserAction(tx, userId, 'connected_social', now);
  });
  return getUserInfo(db, userId);
}

const toAction = (row: { action: string; createdAt: Date }): UserActionAnswer => ({
  action: row.action,
  created_at: row.createdAt.toISOString(),
});

export async function listActions(db: Db, userId: number, paging: Paging) {
  const offset = (paging.page - 1) * paging.page_size;
  const [total, rows] = await Promise.all([
    countUserActions(db, userId),
    listUserActions(db, userId, paging.page_size, offset),
  ]);
  return { count: total, page: paging.page, pageSize: paging.page_size, results: rows.map(toAction) };
}

/** Recording an action twice keeps the first time (ON CONFLICT DO NOTHING); answers the stored one. */
export async function recordAction(db: Db, userId: number, action: UserAction): Promise<UserActionAnswer> {
  await recordUserAction(db, userId, action, new Date());
  const row = await findUserAction(db, userId, action);
  if (!row) throw unauthorized(); // the user vanished meanwhile
  return toAction(row);
}

export async function hasDone(db: Db, userId: number, action: UserAction) {
  const row = await findUserAction(db, userId, action);
  return { action, has_done: row !== null, done_at: row ? row.createdAt.toISOString() : null };
}
