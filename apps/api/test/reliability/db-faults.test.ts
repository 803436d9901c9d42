/**
 * Database faults (issue 16, test 5), PostgreSQL only: the app reaches its database through a small
 * TCP proxy started here, which can cut every connection and refuse new ones, and let them through
 * again. While the database is unreachable every request answers 503 `{ detail, code }` at once
 * (not after a long wait); once it is back the server serves again by itself; a write that was in
 * flight when the connection broke is there entirely or not at all.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { LISTEN_HEARTBEAT_MS, openDatabase, type Database } from '../../src/db/client.ts';
import type { App } from '../../src/lib/types.ts';
import { counts, familyWithDevice, session, upload } from '../../src/modules/game/game.test-support.ts';
import { createParent } from '../factories.ts';
import { cloneTemplate, type TestContext } from '../helpers.ts';

const url = process.env.TEST_DATABASE_URL;
const template = url ? inject('pgTemplate') : undefined;

/** What the proxy does to the next client→server packet that contains `pattern`. */
interface Trigger {
  pattern: Buffer;
  /** true: pass the packet on, then cut (the statement may run); false: cut before it leaves. */
  forward: boolean;
  fired: () => void;
}

/** A TCP proxy on 127.0.0.1 to the PostgreSQL server: `cut` breaks every connection and refuses new ones. */
class FaultProxy {
  readonly #sockets = new Set<net.Socket>();
  readonly #server: net.Server;
  #down = false;
  #trigger: Trigger | null = null;
  port = 0;

  constructor(
    private readonly host: string,
    private readonly upstreamPort: number,
  ) {
    this.#server = net.createServer((client) => this.#connect(client));
  }

  async start() {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.port = (this.#server.address() as net.AddressInfo).port;
  }

  #connect(client: net.Socket) {
    if (this.#down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(this.upstreamPort, this.host);
    for (const socket of [client, upstream]) {
      this.#sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        this.#sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('data', (chunk: Buffer) => {
      const trigger = this.#trigger;
      if (trigger && chunk.includes(trigger.pattern)) {
        this.#trigger = null;
        if (!trigger.forward) {
          this.cut();
          trigger.fired();
          return;
        }
        upstream.write(chunk, () => {
          this.cut();
          trigger.fired();
        });
        return;
      }
      upstream.write(chunk);
    });
  }

