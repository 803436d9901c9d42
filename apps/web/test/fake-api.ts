/**
 * A stand-in for the API in component tests: `fetch` is replaced by a function that answers from
 * `routes`, keyed by 'METHOD /api/path' (trailing slash and query ignored). Unknown routes answer
 * 404 like the real server. Every call is recorded with its headers and body.
 */
import { vi } from 'vitest';

export type FakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
  signal: AbortSignal | null | undefined;
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
};

export function fakeApi(routes: Record<string, FakeHandler> = {}): FakeApi {
  const table = new Map<string, FakeHandler>(Object.entries(routes).map(([key, handler]) => [keyOf(key), handler]));
  const calls: FakeRequest[] = [];

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
    };
    calls.push(request);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const handler = table.get(`${method} ${request.path}`);
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

  return {
    calls,
    set: (key, handler) => table.set(keyOf(key), handler),
    callsTo: (key) => {
      const wanted = keyOf(key);
      return calls.filter((call) => `${call.method} ${call.path}` === wanted);
    },
  };
}
