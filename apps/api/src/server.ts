/**
 * The server's entry: settings, the data directory's lock and, on PGlite, the database thread. The
 * thread starts before the rest of the server is loaded (serve.ts, a chunk of its own in the build),
 * so PostgreSQL's WebAssembly opens the database while this thread loads and builds the app
 * (docs/decisions/0062-cold-start.md).
 */
import { ConfigError, loadConfig, type Config } from './config.ts';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './db/data-dir-lock.ts';
import { openPgliteThread } from './db/pglite-thread.ts';
import { describe, fail, reportEarlyCrashes } from './lib/startup-errors.ts';

const handOver = reportEarlyCrashes();

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) console.error(`grove: ${problem}`);
    process.exit(1);
  }
  throw error;
}

// PGlite is the database inside this process: one process per data directory, or two engines would
// overwrite each other's files. The lock is released on exit (also on process.exit in fail()).
let dataDirLock: DataDirLock | undefined;
if (!config.DATABASE_URL) {
  try {
    dataDirLock = acquireDataDirLock(config.dataDir);
  } catch (error) {
    fail(error instanceof DataDirLockedError ? error.message : `cannot lock ${config.dataDir}: ${describe(error)}`);
  }
}

// Opening: awaited, and a failure reported, by serve() when it opens the database.
const pgliteThread = dataDirLock ? openPgliteThread({ dataDir: config.dataDir }) : undefined;
pgliteThread?.catch(() => undefined);

const { serve } = await import('./serve.ts');
await serve({ config, dataDirLock, pgliteThread, handOver });
