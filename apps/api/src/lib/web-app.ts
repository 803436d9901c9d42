/**
 * Serves the built React app, with its runtime configuration (SPEC §7: "the host comes from
 * configuration"; docs/decisions/0011-web-configuration.md).
 *
 * The web app is built once; what differs between environments — the API's base URL, the card
 * provider's publishable key, the tag manager id and the outside links — is read from config.ts
 * and written into index.html as `<meta name="grove-config" content="{…json…}">` (an inline script
 * would break the Content Security Policy). apps/web/src/lib/env.ts reads that tag once.
 *
 * - index.html is read and filled in once, at start; it is served with `cache-control: no-cache`
 *   (and an ETag, so a revalidation costs a 304), for `/`, `/index.html` and every deep link;
 * - login.html, the login page's lighter entry (no router, no signed-in screens;
 *   docs/decisions/0059-login-bundle.md), is filled in and served the same way for `/login`
 *   (any letter case, with or without a trailing slash); a build without it serves index.html there;
 * - other files come from the dist folder: the brotli or gzip copy `npm run build` made beside
 *   each one when the browser accepts it (scripts/build.mjs); files under /assets/ have a content
 *   hash in their names, so they are cached for a year as immutable; the others for an hour;
 * - source maps (*.map) stay in the build for error reports but are not served outside development
 *   (they would publish the source): 404;
 * - a missing file under /assets/ answers 404 (a page holding an old chunk name must fail to load
 *   it, not receive index.html as JavaScript);
 * - any other non-API GET falls back to index.html so deep links work; unknown /api paths answer 404.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { HTTP_MESSAGES } from '@grove/domain';
import type { Config } from '../config.ts';
import { requestLanguage, translateAnswer } from './language.ts';
import type { App } from './types.ts';

/** Everything the browser is told about its environment. Nothing here is secret: it is public in the page. */
export interface PublicWebConfig {
  /** Base URL of the API: '/api' on the same origin, or an absolute URL ending before `/v1`, `/v2`… */
  apiBase: string;
  /** The card provider's publishable key (pk_…), or null when card payments are not set up. */
  stripePublishableKey: string | null;
  /** The tag manager container id, or null: analytics off. */
  analyticsId: string | null;
  links: { gameDirections: string; support: string; community: string };
}

/** The name of the meta tag that carries the configuration. */
export const WEB_CONFIG_META = 'grove-config';

const SAME_ORIGIN_API_BASE = '/api';

/** The browser's configuration, from the server's. */
export function publicWebConfig(config: Config): PublicWebConfig {
  return {
    apiBase: config.WEB_API_URL ? config.WEB_API_URL.replace(/\/+$/, '') : SAME_ORIGIN_API_BASE,
    stripePublishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
    analyticsId: config.ANALYTICS_ID ?? null,
    links: {
      gameDirections: config.GAME_DIRECTIONS_URL,
      support: config.SUPPORT_URL,
      community: config.COMMUNITY_URL,
    },
  };
}

/**
 * Origins the page must be allowed to call besides its own (CSP connect-src): the API's, when
 * WEB_API_URL puts it on another origin than PUBLIC_URL.
 */
export function webConnectSources(config: Config): string[] {
  if (!config.WEB_API_URL) return [];
  const apiOrigin = new URL(config.WEB_API_URL).origin;
  return apiOrigin === new URL(config.publicUrl).origin ? [] : [apiOrigin];
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `value` made safe inside a quoted HTML attribute. */
export function escapeHtmlAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** The meta tag that carries `webConfig`. */
export function webConfigMetaTag(webConfig: PublicWebConfig): string {
  return `<meta name="${WEB_CONFIG_META}" content="${escapeHtmlAttribute(JSON.stringify(webConfig))}" />`;
}

const EXISTING_META = new RegExp(`<meta\\s+name=["']${WEB_CONFIG_META}["'][^>]*>\\s*`, 'gi');

/** `html` with the configuration's meta tag at the end of its head (replacing one already there). */
export function injectWebConfig(html: string, webConfig: PublicWebConfig): string {
  const tag = webConfigMetaTag(webConfig);
  const cleaned = html.replace(EXISTING_META, '');
  const headEnd = cleaned.search(/<\/head>/i);
  if (headEnd === -1) return `${tag}\n${cleaned}`;
  return `${cleaned.slice(0, headEnd)}  ${tag}\n  ${cleaned.slice(headEnd)}`;
}

/** Vite's output folder: every file name there carries a hash of its content. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const ONE_HOUR = 'public, max-age=3600';
const SOURCE_MAP = /\.map$/i;
/** An API path, or a page path asked for with another method than GET: the API's 404. */
const NOT_FOUND = { detail: HTTP_MESSAGES.notFound, code: 'not_found' };

/** A page of the build, filled in with the configuration, and its ETag; null when the file is missing. */
function readPage(file: string, config: Config): { html: string; etag: string } | null {
  if (!fs.existsSync(file)) return null;
  const html = injectWebConfig(fs.readFileSync(file, 'utf8'), publicWebConfig(config));
  return { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
}

/** The raw pages of the build: they have no configuration, so they are only sent filled in. */
const RAW_PAGES = ['/index.html', '/login.html'];
const LOGIN_PATH = /^\/login\/*$/i;

/** Serves the built React app; any non-API path falls back to index.html so deep links work. */
export function registerWebApp(app: App, config: Config): void {
  const index = readPage(path.join(config.webDistDir, 'index.html'), config);
  const hasWeb = index !== null;
  const login = index && (readPage(path.join(config.webDistDir, 'login.html'), config) ?? index);
  const serveSourceMaps = config.NODE_ENV === 'development';
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      // A route per file, but not for the compressed copies (sent in place of the file they copy)
      // nor for source maps outside development: a route for each of them was a tenth of a cold start.
      globIgnore: ['**/*.br', '**/*.gz', ...(serveSourceMaps ? [] : ['**/*.map'])],
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', HASHED_ASSET.test(filePath) ? IMMUTABLE : ONE_HOUR);
      },
      // The raw pages have no configuration: they are always the filled-in copies below.
      allowedPath: (pathname) => !RAW_PAGES.includes(pathname) && (serveSourceMaps || !SOURCE_MAP.test(pathname)),
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const api = pathname === '/api' || pathname.startsWith('/api/');
    if (api || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(await translateAnswer(NOT_FOUND, requestLanguage(request)));
    }
    if (pathname.startsWith('/assets/') || SOURCE_MAP.test(pathname)) {
      return reply.status(404).type('text/plain').send('Not found.');
    }
    if (!index || !login) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The Grove web app is not built yet. Run `npm run build` (npm start does it for you).');
    }
    const page = LOGIN_PATH.test(pathname) ? login : index;
    reply.header('cache-control', 'no-cache').header('etag', page.etag);
    // A clinician's share page is for the one person it was given to: never in a search index.
    if (pathname.startsWith('/shared/')) reply.header('x-robots-tag', 'noindex, nofollow');
    const ifNoneMatch = request.headers['if-none-match'];
    if (
      typeof ifNoneMatch === 'string' &&
      ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag)
    ) {
      return reply.status(304).send();
    }
    return reply.type('text/html; charset=utf-8').send(page.html);
  });
}
