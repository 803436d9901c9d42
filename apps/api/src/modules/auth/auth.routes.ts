import { loginSchema } from '@grove/domain';
import { authApi, INVALID_CREDENTIALS } from '@grove/domain/api/auth';
import type { ParsedBody } from '@grove/domain/api/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EmailSender } from '../../adapters/email/email.port.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/contract.ts';
import type { App } from '../../lib/types.ts';
import { getUserInfo } from '../user/user.service.ts';
import {
  clearAuthCookies,
  DEVICE_COOKIE,
  SESSION_COOKIE,
  setCsrfCookie,
  setDeviceCookie,
  setSessionCookie,
  type CookieSettings,
} from './auth.cookies.ts';
import { requireUser } from './auth.plugin.ts';
import {
  describeLink,
  InvalidCredentialsError,
  LINK_SENT,
  loginWithPassword,
  logout,
  OAuthError,
  PASSWORD_SET,
  refreshSession,
  requestLink,
  revokeToken,
  setPasswordWithLink,
  type AuthDeps,
  type PasswordLogin,
  type SessionStart,
} from './auth.service.ts';
import { LOGIN_THROTTLE } from './auth.throttle.ts';

type LoginBody = ParsedBody<typeof authApi.login>;

function clientInfo(request: FastifyRequest) {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
    deviceToken: request.cookies[DEVICE_COOKIE] ?? null,
  };
}

/**
 * Sign-in, tokens, sign-out and one-time links (SPEC §7 Auth). Every call here is public except
 * logout; none needs CSRF except logout (it needs a signed-in user).
 */
export function authRoutes(app: App, db: Db, config: Config, email: EmailSender) {
  const deps: AuthDeps = { db, config, email, log: app.log };
  const cookies: CookieSettings = { secure: config.publicUrl.startsWith('https:') };

  const answer = async (started: SessionStart) => ({ ...started.tokens, user: await getUserInfo(db, started.userId) });
  /** After a password login: this browser is a known device of the user from now on. */
  const rememberBrowser = (reply: FastifyReply, started: PasswordLogin) =>
    setDeviceCookie(reply, started.deviceToken, LOGIN_THROTTLE.knownDeviceDays * 86_400, cookies);

  /** Both login calls: check the password, open a session, set the CSRF (and session) cookie. */
  async function passwordLogin(
    request: FastifyRequest,
    body: LoginBody,
    reply: FastifyReply,
    kind: 'token' | 'cookie',
  ) {
    const { email, password, client_id, language } = body;
    const started = await loginWithPassword(deps, {
      email,
      password,
      clientId: client_id,
      kind,
      language,
      ...clientInfo(request),
    });
    setCsrfCookie(reply, cookies);
    rememberBrowser(reply, started);
    if (kind === 'cookie' && started.sessionCookie) {
      setSessionCookie(reply, started.sessionCookie, config.REFRESH_TOKEN_TTL_SECONDS, cookies);
    }
    return answer(started);
  }

  const open = { policy: 'public' } as const;
  route(app, authApi.login, open, async (request, reply) => passwordLogin(request, request.body, reply, 'token'));
  route(app, authApi.sessionLogin, open, async (request, reply) =>
    passwordLogin(request, request.body, reply, 'cookie'),
  );

  route(app, authApi.logout, { policy: 'user' }, async (request, reply) => {
    const user = requireUser(request);
    await logout(deps, { userId: user.id, sessionId: user.sessionId, sessionCookie: request.cookies[SESSION_COOKIE] });
    clearAuthCookies(reply, cookies);
    return { detail: 'Successfully logged out.' };
  });

  route(app, authApi.token, open, async (request, reply) => {
    const body = request.body;
    if (body.grant_type === 'refresh_token') {
      return answer(await refreshSession(deps, { refreshToken: body.refresh_token ?? '', clientId: body.client_id }));
    }
    if (body.grant_type !== 'password') {
      throw new OAuthError('unsupported_grant_type', 'grant_type must be password or refresh_token.');
    }
    const credentials = loginSchema.safeParse({ email: body.username ?? '', password: body.password ?? '' });
    if (!credentials.success) {
      throw new OAuthError('invalid_request', credentials.error.issues.map((issue) => issue.message).join(' '));
    }
    try {
      const { email: address, password } = credentials.data;
      const started = await loginWithPassword(deps, {
        email: address,
        password,
        clientId: body.client_id,
        kind: 'token',
        ...clientInfo(request),
      });
      rememberBrowser(reply, started);
      return answer(started);
    } catch (error) {
      if (error instanceof InvalidCredentialsError) throw new OAuthError('invalid_grant', INVALID_CREDENTIALS);
      throw error;
    }
  });

  route(app, authApi.revoke, open, async (request) => {
    await revokeToken(deps, { token: request.body.token, clientId: request.body.client_id });
    return {};
  });

  for (const [endpoint, purpose] of [
    [authApi.passwordReset, 'reset'],
    [authApi.accessRequest, 'invite'],
  ] as const) {
    route(app, endpoint, open, async (request) => {
      await requestLink(deps, { email: request.body.email, purpose, ip: request.ip });
      return { detail: LINK_SENT };
    });
  }

  route(app, authApi.describeLink, open, async (request) => describeLink(deps, request.query.o));
  route(app, authApi.setPassword, open, async (request) => {
    const { email: address } = await setPasswordWithLink(deps, request.body);
    return { detail: PASSWORD_SET, email: address };
  });
}
