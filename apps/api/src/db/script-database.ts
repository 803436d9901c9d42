/**
 * The preamble of the database scripts (`npm run seed`, `npm run rollups:rebuild`): the
 * configuration, the PGlite data directory's lock (a running server owns its directory: writing
 * beside it would overwrite its files; docs/decisions/0030), the database opened and migrated.
 */
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from './client.ts';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';

export async function openScriptDatabase(): Promise<{ config: Config; database: Database }> {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    try {
      acquireDataDirLock(config.dataDir); // released when the process exits
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      console.error(`grove: ${error.message}`);
      process.exit(1);
    }
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  await database.migrate();
  return { config, database };
}
