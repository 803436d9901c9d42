import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ROOT_DIR } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { seedEssentials } from '../src/db/seed/index.ts';
import { startJobQueue } from '../src/jobs/queue.ts';

/**
 * Migrates one database before the run: a PGlite snapshot file, or a PostgreSQL template database.
 * Each test file then starts from a copy of it in a fraction of a second.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `grove_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const target = new URL(url);
    target.pathname = `/${template}`;
    const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 2 });
    await database.migrate();
    await seedEssentials(database.db);
    // The job queue's schema too, so that each test file's queue starts at once.
    await (await startJobQueue(database, { workers: false })).stop();
    await database.close();
    project.provide('pgTemplate', template);
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const dir = path.join(ROOT_DIR, '.tmp');
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `pglite-snapshot-${process.pid}.tar`);
  const database = await openDatabase({});
  await database.migrate();
  await seedEssentials(database.db);
  await (await startJobQueue(database, { workers: false })).stop();
  const blob = await database.snapshot!();
  await fs.writeFile(file, Buffer.from(await blob.arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', file);
  return async () => {
    await fs.rm(file, { force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate?: string;
    pgliteSnapshot?: string;
  }
}
