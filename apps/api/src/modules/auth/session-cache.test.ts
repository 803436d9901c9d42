/**
 * The session cache (session-cache.ts): two server instances on one database. A session seen by an
 * instance is not looked up again for a few seconds, yet a logout or a revocation anywhere ends it
 * everywhere at once.
 */
import { CACHE_TIMES_MS } from '@grove/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { authSessions, users } from '../../db/schema/index.ts';
import type { App } from '../../lib/types.ts';
import { createParent } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';

let t: TestContext;
let other: App;
beforeAll(async () => {
  t = await createTestContext();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '.tmp/no-web' });
  other = await buildApp(config, t.database, { logger: false });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const info = (app: App, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/v2/user/info/', headers });

/** The status `app` answers once the notifications of the last change have arrived (a few ms). */
async function settledStatus(app: App, headers: Record<string, string>, expected: number) {
  await vi.waitFor(async () => expect((await info(app, headers)).statusCode).toBe(expected), {
    timeout: 2000,
    interval: 5,
  });
  return (await info(app, headers)).statusCode;
}

describe('the session cache', () => {
  it('keeps a session it has seen: a change that tells nobody is not seen for a while', async () => {
    const parent = await createParent(t.db);
    expect((await info(t.app, parent.headers)).statusCode).toBe(200);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(authSessions).set({ revokedAt: new Date() }).where(eq(authSessions.userId, parent.user.id));
    });
    // Served from the cache: the database was not asked again.
    expect((await info(t.app, parent.headers)).statusCode).toBe(200);
    // Another instance that never saw the token asks the database.
    expect((await info(other, parent.headers)).statusCode).toBe(401);
  });

  it('keeps an entry 5 seconds (SPEC §9), then asks the database again', async () => {
    const parent = await createParent(t.db);
    expect((await info(t.app, parent.headers)).statusCode).toBe(200);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(authSessions).set({ revokedAt: new Date() }).where(eq(authSessions.userId, parent.user.id));
    });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + CACHE_TIMES_MS.sessionToken - 500 });
    try {
      expect((await info(t.app, parent.headers)).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 1_000);
      expect((await info(t.app, parent.headers)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends a session revoked in the database on every instance at once', async () => {
    const parent = await createParent(t.db);
    expect((await info(t.app, parent.headers)).statusCode).toBe(200);
    expect((await info(other, parent.headers)).statusCode).toBe(200);
    // A revocation by a job or another instance: the triggers tell everyone.
    await t.db.update(authSessions).set({ revokedAt: new Date() }).where(eq(authSessions.userId, parent.user.id));
    expect(await settledStatus(t.app, parent.headers, 401)).toBe(401);
    expect(await settledStatus(other, parent.headers, 401)).toBe(401);
  });

  it('refuses a logged-out token on the next request, here at once and on the other instance too', async () => {
    const parent = await createParent(t.db);
    expect((await info(t.app, parent.headers)).statusCode).toBe(200);
    expect((await info(other, parent.headers)).statusCode).toBe(200);
    const logout = await t.app.inject({ method: 'POST', url: '/api/v2/auth/session/logout/', headers: parent.headers });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await info(t.app, parent.headers)).statusCode).toBe(401);
    expect(await settledStatus(other, parent.headers, 401)).toBe(401);
  });

  it('ends a deactivated person’s sessions everywhere', async () => {
    const parent = await createParent(t.db);
    expect((await info(other, parent.headers)).statusCode).toBe(200);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, parent.user.id));
    expect(await settledStatus(other, parent.headers, 401)).toBe(401);
  });
});
