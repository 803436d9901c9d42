import { makeSetPasswordSchema, toFieldErrors, type Language } from '@grove/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailSender } from '../../adapters/email/email.port.ts';
import { renderEmail } from '../../adapters/email/templates.ts';
import { storedLanguage } from '../../locales/language.repository.ts';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { HttpError, ValidationError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import {
  consumeOneTimeToken,
  createSession,
  expireUserOneTimeTokens,
  findLiveOneTimeToken,
  findLoginUserByEmail,
  findOauthClient,
  findToken,
  insertOneTimeToken,
  insertTokens,
  isKnownDevice,
  markTokenUsed,
  recordLogin,
  rememberDevice,
  revokeSession,
  revokeUserSessions,
  setPasswordHash,
  type TokenKind,
} from './auth.repository.ts';
import {
  clearAccountThrottle,
  countLinkRequest,
  knownDeviceKeys,
  LOGIN_THROTTLE,
  loginKeys,
  normalizeEmail,
  reserveLoginAttempt,
  settleLoginSuccess,
} from './auth.throttle.ts';
import { hashToken, newToken } from './auth.tokens.ts';

export interface AuthDeps {
  db: Db;
  config: Config;
  email: EmailSender;
  log: FastifyBaseLogger;
}

export { INVALID_CREDENTIALS } from '@grove/domain/api/auth';
import { AUTH_MESSAGES, INVALID_CREDENTIALS } from '@grove/domain/api/auth';
export const LINK_SENT = 'If an account exists for that email, we have sent a link.';
export const PASSWORD_SET = 'Your password has been set. You can log in now.';
export const REFRESH_REUSED = 'This refresh token was already used; the session has been ended.';

/** Wrong e-mail or password: the same 400 for an unknown e-mail, so accounts cannot be probed. */
export class InvalidCredentialsError extends ValidationError {
  constructor() {
    super({ non_field_errors: [INVALID_CREDENTIALS] });
  }
}

/** An OAuth2 error (RFC 6749 §5.2): 400 { error, error_description, detail, code }. */
export class OAuthError extends HttpError {
  constructor(
    readonly error: 'invalid_grant' | 'invalid_request' | 'unsupported_grant_type' | 'unauthorized_client',
    detail: string,
  ) {
    super(400, detail, error, {}, { error, error_description: detail });
  }
}

export const invalidClient = () => new HttpError(401, 'Invalid client', 'invalid_client');
export const linkInvalid = () => new HttpError(404, AUTH_MESSAGES.linkInvalid, 'link_invalid');

/**
 * A random PHC hash of a password nobody knows. An unknown e-mail is checked against it so that it
 * costs the same argon2id time as a wrong password.
 */
const DUMMY_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$SDV6A6NCBN5QbvK06tIqWg$6wh745IYUEKv9yq/GCiAV97tTNLVbp4QPcbV3AWp0LI';

export type LinkPurpose = 'reset' | 'invite';
/**
 * The one-time links that set a password. Other flows keep links in the same table (an e-mail
 * change: 'email_change'); those are never accepted here, and these never by them.
 */
export const SET_PASSWORD_PURPOSES: readonly LinkPurpose[] = ['reset', 'invite'];

const LINK_TTL_SECONDS: Record<LinkPurpose, number> = { reset: 24 * 3600, invite: 7 * 86_400 };

export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'Bearer';
}

export interface SessionStart {
  userId: number;
  tokens: TokenAnswer;
  /** The grove_session cookie value, for cookie sessions only. */
  sessionCookie: string | null;
}

export interface PasswordLogin extends SessionStart {
  /** The grove_device cookie value: this browser is now a known device of the user. */
  deviceToken: string;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  /** The grove_device cookie the browser sent, if any. */
  deviceToken?: string | null;
}

/** A grove_device value worth looking up: what newToken() makes (43 URL-safe characters). */
const DEVICE_TOKEN = /^[\w-]{43}$/;

async function requireClient(deps: AuthDeps, clientId: string, grantType?: 'password' | 'refresh_token') {
  const client = clientId ? await findOauthClient(deps.db, clientId) : null;
  if (!client) throw invalidClient();
  if (grantType && !client.grantTypes.includes(grantType)) {
    throw new OAuthError('unauthorized_client', 'This client may not use this grant type.');
  }
}

