import { eq } from 'drizzle-orm';
import type * as FastifyModule from 'fastify';
import type { RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { App } from '../../lib/types.ts';
import { accounts } from '../../db/schema/index.ts';
import { createCoach, createParent, createStaff } from '../../../test/factories.ts';
import { openTestDatabase } from '../../../test/helpers.ts';
import { assertAccountAccess } from './access.ts';
import { requireUser, registerAuth } from './auth.plugin.ts';

// Every Fastify instance built in this file reports each route it registers, so the test sees the
// real list of routes buildApp registers, with their declared config.
const { routes } = vi.hoisted(() => ({ routes: [] as RouteOptions[] }));
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof FastifyModule>();
  const withRouteLog = ((options?: Parameters<typeof original.default>[0]) => {
    const instance = original.default(options);
    instance.addHook('onRoute', (route) => {
      routes.push(route);
    });
    return instance;
  }) as typeof original.default;
  return { ...original, default: withRouteLog, fastify: withRouteLog };
});

const POLICIES = ['public', 'user', 'coach', 'staff', 'device'];

let database: Database;
let app: App;
beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '.tmp/no-web' });
  app = await buildApp(config, database, { logger: false });
  // A tiny route that reads an account through the one object-level rule (access.ts).
  app.get<{ Params: { accountId: string } }>(
    '/api/test/accounts/:accountId',
    { config: { policy: 'user' } },
    async (request) => {
      const relation = await assertAccountAccess(database.db, requireUser(request), Number(request.params.accountId));
      return { id: Number(request.params.accountId), relation };
    },
  );
  app.patch<{ Params: { accountId: string } }>(
    '/api/test/accounts/:accountId',
    { config: { policy: 'user' } },
    async (request) => {
      await assertAccountAccess(database.db, requireUser(request), Number(request.params.accountId), 'write');
      return { ok: true };
    },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const apiRoutes = () => routes.filter((route) => route.url.startsWith('/api'));
const concretePath = (url: string) => url.replace(/:\w+/g, '1').replace(/\*$/, 'x');

describe('route policies', () => {
  it('every registered /api route declares a known policy', () => {
    const list = apiRoutes();
    expect(list.map((route) => route.url)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/v2/user/auth/login/',
        '/api/v2/user/info/',
        '/api/v2/auth/session/logout/',
      ]),
    );
    const missing = list.filter((route) => !POLICIES.includes(String(route.config?.policy)));
    expect(missing.map((route) => `${String(route.method)} ${route.url}`)).toEqual([]);
  });

  it('every route that is not public answers 401 Invalid Token without credentials', async () => {
    const guarded = apiRoutes().filter((route) => route.config?.policy !== 'public');
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        const res = await app.inject({ method, url: concretePath(route.url) });
        expect({ route: `${method} ${route.url}`, status: res.statusCode, body: res.json() }).toEqual({
          route: `${method} ${route.url}`,
          status: 401,
          body: { detail: 'Invalid Token', code: 'invalid_token' },
        });
      }
    }
  });

  it('checks the HEAD of a guarded read like its GET (each route gets its policy check when registered)', async () => {
    const guarded = apiRoutes().filter(
      (route) => route.config?.policy !== 'public' && [route.method].flat().includes('GET'),
    );
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const res = await app.inject({ method: 'HEAD', url: concretePath(route.url) });
      expect({ route: `HEAD ${route.url}`, status: res.statusCode }).toEqual({
        route: `HEAD ${route.url}`,
        status: 401,
      });
    }
  });

  it('asks the CSRF header of the writes of a route that also reads, not of its reads', async () => {
    const { default: Fastify } = await import('fastify');
    const { default: cookie } = await import('@fastify/cookie');
    const bare = Fastify().withTypeProvider<ZodTypeProvider>();
    await bare.register(cookie);
    registerAuth(bare, database.db, { secure: false });
    bare.route({
      method: ['GET', 'POST'],
      url: '/api/test/both/',
      config: { policy: 'user' },
      handler: async () => ({ ok: true }),
    });
    const parent = await createParent(database.db);
    const bearer = { authorization: parent.headers.authorization! };
    expect((await bare.inject({ method: 'GET', url: '/api/test/both/', headers: bearer })).statusCode).toBe(200);
    expect((await bare.inject({ method: 'POST', url: '/api/test/both/', headers: bearer })).statusCode).toBe(403);
    expect((await bare.inject({ method: 'POST', url: '/api/test/both/', headers: parent.headers })).statusCode).toBe(
      200,
    );
    expect((await bare.inject({ method: 'POST', url: '/api/test/both/' })).statusCode).toBe(401);
    await bare.close();
  });

  it('refuses to register an /api route without a policy', async () => {
    const { default: Fastify } = await import('fastify');
    const bare = Fastify().withTypeProvider<ZodTypeProvider>();
    registerAuth(bare, database.db, { secure: false });
    expect(() => bare.get('/api/v2/forgotten/', async () => ({}))).toThrow('declares no access policy');
    await bare.close();
  });
});

describe('objects of another account', () => {
  it('answers 404 to a parent reading another account, exactly like a missing one', async () => {
    const mine = await createParent(database.db);
    const theirs = await createParent(database.db);
    const own = await app.inject({
      method: 'GET',
      url: `/api/test/accounts/${mine.account.id}`,
      headers: mine.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ id: mine.account.id, relation: 'member' });

    const foreign = await app.inject({
      method: 'GET',
      url: `/api/test/accounts/${theirs.account.id}`,
      headers: mine.headers,
    });
    const missing = await app.inject({ method: 'GET', url: '/api/test/accounts/987654321', headers: mine.headers });
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    expect(foreign.body).toBe(missing.body);
  });

  it('answers 404 to a parent reading another account’s player', async () => {
    const mine = await createParent(database.db);
    const theirs = await createParent(database.db, { players: ['Zoe'] });
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/v2/player/${theirs.players[0]!.id}/`,
      headers: mine.headers,
    });
    const missing = await app.inject({ method: 'GET', url: '/api/v2/player/987654321/', headers: mine.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    const own = await app.inject({
      method: 'GET',
      url: `/api/v2/player/${theirs.players[0]!.id}/`,
      headers: theirs.headers,
    });
    expect(own.statusCode).toBe(200);
  });

  it('lets the account’s coach read but not write, and staff do both', async () => {
    const family = await createParent(database.db);
    const coach = await createCoach(database.db);
    const otherCoach = await createCoach(database.db);
    const staff = await createStaff(database.db);
    await database.db.update(accounts).set({ coachUserId: coach.user.id }).where(eq(accounts.id, family.account.id));
    const url = `/api/test/accounts/${family.account.id}`;

    expect((await app.inject({ method: 'GET', url, headers: coach.headers })).json()).toEqual({
      id: family.account.id,
      relation: 'coach',
    });
    expect((await app.inject({ method: 'PATCH', url, headers: coach.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url, headers: otherCoach.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url, headers: staff.headers })).json()).toEqual({
      id: family.account.id,
      relation: 'staff',
    });
    expect((await app.inject({ method: 'PATCH', url, headers: staff.headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'PATCH', url, headers: family.headers })).statusCode).toBe(200);
  });
});
