import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import type { App } from '../src/lib/types.ts';

export interface TestContext {
  app: App;
  database: Database;
  db: Database['db'];
  close(): Promise<void>;
}

/**
 * `create database name template template` on PostgreSQL. PostgreSQL refuses the copy while another
 * session is still connected to the template (SQLSTATE 55006, "being accessed by other users"):
 * the migrating setup's last connections can take a moment to go, on a loaded machine. Tried again
 * for up to ten seconds.
 */
export async function cloneTemplate(admin: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${template}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 40) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** A fresh migrated database for one test file: PGlite in memory, or a PostgreSQL clone. */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplate');
  if (url && template) {
    const name = `grove_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await cloneTemplate(admin, name, template);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 4 });
    return {
      ...database,
      close: async () => {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const snapshot = inject('pgliteSnapshot');
  if (!snapshot) throw new Error('global-setup did not prepare a database snapshot');
  const data = await fs.readFile(snapshot);
  return openDatabase({ loadDataDir: new Blob([data]) });
}

/** The real app on a fresh database; `app.inject` talks to it without a socket. */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '.tmp/no-web', ...env });
  const app = await buildApp(config, database, { logger: false });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/**
 * `call(method, url, headers, payload?)` on the test app `context()` answers (read when called: a
 * file's context is opened in its beforeAll); the payload, sent as JSON, only when given.
 */
export function requester(context: () => TestContext) {
  return (method: Method, url: string, headers: Record<string, string>, payload?: unknown) =>
    context().app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}