/** Access and refresh token (and the session cookie's token) for a session, stored as hashes. */
async function issueTokens(deps: AuthDeps, sessionId: string, withCookie: boolean) {
  const now = Date.now();
  const { ACCESS_TOKEN_TTL_SECONDS: accessTtl, REFRESH_TOKEN_TTL_SECONDS: refreshTtl } = deps.config;
  const access = newToken();
  const refresh = newToken();
  const cookie = withCookie ? newToken() : null;
  const row = (token: string, kind: TokenKind, ttlSeconds: number) => ({
    tokenHash: hashToken(token),
    sessionId,
    kind,
    expiresAt: new Date(now + ttlSeconds * 1000),
  });
  const rows = [row(access, 'access', accessTtl), row(refresh, 'refresh', refreshTtl)];
  if (cookie) rows.push(row(cookie, 'cookie', refreshTtl));
  await insertTokens(deps.db, rows);
  const tokens: TokenAnswer = {
    access_token: access,
    refresh_token: refresh,
    expires_in: accessTtl,
    token_type: 'Bearer',
  };
  return { tokens, sessionCookie: cookie };
}

/**
 * Password login (both login calls and the password grant). Order matters: the attempt is counted
 * (auth.throttle.ts) before any hashing, and refused with 429 while it must wait; an unknown e-mail
 * is verified against a dummy hash. A browser on which this user signed in before (its grove_device
 * cookie) is counted on its own, so that failures from elsewhere do not hold up its owner.
 */
export async function loginWithPassword(
  deps: AuthDeps,
  input: {
    email: string;
    password: string;
    clientId: string;
    kind: 'token' | 'cookie';
    /** The language picked on the login page: stored as the person's once the password is right. */
    language?: Language;
  } & ClientInfo,
): Promise<PasswordLogin> {
  await requireClient(deps, input.clientId, 'password');
  const user = await findLoginUserByEmail(deps.db, normalizeEmail(input.email));
  const presented = input.deviceToken && DEVICE_TOKEN.test(input.deviceToken) ? input.deviceToken : null;
  const knownSince = new Date(Date.now() - LOGIN_THROTTLE.knownDeviceDays * 86_400_000);
  const known = user && presented ? await isKnownDevice(deps.db, hashToken(presented), user.id, knownSince) : false;
  const keys = known ? knownDeviceKeys(hashToken(presented!), user!.id) : loginKeys(input.ip, input.email);
  const reserved = await reserveLoginAttempt(deps.db, keys);

  const passwordOk = await verifyPassword(user?.passwordHash ?? DUMMY_PASSWORD_HASH, input.password);
  if (!user || !user.passwordHash || !user.isActive || !passwordOk) throw new InvalidCredentialsError();

  await settleLoginSuccess(deps.db, reserved);
  const now = new Date();
  const deviceToken = presented ?? newToken();
  await rememberDevice(deps.db, hashToken(deviceToken), user.id, now);
  await recordLogin(deps.db, user.id, now, input.language);
  const sessionId = await createSession(deps.db, {
    userId: user.id,
    clientId: input.clientId,
    kind: input.kind,
    ip: input.ip,
    userAgent: input.userAgent,
  });
  return { userId: user.id, deviceToken, ...(await issueTokens(deps, sessionId, input.kind === 'cookie')) };
}

/**
 * The refresh grant: a refresh token works once and is replaced by a new pair in the same session.
 * A second use of a used refresh token means it leaked: the whole session (its family) ends.
 */
export async function refreshSession(
  deps: AuthDeps,
  input: { refreshToken: string; clientId: string },
): Promise<SessionStart> {
  await requireClient(deps, input.clientId, 'refresh_token');
  const now = new Date();
  const token = input.refreshToken ? await findToken(deps.db, hashToken(input.refreshToken)) : null;
  if (!token || token.kind !== 'refresh' || token.clientId !== input.clientId) {
    throw new OAuthError('invalid_grant', 'Invalid refresh token.');
  }
  if (token.sessionRevokedAt || !token.userActive || token.expiresAt <= now) {
    throw new OAuthError('invalid_grant', 'Invalid refresh token.');
  }
  if (token.usedAt || !(await markTokenUsed(deps.db, token.tokenHash, now))) {
    await revokeSession(deps.db, token.sessionId, 'refresh_token_reuse', now);
    deps.log.warn({ sessionId: token.sessionId, userId: token.userId }, 'refresh token reused; session revoked');
    throw new OAuthError('invalid_grant', REFRESH_REUSED);
  }
  return { userId: token.userId, ...(await issueTokens(deps, token.sessionId, false)) };
}

/** RFC 7009: ends the session of any token of this client; unknown tokens are not an error. */
export async function revokeToken(deps: AuthDeps, input: { token: string; clientId: string }) {
  await requireClient(deps, input.clientId);
  const token = input.token ? await findToken(deps.db, hashToken(input.token)) : null;
  if (token && token.clientId === input.clientId) await revokeSession(deps.db, token.sessionId, 'revoked', new Date());
}

