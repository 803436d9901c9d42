import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, authTokens, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { authHeaders, createParent, createStaff, issueAccessToken, TEST_CSRF } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { hashToken } from './auth.tokens.ts';

const PASSWORD = 'Sunny-Meadow-42';
const BAD_CREDENTIALS = { non_field_errors: ['Unable to log in with provided credentials.'] };
const INVALID_TOKEN = { detail: 'Invalid Token', code: 'invalid_token' };
const CSRF_FAILED = { detail: 'CSRF Failed: CSRF token missing or incorrect.', code: 'csrf_failed' };

let t: TestContext;
let passwordHash: string;
beforeAll(async () => {
  t = await createTestContext();
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => t.close());

/** A parent whose password is PASSWORD. */
async function parentWithPassword(options: Parameters<typeof createParent>[1] = {}) {
  return createParent(t.db, { ...options, user: { passwordHash, ...options.user } });
}

const login = (body: Record<string, unknown>, url = '/api/v2/user/auth/login/') =>
  t.app.inject({ method: 'POST', url, payload: body });

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const tokenCall = (fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/auth/oauth2/token/',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(fields),
  });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const userInfo = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v2/user/info/', headers });

describe('POST /api/v2/user/auth/login/', () => {
  it('answers the tokens and the user for the right password, and stores only hashes', async () => {
    const { user, account } = await parentWithPassword({ tags: ['referral'] });
    const res = await login({ email: user.email, password: PASSWORD });

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: 900,
      token_type: 'Bearer',
      user: {
        id: user.id,
        first_name: 'Test',
        last_name: 'User',
        name: 'Test User',
        full_name: 'Test User',
        email: user.email,
        pending_email: null,
        phonenumber: '',
        country: 'US',
        social_account: null,
        is_staff: false,
        is_coach: false,
        is_billing_user: true,
        role: 'user',
        account: { id: account.id, tags: ['referral'], account_status: 'ACTIVE', time_zone: 'America/New_York' },
        billing_status: { status_name: 'ACTIVE' },
        language: null,
      },
    });
    expect(body.access_token).not.toBe(body.refresh_token);

    const rows = await t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(body.access_token)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.kind).toBe('access');
    const lifetime = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(Math.abs(lifetime - 900_000)).toBeLessThan(5_000);
    expect(await t.db.select().from(authTokens).where(eq(authTokens.tokenHash, body.access_token))).toHaveLength(0);

    const [session] = await t.db.select().from(authSessions).where(eq(authSessions.id, rows[0]!.sessionId));
    expect(session).toMatchObject({ userId: user.id, clientId: 'grove-web', kind: 'token', revokedAt: null });
    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stored!.lastLoginAt).toBeInstanceOf(Date);

    const csrf = res.cookies.find((c) => c.name === 'csrftoken');
    expect(csrf).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(csrf!.httpOnly).toBeFalsy();
    expect(csrf!.value.length).toBeGreaterThan(20);
    expect(res.cookies.find((c) => c.name === 'grove_session')).toBeUndefined();

    const me = await userInfo(bearer(body.access_token));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body.user);
  });

  it('matches the e-mail address case-insensitively', async () => {
    const { user } = await parentWithPassword();
    const res = await login({ email: `  ${user.email.toUpperCase()} `, password: PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail with the same 400 and body', async () => {
    const { user } = await parentWithPassword();
    const wrong = await login({ email: user.email, password: 'Wrong-Password-1' });
    const unknown = await login({ email: 'nobody-here@example.test', password: PASSWORD });

    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(BAD_CREDENTIALS);
    expect(unknown.json()).toEqual(BAD_CREDENTIALS);
    expect(wrong.cookies.find((c) => c.name === 'csrftoken')).toBeUndefined();
    const sessions = await t.db.select().from(authSessions).where(eq(authSessions.userId, user.id));
    expect(sessions).toHaveLength(1); // the factory's own session only
  });

  it('refuses users without a password and inactive users with the same answer', async () => {
    const { user: invited } = await createParent(t.db);
    const { user: inactive } = await parentWithPassword({ user: { isActive: false } });
    for (const email of [invited.email, inactive.email]) {
      const res = await login({ email, password: PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(BAD_CREDENTIALS);
    }
  });

  it('answers the shared login rules as field errors', async () => {
    const empty = await login({ email: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ email: ['Email is required'], password: ['Password is required'] });

    const long = await login({ email: 'someone@example.test', password: 'x'.repeat(41) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ password: ['Password must be at most 40 characters'] });
  });

  it('answers 401 invalid_client for an unknown client id', async () => {
    const { user } = await parentWithPassword();
    const res = await login({ email: user.email, password: PASSWORD, client_id: 'no-such-client' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Invalid client', code: 'invalid_client' });
  });
});

describe('the language picked on the login page (issue 29)', () => {
  const storedLanguage = async (userId: number) =>
    (await t.db.select({ language: users.language }).from(users).where(eq(users.id, userId)))[0]!.language;

  it('becomes the person’s language at sign-in, on both login calls', async () => {
    for (const url of ['/api/v2/user/auth/login/', '/api/v2/auth/session/login/']) {
      const { user } = await parentWithPassword();
      const res = await login({ email: user.email, password: PASSWORD, language: 'es' }, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json().user.language).toBe('es');
      expect(await storedLanguage(user.id)).toBe('es');
    }
  });

  it('leaves the stored language as it was when none is sent', async () => {
    const { user: chosen } = await parentWithPassword({ user: { language: 'es' } });
    const res = await login({ email: chosen.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.language).toBe('es');
    expect(await storedLanguage(chosen.id)).toBe('es');

    const { user: never } = await parentWithPassword();
    expect((await login({ email: never.email, password: PASSWORD })).json().user.language).toBeNull();
    expect(await storedLanguage(never.id)).toBeNull();
  });

  it('changes nothing for a wrong password, and refuses a language Grove does not speak', async () => {
    const { user } = await parentWithPassword({ user: { language: 'en' } });
    const wrong = await login({ email: user.email, password: 'Wrong-Password-1', language: 'es' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(BAD_CREDENTIALS);
    for (const language of ['fr', '', 7, null]) {
      const res = await login({ email: user.email, password: PASSWORD, language });
      expect(res.statusCode, String(language)).toBe(400);
      expect(res.json()).toEqual({ language: ['Choose one of: en, es.'] });
    }
    expect(await storedLanguage(user.id)).toBe('en');
  });
});

describe('POST /api/v2/auth/session/login/', () => {
  it('also opens an httpOnly cookie session that authenticates without a bearer token', async () => {
    const { user } = await parentWithPassword();
    const res = await login({ email: user.email, password: PASSWORD }, '/api/v2/auth/session/login/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'Bearer', expires_in: 900, user: { id: user.id } });

    const session = res.cookies.find((c) => c.name === 'grove_session');
    const csrf = res.cookies.find((c) => c.name === 'csrftoken');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(csrf).toBeDefined();
    const [stored] = await t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(session!.value)));
    expect(stored!.kind).toBe('cookie');

    const me = await userInfo({ cookie: `grove_session=${session!.value}` });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
  });

  it('logs out a cookie session with the CSRF pair, ending it at once', async () => {
    const { user } = await parentWithPassword();
    const res = await login({ email: user.email, password: PASSWORD }, '/api/v2/auth/session/login/');
    const session = res.cookies.find((c) => c.name === 'grove_session')!.value;
    const csrf = res.cookies.find((c) => c.name === 'csrftoken')!.value;
    const cookie = `grove_session=${session}; csrftoken=${csrf}`;

    const noCsrf = await t.app.inject({ method: 'POST', url: '/api/v2/auth/session/logout/', headers: { cookie } });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json()).toEqual(CSRF_FAILED);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/session/logout/',
      headers: { cookie, 'x-csrftoken': csrf },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ detail: 'Successfully logged out.' });
    const cleared = out.cookies.find((c) => c.name === 'grove_session');
    expect(cleared!.value).toBe('');
    expect(cleared!.expires!.getTime()).toBeLessThan(Date.now());

    const me = await userInfo({ cookie: `grove_session=${session}` });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual(INVALID_TOKEN);
    expect(await userInfo(bearer(res.json().access_token))).toMatchObject({ statusCode: 401 });
  });
});

describe('POST /api/v2/auth/oauth2/token/', () => {
  it('grants tokens for username and password posted as a form', async () => {
    const { user } = await parentWithPassword();
    const res = await tokenCall({
      grant_type: 'password',
      username: user.email,
      password: PASSWORD,
      client_id: 'grove-game',
      scope: 'read write groups',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'Bearer', expires_in: 900, user: { id: user.id, role: 'user' } });
    const [token] = await t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(res.json().access_token)));
    const [session] = await t.db.select().from(authSessions).where(eq(authSessions.id, token!.sessionId));
    expect(session!.clientId).toBe('grove-game');
  });

  it('accepts JSON too', async () => {
    const { user } = await parentWithPassword();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/oauth2/token/',
      payload: { grant_type: 'password', username: user.email, password: PASSWORD, client_id: 'grove-web' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers OAuth2 errors: invalid_grant, invalid_client, unsupported_grant_type', async () => {
    const { user } = await parentWithPassword();
    const wrong = await tokenCall({
      grant_type: 'password',
      username: user.email,
      password: 'nope',
      client_id: 'grove-web',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Unable to log in with provided credentials.',
      detail: 'Unable to log in with provided credentials.',
      code: 'invalid_grant',
    });

    const client = await tokenCall({
      grant_type: 'password',
      username: user.email,
      password: PASSWORD,
      client_id: 'evil',
    });
    expect(client.statusCode).toBe(401);
    expect(client.json()).toEqual({ detail: 'Invalid client', code: 'invalid_client' });

    const grant = await tokenCall({ grant_type: 'client_credentials', client_id: 'grove-web' });
    expect(grant.statusCode).toBe(400);
    expect(grant.json()).toMatchObject({ error: 'unsupported_grant_type' });

    const missing = await tokenCall({ grant_type: 'password', client_id: 'grove-web' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: 'invalid_request',
      detail: 'Email is required Password is required',
    });
  });

  it('rotates refresh tokens, and a reused one ends the whole session', async () => {
    const { user } = await parentWithPassword();
    const first = (await login({ email: user.email, password: PASSWORD })).json();

    const second = await tokenCall({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      client_id: 'grove-web',
    });
    expect(second.statusCode).toBe(200);
    const pair = second.json();
    expect(pair).toMatchObject({ token_type: 'Bearer', expires_in: 900, user: { id: user.id } });
    expect(pair.refresh_token).not.toBe(first.refresh_token);
    expect(pair.access_token).not.toBe(first.access_token);
    const [used] = await t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(first.refresh_token)));
    expect(used!.usedAt).toBeInstanceOf(Date);
    expect((await userInfo(bearer(pair.access_token))).statusCode).toBe(200);

    const reuse = await tokenCall({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      client_id: 'grove-web',
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ error: 'invalid_grant', code: 'invalid_grant' });

    const [session] = await t.db.select().from(authSessions).where(eq(authSessions.id, used!.sessionId));
    expect(session).toMatchObject({ revokedReason: 'refresh_token_reuse' });
    expect(session!.revokedAt).toBeInstanceOf(Date);
    // Every token of the family is dead: the newest access and refresh tokens too.
    expect((await userInfo(bearer(pair.access_token))).json()).toEqual(INVALID_TOKEN);
    const next = await tokenCall({
      grant_type: 'refresh_token',
      refresh_token: pair.refresh_token,
      client_id: 'grove-web',
    });
    expect(next.statusCode).toBe(400);
  });

  it('refuses a refresh token of another client, an access token as refresh token, and garbage', async () => {
    const { user } = await parentWithPassword();
    const tokens = (await login({ email: user.email, password: PASSWORD })).json();
    for (const fields of [
      { refresh_token: tokens.refresh_token, client_id: 'grove-game' },
      { refresh_token: tokens.access_token, client_id: 'grove-web' },
      { refresh_token: 'garbage', client_id: 'grove-web' },
    ]) {
      const res = await tokenCall({ grant_type: 'refresh_token', ...fields });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_grant');
    }
    // None of those used up the real refresh token.
    const ok = await tokenCall({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: 'grove-web',
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('POST /api/v2/auth/oauth2/revoke_token/', () => {
  it('ends the session of the token at once and answers {}', async () => {
    const { user } = await parentWithPassword();
    const tokens = (await login({ email: user.email, password: PASSWORD })).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/oauth2/revoke_token/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ token: tokens.refresh_token, client_id: 'grove-web' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect((await userInfo(bearer(tokens.access_token))).statusCode).toBe(401);
    const refresh = await tokenCall({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: 'grove-web',
    });
    expect(refresh.statusCode).toBe(400);
  });

  it('answers {} for unknown tokens, and leaves tokens of another client alone', async () => {
    const { user } = await parentWithPassword();
    const tokens = (await login({ email: user.email, password: PASSWORD })).json();
    const revoke = (payload: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/v2/auth/oauth2/revoke_token/', payload });
    expect((await revoke({ token: 'unknown', client_id: 'grove-web' })).json()).toEqual({});
    expect((await revoke({ token: tokens.access_token, client_id: 'grove-game' })).statusCode).toBe(200);
    expect((await userInfo(bearer(tokens.access_token))).statusCode).toBe(200);
    expect((await revoke({ token: tokens.access_token, client_id: 'nope' })).statusCode).toBe(401);
  });
});

describe('POST /api/v2/auth/session/logout/', () => {
  it('ends a bearer session at once and clears the cookies', async () => {
    const { user } = await parentWithPassword();
    const tokens = (await login({ email: user.email, password: PASSWORD })).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/session/logout/',
      headers: authHeaders(tokens.access_token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Successfully logged out.' });
    expect(res.cookies.map((c) => c.name).sort()).toEqual(['csrftoken', 'grove_session']);

    const again = await userInfo(bearer(tokens.access_token));
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(INVALID_TOKEN);
    const refresh = await tokenCall({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: 'grove-web',
    });
    expect(refresh.statusCode).toBe(400);
    const [token] = await t.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(tokens.access_token)));
    const [session] = await t.db.select().from(authSessions).where(eq(authSessions.id, token!.sessionId));
    expect(session!.revokedReason).toBe('logout');
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/auth/session/logout/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID_TOKEN);
  });
});

describe('CSRF double submit', () => {
  it('answers 403 to an unsafe call without the header, or with a header that differs from the cookie', async () => {
    const { token } = await createParent(t.db);
    const logout = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/v2/auth/session/logout/', headers: { ...bearer(token), ...headers } });

    const missing = await logout({});
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual(CSRF_FAILED);
    expect((await logout({ 'x-csrftoken': TEST_CSRF })).statusCode).toBe(403);
    expect((await logout({ cookie: `csrftoken=${TEST_CSRF}` })).statusCode).toBe(403);
    expect((await logout({ cookie: `csrftoken=${TEST_CSRF}`, 'x-csrftoken': 'other-value' })).statusCode).toBe(403);
    // The session is still alive after the refused calls.
    expect((await userInfo(bearer(token))).statusCode).toBe(200);
    expect((await logout({ cookie: `csrftoken=${TEST_CSRF}`, 'x-csrftoken': TEST_CSRF })).statusCode).toBe(200);
  });

  it('sets a csrftoken cookie on a GET that has none, and keeps an existing one', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    for (const res of [page, api]) {
      const csrf = res.cookies.find((c) => c.name === 'csrftoken');
      expect(csrf).toMatchObject({ path: '/', sameSite: 'Lax' });
      expect(csrf!.httpOnly).toBeFalsy();
    }
    const kept = await t.app.inject({ method: 'GET', url: '/api/health', headers: { cookie: 'csrftoken=mine' } });
    expect(kept.cookies.find((c) => c.name === 'csrftoken')).toBeUndefined();
  });

  it('does not ask public calls for it', async () => {
    const res = await login({ email: 'nobody@example.test', password: 'whatever1' });
    expect(res.statusCode).toBe(400);
  });
});

describe('tokens', () => {
  it('answers 401 Invalid Token for an expired access token', async () => {
    const { user } = await createParent(t.db);
    const expired = await issueAccessToken(t.db, user.id, -1);
    const res = await userInfo(bearer(expired));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID_TOKEN);
  });

  it('answers 401 Invalid Token for an unknown token and a malformed header', async () => {
    for (const authorization of ['Bearer not-a-token', 'Bearer', 'Basic abc']) {
      const res = await userInfo({ authorization });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID_TOKEN);
    }
  });

  it('does not accept a refresh token as an access token', async () => {
    const { user } = await parentWithPassword();
    const tokens = (await login({ email: user.email, password: PASSWORD })).json();
    expect((await userInfo(bearer(tokens.refresh_token))).statusCode).toBe(401);
  });

  it('lets staff read their own info with the admin role', async () => {
    const { user, headers } = await createStaff(t.db);
    const res = await userInfo(headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, is_staff: true, role: 'admin', account: null });
  });
});
