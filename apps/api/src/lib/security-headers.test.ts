/**
 * The security headers are computed once (security-headers.ts) instead of by @fastify/helmet on
 * every request: every kind of answer must carry exactly what the plugin itself would have set.
 */
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetOptions } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createParent } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { computeSecurityHeaders, registerSecurityHeaders, type SecurityHeaders } from './security-headers.ts';

const CONFIGS = {
  plain: loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: '.tmp/no-web' }),
  configured: loadConfig({
    NODE_ENV: 'test',
    WEB_DIST_DIR: '.tmp/no-web',
    PUBLIC_URL: 'https://grove.example',
    WEB_API_URL: 'https://api.grove.example/api/',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_51Hx9Grove',
    ANALYTICS_ID: 'GTM-ABC1234',
  }),
};

/** The same routes on an app with the plugin and on one with the precomputed headers. */
function withRoutes(app: FastifyInstance) {
  app.get('/ok', async () => ({ ok: true }));
  app.get('/text', async (_request, reply) => reply.type('text/plain').send('hello'));
  app.get('/refused', async (_request, reply) => reply.status(401).send({ detail: 'Invalid Token' }));
  app.get('/thrown', async () => {
    throw Object.assign(new Error('no'), { statusCode: 403 });
  });
  app.get('/failed', async () => {
    throw new Error('boom');
  });
  // What Swagger UI does: a route may still replace a header with its own.
  app.get('/own-csp', async (_request, reply) =>
    reply.header('content-security-policy', "default-src 'none'").send('docs'),
  );
  app.post('/write', async () => ({ ok: true }));
  return app;
}

const URLS = ['/ok', '/text', '/refused', '/thrown', '/failed', '/own-csp', '/nothing-here'];
const VARYING = new Set(['date', 'content-length', 'connection', 'keep-alive']);

async function answers(app: FastifyInstance) {
  await app.ready();
  const seen: Record<string, Record<string, unknown>> = {};
  for (const url of URLS) {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await app.inject({ method, url });
      seen[`${method} ${url}`] = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !VARYING.has(name)));
    }
  }
  const post = await app.inject({ method: 'POST', url: '/write', payload: { a: 1 } });
  seen['POST /write'] = Object.fromEntries(Object.entries(post.headers).filter(([name]) => !VARYING.has(name)));
  await app.close();
  return seen;
}

describe.each(Object.entries(CONFIGS))('security headers (%s configuration)', (_name, config) => {
  it('are the headers @fastify/helmet sets, on every kind of answer', async () => {
    const plugin = Fastify({ logger: false });
    await plugin.register(helmet, helmetOptions(config));
    const precomputed = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    registerSecurityHeaders(precomputed, await computeSecurityHeaders(helmetOptions(config)));

    const expected = await answers(withRoutes(plugin));
    const actual = await answers(withRoutes(precomputed));
    expect(actual).toEqual(expected);
    // Not vacuous: the policy and the frame rules are there.
    expect(actual['GET /ok']!['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(actual['GET /failed']!['x-content-type-options']).toBe('nosniff');
    expect(actual['GET /own-csp']!['content-security-policy']).toBe("default-src 'none'");
  });

  it('are computed once, frozen', async () => {
    const headers = await computeSecurityHeaders(helmetOptions(config));
    expect(Object.isFrozen(headers)).toBe(true);
    expect(headers['strict-transport-security']).toBeUndefined(); // HSTS: only over HTTPS (app.ts)
  });
});

describe('security headers of the app', () => {
  let t: TestContext;
  let expected: SecurityHeaders;
  beforeAll(async () => {
    t = await createTestContext();
    expected = await computeSecurityHeaders(
      helmetOptions(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '.tmp/no-web' })),
    );
  });
  afterAll(() => t.close());

  it('are on answered, refused, missing and failed requests alike', async () => {
    const parent = await createParent(t.db);
    const requests = [
      { method: 'GET', url: '/api/health' },
      { method: 'GET', url: '/api/v2/user/info/', headers: parent.headers },
      { method: 'GET', url: '/api/v2/user/info/' }, // 401
      { method: 'HEAD', url: '/api/v2/user/info/' }, // 401
      { method: 'GET', url: '/api/v2/no-such-thing/' }, // 404
      { method: 'PATCH', url: '/api/v2/user/info/', headers: { authorization: parent.headers.authorization! } }, // 403 CSRF
      {
        method: 'POST',
        url: '/api/v2/user/auth/login/',
        payload: '{',
        headers: { 'content-type': 'application/json' },
      }, // 400
    ] as const;
    for (const request of requests) {
      const res = await t.app.inject(request as never);
      const got = Object.fromEntries(Object.keys(expected).map((name) => [name, res.headers[name]]));
      expect({ request: `${request.method} ${request.url} ${res.statusCode}`, headers: got }).toEqual({
        request: `${request.method} ${request.url} ${res.statusCode}`,
        headers: expected,
      });
      expect(res.headers['x-request-id']).toBeTruthy();
    }
  });
});