/** Ends the caller's session, and the cookie session sent along if it is another one of theirs. */
export async function logout(deps: AuthDeps, input: { userId: number; sessionId: string; sessionCookie?: string }) {
  const now = new Date();
  await revokeSession(deps.db, input.sessionId, 'logout', now);
  const cookie = input.sessionCookie ? await findToken(deps.db, hashToken(input.sessionCookie)) : null;
  if (cookie && cookie.kind === 'cookie' && cookie.userId === input.userId) {
    await revokeSession(deps.db, cookie.sessionId, 'logout', now);
  }
}

/**
 * "Reset password" and "get access": when the e-mail belongs to an active user, stores a one-time
 * link (its hash) and e-mails it. The caller answers the same in every case. A failed delivery is
 * logged (and recorded in the outbox), never shown, for the same reason.
 */
export async function requestLink(deps: AuthDeps, input: { email: string; purpose: LinkPurpose; ip: string }) {
  const mayReceive = await countLinkRequest(deps.db, input.ip, input.email);
  const user = mayReceive ? await findLoginUserByEmail(deps.db, normalizeEmail(input.email)) : null;
  if (!user || !user.isActive) return;
  await sendLink(deps, user, input.purpose);
}

/**
 * Writes a one-time link for the user and e-mails it (a failure to send is logged, not thrown).
 * With `inviterName`, an invitation is the caregiver's (template caregiver_invite: who invited them).
 * With `tx`, the link and its e-mail are written in that transaction (the change that caused them),
 * and a failure fails it.
 */
export async function sendLink(
  deps: AuthDeps,
  /** The person, with their stored language when the caller read it (else it is read here). */
  user: { id: number; email: string; firstName: string; language?: string | null },
  purpose: LinkPurpose,
  options: { inviterName?: string; tx?: Executor } = {},
) {
  const { inviterName, tx } = options;
  const token = newToken();
  await insertOneTimeToken(tx ?? deps.db, {
    tokenHash: hashToken(token),
    userId: user.id,
    purpose,
    expiresAt: new Date(Date.now() + LINK_TTL_SECONDS[purpose] * 1000),
  });
  const link = `${deps.config.publicUrl}/start?o=${encodeURIComponent(token)}`;
  try {
    const language = user.language !== undefined ? user.language : await storedLanguage(tx ?? deps.db, user.id);
    const content =
      purpose === 'invite' && inviterName !== undefined
        ? await renderEmail('caregiver_invite', { firstName: user.firstName, inviterName, link }, language)
        : await renderEmail(
            purpose === 'reset' ? 'password_reset' : 'access_invite',
            { firstName: user.firstName, link },
            language,
          );
    await deps.email.send({ to: user.email, userId: user.id, ...content, secrets: [token] }, tx);
  } catch (error) {
    if (tx) throw error;
    deps.log.error({ err: error, userId: user.id }, 'could not send a one-time link');
  }
}

export async function describeLink(deps: AuthDeps, token: string) {
  const link = token ? await findLiveOneTimeToken(deps.db, hashToken(token), new Date(), SET_PASSWORD_PURPOSES) : null;
  if (!link) throw linkInvalid();
  const purpose: LinkPurpose = link.purpose === 'invite' ? 'invite' : 'reset';
  return { email: link.email, first_name: link.firstName, last_name: link.lastName, purpose };
}

/**
 * Sets a password through a one-time link, with the shared password rules and the user's names.
 * The link is used up, the user's other links expire and every session of the user ends.
 */
export async function setPasswordWithLink(
  deps: AuthDeps,
  body: { token: string; password: string; password_copy: string },
): Promise<{ email: string }> {
  const tokenHash = hashToken(body.token);
  const link = await findLiveOneTimeToken(deps.db, tokenHash, new Date(), SET_PASSWORD_PURPOSES);
  if (!link) throw linkInvalid();
  const parsed = makeSetPasswordSchema({ first_name: link.firstName, last_name: link.lastName }).safeParse(body);
  if (!parsed.success) throw new ValidationError(toFieldErrors(parsed.error));

  const passwordHash = await hashPassword(parsed.data.password);
  const now = new Date();
  const done = await deps.db.transaction(async (tx) => {
    if (!(await consumeOneTimeToken(tx, tokenHash, now, SET_PASSWORD_PURPOSES))) return false;
    await expireUserOneTimeTokens(tx, link.userId, now);
    await setPasswordHash(tx, link.userId, passwordHash, now);
    await revokeUserSessions(tx, link.userId, 'password_set', now);
    return true;
  });
  if (!done) throw linkInvalid();
  await clearAccountThrottle(deps.db, link.email);
  return { email: link.email };
}
