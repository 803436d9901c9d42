import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { forbidden, HttpError, unauthorized } from '../../lib/errors.ts';
import type { App } from '../../lib/types.ts';
import { CSRF_COOKIE, csrfMatches, SESSION_COOKIE, setCsrfCookie, type CookieSettings } from './auth.cookies.ts';
import { findDeviceByToken, findUserByToken, type AuthDevice, type AuthUser } from './auth.repository.ts';
import { hashToken } from './auth.tokens.ts';

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

export const csrfFailed = () => new HttpError(403, 'CSRF Failed: CSRF token missing or incorrect.', 'csrf_failed');

/** RFC 6750: `Bearer` and one token (token68 characters), nothing before or after. */
const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

/** The bearer token; '' for a malformed Authorization header (answered 401), null without one. */
function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  return BEARER.exec(header)?.[1] ?? '';
}

/** The signed-in user, from a bearer token or the session cookie; null when there is none. */
async function authenticate(db: Db, request: FastifyRequest): Promise<{ user: AuthUser | null; presented: boolean }> {
  const bearer = bearerToken(request);
  if (bearer !== null) {
    const user = bearer ? await findUserByToken(db, hashToken(bearer), 'access') : null;
    return { user, presented: true };
  }
  const cookie = request.cookies?.[SESSION_COOKIE];
  if (cookie) return { user: await findUserByToken(db, hashToken(cookie), 'cookie'), presented: true };
  return { user: null, presented: false };
}

export function registerAuth(app: App, db: Db, cookies: CookieSettings) {
  app.decorateRequest('user', null);
  app.decorateRequest('device', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (route.url.startsWith('/api/docs')) {
      route.config = { ...(route.config ?? {}), policy: 'public' };
      return;
    }
    if (!route.config?.policy) throw new Error(`Route ${route.method} ${route.url} declares no access policy`);
  });

  app.addHook('onRequest', async (request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && !request.cookies?.[CSRF_COOKIE]) {
      setCsrfCookie(reply, cookies);
    }
    const policy = request.routeOptions.config.policy;
    if (!policy) return; // static files and the not-found handler
    if (policy === 'device') {
      const token = bearerToken(request);
      const device = token ? await findDeviceByToken(db, hashToken(token)) : null;
      if (!device) throw unauthorized();
      request.device = device;
      return;
    }
    const { user } = await authenticate(db, request);
    request.user = user;
    if (policy === 'public') return;
    if (!user) throw unauthorized();
    if (policy === 'staff' && !user.isStaff) throw forbidden();
    if (policy === 'coach' && !user.isStaff && !user.isCoach) throw forbidden();
    if (UNSAFE_METHODS.has(request.method) && !csrfMatches(request)) throw csrfFailed();
  });
}

/** The signed-in user of a route whose policy guarantees one. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
