// Starts the real server for the end-to-end tests on a fresh PGlite data dir with demo data.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The port is chosen by e2e/playwright.config.ts (a free one) and passed in PORT; without it the
// server would take its default, which a running `npm start` may hold.
if (!process.env.PORT) {
  console.error('e2e/start-server.mjs: set PORT (e2e/playwright.config.ts passes a free one)');
  process.exit(1);
}
// One data dir per port, so two runs on one machine (helpers, CI beside a developer) never share one.
const dataDir = path.join(root, '.tmp', `e2e-data-${process.env.PORT}`);
fs.rmSync(dataDir, { recursive: true, force: true });
// The production artifact: `npm run test:e2e` builds it first (npm run build).
const child = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.mjs'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
