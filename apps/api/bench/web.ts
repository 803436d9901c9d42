/**
 * The web benchmark (npm run bench): what a user's browser loads for four pages of the built web
 * app, against an already-running Grove server on 127.0.0.1. For each page: the JavaScript files
 * Debian's Chromium downloaded (entry, modulepreloads, lazy route chunks), their total size
 * compressed with gzip -9 and brotli quality 11 (computed here from the files in distDir, so it does
 * not depend on the server's compression), and Lighthouse's mobile performance and accessibility
 * scores with CLS, LCP and TBT.
 *
 * One headless Chromium per user (signed out, parent, staff), started by chrome-launcher with a
 * remote-debugging port: Playwright connects over CDP, signs in through the real /login form (the
 * tokens live in localStorage), records each page's JavaScript with the cache disabled, and
 * disconnects; then Lighthouse runs on the same port. Lighthouse's storage reset clears the HTTP
 * cache but, with its default clearStorageTypes, keeps localStorage, so the signed-in pages are
 * measured signed in and from a cold cache. A page whose Lighthouse run fails gets null (logged).
 *
 * Alone: npx tsx apps/api/bench/web.ts http://127.0.0.1:PORT [distDir] [--quick]
 * (distDir defaults to WEB_DIST_DIR or apps/web/dist; --quick or BENCH_QUICK=1 skips Lighthouse).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { localUrl } from './lib.ts';

export interface WebPageFigures {
  page: string; // 'login' | 'home' | 'player stats' | 'admin accounts'
  path: string; // '/login', '/dashboard', '/dashboard/stats', '/admin/accounts'
  jsFiles: number; // JavaScript files the browser downloaded for the page
  jsGzipBytes: number; // their total size, gzip -9
  jsBrotliBytes: number; // their total size, brotli (max quality)
  lighthouse: { performance: number; accessibility: number; cls: number; lcpMs: number; tbtMs: number } | null; // scores 0–100
}

export interface MeasureWebOptions {
  baseUrl: string; // e.g. http://127.0.0.1:4123 (the running production server)
  distDir: string; // the built web app (apps/web/dist) to read file bytes from
  parent: { email: string; password: string }; // demo parent: parent@example.com / GroveDemo!2026
  staff: { email: string; password: string }; // demo staff:  staff@example.com / GroveDemo!2026
  lighthouse: boolean; // false in quick mode: sizes only
  log?: (line: string) => void;
}

type Credentials = { email: string; password: string };

/** The pages measured, grouped by who is signed in (one browser each). */
const PAGES: { page: string; path: string; user: 'none' | 'parent' | 'staff' }[] = [
  { page: 'login', path: '/login', user: 'none' },
  { page: 'home', path: '/dashboard', user: 'parent' },
  { page: 'player stats', path: '/dashboard/stats', user: 'parent' },
  { page: 'admin accounts', path: '/admin/accounts', user: 'staff' },
];

const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--headless=new',
  // Nothing but the local server: any host name other than localhost fails to resolve.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];
const ACCESS_TOKEN_KEY = 'grove.access_token';
const STEP_TIMEOUT_MS = 30_000;
const LIGHTHOUSE_TIMEOUT_MS = 180_000;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Debian's chromium (or CHROMIUM_PATH), as scripts/lib.mjs findChromium(); null when none. */
async function findChromium(): Promise<string | null> {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (c): c is string => Boolean(c),
  );
  for (const candidate of candidates) {
    if (
      await fs.access(candidate).then(
        () => true,
        () => false,
      )
    )
      return candidate;
  }
  return null;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0]! : String(error));

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Compressed sizes of built files, each computed once. */
class SizeCache {
  private readonly sizes = new Map<string, Promise<{ gzip: number; brotli: number }>>();
  constructor(private readonly distDir: string) {}

  /** The sizes of the file served at urlPath; the served bytes when distDir does not have it. */
  sizeOf(urlPath: string, served: () => Promise<Buffer>, log: (line: string) => void) {
    let sizes = this.sizes.get(urlPath);
    if (!sizes) {
      sizes = this.compute(urlPath, served, log);
      this.sizes.set(urlPath, sizes);
    }
    return sizes;
  }

  private async compute(urlPath: string, served: () => Promise<Buffer>, log: (line: string) => void) {
    const root = path.resolve(this.distDir);
    const file = path.resolve(root, `.${decodeURIComponent(urlPath)}`);
    let bytes: Buffer;
    try {
      if (!file.startsWith(root + path.sep)) throw new Error('outside distDir');
      bytes = await fs.readFile(file);
    } catch {
      log(`web: ${urlPath} is not in ${this.distDir}; sizing the bytes the server sent`);
      bytes = await served();
    }
    const [gz, br] = await Promise.all([
      gzip(bytes, { level: 9 }),
      brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    ]);
    return { gzip: gz.length, brotli: br.length };
  }
}

