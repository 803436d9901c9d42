import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from './pglite-options.ts';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { openPgliteThread } from './pglite-thread.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type every repository uses, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK_ID = 4_711_2026;

/** The rows of one raw statement (column names as the SQL gives them, values parsed by the driver). */
export interface RawResult {
  rows: Record<string, unknown>[];
}

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /**
   * Raw SQL with `$1…` placeholders, outside any transaction, for libraries that bring their own SQL
   * (the job queue, pg-boss). Without `values` the text may hold several statements; they run as one
   * transaction and the last one's rows are returned. On PGlite, never call it from inside
   * `db.transaction()`: the one connection belongs to the transaction, and the call would wait for it.
   */
  executeSql(text: string, values?: unknown[]): Promise<RawResult>;
  /** Runs pending migrations; safe when several instances start at once on PostgreSQL. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * LISTEN on `channel`: `onMessage` gets each notification's payload. `onLost` is called when the
   * listening connection breaks (PostgreSQL; it is not re-opened); the returned function stops.
   */
  listen(channel: string, onMessage: (payload: string) => void, onLost: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tar blob (tests start from a migrated snapshot). */
  snapshot?(): Promise<Blob>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory (persisted). Omit for an in-memory database. */
  dataDir?: string;
  /** PGlite: start from a dumped data directory (tests load a migrated snapshot). */
  loadDataDir?: Blob;
  /**
   * PGlite: run the database in a worker thread (pglite-thread.ts), so that HTTP is answered while
   * a query runs. The server does (with the thread it started before loading the app: server.ts);
   * tests and scripts keep it in-process.
   */
  thread?: boolean | Promise<PGlite>;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options);
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  if (options.dataDir) await fs.mkdir(options.dataDir, { recursive: true });
  const client = options.thread
    ? await (options.thread === true ? openPgliteThread({ dataDir: options.dataDir }) : options.thread)
    : await PGlite.create({
        ...pgliteOptions(options.dataDir),
        ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query<Record<string, unknown>>(text, values);
      // Several statements need the simple protocol (exec). Inside a PGlite transaction, a failing
      // statement is rolled back before anything else may use the connection — even when the text
      // opens its own transaction block (pg-boss's schema changes do), which would otherwise stay
      // open, aborted, on the only connection there is.
      return client.transaction(async (tx) => {
        const results = await tx.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      });
    },
    migrate: () => migratePglite(drizzlePglite({ client, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await client.query('select 1');
    },
    // In-process: the one connection delivers notifications as the statements that send them commit.
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
    snapshot: () => client.dumpDataDir('none'),
  };
}

/**
 * How long a request may wait on PostgreSQL (docs/decisions/0035). A server that is down or
 * unreachable must turn into a quick 503 (lib/error-handler.ts), not a request that hangs:
 * - a connection — a new one, or a free one of the pool under load — within 3 s;
 * - a statement runs at most 60 s on the server (statement_timeout), and the client gives up on an
 *   answer 5 s later (a connection that went silent: no reset, no answer).
 * Migrations use a connection of their own without these limits (an index on a large table may take
 * longer, and the advisory lock waits for another instance's migration).
 */
export const POSTGRES_CONNECT_TIMEOUT_MS = 3_000;
/**
 * The listening connection (LISTEN) is asked `select 1` this often and must answer within the
 * same time: a connection that went silent without a reset (a dropped route, a frozen proxy) is
 * noticed in seconds, not when TCP keepalive gives up, and the listener reports it lost.
 */
export const LISTEN_HEARTBEAT_MS = 5_000;
export const POSTGRES_STATEMENT_TIMEOUT_MS = 60_000;
const POSTGRES_QUERY_TIMEOUT_MS = POSTGRES_STATEMENT_TIMEOUT_MS + 5_000;

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
    statement_timeout: POSTGRES_STATEMENT_TIMEOUT_MS,
    query_timeout: POSTGRES_QUERY_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => undefined);
  // Nor one that is checked out (a transaction between two statements) when its connection breaks:
  // without a listener its 'error' event is an uncaught exception. The transaction's next statement
  // fails instead (503, lib/error-handler.ts), and the pool drops the broken client on release.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  // Fail fast with a clear message when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    executeSql: async (text, values) => {
      // Several statements (no values) answer one result per statement: keep the last.
      const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
    },
    migrate: async () => {
      const client = new pg.Client({ connectionString, connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        await client.end().catch(() => undefined);
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    // A connection of its own (a pooled one would be handed to other queries).
    listen: async (channel, onMessage, onLost) => {
      const client = new pg.Client({
        connectionString,
        connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
        query_timeout: LISTEN_HEARTBEAT_MS,
        keepAlive: true,
      });
      // onLost is for a connection that was listening: a failed start throws instead (once, not both).
      let listening = false;
      let stopped = false;
      let heartbeat: NodeJS.Timeout | undefined = undefined;
      const lost = () => {
        clearInterval(heartbeat);
        if (listening && !stopped) onLost();
        stopped = true;
      };
      client.on('error', lost);
      client.on('end', lost);
      client.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        stopped = true;
        await client.end().catch(() => undefined);
        throw error;
      }
      if (stopped) throw new Error('the listening connection ended while it started');
      listening = true;
      heartbeat = setInterval(() => {
        client.query('select 1').catch(() => {
          lost();
          // A silent socket would not end by itself: drop it.
          (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
        });
      }, LISTEN_HEARTBEAT_MS);
      heartbeat.unref();
      return async () => {
        clearInterval(heartbeat);
        stopped = true;
        await client.end().catch(() => undefined);
      };
    },
    close: () => pool.end(),
  };
}
