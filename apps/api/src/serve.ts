import closeWithGrace from 'close-with-grace';
import type { PGlite } from '@electric-sql/pglite';
import { buildApp, type BuildOptions } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import type { DataDirLock } from './db/data-dir-lock.ts';
import { demoLoginLines } from './db/seed/demo-logins.ts';
import { isSeeded, seedDemoData, seedEssentials } from './db/seed/index.ts';
import { createJobQueue } from './jobs/queue.ts';
import { describe, fail } from './lib/startup-errors.ts';

export interface ServeOptions {
  config: Config;
  /** Held on PGlite's data directory (server.ts took it). */
  dataDirLock?: DataDirLock;
  /** PGlite: the database thread server.ts started while this module loaded. */
  pgliteThread?: Promise<PGlite>;
  /** Ends the start's own crash reporting: from then on the app's logger and close-with-grace handle it. */
  handOver: () => void;
}

/** Opens and migrates the database, starts the jobs, builds the app and listens (server.ts calls it once). */
export async function serve({ config, dataDirLock, pgliteThread, handOver }: ServeOptions) {
  const target = config.DATABASE_URL
    ? 'the PostgreSQL server in DATABASE_URL'
    : `the PGlite database in ${config.dataDir}`;
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.dataDir,
      poolSize: config.DATABASE_POOL_SIZE,
      thread: pgliteThread ?? true,
    });
  } catch (error) {
    fail(`cannot open ${target}: ${describe(error)}`);
  }

  // The job queue lives in the same database (schema pgboss, created or migrated by its start). The
  // modules register their handlers on it in buildApp; what they ask of it waits for its start.
  const jobs = createJobQueue(database);

  // The database is migrated, the queue started and the essential rows written while this thread
  // builds the app (decision 0062), which reads no table before its job registrations, and those wait
  // for the queue. A failure here stops the process with its own message.
  const ready = (async () => {
    try {
      await database.migrate();
    } catch (error) {
      await database.close().catch(() => undefined);
      fail(`cannot open ${target}: ${describe(error)}`);
    }
    try {
      await jobs.start();
    } catch (error) {
      await database.close().catch(() => undefined);
      fail(`cannot start the job queue: ${describe(error)}`);
    }
    // The rows every installation needs, and whether the demo data is still to be written (a later
    // start, a "cold start", finds the demo data's mark and goes straight on).
    try {
      await seedEssentials(database.db);
      return config.SEED_DEMO_DATA && !(await isSeeded(database.db));
    } catch (error) {
      await jobs.stop({ timeoutMs: 5_000 });
      await database.close().catch(() => undefined);
      fail(`cannot load the essential rows: ${describe(error)}`);
    }
  })();

  // buildApp hands the queue to the modules (app.jobs), which register their handlers on it. When the
  // start above fails, its message is the one to print (and it exits): wait for it first.
  const buildOptions: BuildOptions = { jobs };
  const app = await buildApp(config, database, buildOptions).catch(async (error: unknown) => {
    await ready;
    throw error;
  });
  jobs.setLogger(app.log);
  const seedPending = await ready;

  // A first start writes the demo data after the server listens (docs/decisions/0058): the page
  // answers at once, and an API request that comes before the demo data is committed waits for it
  // (the seed is one transaction), so nobody sees a half-written or empty world. The demo logins are
  // printed once it is there. When the seed fails, the server stops, as it did before listening.
  let seeding: Promise<void> | undefined;
  let seedDone = !seedPending;
  let seeded: () => void = () => undefined;
  if (seedPending) {
    const ready = new Promise<void>((resolve) => (seeded = resolve));
    // A callback hook: after the seed it costs a boolean test, not a promise per request (decision 0055).
    app.addHook('onRequest', (request, _reply, done) => {
      if (seedDone || !request.url.startsWith('/api')) return done();
      void ready.then(() => done());
    });
  }

  // From here on, an uncaught error is logged by the app's logger (serialised without secrets) and
  // the server shuts down gracefully.
  handOver();
  // When the shutdown began (a stop signal, or an error close-with-grace caught); 0 while running.
  let stoppingSince = 0;
  const shutdown = closeWithGrace({ delay: 10_000, skip: ['SIGINT', 'SIGTERM'] }, async ({ err }) => {
    stoppingSince ||= Date.now();
    if (err) app.log.error({ err }, 'shutting down after an error');
    await app.close();
    // A seed still running commits or fails before the database closes (it is one transaction).
    await seeding?.catch(() => undefined);
    // Running jobs finish (within the grace delay) and record their outcome before the database closes.
    await jobs.stop({ timeoutMs: 5_000 });
    await database.close();
    dataDirLock?.release();
    app.log.info('stopped: requests, jobs and database closed');
  });
  // SIGINT and SIGTERM are handled here rather than by close-with-grace, for which any second signal
  // means "stop now": Ctrl-C reaches every process of the terminal's foreground group, and wrappers
  // (tsx watch, npm, a process manager signalling the whole group) pass the same signal on a moment
  // later. A repeat within a second is that same request; only a later one stops at once (exit 1).
  for (const name of ['SIGINT', 'SIGTERM'] as const) {
    process.on(name, (signal: NodeJS.Signals) => {
      if (!stoppingSince) {
        stoppingSince = Date.now();
        app.log.info({ signal }, 'shutting down');
        void shutdown.close();
      } else if (Date.now() - stoppingSince > 1_000) {
        app.log.error({ signal }, 'second stop signal, exiting without closing');
        process.exit(1);
      }
    });
  }

  try {
    await app.listen({ host: config.HOST, port: config.PORT });
  } catch (error) {
    await jobs.stop({ timeoutMs: 5_000 });
    await database.close();
    const code = (error as NodeJS.ErrnoException).code;
    fail(
      code === 'EADDRINUSE'
        ? `port ${config.PORT} is already in use (set PORT to another one)`
        : `cannot listen on ${config.HOST}:${config.PORT}: ${describe(error)}`,
    );
  }

  if (seedPending) {
    const started = Date.now();
    seeding = seedDemoData(database.db, { publicUrl: config.publicUrl }).then(
      (result) => {
        if (result.seeded)
          console.log(
            `grove: demo data loaded (${result.accounts} accounts) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
          );
        seedDone = true;
        seeded();
      },
      async (error: unknown) => {
        // The requests waiting for the demo data stay waiting: the process exits.
        try {
          await jobs.stop({ timeoutMs: 5_000 });
          await database.close();
        } finally {
          fail(`cannot load the demo data: ${describe(error)}`);
        }
      },
    );
    await seeding;
  }

  // The banner: where Grove runs and, with demo data, every demo login of the README (decision 0047).
  // In a terminal the request lines are at debug level (app.ts), so browsing does not push it away.
  const lines = [
    '',
    `  Grove is running at ${config.publicUrl}  (database: ${database.driver}${database.driver === 'pglite' ? `, ${config.dataDir}` : ''})`,
    `  API documentation: ${config.publicUrl}/api/docs`,
  ];
  if (config.SEED_DEMO_DATA) lines.push(...demoLoginLines());
  console.log(lines.join('\n') + '\n');
}