  /** Breaks every connection now and refuses new ones until `restore`. */
  cut() {
    this.#down = true;
    for (const socket of this.#sockets) socket.destroy();
  }

  /** Stops passing bytes on the open connections without closing them (a frozen route), until `restore`. */
  silence() {
    for (const socket of this.#sockets) socket.pause();
  }

  restore() {
    this.#down = false;
    for (const socket of this.#sockets) socket.resume();
  }

  /** Cuts when a client sends `text` (before or after passing it on); resolves when it happened. */
  cutOn(text: string, forward: boolean): Promise<void> {
    return new Promise((resolve) => {
      this.#trigger = { pattern: Buffer.from(text), forward, fired: resolve };
    });
  }

  async close() {
    this.cut();
    await new Promise((resolve) => this.#server.close(resolve));
  }
}

const UNAVAILABLE = {
  detail: 'The service is briefly unavailable. Please try again in a moment.',
  code: 'unavailable',
};

describe.skipIf(!url || !template)('database faults on PostgreSQL', () => {
  let admin: pg.Client;
  let name: string;
  let proxy: FaultProxy;
  let database: Database;
  let app: App;
  let t: TestContext;

  beforeAll(async () => {
    // A clone of the migrated template (as test/helpers.ts makes one), reached through the proxy.
    name = `grove_test_faults_${randomBytes(6).toString('hex')}`;
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await cloneTemplate(admin, name, template!);
    const direct = new URL(url!);
    proxy = new FaultProxy(direct.hostname, Number(direct.port || 5432));
    await proxy.start();
    const proxied = new URL(url!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    proxied.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: proxied.toString(), poolSize: 4 });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '.tmp/no-web' });
    app = await buildApp(config, database, { logger: false });
    await app.ready();
    t = { app, database, db: database.db, close: async () => undefined };
  });

  afterAll(async () => {
    proxy?.restore();
    await app?.close();
    await database?.close().catch(() => undefined);
    await proxy?.close();
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  /** Polls `check` until it is true, for at most `ms`. */
  async function eventually(check: () => Promise<boolean>, ms = 20_000) {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`not within ${ms} ms`);
  }

  it('notices within seconds a listening connection that went silent without a reset', async () => {
    let lostAt = 0;
    const stop = await database.listen(
      'grove_test_silence',
      () => undefined,
      () => (lostAt = Date.now()),
    );
    const silencedAt = Date.now();
    proxy.silence();
    try {
      await eventually(async () => lostAt > 0, 4 * LISTEN_HEARTBEAT_MS);
      // At most one interval until the next heartbeat, plus its time to answer.
      expect(lostAt - silencedAt).toBeLessThan(2 * LISTEN_HEARTBEAT_MS + 1_000);
    } finally {
      proxy.restore();
      await stop();
    }
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 503 quickly while the database is cut off, and serves again by itself once it is back', async () => {
    const parent = await createParent(t.db, { players: ['Ada'] });
    const read = () => app.inject({ method: 'GET', url: '/api/v2/user/info/', headers: parent.headers });
    expect((await read()).statusCode).toBe(200);

    proxy.cut();
    const requests = [
      read,
      () =>
        app.inject({ method: 'GET', url: `/api/v2/player/accounts/${parent.account.id}/`, headers: parent.headers }),
      () =>
        app.inject({ method: 'POST', url: '/api/v2/user/auth/login/', payload: { email: 'a@b.co', password: 'x' } }),
    ];
    for (let round = 0; round < 3; round++) {
      for (const request of requests) {
        const started = performance.now();
        const res = await request();
        const took = performance.now() - started;
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual(UNAVAILABLE);
        expect(res.headers['retry-after']).toBe('5');
        // Loosely: no request waits for a connection timeout of the old kind (10 s) or hangs.
        expect(took).toBeLessThan(3_000);
      }
    }
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'unavailable' });

    proxy.restore();
    await eventually(async () => (await read()).statusCode === 200);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // A logout now ends the session at once again: the session cache listens again (or caches nothing).
    await eventually(async () => {
      const again = await createParent(t.db);
      await app.inject({ method: 'GET', url: '/api/v2/user/info/', headers: again.headers });
      await t.db.execute(`delete from auth_sessions where user_id = ${again.user.id}`);
      return (
        (await app.inject({ method: 'GET', url: '/api/v2/user/info/', headers: again.headers })).statusCode === 401
      );
    });
  });

  const complete = { sessions: 1, rises: 2, coolDowns: 1, events: 2 };
  const nothing = { sessions: 0, rises: 0, coolDowns: 0, events: 0 };

  // The upload is a read and then one write that commits by itself (migration 0017, decision 0064):
  // the connection breaks before the write's bytes reach the server, or just after they are sent.
  it.each([
    ['before its write reaches the server', 'game_write_upload', false],
    ['as its write is sent', 'game_write_upload', true],
  ] as const)(
    'keeps an upload whole or not at all when the connection breaks %s',
    async (_when, statement, forward) => {
      const { token, player } = await familyWithDevice(t);
      const played = session(player.id, 90);
      const cut = proxy.cutOn(statement, forward);
      const res = await upload(t, token, { sessions: [played] });
      await cut;
      proxy.restore();
      // 200 only when the commit's answer arrived before the cut; then the rows must all be there.
      expect([200, 503]).toContain(res.statusCode);
      if (res.statusCode === 503) expect(res.json()).toEqual(UNAVAILABLE);

      let stored: Awaited<ReturnType<typeof counts>> | undefined;
      await eventually(async () => {
        stored = await counts(t, player.id).catch(() => undefined);
        return stored !== undefined;
      });
      const { acorns: _acorns, ...rows } = stored!;
      if (res.statusCode === 200) expect(rows).toEqual(complete);
      else expect([complete, nothing]).toContainEqual(rows);
      if (!forward) expect(rows).toEqual(nothing);

      // The device sends it again (as it does after any failure): the session is there once, whole.
      await eventually(async () => [200, 207].includes((await upload(t, token, { sessions: [played] })).statusCode));
      const { acorns: _after, ...after } = await counts(t, player.id);
      expect(after).toEqual(complete);
    },
  );
});
