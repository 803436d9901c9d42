/**
 * The web app's runtime configuration (SPEC §7 "the host comes from configuration"): the server
 * writes it into index.html, escaped, and lets the page call a separate API origin.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../../test/helpers.ts';
import type { App } from './types.ts';
import { injectWebConfig, publicWebConfig, type PublicWebConfig } from './web-app.ts';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Grove</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const CONFIGURED = {
  PUBLIC_URL: 'https://grove.example',
  WEB_API_URL: 'https://api.grove.example/api/',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_51Hx9Grove',
  ANALYTICS_ID: 'GTM-ABC1234',
  GAME_DIRECTIONS_URL: 'https://games.grove.test/how-to-play',
  SUPPORT_URL: 'https://help.grove.test/?topic=start&lang=en',
  // Quotes and angle brackets: the attribute must stay closed and the page must not grow tags.
  COMMUNITY_URL: 'https://community.grove.test/families?name="grove"&x=<script>',
};

let database: Database;
let distDir: string;
const apps: App[] = [];

async function appWith(env: Record<string, string>): Promise<App> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: distDir, ...env });
  const app = await buildApp(config, database, { logger: false });
  await app.ready();
  apps.push(app);
  return app;
}

/** The configuration as the browser reads it: the meta tag's content attribute, unescaped, parsed. */
function metaConfig(html: string): { raw: string; value: unknown } {
  const tags = html.match(/<meta name="grove-config" content="([^"]*)" \/>/g) ?? [];
  expect(tags, 'one grove-config meta tag').toHaveLength(1);
  const raw = /content="([^"]*)"/.exec(tags[0] ?? '')?.[1] ?? '';
  const text = raw.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_entity, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? '',
  );
  return { raw, value: JSON.parse(text) as unknown };
}

function connectSrc(csp: unknown): string[] {
  const directive = String(csp)
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('connect-src '));
  return directive?.split(/\s+/).slice(1) ?? [];
}

