/** Sign-in, tokens, sign-out and one-time links (SPEC §7 Auth; docs/decisions/0004-auth-tokens-and-csrf.md). */
import * as z from 'zod';

import { WEB_CLIENT_ID } from '../constants.ts';
import { emailSchema } from '../field-schemas.ts';
import { loginSchema, setPasswordSchema } from '../validation.ts';
import { messages, plural, template } from '../translation.ts';
import { count, detailAnswer, emptyAnswer, endpoint, text, type Reply, type RequestBody } from './common.ts';
import { languageChoice, userInfo } from './user.ts';

const tags = ['auth'];

/** The 400 answer's non_field_errors message for a wrong e-mail or password. */
export const INVALID_CREDENTIALS = 'Unable to log in with provided credentials.';

/** The sign-in refusals people read (translated: translation.ts). */
export const AUTH_MESSAGES = messages({
  invalidCredentials: INVALID_CREDENTIALS,
  throttledSeconds: plural(
    {
      one: 'Too many failed sign-in attempts. Please try again in {count} second.',
      other: 'Too many failed sign-in attempts. Please try again in {count} seconds.',
    },
    (seconds: number) => ({ count: seconds }),
  ),
  /** From 90 seconds on: always 2 minutes or more. */
  throttledMinutes: template(
    'Too many failed sign-in attempts. Please try again in {count} minutes.',
    (minutes: number) => ({ count: minutes }),
  ),
  /** A password-setting link (reset, invitation) that is unknown, expired or spent: 404 link_invalid. */
  linkInvalid: 'This link has expired or was already used.',
});

/**
 * The 429 answer's detail when sign-in attempts are throttled (docs/decisions/0032): says when to
 * try again, as the Retry-After header does in seconds.
 */
export function loginThrottledMessage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return seconds < 90
    ? AUTH_MESSAGES.throttledSeconds(seconds)
    : AUTH_MESSAGES.throttledMinutes(Math.ceil(seconds / 60));
}

const THROTTLED =
  'Too many failed attempts: 429 { detail: "Too many failed sign-in attempts. Please try again in N seconds.", code: "throttled" } ' +
  'with Retry-After (seconds). Failures are counted per e-mail address and per client address, with short growing delays; ' +
  'a browser that signed in before (grove_device cookie, set on every successful login) is throttled on its own.';

const clientId = text({ max: 100, allowBlank: true });

/**
 * The login form's rules plus the OAuth client, 'grove-web' by default, and the language the person
 * picked on the login page, if any (stored with them once they are signed in).
 */
const loginBody = z.intersection(
  loginSchema,
  z.object({
    client_id: clientId.default(WEB_CLIENT_ID),
    language: languageChoice
      .optional()
      .describe('The language picked on the login page: stored as the person’s language once they are signed in.'),
  }),
);

const tokenAnswer = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: count.describe('Seconds the access token lives.'),
  token_type: z.literal('Bearer'),
  user: userInfo,
});

/** The OAuth2 token request, as a form or as JSON; the grant's own fields are checked per grant. */
const tokenRequest = z.object({
  grant_type: text({ max: 64, allowBlank: true }).default(''),
  client_id: clientId.default(''),
  username: text({ max: 1000, allowBlank: true }).optional(),
  password: z.string().max(1000).optional(),
  refresh_token: text({ max: 200, allowBlank: true }).optional(),
  scope: text({ max: 200, allowBlank: true }).optional(),
});

const revokeRequest = z.object({
  token: text({ max: 200, allowBlank: true }).default(''),
  client_id: clientId.default(''),
  token_type_hint: text({ max: 50, allowBlank: true }).optional(),
});

const linkRequest = z.object({ email: emailSchema });

export const LINK_PURPOSES = ['reset', 'invite'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

const linkRequestEndpoint = (url: string, summary: string) =>
  endpoint('POST', url, {
    tags,
    summary,
    description: 'Answers the same whether or not the e-mail belongs to an account.',
    body: linkRequest,
    response: { 200: detailAnswer },
  });

export const authApi = {
  login: endpoint('POST', '/api/v2/user/auth/login/', {
    tags,
    summary: 'Log in with e-mail and password; answers tokens and the user',
    description: `Wrong e-mail or password: 400 { non_field_errors: ["${INVALID_CREDENTIALS}"] }. ${THROTTLED}`,
    body: loginBody,
    response: { 200: tokenAnswer },
  }),
  sessionLogin: endpoint('POST', '/api/v2/auth/session/login/', {
    tags,
    summary: 'Log in and also open a cookie session (httpOnly grove_session cookie)',
    description: `Errors as for /api/v2/user/auth/login/. ${THROTTLED}`,
    body: loginBody,
    response: { 200: tokenAnswer },
  }),
  logout: endpoint('POST', '/api/v2/auth/session/logout/', {
    tags,
    summary: 'End the current session at once (bearer or cookie) and clear the cookies',
    response: { 200: detailAnswer },
  }),
  token: endpoint('POST', '/api/v2/auth/oauth2/token/', {
    tags,
    summary: 'OAuth2 token endpoint: grant_type password or refresh_token (form or JSON)',
    description:
      'Refresh tokens are single use: each refresh answers a new pair, and reusing an old refresh token ends the whole session. ' +
      'Errors: 401 { detail: "Invalid client", code: "invalid_client" }; 400 { error, error_description, detail, code }. ' +
      THROTTLED,
    body: tokenRequest,
    response: { 200: tokenAnswer },
  }),
  revoke: endpoint('POST', '/api/v2/auth/oauth2/revoke_token/', {
    tags,
    summary: 'Revoke a token (RFC 7009): its whole session ends at once',
    body: revokeRequest,
    response: { 200: emptyAnswer },
  }),
  passwordReset: linkRequestEndpoint('/api/v2/auth/password/reset/', 'Send a password reset link (valid 24 hours)'),
  accessRequest: linkRequestEndpoint(
    '/api/v2/auth/access/request/',
    'Send a "get access" link to set a password (valid 7 days)',
  ),
  describeLink: endpoint('GET', '/api/v2/auth/password/set/', {
    tags,
    summary: 'Who a one-time link (/start?o=…) is for',
    description: '404 { detail, code: "link_invalid" } when the link expired or was used.',
    querystring: z.object({ o: text({ max: 200, allowBlank: true }).default('') }),
    response: {
      200: z.object({
        email: z.string(),
        first_name: z.string(),
        last_name: z.string(),
        purpose: z.enum(LINK_PURPOSES),
      }),
    },
  }),
  setPassword: endpoint('POST', '/api/v2/auth/password/set/', {
    tags,
    summary: 'Set a password through a one-time link; ends every session of the user',
    body: setPasswordSchema,
    response: { 200: z.object({ detail: z.string(), email: z.string() }) },
  }),
};

export type LoginAnswer = Reply<typeof authApi.login>;
export type Credentials = Omit<RequestBody<typeof authApi.login>, 'client_id'>;
export type TokenRequest = RequestBody<typeof authApi.token>;
export type RevokeRequest = RequestBody<typeof authApi.revoke>;
export type SetPasswordLink = Reply<typeof authApi.describeLink>;
export type SetPasswordRequest = RequestBody<typeof authApi.setPassword>;
export type SetPasswordAnswer = Reply<typeof authApi.setPassword>;
export type DetailAnswer = z.input<typeof detailAnswer>;
