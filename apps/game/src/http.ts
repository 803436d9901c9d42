/**
 * The game talks to Grove through its public HTTP API only: the contract's endpoints
 * (@grove/domain/api/*) give each call's method and path, so no URL is written here by hand.
 * Every failure becomes a GameError with one line a person can act on.
 */
import type { Endpoint } from '@grove/domain/api/common';

export const DEFAULT_SERVER = 'http://127.0.0.1:3000';
const TIMEOUT_MS = 30_000;

/** A failure the CLI reports as one line and a non-zero exit. */
export class GameError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'GameError';
  }
}

export const NOT_CONNECTED = 'This tablet is no longer connected; run pair again.';

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

export interface RequestOptions {
  params?: Record<string, string | number>;
  body?: unknown;
  /** The device token, sent as `Authorization: Bearer …`. */
  token?: string;
  fetch?: typeof fetch;
}

/** The server's base URL, checked: http(s), no path beyond '/'. */
export function serverUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new GameError(`Not a server address: ${text} (e.g. ${DEFAULT_SERVER}).`, 2);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new GameError(`The server address must start with http:// or https://: ${text}`, 2);
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/** `/api/v2/user/accounts/:id/devices/pair` with { id: 7 } → `/api/v2/user/accounts/7/devices/pair`. */
export function pathOf(endpoint: Endpoint, params: Record<string, string | number> = {}): string {
  return endpoint.url.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint.url}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Calls `endpoint` and gives its status and parsed JSON body, whatever the status. Throws a
 * GameError only when no answer came (server unreachable, timeout) or it was not JSON.
 */
export async function request<T = unknown>(
  server: string,
  endpoint: Endpoint,
  options: RequestOptions = {},
): Promise<Answer<T>> {
  const url = `${server}${pathOf(endpoint, options.params)}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method: endpoint.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new GameError(`Could not reach Grove at ${server} (${networkReason(error)}).`);
  }
  const text = await response.text();
  let body: unknown = null;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      throw new GameError(
        `Grove at ${server} answered ${response.status} with something other than JSON: is it Grove?`,
      );
    }
  }
  return { status: response.status, body: body as T };
}

/**
 * A call with the device token that must succeed (2xx): a 401 means a parent removed or replaced
 * the tablet; any other failure is reported with the server's own words.
 */
export async function deviceCall<T>(
  server: string,
  token: string,
  endpoint: Endpoint,
  options: Omit<RequestOptions, 'token'> = {},
): Promise<Answer<T>> {
  const answer = await request<T>(server, endpoint, { ...options, token });
  if (answer.status === 401) throw new GameError(NOT_CONNECTED);
  if (answer.status < 200 || answer.status >= 300) throw new GameError(failure(answer, endpoint));
  return answer;
}

/** One line for a failed answer: the server's detail or field messages, and the status. */
export function failure(answer: Answer, endpoint: Endpoint): string {
  const what = `${endpoint.method} ${endpoint.url}`;
  if (answer.status === 404) return `${what}: not found (404). Is this server a Grove that knows the game API?`;
  if (answer.status === 429) return `${what}: too many requests (429). Wait a minute and try again.`;
  if (answer.status >= 500) return `${what}: Grove had a problem (${answer.status}). Try again later.`;
  return `${what}: ${describeBody(answer.body)} (${answer.status}).`;
}

function describeBody(body: unknown): string {
  if (typeof body === 'string' && body.trim() !== '') return body;
  if (typeof body !== 'object' || body === null) return 'no explanation';
  const record = body as Record<string, unknown>;
  if (typeof record.detail === 'string') return record.detail;
  if (typeof record.error_description === 'string') return record.error_description;
  const messages = Object.entries(record).flatMap(([field, value]) =>
    (Array.isArray(value) ? value : [value]).filter((m) => typeof m === 'string').map((m) => `${field}: ${m}`),
  );
  return messages.length > 0 ? messages.join('; ') : JSON.stringify(body);
}

function networkReason(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer in ${TIMEOUT_MS / 1000} s`;
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  if (cause?.code) return cause.code;
  if (cause?.message) return cause.message;
  return error instanceof Error ? error.message : String(error);
}
