// npm start: builds the web app when its sources changed, then runs the server (PGlite unless
// DATABASE_URL is set). Demo data is loaded on the first start.
import { run, webBuildIsStale } from './lib.mjs';

if (webBuildIsStale()) {
  console.log('grove: building the web app…');
  const code = await run('npm', ['run', 'build', '--silent']);
  if (code !== 0) process.exit(code);
}
process.exit(
  await run(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    env: { NODE_ENV: process.env.NODE_ENV ?? 'production' },
  }),
);