beforeAll(async () => {
  database = await openTestDatabase();
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grove-web-dist-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'assets', 'index-abc.js'), 'console.log("grove");\n');
  // The copies scripts/build.mjs makes beside a large asset.
  const big = 'export const words = "' + 'grove '.repeat(2000) + '";\n';
  fs.writeFileSync(path.join(distDir, 'assets', 'big-def.js'), big);
  fs.writeFileSync(path.join(distDir, 'assets', 'big-def.js.br'), zlib.brotliCompressSync(big));
  fs.writeFileSync(path.join(distDir, 'assets', 'big-def.js.gz'), zlib.gzipSync(big));
  fs.writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The build keeps source maps beside the chunks (for error reports), with compressed copies.
  const map = JSON.stringify({ version: 3, sources: ['../src/secret-source.tsx'], mappings: 'AAAA' });
  fs.writeFileSync(path.join(distDir, 'assets', 'index-abc.js.map'), map);
  fs.writeFileSync(path.join(distDir, 'assets', 'index-abc.js.map.br'), zlib.brotliCompressSync(map));
  fs.writeFileSync(path.join(distDir, 'assets', 'index-abc.js.map.gz'), zlib.gzipSync(map));
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('index.html carries the web configuration', () => {
  it('writes the configured API base, publishable key, analytics id and links, escaped, into every page load', async () => {
    const app = await appWith(CONFIGURED);
    const expected: PublicWebConfig = {
      apiBase: 'https://api.grove.example/api',
      stripePublishableKey: 'pk_test_51Hx9Grove',
      analyticsId: 'GTM-ABC1234',
      links: {
        gameDirections: 'https://games.grove.test/how-to-play',
        support: 'https://help.grove.test/?topic=start&lang=en',
        community: 'https://community.grove.test/families?name="grove"&x=<script>',
      },
    };
    for (const url of ['/', '/index.html', '/dashboard/stats?pid=1&gis=1Mo', '/admin/accounts/3']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const { raw, value } = metaConfig(res.body);
      expect(value, url).toEqual(expected);
      // Escaped: nothing in the attribute can end it or open a tag.
      expect(raw).not.toMatch(/[<>"']/);
      expect(raw).toContain('&quot;apiBase&quot;:&quot;https://api.grove.example/api&quot;');
      expect(raw).toContain('?topic=start&amp;lang=en');
      expect(raw).toContain('x=&lt;script&gt;');
      expect(res.body.match(/<script/g), 'no script added').toHaveLength(1);
      // The rest of the page is the built one, the tag inside its head.
      expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
      expect(res.body.indexOf('name="grove-config"')).toBeLessThan(res.body.indexOf('</head>'));
    }
  });

  it('lets the page call the configured API origin and, with a card provider key, Stripe, and with an analytics id the tag manager (CSP), and nothing else', async () => {
    const app = await appWith(CONFIGURED);
    const res = await app.inject({ method: 'GET', url: '/dashboard' });
    expect(connectSrc(res.headers['content-security-policy'])).toEqual([
      "'self'",
      'https://api.grove.example',
      'https://api.stripe.com',
      'https://www.googletagmanager.com',
    ]);
    expect(res.headers['content-security-policy']).toContain(
      "script-src 'self' https://js.stripe.com https://www.googletagmanager.com",
    );
    const plain = await (await appWith({})).inject({ method: 'GET', url: '/dashboard' });
    expect(connectSrc(plain.headers['content-security-policy'])).toEqual(["'self'"]);
    expect(plain.headers['content-security-policy']).toContain("frame-src 'none'");
  });

  it('uses the same origin and turns the card provider and analytics off by default', async () => {
    const app = await appWith({});
    const res = await app.inject({ method: 'GET', url: '/login' });
    expect(res.statusCode).toBe(200);
    expect(metaConfig(res.body).value).toEqual({
      apiBase: '/api',
      stripePublishableKey: null,
      analyticsId: null,
      links: {
        gameDirections: 'https://grove.example/games',
        support: 'https://help.grove.example/',
        community: 'https://community.grove.example/families',
      },
    });
    expect(connectSrc(res.headers['content-security-policy'])).toEqual(["'self'"]);
  });

  it('adds no connect-src origin when WEB_API_URL is on the public origin', async () => {
    const app = await appWith({ PUBLIC_URL: 'https://grove.example', WEB_API_URL: 'https://grove.example/api' });
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(connectSrc(res.headers['content-security-policy'])).toEqual(["'self'"]);
    expect((metaConfig(res.body).value as PublicWebConfig).apiBase).toBe('https://grove.example/api');
  });

  it('answers a revalidation with 304, serves other files as they are and keeps /api 404s as JSON', async () => {
    const app = await appWith(CONFIGURED);
    const first = await app.inject({ method: 'GET', url: '/' });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ method: 'GET', url: '/stats', headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("grove");\n');

    const api = await app.inject({ method: 'GET', url: '/api/v9/nothing/' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
  });

  it('sends the precompressed copy the browser accepts, caches hashed assets for a year and other files for an hour', async () => {
    const app = await appWith(CONFIGURED);
    const big = fs.readFileSync(path.join(distDir, 'assets', 'big-def.js'), 'utf8');
    const brotli = await app.inject({
      method: 'GET',
      url: '/assets/big-def.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(big);

    const gzip = await app.inject({ method: 'GET', url: '/assets/big-def.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(big);

    const plain = await app.inject({
      method: 'GET',
      url: '/assets/big-def.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(big);

    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    const page = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('does not serve source maps outside development, and answers 404 (not the page) for them and missing assets', async () => {
    for (const NODE_ENV of ['production', 'test']) {
      const app = await appWith({ ...CONFIGURED, NODE_ENV });
      for (const encoding of ['identity', 'gzip, br']) {
        const map = await app.inject({
          method: 'GET',
          url: '/assets/index-abc.js.map',
          headers: { 'accept-encoding': encoding },
        });
        expect(map.statusCode, `${NODE_ENV} ${encoding}`).toBe(404);
        expect(map.body).not.toContain('secret-source');
        expect(map.headers['content-type']).not.toMatch(/html/);
      }
      const gone = await app.inject({ method: 'GET', url: '/assets/index-old123.js' });
      expect(gone.statusCode).toBe(404);
      expect(gone.body).not.toContain('<html');
      // The page and its chunk still load.
      expect((await app.inject({ method: 'GET', url: '/assets/index-abc.js' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/dashboard' })).statusCode).toBe(200);
    }
    const development = await appWith({ ...CONFIGURED, NODE_ENV: 'development' });
    const map = await development.inject({ method: 'GET', url: '/assets/index-abc.js.map' });
    expect(map.statusCode).toBe(200);
    expect(map.body).toContain('secret-source');
  });

  it('caches index.html never without revalidation and only hashed assets as immutable', async () => {
    const app = await appWith({ ...CONFIGURED, NODE_ENV: 'production' });
    for (const url of ['/', '/index.html', '/stats']) {
      expect((await app.inject({ method: 'GET', url })).headers['cache-control'], url).toBe('no-cache');
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).not.toMatch(/immutable/);
  });

  it('keeps a clinician’s share page out of search indexes, and only that page', async () => {
    const app = await appWith({ ...CONFIGURED, NODE_ENV: 'production' });
    const shared = await app.inject({ method: 'GET', url: '/shared/some-token' });
    expect(shared.statusCode).toBe(200);
    expect(shared.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect((await app.inject({ method: 'GET', url: '/dashboard' })).headers['x-robots-tag']).toBeUndefined();
  });

  it('says the web app is not built when the dist folder has no index.html', async () => {
    const app = await appWith({ WEB_DIST_DIR: path.join(distDir, 'missing') });
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
  });
});

describe('the login page’s own entry (login.html)', () => {
  const LOGIN_HTML = INDEX_HTML.replace('/assets/index-abc.js', '/assets/login-xyz.js');
  let loginDist: string;

  beforeAll(() => {
    loginDist = fs.mkdtempSync(path.join(os.tmpdir(), 'grove-web-login-'));
    fs.writeFileSync(path.join(loginDist, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(loginDist, 'login.html'), LOGIN_HTML);
  });
  afterAll(() => fs.rmSync(loginDist, { recursive: true, force: true }));

  it('serves login.html, filled in, for /login in any letter case and with a trailing slash, and index.html elsewhere', async () => {
    const app = await appWith({ ...CONFIGURED, WEB_DIST_DIR: loginDist });
    for (const url of ['/login', '/LOGIN/', '/login?next=%2Fdashboard%2Fstats']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('/assets/login-xyz.js');
      expect(metaConfig(res.body).value, url).toMatchObject({ apiBase: 'https://api.grove.example/api' });
    }
    for (const url of ['/', '/dashboard', '/login/help', '/loginx', '/reset-password']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body, url).toContain('/assets/index-abc.js');
      expect(res.body, url).not.toContain('/assets/login-xyz.js');
    }
  });

  it('never sends the raw login.html, and revalidates the login page by its own ETag', async () => {
    const app = await appWith({ ...CONFIGURED, WEB_DIST_DIR: loginDist });
    const raw = await app.inject({ method: 'GET', url: '/login.html' });
    expect(raw.body).not.toContain('/assets/login-xyz.js');
    const first = await app.inject({ method: 'GET', url: '/login' });
    const index = await app.inject({ method: 'GET', url: '/' });
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers.etag).not.toBe(index.headers.etag);
    const again = await app.inject({
      method: 'GET',
      url: '/login',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('the web configuration variables', () => {
  function problems(env: Record<string, string>): string[] {
    try {
      loadConfig({ NODE_ENV: 'test', ...env });
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  }

  it.each([
    [
      { WEB_API_URL: 'api.grove.example' },
      /^Invalid WEB_API_URL="api.grove.example": must be an absolute http\(s\) URL/,
    ],
    [{ WEB_API_URL: 'ftp://api.grove.example/api' }, /^Invalid WEB_API_URL=/],
    [{ WEB_API_URL: 'https://api.grove.example/api?x=1' }, /^Invalid WEB_API_URL=/],
    [{ WEB_API_URL: 'https://user:secret@api.grove.example/api' }, /^Invalid WEB_API_URL=/],
    [
      { STRIPE_PUBLISHABLE_KEY: 'sk_live_secret123' },
      /^Invalid STRIPE_PUBLISHABLE_KEY \(value not shown\): must be a Stripe publishable key/,
    ],
    [{ STRIPE_PUBLISHABLE_KEY: 'pk_test_"><script>' }, /^Invalid STRIPE_PUBLISHABLE_KEY/],
    [{ ANALYTICS_ID: 'UA-12345-1' }, /^Invalid ANALYTICS_ID="UA-12345-1": must be a tag manager container id/],
    [{ GAME_DIRECTIONS_URL: 'http://grove.example/games' }, /^Invalid GAME_DIRECTIONS_URL=.*must be an https:\/\/ URL/],
    [{ SUPPORT_URL: 'javascript:alert(1)' }, /^Invalid SUPPORT_URL=/],
    [{ COMMUNITY_URL: 'not a url' }, /^Invalid COMMUNITY_URL=/],
  ])('refuses %j', (env, message) => {
    const found = problems(env);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(message);
    expect(found[0]).not.toContain('secret123');
  });

  it('accepts an http API for local setups and https links with a query', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      WEB_API_URL: 'http://localhost:3000/api',
      SUPPORT_URL: 'https://help.grove.test/?a=1#faq',
    });
    expect(publicWebConfig(config).apiBase).toBe('http://localhost:3000/api');
    expect(publicWebConfig(config).links.support).toBe('https://help.grove.test/?a=1#faq');
  });

  it('replaces a configuration tag already in the page and copes with a page without a head', () => {
    const config = publicWebConfig(loadConfig({ NODE_ENV: 'test' }));
    const twice = injectWebConfig(injectWebConfig(INDEX_HTML, { ...config, analyticsId: 'GTM-OLD1' }), config);
    expect(twice.match(/name="grove-config"/g)).toHaveLength(1);
    expect(metaConfig(twice).value).toEqual(config);
    expect(metaConfig(injectWebConfig('<p>bare</p>', config)).value).toEqual(config);
  });
});
