/**
 * npm run lint:api (root) — writes the published OpenAPI document (what GET /api/docs/json
 * answers) to a file, from the built app and without a server: an in-memory PGlite database that
 * is never migrated (building the app reads no table), servers from PUBLIC_URL. `redocly lint`
 * then checks it (redocly.yaml, docs/decisions/0065-published-openapi.md).
 *
 *   tsx apps/api/src/openapi-cli.ts [file]   (default .tmp/openapi.json under the repository)
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig, ROOT_DIR } from './config.ts';
import { openDatabase } from './db/client.ts';

const file = path.resolve(process.argv[2] ?? path.join(ROOT_DIR, '.tmp', 'openapi.json'));
// The environment's PUBLIC_URL (and HOST, PORT) name the server; no web build, no log.
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', WEB_DIST_DIR: '.tmp/no-web' }, false);
const database = await openDatabase({});
const app = await buildApp(config, database, { logger: false });
try {
  await app.ready();
  const document = app.swagger() as { paths?: Record<string, object> };
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${JSON.stringify(document, null, 2)}\n`);
  const operations = Object.values(document.paths ?? {}).reduce((sum, item) => sum + Object.keys(item).length, 0);
  console.log(`openapi: ${operations} operations written to ${path.relative(process.cwd(), file)}`);
} finally {
  await app.close();
  await database.close();
}
