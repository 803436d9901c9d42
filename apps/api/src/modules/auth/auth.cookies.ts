import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { newToken } from './auth.tokens.ts';

/** The double-submit CSRF pair (SPEC §7: auth calls send a CSRF header). */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
/** The httpOnly cookie of a cookie session (POST /api/v2/auth/session/login/). */
export const SESSION_COOKIE = 'grove_session';
/**
 * The httpOnly cookie that makes a browser a known device for login throttling (auth.throttle.ts):
 * a random value set after every successful password login, sent only to the login calls, kept
 * through sign-out. It proves nothing by itself; the server keeps its hash per person who signed in.
 */
export const DEVICE_COOKIE = 'grove_device';
export const DEVICE_COOKIE_PATH = '/api/v2/';

const CSRF_MAX_AGE_SECONDS = 365 * 86_400;

export interface CookieSettings {
  /** Send cookies with the Secure flag (the public URL is https). */
  secure: boolean;
}

/** A fresh CSRF value: readable by the page (not httpOnly), sent on same-site navigation. */
export function setCsrfCookie(reply: FastifyReply, settings: CookieSettings) {
  reply.setCookie(CSRF_COOKIE, newToken(), {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure: settings.secure,
    maxAge: CSRF_MAX_AGE_SECONDS,
  });
}

export function setSessionCookie(reply: FastifyReply, token: string, maxAgeSeconds: number, settings: CookieSettings) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    secure: settings.secure,
    maxAge: maxAgeSeconds,
  });
}

export function setDeviceCookie(reply: FastifyReply, token: string, maxAgeSeconds: number, settings: CookieSettings) {
  reply.setCookie(DEVICE_COOKIE, token, {
    path: DEVICE_COOKIE_PATH,
    sameSite: 'lax',
    httpOnly: true,
    secure: settings.secure,
    maxAge: maxAgeSeconds,
  });
}

export function clearAuthCookies(reply: FastifyReply, settings: CookieSettings) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', sameSite: 'lax', httpOnly: true, secure: settings.secure });
  reply.clearCookie(CSRF_COOKIE, { path: '/', sameSite: 'lax', secure: settings.secure });
}

/** True when the X-CSRFToken header is present and equals the csrftoken cookie. */
export function csrfMatches(request: FastifyRequest): boolean {
  const header = request.headers[CSRF_HEADER];
  const cookie = request.cookies?.[CSRF_COOKIE];
  if (typeof header !== 'string' || !header || !cookie) return false;
  const a = Buffer.from(header);
  const b = Buffer.from(cookie);
  return a.length === b.length && timingSafeEqual(a, b);
}
