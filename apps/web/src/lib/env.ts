/**
 * Web configuration. Every outside address the portal links to is set here, once; each can be
 * overridden at build time with the VITE_* variable named beside it.
 */

/** The API lives on the same origin (the Vite dev server proxies /api to the API server). */
export const API_BASE = '/api';

/** The OAuth client id of the web portal, registered on the server (apps/api seed). */
export const OAUTH_CLIENT_ID = 'grove-web';

function httpsUrl(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || value === '') return fallback;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.toString() : fallback;
  } catch {
    return fallback;
  }
}

const env = import.meta.env as Record<string, unknown>;

export const EXTERNAL_LINKS = {
  /** Public game directory: how to play each Grove game. VITE_GAME_DIRECTIONS_URL. */
  gameDirections: httpsUrl(env.VITE_GAME_DIRECTIONS_URL, 'https://grove.example/games'),
  /** Help centre. VITE_SUPPORT_URL. */
  support: httpsUrl(env.VITE_SUPPORT_URL, 'https://help.grove.example/'),
  /** The families' social group. VITE_COMMUNITY_URL. */
  community: httpsUrl(env.VITE_COMMUNITY_URL, 'https://community.grove.example/families'),
} as const;
