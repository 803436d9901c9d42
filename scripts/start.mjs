// npm start: builds what is stale (the web app, the compiled API), then runs the compiled server
// (PGlite unless DATABASE_URL is set). Demo data is loaded on the first start.
import { apiBuildIsStale, run, webBuildIsStale } from './lib.mjs';

const web = webBuildIsStale();
const api = apiBuildIsStale();
if (web || api) {
  console.log(`grove: building ${web && api ? 'the web app and the API' : web ? 'the web app' : 'the API'}…`);
  const code = await run(process.execPath, ['scripts/build.mjs', ...(web && api ? [] : [web ? 'web' : 'api'])]);
  if (code !== 0) process.exit(code);
}
process.exit(
  await run(process.execPath, ['apps/api/dist/server.mjs'], {
    env: { NODE_ENV: process.env.NODE_ENV ?? 'production' },
  }),
);
