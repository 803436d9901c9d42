/**
 * Web configuration (SPEC §7: "the host comes from configuration"; docs/decisions/0011). One build
 * runs in every environment: the server that serves index.html writes the environment's values into
 * `<meta name="grove-config" content="{…json…}">` (apps/api/src/lib/web-app.ts, from the variables
 * in the README's configuration table). This module reads that tag once, at start.
 *
 * Without the tag (the Vite dev server, tests) and for any value that is missing or invalid, the
 * defaults below apply: the API on the same origin under /api, no card provider key, analytics off,
 * Grove's own outside links.
 */
import { WEB_CLIENT_ID } from '@grove/domain';

/** The OAuth client id of the web portal, registered on the server (apps/api seed). */
export const OAUTH_CLIENT_ID = WEB_CLIENT_ID;

/** The name of the meta tag the server fills in. */
export const WEB_CONFIG_META = 'grove-config';

export type ExternalLinks = {
  /** Public game directory: how to play each Grove game. GAME_DIRECTIONS_URL. */
  gameDirections: string;
  /** Help centre. SUPPORT_URL. */
  support: string;
  /** The families' social group. COMMUNITY_URL. */
  community: string;
};

export type WebConfig = {
  /** Base URL of the API: '/api' (same origin) or an absolute http(s) URL. WEB_API_URL. */
  apiBase: string;
  /** The card provider's publishable key (pk_…), or null. STRIPE_PUBLISHABLE_KEY. */
  stripePublishableKey: string | null;
  /** The tag manager container id, or null: analytics off. ANALYTICS_ID. */
  analyticsId: string | null;
  links: ExternalLinks;
};

export const DEFAULT_WEB_CONFIG: Readonly<WebConfig> = Object.freeze({
  apiBase: '/api',
  stripePublishableKey: null,
  analyticsId: null,
  links: Object.freeze({
    gameDirections: 'https://grove.example/games',
    support: 'https://help.grove.example/',
    community: 'https://community.grove.example/families',
  }),
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function absoluteUrl(value: unknown, protocols: readonly string[]): string | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.username === '' && url.password === '' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** '/api' or another same-origin path, or an absolute http(s) URL; without its trailing slash. */
function apiBase(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (/^\/(?![/\\])[\w\-./~%]*$/.test(value)) return value.replace(/\/+$/, '') || null;
  const url = absoluteUrl(value, ['https:', 'http:']);
  return url && !url.includes('?') && !url.includes('#') ? url.replace(/\/+$/, '') : null;
}

function matching(value: unknown, pattern: RegExp): string | null {
  return typeof value === 'string' && pattern.test(value) ? value : null;
}

/** Checks a configuration object field by field; a missing or invalid field takes its default. */
export function parseWebConfig(raw: unknown): WebConfig {
  const input = isRecord(raw) ? raw : {};
  const links = isRecord(input.links) ? input.links : {};
  const defaults = DEFAULT_WEB_CONFIG;
  return {
    apiBase: apiBase(input.apiBase) ?? defaults.apiBase,
    stripePublishableKey: matching(input.stripePublishableKey, /^pk_[A-Za-z0-9_]+$/),
    analyticsId: matching(input.analyticsId, /^GTM-[A-Z0-9]{4,12}$/),
    links: {
      gameDirections: absoluteUrl(links.gameDirections, ['https:']) ?? defaults.links.gameDirections,
      support: absoluteUrl(links.support, ['https:']) ?? defaults.links.support,
      community: absoluteUrl(links.community, ['https:']) ?? defaults.links.community,
    },
  };
}

/** The configuration in `doc`'s grove-config meta tag, or the defaults when there is none or it is not JSON. */
export function readWebConfig(doc: Pick<Document, 'querySelector'> | undefined = globalThis.document): WebConfig {
  const content = doc?.querySelector<HTMLMetaElement>(`meta[name="${WEB_CONFIG_META}"]`)?.content;
  if (!content) return parseWebConfig(undefined);
  try {
    return parseWebConfig(JSON.parse(content) as unknown);
  } catch {
    return parseWebConfig(undefined);
  }
}

const config = readWebConfig();

/** Where the API lives: '/api' on this origin unless the server says otherwise. */
export const API_BASE: string = config.apiBase;

/** Every outside address the portal links to. */
export const EXTERNAL_LINKS: Readonly<ExternalLinks> = Object.freeze(config.links);

/** The card provider's publishable key, or null when card payments are not set up. Nothing loads the provider yet. */
export const STRIPE_PUBLISHABLE_KEY: string | null = config.stripePublishableKey;

/** The tag manager container id, or null: analytics off. Nothing loads the tag manager yet (it also waits for consent). */
export const ANALYTICS_ID: string | null = config.analyticsId;
