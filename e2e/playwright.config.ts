import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3999);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOT_SPEC = '**/screenshots.spec.ts';

/**
 * End-to-end journeys against the real server on a fresh PGlite data dir with demo data, in
 * Debian's Chromium, at phone, tablet and desktop widths.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ...(process.env.E2E_JSON_REPORT ? [['json', { outputFile: process.env.E2E_JSON_REPORT }] as const] : [])],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  // The screenshot spec refreshes docs/screenshots (`npm run screenshots`); it is no test.
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testIgnore: process.env.SCREENSHOTS ? [] : [SCREENSHOT_SPEC],
    },
    { name: 'tablet', use: { viewport: { width: 900, height: 1100 }, hasTouch: true }, testIgnore: [SCREENSHOT_SPEC] },
    { name: 'phone', use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true }, testIgnore: [SCREENSHOT_SPEC] },
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