/** Signs in through the real /login form; resolves once the app has left /login with a token stored. */
async function signIn(context: BrowserContext, baseUrl: string, user: Credentials): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto(new URL('/login', baseUrl).href, { waitUntil: 'networkidle', timeout: STEP_TIMEOUT_MS });
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Failed to log in!' });
    const outcome = await Promise.race([
      page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: STEP_TIMEOUT_MS }).then(() => 'in'),
      refused.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS }).then(() => 'refused'),
    ]);
    if (outcome === 'refused') throw new Error(`the server refused ${user.email}: ${await refused.innerText()}`);
    await page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT_MS });
    const token = await page.evaluate(`window.localStorage.getItem(${JSON.stringify(ACCESS_TOKEN_KEY)})`);
    if (!token) throw new Error(`no access token stored after signing in as ${user.email}`);
  } finally {
    await page.close();
  }
}

/** Opens the page with the cache disabled and sizes every JavaScript file it downloaded. */
async function measureJs(
  context: BrowserContext,
  baseUrl: string,
  pagePath: string,
  sizes: SizeCache,
  log: (line: string) => void,
): Promise<Pick<WebPageFigures, 'jsFiles' | 'jsGzipBytes' | 'jsBrotliBytes'>> {
  const page: Page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const origin = new URL(baseUrl).origin;
    const scripts = new Map<string, () => Promise<Buffer>>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === origin && url.pathname.endsWith('.js') && !scripts.has(url.pathname))
        scripts.set(url.pathname, () => response.body());
    });
    await page.goto(new URL(pagePath, baseUrl).href, { waitUntil: 'networkidle', timeout: STEP_TIMEOUT_MS });
    await page.locator('h1').first().waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    await page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT_MS });
    const landed = new URL(page.url()).pathname.replace(/\/$/, '') || '/';
    if (landed !== pagePath) throw new Error(`${pagePath} ended on ${landed}`);
    const files = await Promise.all([...scripts].map(([urlPath, served]) => sizes.sizeOf(urlPath, served, log)));
    await cdp.detach().catch(() => {});
    return {
      jsFiles: files.length,
      jsGzipBytes: files.reduce((sum, f) => sum + f.gzip, 0),
      jsBrotliBytes: files.reduce((sum, f) => sum + f.brotli, 0),
    };
  } finally {
    await page.close().catch(() => {});
  }
}

/** Lighthouse's default (mobile) run of one page in the browser on port; throws when it failed. */
async function runLighthouse(port: number, url: string, pagePath: string): Promise<WebPageFigures['lighthouse']> {
  const result = await withTimeout(
    lighthouse(url, {
      port,
      hostname: '127.0.0.1',
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // The storage reset clears the HTTP cache and Lighthouse's default clearStorageTypes
      // (file systems, shader cache, service workers, cache storage), never localStorage: the
      // signed-in pages load signed in, from a cold cache.
      disableStorageReset: false,
      disableFullPageScreenshot: true,
    }),
    LIGHTHOUSE_TIMEOUT_MS,
    'Lighthouse',
  );
  if (!result) throw new Error('Lighthouse returned nothing');
  const { lhr } = result;
  // LIGHTHOUSE_REPORT_DIR=folder keeps each page's whole report (to read why a score is what it is).
  const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (reportDir) {
    await fs.mkdir(reportDir, { recursive: true });
    await fs.writeFile(
      path.join(reportDir, `${pagePath.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root'}.json`),
      JSON.stringify(lhr),
    );
  }
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const landed = new URL(lhr.finalDisplayedUrl).pathname.replace(/\/$/, '') || '/';
  if (landed !== pagePath) throw new Error(`${pagePath} ended on ${landed}`);
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    if (typeof value !== 'number') throw new Error(`no ${id} score`);
    return Math.round(value * 100);
  };
  const metric = (id: string) => {
    const audit = lhr.audits[id];
    if (typeof audit?.numericValue !== 'number')
      throw new Error(`no ${id}${audit?.errorMessage ? `: ${audit.errorMessage}` : ''}`);
    return audit.numericValue;
  };
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
    lcpMs: Math.round(metric('largest-contentful-paint')),
    tbtMs: Math.round(metric('total-blocking-time')),
  };
}

/** Starts Chromium on a debugging port; kills it on SIGINT/SIGTERM while it runs. */
async function launchChromium(chromePath: string) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
    handleSIGINT: false,
  });
  const onSignal = (signal: NodeJS.Signals) => {
    chrome.kill();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    // With no other listener, behave as if this one was never there: die of the signal.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    port: chrome.port,
    async kill() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      chrome.kill();
    },
  };
}

