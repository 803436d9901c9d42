/**
 * The web configuration comes from the grove-config meta tag the server writes into index.html
 * (apps/api/src/lib/web-app.ts), with the defaults when the tag is absent (dev server, tests).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  API_BASE,
  ANALYTICS_ID,
  DEFAULT_WEB_CONFIG,
  EXTERNAL_LINKS,
  STRIPE_PUBLISHABLE_KEY,
  parseWebConfig,
  readWebConfig,
  type WebConfig,
} from './env.ts';

const CONFIGURED: WebConfig = {
  apiBase: 'https://api.grove.example/api',
  stripePublishableKey: 'pk_test_51Hx9Grove',
  analyticsId: 'GTM-ABC1234',
  links: {
    gameDirections: 'https://games.grove.test/how-to-play',
    support: 'https://help.grove.test/?topic=start&lang=en',
    community: 'https://community.grove.test/families',
  },
};

/** The tag as the server writes it: JSON in an HTML-escaped attribute. */
function metaTag(value: unknown): string {
  const escaped = JSON.stringify(value)
    .replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
    .replace(/&#34;/g, '&quot;');
  return `<meta name="grove-config" content="${escaped}" />`;
}

function pageWith(head: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><head>${head}</head><body></body></html>`, 'text/html');
}

afterEach(() => {
  document.head.querySelectorAll('meta[name="grove-config"]').forEach((meta) => meta.remove());
  vi.resetModules();
});

describe('web configuration', () => {
  it('falls back to the same-origin API, no card provider key, analytics off and Grove’s links without the tag', () => {
    expect(API_BASE).toBe('/api');
    expect(STRIPE_PUBLISHABLE_KEY).toBeNull();
    expect(ANALYTICS_ID).toBeNull();
    expect(EXTERNAL_LINKS).toEqual({
      gameDirections: 'https://grove.example/games',
      support: 'https://help.grove.example/',
      community: 'https://community.grove.example/families',
    });
    expect(readWebConfig(pageWith(''))).toEqual(DEFAULT_WEB_CONFIG);
  });

  it('reads the values of the server’s meta tag, unescaped', () => {
    expect(readWebConfig(pageWith(metaTag(CONFIGURED)))).toEqual(CONFIGURED);
  });

  it('reads the tag once, at start, and exports its values; the API client calls the configured host', async () => {
    document.head.insertAdjacentHTML('beforeend', metaTag(CONFIGURED));
    vi.resetModules();
    const env = await import('./env.ts');
    expect(env.API_BASE).toBe('https://api.grove.example/api');
    expect(env.STRIPE_PUBLISHABLE_KEY).toBe('pk_test_51Hx9Grove');
    expect(env.ANALYTICS_ID).toBe('GTM-ABC1234');
    expect(env.EXTERNAL_LINKS.support).toBe('https://help.grove.test/?topic=start&lang=en');

    const fetchMock = vi.fn(
      async () => new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { apiRequest } = await import('./api-client.ts');
    await apiRequest('/v2/user/info/', { auth: false });
    expect(fetchMock).toHaveBeenCalledWith(
      'https://api.grove.example/api/v2/user/info/',
      expect.objectContaining({ method: 'GET' }),
    );

    // Changing the tag later changes nothing: it was read once.
    document.head.querySelector('meta[name="grove-config"]')?.setAttribute('content', '{"apiBase":"/elsewhere"}');
    expect((await import('./env.ts')).API_BASE).toBe('https://api.grove.example/api');
  });

  it('keeps the defaults when the tag is not JSON', () => {
    expect(readWebConfig(pageWith('<meta name="grove-config" content="{apiBase: nope" />'))).toEqual(
      DEFAULT_WEB_CONFIG,
    );
    expect(readWebConfig(pageWith('<meta name="grove-config" content="[1, 2]" />'))).toEqual(DEFAULT_WEB_CONFIG);
    expect(readWebConfig(undefined)).toEqual(DEFAULT_WEB_CONFIG);
  });

  it.each([
    ['an API base on another site’s path', { apiBase: '//evil.example/api' }, 'apiBase', '/api'],
    ['an API base that is a script', { apiBase: 'javascript:alert(1)' }, 'apiBase', '/api'],
    ['an API base with a query', { apiBase: 'https://api.grove.example/api?x=1' }, 'apiBase', '/api'],
    ['a same-origin API path', { apiBase: '/grove/api/' }, 'apiBase', '/grove/api'],
    ['an http API for local setups', { apiBase: 'http://localhost:3000/api/' }, 'apiBase', 'http://localhost:3000/api'],
    [
      'a secret key instead of the publishable one',
      { stripePublishableKey: 'sk_live_123' },
      'stripePublishableKey',
      null,
    ],
    ['an analytics id that is not a tag manager container', { analyticsId: 'UA-1234-1' }, 'analyticsId', null],
    ['an analytics id that is not text', { analyticsId: 42 }, 'analyticsId', null],
  ] as const)('checks each value: %s', (_case, raw, key, expected) => {
    expect(parseWebConfig(raw)[key]).toBe(expected);
  });

  it('only links to https addresses', () => {
    const links = parseWebConfig({
      links: {
        gameDirections: 'http://games.grove.test/',
        support: 'javascript:alert(1)',
        community: 'https://community.grove.test/x',
      },
    }).links;
    expect(links).toEqual({
      gameDirections: DEFAULT_WEB_CONFIG.links.gameDirections,
      support: DEFAULT_WEB_CONFIG.links.support,
      community: 'https://community.grove.test/x',
    });
  });
});
