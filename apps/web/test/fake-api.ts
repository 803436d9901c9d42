/**
 * A stand-in for the API in component tests: `fetch` is replaced by a function that answers from
 * `routes`, keyed by 'METHOD /api/path' (trailing slash and query ignored). Unknown routes answer
 * 404 like the real server. Every call is recorded with its headers and body.
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
  /** The path parameters of the endpoint that answered (`on`), as text; empty for a string key. */
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

export type FakeApi = {
  calls: FakeRequest[];
  set: (key: string, handler: FakeHandler) => void;
  callsTo: (key: string) => FakeRequest[];
  /** Answers every call of an endpoint of the contract (any path parameters) with `handler`. */
  on: (endpoint: EndpointRef, handler: FakeHandler) => FakeApi;
  /** The calls made to an endpoint of the contract (only those with `params`, when given). */
  callsOf: (endpoint: EndpointRef, params?: Record<string, string | number>) => FakeRequest[];
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

/** `routes`: answers by 'METHOD /api/path', or by endpoint of the contract (`[playersApi.list, handler]`). */
export function fakeApi(routes: Record<string, FakeHandler> | [EndpointRef, FakeHandler][] = {}): FakeApi {
  const table = new Map<string, FakeHandler>(
    Array.isArray(routes) ? [] : Object.entries(routes).map(([key, handler]) => [keyOf(key), handler]),
  );
  const calls: FakeRequest[] = [];
  const endpoints: { endpoint: EndpointRef; match: ReturnType<typeof matcherOf>; handler: FakeHandler }[] = [];

  function keyOf(key: string): string {
    const [method = 'GET', path = '/'] = key.split(' ');
    return `${method.toUpperCase()} ${normalise(path)}`;
  }

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
    let handler = table.get(`${method} ${request.path}`);
    // Of the endpoints whose path matches, the one with the fewest parameters (`…/export` before `…/:id`).
    let fewest = Infinity;
    for (const entry of handler === undefined ? endpoints : []) {
      const params = entry.match(method, request.path);
      if (params === null || Object.keys(params).length >= fewest) continue;
      fewest = Object.keys(params).length;
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
    set: (key, handler) => table.set(keyOf(key), handler),
    callsTo: (key) => {
      const wanted = keyOf(key);
      return calls.filter((call) => `${call.method} ${call.path}` === wanted);
    },
    on: (endpoint, handler) => {
      // The latest answer for an endpoint wins, as `set` replaces a key's.
      const index = endpoints.findIndex((entry) => entry.endpoint === endpoint);
      const entry = { endpoint, match: matcherOf(endpoint), handler };
      if (index === -1) endpoints.push(entry);
      else endpoints[index] = entry;
      return fake;
    },
    callsOf: (endpoint, params = {}) => {
      const match = matcherOf(endpoint);
      return calls.filter((call) => {
        const found = match(call.method, call.path);
        return found !== null && Object.entries(params).every(([name, value]) => found[name] === String(value));
      });
    },
  };
  if (Array.isArray(routes)) for (const [endpoint, handler] of routes) fake.on(endpoint, handler);
  return fake;
}