export async function measureWeb(options: MeasureWebOptions): Promise<WebPageFigures[]> {
  const log = options.log ?? ((line: string) => console.log(line));
  const base = new URL(options.baseUrl);
  localUrl(base.href);
  const baseUrl = base.origin;
  const chromePath = await findChromium();
  if (!chromePath) throw new Error('No Chromium found (apt-get install chromium, or set CHROMIUM_PATH).');
  const sizes = new SizeCache(options.distDir);
  const figures: WebPageFigures[] = [];

  for (const user of ['none', 'parent', 'staff'] as const) {
    const pages = PAGES.filter((p) => p.user === user);
    const chrome = await launchChromium(chromePath);
    let browser: Browser | undefined;
    try {
      browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`, { timeout: STEP_TIMEOUT_MS });
      const context = browser.contexts()[0] ?? (await browser.newContext());
      let signInError: string | null = null;
      if (user !== 'none') {
        try {
          await signIn(context, baseUrl, options[user]);
        } catch (error) {
          signInError = `signing in as ${options[user].email} failed: ${errorText(error)}`;
          log(`web: ${signInError}`);
        }
      }
      const measured: WebPageFigures[] = [];
      for (const { page, path: pagePath } of pages) {
        let js = { jsFiles: 0, jsGzipBytes: 0, jsBrotliBytes: 0 };
        if (!signInError) {
          try {
            js = await measureJs(context, baseUrl, pagePath, sizes, log);
          } catch (error) {
            log(`web: ${page} (${pagePath}): JavaScript not measured: ${errorText(error)}`);
          }
        }
        measured.push({ page, path: pagePath, ...js, lighthouse: null });
      }
      // Lighthouse alone on the browser: Playwright lets go (the browser keeps running).
      await browser.close().catch(() => {});
      browser = undefined;
      if (options.lighthouse) {
        for (const figure of measured) {
          if (signInError) {
            log(`web: ${figure.page}: no Lighthouse figures (${signInError})`);
            continue;
          }
          const started = Date.now();
          try {
            figure.lighthouse = await runLighthouse(chrome.port, new URL(figure.path, baseUrl).href, figure.path);
            log(`web: Lighthouse ${figure.page} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
          } catch (error) {
            log(`web: ${figure.page} (${figure.path}): no Lighthouse figures: ${errorText(error)}`);
          }
        }
      }
      figures.push(...measured);
    } catch (error) {
      log(`web: the ${user === 'none' ? 'signed-out' : user} browser failed: ${errorText(error)}`);
      for (const { page, path: pagePath } of pages) {
        if (!figures.some((f) => f.path === pagePath))
          figures.push({ page, path: pagePath, jsFiles: 0, jsGzipBytes: 0, jsBrotliBytes: 0, lighthouse: null });
      }
    } finally {
      if (browser) await browser.close().catch(() => {});
      await chrome.kill();
    }
  }
  return PAGES.map((p) => figures.find((f) => f.path === p.path)!);
}

/** The figures as a text table. */
export function formatWebTable(figures: WebPageFigures[]): string {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const header = [
    'page',
    'path',
    'JS files',
    'JS gzip KiB',
    'JS brotli KiB',
    'perf',
    'a11y',
    'CLS',
    'LCP ms',
    'TBT ms',
  ];
  const rows = figures.map((f) => [
    f.page,
    f.path,
    String(f.jsFiles),
    kb(f.jsGzipBytes),
    kb(f.jsBrotliBytes),
    ...(f.lighthouse
      ? [
          String(f.lighthouse.performance),
          String(f.lighthouse.accessibility),
          f.lighthouse.cls.toFixed(3),
          String(f.lighthouse.lcpMs),
          String(f.lighthouse.tbtMs),
        ]
      : ['–', '–', '–', '–', '–']),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick') || process.env.BENCH_QUICK === '1';
  const [baseUrl, distArg] = args.filter((a) => !a.startsWith('--'));
  if (!baseUrl) {
    console.error('Usage: npx tsx apps/api/bench/web.ts http://127.0.0.1:PORT [distDir] [--quick]');
    process.exit(2);
  }
  const distDir =
    distArg ?? process.env.WEB_DIST_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  const demoPassword = 'GroveDemo!2026';
  const started = Date.now();
  measureWeb({
    baseUrl,
    distDir,
    parent: { email: 'parent@example.com', password: demoPassword },
    staff: { email: 'staff@example.com', password: demoPassword },
    lighthouse: !quick,
  }).then(
    (figures) => {
      console.log(
        `\nWeb pages at ${baseUrl} (JS sized from ${distDir}; ${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
      console.log(formatWebTable(figures));
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
