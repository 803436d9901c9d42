/**
 * A stand-in for the API in component tests: `fetch` is replaced by a function that answers from
 * routes keyed by the API contract's endpoint objects, the very ones the web calls through
 * `call(endpoint, …)` (`fakeApi([[playersApi.get, { body: player }]])`), never by a URL (the type
 * refuses one): a path the contract renames or drops breaks the tests' typecheck with the web's.
 * A route answers every path of its endpoint, or only the path parameters it is given
 * (`[playersApi.get, handler, { id: 42 }]`: player 43 falls through). A path no route answers gets
 * 404 like the real server. Every call is recorded with its headers, body and path parameters.
 */
import type { EndpointRef } from '@grove/domain/api/common';
import { vi } from 'vitest';

export type FakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
  signal: AbortSignal | null | undefined;
  /** The path parameters of the endpoint that answered, as text; empty when no route answered. */
  params: Record<string, string>;
};

/** `body` is answered as JSON; `text` as it is, with the `headers` given (a file download). */
export type FakeAnswer = {
  status?: number;
  statusText?: string;
  body?: unknown;
  text?: string;
  headers?: Record<string, string>;
};
export type FakeHandler = FakeAnswer | ((request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>);

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

function normalise(path: string): string {
  return path.replace(/\/+$/, '') || '/';
}

/** Path parameters, as a route's narrowing or a `callsOf` filter; compared as text (`{ id: 42 }` is '42'). */
export type FakeParams = Readonly<Record<string, string | number>>;

/** An endpoint of the contract, its answer and, optionally, the only path parameters it answers. */
export type FakeRoute = readonly [endpoint: EndpointRef, handler: FakeHandler, params?: FakeParams];

export type FakeApi = {
  calls: FakeRequest[];
  /**
   * Answers the calls of an endpoint of the contract with `handler`: all of them, or those with
   * `params`. It replaces the route of the same endpoint and parameters, if any.
   */
  on: (endpoint: EndpointRef, handler: FakeHandler, params?: FakeParams) => FakeApi;
  /** The calls made to an endpoint of the contract (only those with `params`, when given). */
  callsOf: (endpoint: EndpointRef, params?: FakeParams) => FakeRequest[];
};

/** 'GET' + '/api/v2/player/:id' → a matcher of concrete paths that gives the parameters. */
function matcherOf(endpoint: EndpointRef) {
  const names: string[] = [];
  const pattern = normalise(endpoint.url)
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  const regex = new RegExp(`^${pattern}$`);
  return (method: string, path: string): Record<string, string> | null => {
    if (method !== endpoint.method) return null;
    const match = regex.exec(path);
    if (!match) return null;
    return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
  };
}

/** Whether the path parameters `found` hold every one of `wanted`. */
function holds(found: Record<string, string>, wanted: FakeParams): boolean {
  return Object.entries(wanted).every(([name, value]) => found[name] === String(value));
}

/** One text per set of parameters, whatever their order and type (`{ id: 7 }` and `{ id: '7' }` are one). */
function paramsKey(params: FakeParams): string {
  return JSON.stringify(
    Object.entries(params)
      .map(([name, value]) => [name, String(value)])
      .sort(([a], [b]) => (a! < b! ? -1 : 1)),
  );
}

/** `routes`: `[endpoint, handler]` or `[endpoint, handler, params]`; a later route of the same endpoint and parameters wins. */
export function fakeApi(routes: readonly FakeRoute[] = []): FakeApi {
  const calls: FakeRequest[] = [];
  type Entry = {
    endpoint: EndpointRef;
    params: FakeParams;
    key: string;
    match: ReturnType<typeof matcherOf>;
    handler: FakeHandler;
  };
  const entries: Entry[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const request: FakeRequest = {
      method,
      path: normalise(url.pathname),
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      signal: init.signal,
      params: {},
    };
    calls.push(request);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    // Of the routes that answer the path, the endpoint with the fewest parameters (`…/export` before
    // `…/:id`), then the route narrowed to the most of them (player 42's before every player's).
    let handler: FakeHandler | undefined;
    let rank: [number, number] = [Infinity, 0];
    for (const entry of entries) {
      const params = entry.match(method, request.path);
      if (params === null || !holds(params, entry.params)) continue;
      const mine: [number, number] = [Object.keys(params).length, Object.keys(entry.params).length];
      if (mine[0] > rank[0] || (mine[0] === rank[0] && mine[1] <= rank[1])) continue;
      rank = mine;
      request.params = params;
      handler = entry.handler;
    }
    const answer: FakeAnswer =
      handler === undefined
        ? { status: 404, body: { detail: 'Not found.', code: 'not_found' } }
        : typeof handler === 'function'
          ? await handler(request)
          : handler;
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const status = answer.status ?? 200;
    const statusText = answer.statusText ?? STATUS_TEXT[status] ?? '';
    if (answer.text !== undefined)
      return new Response(answer.text, { status, statusText, headers: answer.headers ?? {} });
    const hasBody = answer.body !== undefined && status !== 204;
    return new Response(hasBody ? JSON.stringify(answer.body) : null, {
      status,
      statusText,
      headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);

  const fake: FakeApi = {
    calls,
    on: (endpoint, handler, params = {}) => {
      const key = paramsKey(params);
      const entry = { endpoint, params, key, match: matcherOf(endpoint), handler };
      const index = entries.findIndex((each) => each.endpoint === endpoint && each.key === key);
      if (index === -1) entries.push(entry);
      else entries[index] = entry;
      return fake;
    },
    callsOf: (endpoint, params = {}) => {
      const match = matcherOf(endpoint);
      return calls.filter((call) => {
        const found = match(call.method, call.path);
        return found !== null && holds(found, params);
      });
    },
  };
  for (const [endpoint, handler, params] of routes) fake.on(endpoint, handler, params);
  return fake;
}
