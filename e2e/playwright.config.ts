import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';

/**
 * A port no one listens on, asked of the OS by a short child process (the config is loaded
 * synchronously). The runner stores it in E2E_PORT before the workers start, so they, which load
 * this config again, inherit the same port; set E2E_PORT to choose one.
 */
function freePort(): number {
  const probe =
    "const s = require('node:net').createServer();" +
    "s.listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });";
  return Number(execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim());
}

process.env.E2E_PORT ||= String(freePort());
const port = Number(process.env.E2E_PORT);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOT_SPEC = '**/screenshots.spec.ts';
const SHELL_SPECS = '**/shell-*.spec.ts';

/**
 * End-to-end journeys against the real server on a fresh PGlite data dir with demo data, in
 * Debian's Chromium: every journey at phone and desktop widths, the frame also at tablet width.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ...(process.env.E2E_JSON_REPORT ? [['json', { outputFile: process.env.E2E_JSON_REPORT }] as const] : []),
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  // The screenshot spec refreshes docs/screenshots (`npm run screenshots`); it is no test.
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testIgnore: process.env.SCREENSHOTS ? [] : [SCREENSHOT_SPEC],
    },
    // The middle width checks the frame (menus, routes, accessibility of every screen); the
    // journeys run at the two ends, phone and desktop (docs/decisions/0041).
    {
      name: 'tablet',
      use: { viewport: { width: 900, height: 1100 }, hasTouch: true },
      testMatch: SHELL_SPECS,
      testIgnore: [SCREENSHOT_SPEC],
    },
    {
      name: 'phone',
      use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true },
      testIgnore: [SCREENSHOT_SPEC],
    },
  ],
  webServer: {
    command: 'node e2e/start-server.mjs',
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { PORT: String(port) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
