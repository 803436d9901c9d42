import { loginSchema, setPasswordSchema, validateEmail } from '@grove/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { EmailSender } from '../../adapters/email/email.port.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { WEB_CLIENT_ID } from '../../db/seed/index.ts';
import type { App } from '../../lib/types.ts';
import { userInfoSchema } from '../user/user.schemas.ts';
import { getUserInfo } from '../user/user.service.ts';
import {
  clearAuthCookies,
  SESSION_COOKIE,
  setCsrfCookie,
  setSessionCookie,
  type CookieSettings,
} from './auth.cookies.ts';
import { requireUser } from './auth.plugin.ts';
import {
  describeLink,
  INVALID_CREDENTIALS,
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
  type SessionStart,
} from './auth.service.ts';

const clientId = z.string().max(100);

/** The login form's rules (shared with the web client) plus the OAuth client, 'grove-web' by default. */
const loginBody = z.intersection(loginSchema, z.object({ client_id: clientId.default(WEB_CLIENT_ID) }));

const tokenAnswer = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** Seconds the access token lives. */
  expires_in: z.number().int(),
  token_type: z.literal('Bearer'),
  user: userInfoSchema,
});

/** The OAuth2 token request, as a form or as JSON; the grant's own fields are checked per grant. */
const tokenRequest = z.object({
  grant_type: z.string().max(64).default(''),
  client_id: clientId.default(''),
  username: z.string().max(1000).optional(),
  password: z.string().max(1000).optional(),
  refresh_token: z.string().max(200).optional(),
  scope: z.string().max(200).optional(),
});

const revokeRequest = z.object({
  token: z.string().max(200).default(''),
  client_id: clientId.default(''),
  token_type_hint: z.string().max(50).optional(),
});

const linkRequest = z.object({ email: z.string().default('') }).superRefine((data, ctx) => {
  const issue = validateEmail(data.email);
  if (issue?.severity === 'error') ctx.addIssue({ code: 'custom', path: ['email'], message: issue.message });
});

const detailAnswer = z.object({ detail: z.string() });

function clientInfo(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null };
}

/**
 * Sign-in, tokens, sign-out and one-time links (SPEC §7 Auth). Every call here is public except
 * logout; none needs CSRF except logout (it needs a signed-in user).
 */
export function authRoutes(app: App, db: Db, config: Config, email: EmailSender) {
  const deps: AuthDeps = { db, config, email, log: app.log };
  const cookies: CookieSettings = { secure: config.publicUrl.startsWith('https:') };

  const answer = async (started: SessionStart) => ({ ...started.tokens, user: await getUserInfo(db, started.userId) });

  /** Both login calls: check the password, open a session, set the CSRF (and session) cookie. */
  async function passwordLogin(
    request: FastifyRequest,
    body: z.infer<typeof loginBody>,
    reply: FastifyReply,
    kind: 'token' | 'cookie',
  ) {
    const { email, password, client_id } = body;
    const started = await loginWithPassword(deps, { email, password, clientId: client_id, kind, ...clientInfo(request) });
    setCsrfCookie(reply, cookies);
    if (kind === 'cookie' && started.sessionCookie) {
      setSessionCookie(reply, started.sessionCookie, config.REFRESH_TOKEN_TTL_SECONDS, cookies);
    }
    return answer(started);
  }

  app.post(
    '/api/v2/user/auth/login/',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Log in with e-mail and password; answers tokens and the user',
        description: `Wrong e-mail or password: 400 { non_field_errors: ["${INVALID_CREDENTIALS}"] }. Too many failures: 429 with Retry-After.`,
        body: loginBody,
        response: { 200: tokenAnswer },
      },
    },
    async (request, reply) => passwordLogin(request, request.body, reply, 'token'),
  );

  app.post(
    '/api/v2/auth/session/login/',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Log in and also open a cookie session (httpOnly grove_session cookie)',
        body: loginBody,
        response: { 200: tokenAnswer },
      },
    },
    async (request, reply) => passwordLogin(request, request.body, reply, 'cookie'),
  );

  app.post(
    '/api/v2/auth/session/logout/',
    {
      config: { policy: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'End the current session at once (bearer or cookie) and clear the cookies',
        security: [{ bearer: [], csrf: [] }],
        response: { 200: detailAnswer },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await logout(deps, {
        userId: user.id,
        sessionId: user.sessionId,
        sessionCookie: request.cookies[SESSION_COOKIE],
      });
      clearAuthCookies(reply, cookies);
      return { detail: 'Successfully logged out.' };
    },
  );

  app.post(
    '/api/v2/auth/oauth2/token/',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'OAuth2 token endpoint: grant_type password or refresh_token (form or JSON)',
        description:
          'Refresh tokens are single use: each refresh answers a new pair, and reusing an old refresh token ends the whole session. ' +
          'Errors: 401 { detail: "Invalid client", code: "invalid_client" }; 400 { error, error_description, detail, code }.',
        body: tokenRequest,
        response: { 200: tokenAnswer },
      },
    },
    async (request) => {
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
        const info = clientInfo(request);
        return answer(
          await loginWithPassword(deps, { email: address, password, clientId: body.client_id, kind: 'token', ...info }),
        );
      } catch (error) {
        if (error instanceof InvalidCredentialsError) throw new OAuthError('invalid_grant', INVALID_CREDENTIALS);
        throw error;
      }
    },
  );

  app.post(
    '/api/v2/auth/oauth2/revoke_token/',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Revoke a token (RFC 7009): its whole session ends at once',
        body: revokeRequest,
        response: { 200: z.object({}) },
      },
    },
    async (request) => {
      await revokeToken(deps, { token: request.body.token, clientId: request.body.client_id });
      return {};
    },
  );

  for (const [url, purpose, summary] of [
    ['/api/v2/auth/password/reset/', 'reset', 'Send a password reset link (valid 24 hours)'],
    ['/api/v2/auth/access/request/', 'invite', 'Send a "get access" link to set a password (valid 7 days)'],
  ] as const) {
    app.post(
      url,
      {
        config: { policy: 'public' },
        schema: {
          tags: ['auth'],
          summary,
          description: 'Answers the same whether or not the e-mail belongs to an account.',
          body: linkRequest,
          response: { 200: detailAnswer },
        },
      },
      async (request) => {
        await requestLink(deps, { email: request.body.email, purpose, ip: request.ip });
        return { detail: LINK_SENT };
      },
    );
  }

  app.get(
    '/api/v2/auth/password/set/',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Who a one-time link (/start?o=…) is for',
        description: '404 { detail, code: "link_invalid" } when the link expired or was used.',
        querystring: z.object({ o: z.string().max(200).default('') }),
        response: {
          200: z.object({
            email: z.string(),
            first_name: z.string(),
            last_name: z.string(),
            purpose: z.enum(['reset', 'invite']),
          }),
        },
      },
    },
    async (request) => describeLink(deps, request.query.o),
  );

  app.post(
    '/api/v2/auth/password/set/',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Set a password through a one-time link; ends every session of the user',
        body: setPasswordSchema,
        response: { 200: z.object({ detail: z.string(), email: z.string() }) },
      },
    },
    async (request) => {
      const { email: address } = await setPasswordWithLink(deps, request.body);
      return { detail: PASSWORD_SET, email: address };
    },
  );
}
