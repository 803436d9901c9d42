import { HTTP_MESSAGES } from '@grove/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { forbidden, HttpError, unauthorized } from '../../lib/errors.ts';
import type { App } from '../../lib/types.ts';
import { CSRF_COOKIE, csrfMatches, SESSION_COOKIE, setCsrfCookie, type CookieSettings } from './auth.cookies.ts';
import { findDeviceByToken, findUserByToken, type AuthDevice, type AuthUser } from './auth.repository.ts';
import { hashToken } from './auth.tokens.ts';
import type { SessionCache } from './session-cache.ts';

/**
 * Who may call a route. Every route declares one in `config.policy`; this file is the only place
 * that enforces it. Object-level rules (own account, coach of the account) live in access.ts and
 * are applied by the services, answering 404 for another account's objects.
 *
 * - public: anyone (a valid token still identifies the caller)
 * - user: any signed-in person (parent, coach, staff)
 * - coach: coaches and staff
 * - staff: staff only
 * - device: a game device with its device token
 *
 * CSRF (double submit): every GET without a csrftoken cookie gets one; on routes that need a
 * signed-in user, POST, PUT, PATCH and DELETE must send the cookie's value in X-CSRFToken.
 */
export type Policy = 'public' | 'user' | 'coach' | 'staff' | 'device';

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: Policy;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    device: AuthDevice | null;
  }
}

export { SESSION_COOKIE };

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const csrfFailed = () => new HttpError(403, HTTP_MESSAGES.csrfFailed, 'csrf_failed');

/** RFC 6750: `Bearer` and one token (token68 characters), nothing before or after. */
const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

/** The bearer token; '' for a malformed Authorization header (answered 401), null without one. */
function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  return BEARER.exec(header)?.[1] ?? '';
}

/** The user behind a token: from the session cache when it holds it, else from the database. */
async function lookUp(db: Db, sessions: SessionCache | null, token: string, kind: 'access' | 'cookie') {
  const tokenHash = hashToken(token);
  const key = `${kind}:${tokenHash}`;
  const cached = sessions?.get(key);
  if (cached) return cached;
  const epoch = sessions?.epoch() ?? 0;
  const found = await findUserByToken(db, tokenHash, kind);
  if (!found) return null;
  const { expiresAt, ...user } = found;
  sessions?.set(key, user, expiresAt, epoch);
  return user;
}

/** The signed-in user, from a bearer token or the session cookie; null when there is none. */
async function authenticate(
  db: Db,
  sessions: SessionCache | null,
  request: FastifyRequest,
): Promise<{ user: AuthUser | null; presented: boolean }> {
  const bearer = bearerToken(request);
  if (bearer !== null) {
    const user = bearer ? await lookUp(db, sessions, bearer, 'access') : null;
    return { user, presented: true };
  }
  const cookie = request.cookies?.[SESSION_COOKIE];
  if (cookie) return { user: await lookUp(db, sessions, cookie, 'cookie'), presented: true };
  return { user: null, presented: false };
}

/**
 * A route's policy check, made once per route: a hook that reads no route options per request.
 * `unsafe`: the route answers POST, PUT, PATCH or DELETE (whose requests must carry the CSRF header).
 */
function policyCheck(db: Db, sessions: SessionCache | null, policy: Policy, unsafe: boolean) {
  if (policy === 'device') {
    return async function checkDevice(request: FastifyRequest) {
      const token = bearerToken(request);
      const device = token ? await findDeviceByToken(db, hashToken(token)) : null;
      if (!device) throw unauthorized();
      request.device = device;
    };
  }
  if (policy === 'public') {
    return async function identify(request: FastifyRequest) {
      request.user = (await authenticate(db, sessions, request)).user;
    };
  }
  return async function checkUser(request: FastifyRequest) {
    const { user } = await authenticate(db, sessions, request);
    request.user = user;
    if (!user) throw unauthorized();
    if (policy === 'staff' && !user.isStaff) throw forbidden();
    if (policy === 'coach' && !user.isStaff && !user.isCoach) throw forbidden();
    if (unsafe && UNSAFE_METHODS.has(request.method) && !csrfMatches(request)) throw csrfFailed();
  };
}

/** Route-level hooks as Fastify holds them: none, one, or a list. */
const hooksOf = (hooks: unknown): unknown[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/**
 * The access policy on every route. `sessions` (session-cache.ts) spares the session lookup of
 * requests whose token was seen in the last seconds; null looks every request up.
 *
 * Each /api route gets the check of its own policy as its first route-level onRequest hook, chosen
 * when the route is registered (it runs after the app's onRequest hooks: cookies parsed, security
 * headers set). A route whose method cannot write (GET, HEAD, OPTIONS) gets no onSend hook, and the
 * CSRF cookie is set by a callback hook that allocates nothing when the cookie is already there
 * (decision 0055).
 */
export function registerAuth(app: App, db: Db, cookies: CookieSettings, sessions: SessionCache | null = null) {
  app.decorateRequest('user', null);
  app.decorateRequest('device', null);

  // A write may end or change sessions: this instance forgets its cache before answering it
  // (the other instances hear of it from the database's notification). A game device's upload
  // cannot touch a person or a session.
  const forgetSessions = sessions
    ? (request: FastifyRequest, _reply: FastifyReply, payload: unknown, done: (e: null, p: unknown) => void) => {
        if (UNSAFE_METHODS.has(request.method)) sessions.forgetAll();
        done(null, payload);
      }
    : null;

  app.addHook('onRoute', (route) => {
    const api = route.url.startsWith('/api');
    if (api && route.url.startsWith('/api/docs')) route.config = { ...(route.config ?? {}), policy: 'public' };
    const policy = route.config?.policy;
    if (!policy) {
      if (api) throw new Error(`Route ${route.method} ${route.url} declares no access policy`);
      return; // static files and the web app's pages
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const unsafe = methods.some((method) => UNSAFE_METHODS.has(method));
    // New arrays, never pushed into: Fastify copies a GET route's options for its HEAD route.
    route.onRequest = [policyCheck(db, sessions, policy, unsafe), ...hooksOf(route.onRequest)] as never;
    if (forgetSessions && unsafe && policy !== 'device') {
      route.onSend = [forgetSessions, ...hooksOf(route.onSend)] as never;
    }
  });

  // Every GET without a csrftoken cookie gets one: static files and the not-found answer too.
  app.addHook('onRequest', (request, reply, done) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && !request.cookies?.[CSRF_COOKIE]) {
      setCsrfCookie(reply, cookies);
    }
    done();
  });
}

/** The signed-in user of a route whose policy guarantees one. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
