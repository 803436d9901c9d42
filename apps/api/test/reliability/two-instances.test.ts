/**
 * Two instances on one PostgreSQL (issue 16, test 6): two apps, each with its own connection pool
 * and its own session cache, on one database, as behind a load balancer. A token issued by one
 * works on the other, a logout on one ends the session on both, and the login throttle counts the
 * attempts of both. PostgreSQL only (TEST_DATABASE_URL): PGlite is one process.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { loginThrottles } from '../../src/db/schema/index.ts';
import type { App } from '../../src/lib/types.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { authHeaders, createUser } from '../factories.ts';
import { cloneTemplate } from '../helpers.ts';

const url = process.env.TEST_DATABASE_URL;
const template = inject('pgTemplate');
const PASSWORD = 'Quiet-River-77';
const WRONG = 'Wrong-Guess-1';

let admin: pg.Client;
let name: string;
const databases: Database[] = [];
let a: App;
let b: App;
let passwordHash: string;

async function instance(database: Database) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '.tmp/no-web' });
  const app = await buildApp(config, database, { logger: false });
  await app.ready();
  return app;
}

describe.skipIf(!url || !template)('two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    // One clone of the migrated template, opened twice: two pools, two listeners, one database.
    name = `grove_test_${randomBytes(6).toString('hex')}`;
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await cloneTemplate(admin, name, template!);
    const target = new URL(url!);
    target.pathname = `/${name}`;
    for (let i = 0; i < 2; i++) databases.push(await openDatabase({ databaseUrl: target.toString(), poolSize: 4 }));
    a = await instance(databases[0]!);
    b = await instance(databases[1]!);
    passwordHash = await hashPassword(PASSWORD);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    for (const database of databases) await database.close();
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  const db = () => databases[0]!.db;
  let ipCounter = 0;
  const nextIp = () => `192.0.2.${++ipCounter}`;
  const login = (app: App, email: string, password: string, remoteAddress = nextIp()) =>
    app.inject({ method: 'POST', url: '/api/v2/user/auth/login/', payload: { email, password }, remoteAddress });
  const info = (app: App, token: string) =>
    app.inject({ method: 'GET', url: '/api/v2/user/info/', headers: { authorization: `Bearer ${token}` } });

  describe('sessions', () => {
    it('a token issued by one instance works on the other; a logout on one ends it on both', async () => {
      const user = await createUser(db(), { passwordHash });
      const signedIn = await login(a, user.email, PASSWORD);
      expect(signedIn.statusCode).toBe(200);
      const token = signedIn.json().access_token as string;

      // Both instances serve it, twice: the second answer may come from each one's session cache.
      for (const app of [b, a, b, a]) {
        const res = await info(app, token);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id: user.id, email: user.email });
      }

      const out = await a.inject({ method: 'POST', url: '/api/v2/auth/session/logout/', headers: authHeaders(token) });
      expect(out.statusCode).toBe(200);
      expect((await info(a, token)).statusCode).toBe(401);
      // B hears of it through the database's notification (milliseconds); poll, with a bound.
      await vi.waitFor(async () => expect((await info(b, token)).statusCode).toBe(401), {
        timeout: 5000,
        interval: 20,
      });
      expect((await info(b, token)).json()).toEqual({ detail: 'Invalid Token', code: 'invalid_token' });
    });
  });

  describe('login throttling', () => {
    // The clock stands still (Date only): "within the wait" never depends on the machine's speed.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now());
    });
    afterEach(() => vi.useRealTimers());

    const throttleRow = async (key: string) =>
      (await db().select().from(loginThrottles).where(eq(loginThrottles.key, key)))[0];

    it('counts the failures of both instances together', async () => {
      const user = await createUser(db(), { passwordHash });
      // Five wrong guesses, split between the instances: all evaluated.
      for (const app of [a, b, a, b, a]) expect((await login(app, user.email, WRONG)).statusCode).toBe(400);
      // The account now waits, on either instance, even with the right password.
      for (const app of [b, a]) {
        const res = await login(app, user.email, PASSWORD);
        expect(res.statusCode).toBe(429);
        expect(res.headers['retry-after']).toBe('1');
      }
      expect(await throttleRow(`email:${user.email}`)).toMatchObject({ failures: 5, refused: 2 });
    });

    it('twenty concurrent guesses split between the instances: only five are evaluated', async () => {
      const user = await createUser(db(), { passwordHash });
      const ip = nextIp();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => login(i % 2 ? a : b, user.email, WRONG, ip)),
      );
      expect(answers.map((res) => res.statusCode).sort()).toEqual([...Array(5).fill(400), ...Array(15).fill(429)]);
      expect(await throttleRow(`email:${user.email}`)).toMatchObject({ failures: 5, refused: 15 });
      expect(await throttleRow(`ip:${ip}`)).toMatchObject({ failures: 5 });
    });
  });
});
