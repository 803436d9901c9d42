/**
 * What the API takes from a request's headers (issue 16, smaller findings): absolute links are
 * built on PUBLIC_URL, never on the Host header a client writes, and the Authorization header is
 * parsed exactly.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { authSessions } from '../db/schema/index.ts';
import { createParent } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { hashPassword } from './passwords.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: 'https://portal.grove.example' });
});
afterAll(async () => t?.close());

describe('paging links', () => {
  it('are built on PUBLIC_URL whatever Host the request names', async () => {
    const parent = await createParent(t.db, { players: ['Ada', 'Bo', 'Cy'] });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/player/accounts/${parent.account.id}/?page_size=1&page=2`,
      headers: { ...parent.headers, host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.next).toBe(
      `https://portal.grove.example/api/v2/player/accounts/${parent.account.id}/?page_size=1&page=3`,
    );
    expect(body.previous).toBe(
      `https://portal.grove.example/api/v2/player/accounts/${parent.account.id}/?page_size=1&page=1`,
    );
  });
});

describe('the Authorization header', () => {
  it('accepts exactly "Bearer <token>" and answers 401 to anything around it', async () => {
    const parent = await createParent(t.db);
    const call = (authorization: string) =>
      t.app.inject({ method: 'GET', url: '/api/v2/user/info/', headers: { authorization } });
    expect((await call(`Bearer ${parent.token}`)).statusCode).toBe(200);
    expect((await call(`bearer ${parent.token}`)).statusCode).toBe(200);
    for (const header of [
      `Bearer ${parent.token} x`,
      `Bearer  ${parent.token}`,
      `Bearer ${parent.token},x`,
      `Basic ${parent.token}`,
      'Bearer',
      `${parent.token}`,
    ]) {
      const res = await call(header);
      expect(res.statusCode, header).toBe(401);
      expect(res.json()).toEqual({ detail: 'Invalid Token', code: 'invalid_token' });
    }
  });
});

describe('the client address behind proxies (TRUST_PROXY)', () => {
  /** The address the app sees for a request from `remoteAddress` with `X-Forwarded-For: forwarded`. */
  async function clientIp(env: Record<string, string>, remoteAddress: string, forwarded: string, proto?: string) {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '.tmp/no-web', ...env });
    const app = await buildApp(config, t.database, { logger: false });
    let seen: { ip: string; protocol: string } | undefined;
    app.addHook('onRequest', async (request) => {
      seen = { ip: request.ip, protocol: request.protocol };
    });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress,
        headers: { 'x-forwarded-for': forwarded, ...(proto ? { 'x-forwarded-proto': proto } : {}) },
      });
      return { ...seen!, hsts: res.headers['strict-transport-security'] };
    } finally {
      await app.close();
    }
  }

  it('takes the right-most address a trusted hop added, not the one a client wrote', async () => {
    expect((await clientIp({ TRUST_PROXY: '1' }, '10.0.0.5', 'spoofed, 203.0.113.9')).ip).toBe('203.0.113.9');
    expect((await clientIp({ TRUST_PROXY: '2' }, '10.0.0.5', '6.6.6.6, 203.0.113.9, 10.0.0.7')).ip).toBe('203.0.113.9');
    expect((await clientIp({ TRUST_PROXY: '10.0.0.0/8' }, '10.0.0.5', '6.6.6.6, 203.0.113.9, 10.0.0.7')).ip).toBe(
      '203.0.113.9',
    );
  });

  it('believes no header from an address that is not a trusted proxy, nor by default', async () => {
    expect((await clientIp({ TRUST_PROXY: '10.0.0.0/8' }, '198.51.100.4', '203.0.113.9')).ip).toBe('198.51.100.4');
    expect((await clientIp({}, '198.51.100.4', '203.0.113.9')).ip).toBe('198.51.100.4');
  });

  it('sends HSTS only on requests that arrived over HTTPS, as a trusted proxy says', async () => {
    const behind = await clientIp({ TRUST_PROXY: '1' }, '10.0.0.5', '203.0.113.9', 'https');
    expect(behind.protocol).toBe('https');
    expect(behind.hsts).toBe('max-age=31536000; includeSubDomains');
    expect((await clientIp({ TRUST_PROXY: '1' }, '10.0.0.5', '203.0.113.9', 'http')).hsts).toBeUndefined();
    // A client that writes X-Forwarded-Proto itself is not believed.
    expect((await clientIp({}, '198.51.100.4', '203.0.113.9', 'https')).hsts).toBeUndefined();
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('sign-in behind one proxy (TRUST_PROXY=1)', () => {
  it('records (and throttles on) the address the proxy saw, not the one the client wrote', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '.tmp/no-web',
      TRUST_PROXY: '1',
    });
    const app = await buildApp(config, t.database, { logger: false });
    try {
      const password = 'Proxy-Trust-Password-7';
      const parent = await createParent(t.db, { user: { passwordHash: await hashPassword(password) } });
      const res = await app.inject({
        method: 'POST',
        url: '/api/v2/user/auth/login/',
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': 'spoofed, 203.0.113.77' },
        payload: { email: parent.user.email, password },
      });
      expect(res.statusCode).toBe(200);
      // The session keeps the address the login throttle counted (auth.routes.ts: request.ip).
      const sessions = await t.db.select().from(authSessions).where(eq(authSessions.userId, parent.user.id));
      expect(sessions.map((session) => session.ip)).toContain('203.0.113.77');
      expect(sessions.map((session) => session.ip)).not.toContain('spoofed');
    } finally {
      await app.close();
    }
  });
});
