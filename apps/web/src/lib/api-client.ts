/**
 * The one way the portal talks to the API (SPEC §7, ARCHITECTURE §3):
 * - paths are relative to /api ('/v2/user/info/');
 * - signed-in calls carry `Authorization: Bearer <access token>`; unsafe methods also carry
 *   `X-CSRFToken` with the value of the `csrftoken` cookie;
 * - the access token is renewed with the refresh token shortly before it expires (one renewal at a
 *   time, across tabs too);
 * - a call cancelled through its AbortSignal resolves to the domain's cancelled marker (SPEC §8);
 * - a failed call rejects with an ApiError whose message follows the domain's error-text rules;
 * - a 401 answer ends the session: tokens are cleared and the unauthorized handler runs;
 * - files (the CSV export) come through apiDownload under the same rules, with the name their
 *   Content-Disposition gives;
 * - GET reads are conditional: the last answer of each address (query included) that carried an
 *   `ETag` is kept in memory (etag-cache.ts), the next GET of that address sends `If-None-Match`,
 *   and a `304 Not Modified` resolves with the kept body — the same object as before. The API
 *   answers `Cache-Control: no-store`, so nothing is kept on disk, and `fetch` hands the 304 to us.
 *   The store is forgotten when the session ends (forgetConditionalReads).
 */
import { msg } from '@lingui/core/macro';
import { CANCELLED_MARKER, errorText, isCancelled, type Cancelled } from '@grove/domain';
import type {
  Endpoint,
  EndpointRef,
  RequestBody,
  RequestParams,
  RequestQuery,
  SuccessReply,
} from '@grove/domain/api/common';

import { buildUrl, endpointPath, type QueryValue } from './api-url.ts';
import { takeEarlyRead } from './early-reads.ts';
import { OAUTH_CLIENT_ID } from './env.ts';
import { EtagCache } from './etag-cache.ts';
import { activeLanguage, i18n } from './i18n.ts';
import { clearTokens, needsRefresh, readTokens, saveTokens, subscribeTokens, type TokenGrant } from './session.ts';

export type { QueryValue };
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
/** A call that got no answer: its message (English here; an ApiError carries it in the page's language). */
export const NETWORK_ERROR_MESSAGE = 'We could not reach Grove. Please check your connection and try again.';
const NETWORK_ERROR = msg`We could not reach Grove. Please check your connection and try again.`;

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];
/** Request headers that make a call conditional; a caller that sends one handles the 304 itself. */
const CONDITIONAL_HEADERS = ['if-none-match', 'if-modified-since', 'if-match', 'if-unmodified-since', 'if-range'];
/** Keys of a 400 body that are not fields of the form. */
const NON_FIELD_KEYS = ['non_field_errors', 'detail', 'code'];

export type HttpMethod = 'GET' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  method?: HttpMethod;
  body?: unknown;
  query?: Readonly<Record<string, QueryValue>>;
  signal?: AbortSignal;
  /** Send the bearer token (default true). Login and the public auth calls send none. */
  auth?: boolean;
  /** Run the session's 401 handling (default true); sign-out calls turn it off. */
  logoutOnUnauthorized?: boolean;
  /** Extra headers (an `Idempotency-Key`); they never replace Authorization or the CSRF header. */
  headers?: Readonly<Record<string, string>>;
};

/** A failed call: the HTTP status (0 when no answer came), the answer's body and one line of text. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly body: unknown;

  constructor(status: number, statusText: string, body: unknown, message?: string) {
    super(message ?? errorText({ status, statusText, data: body }));
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.body = body;
  }

  /** The error code of a `{ detail, code }` answer. */
  get code(): string | undefined {
    const code = isRecord(this.body) ? this.body.code : undefined;
    return typeof code === 'string' ? code : undefined;
  }

  /** Messages per field of a 400 answer `{ field: [messages] }`. */
  get fieldErrors(): Record<string, string[]> {
    if (this.status !== 400 || !isRecord(this.body)) return {};
    const result: Record<string, string[]> = {};
    for (const [field, value] of Object.entries(this.body)) {
      if (NON_FIELD_KEYS.includes(field)) continue;
      const messages = toMessages(value);
      if (messages.length > 0) result[field] = messages;
    }
    return result;
  }

  /** `non_field_errors` of a 400 answer, or its `detail`. */
  get nonFieldErrors(): string[] {
    if (!isRecord(this.body)) return [];
    return [...toMessages(this.body.non_field_errors), ...toMessages(this.body.detail)];
  }
}

/** Thrown by `unwrap` when a call was cancelled; queries treat it as their own cancellation. */
export class CancelledRequestError extends Error {
  constructor() {
    super(i18n._(msg`The request was cancelled.`));
    this.name = 'CancelledRequestError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toMessages(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [] : [value];
  if (Array.isArray(value)) return value.flatMap(toMessages);
  return [];
}

/** The value of cookie `name`, or null. */
export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

type UnauthorizedHandler = () => void;

function defaultUnauthorizedHandler(): void {
  const next = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`/login?next=${encodeURIComponent(next)}`);
}

let unauthorizedHandler: UnauthorizedHandler = defaultUnauthorizedHandler;

/**
 * What happens after a 401 once the tokens are cleared: the app resets its cached data and goes
 * to the login page. Returns the function that puts the previous handler back.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  const previous = unauthorizedHandler;
  unauthorizedHandler = handler;
  return () => {
    unauthorizedHandler = previous;
  };
}

function endSessionAfterUnauthorized(): void {
  clearTokens();
  forgetConditionalReads();
  unauthorizedHandler();
}

/** The last tagged answer of each GET address (memory only; see etag-cache.ts). */
const conditionalReads = new EtagCache();
let watchingSessionEnd = false;

/**
 * Forgets every kept answer and its tag, so the next GET of each address is unconditional. Call
 * it wherever the session changes (sign-out, sign-in as someone else), next to clearing the
 * query cache. It also runs by itself when the tokens are cleared, in this tab or another one.
 */
export function forgetConditionalReads(): void {
  conditionalReads.clear();
}

/** Starts, once, forgetting the kept answers whenever the session's tokens go away. */
function watchSessionEnd(): void {
  if (watchingSessionEnd) return;
  watchingSessionEnd = true;
  subscribeTokens(() => {
    if (readTokens() === null) forgetConditionalReads();
  });
}

function baseHeaders(method: HttpMethod, hasBody: boolean): Record<string, string> {
  // The server words its refusals in the page's language (apps/api/src/lib/language.ts).
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': activeLanguage() };
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (!SAFE_METHODS.includes(method)) {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers[CSRF_HEADER] = csrf;
  }
  return headers;
}

/** The caller's extra headers, without the ones the client sets itself. */
function extraHeaders(extra: RequestOptions['headers']): Record<string, string> {
  const own = ['accept', 'accept-language', 'content-type', 'authorization', CSRF_HEADER.toLowerCase()];
  return Object.fromEntries(Object.entries(extra ?? {}).filter(([name]) => !own.includes(name.toLowerCase())));
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  return parseBody(response, await response.text());
}

function parseBody(response: Response, text: string): unknown {
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

let refreshInFlight: Promise<boolean> | null = null;

/**
 * Renews the access token with the refresh token. One renewal runs at a time in this tab, and a
 * Web Lock keeps two tabs from spending the same refresh token (the server would treat the second
 * use as a reuse and end the session). Resolves true when a fresh access token is stored.
 */
export function refreshAccessToken(): Promise<boolean> {
  refreshInFlight ??= lockedRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function lockedRefresh(): Promise<boolean> {
  const seen = readTokens();
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks && typeof locks.request === 'function') {
    return locks.request('grove.token-refresh', () => refreshOnce(seen?.refreshToken ?? null));
  }
  return refreshOnce(seen?.refreshToken ?? null);
}

async function refreshOnce(seenRefreshToken: string | null): Promise<boolean> {
  const tokens = readTokens();
  if (!tokens?.refreshToken) return false;
  // Another tab renewed the tokens while this one waited for the lock.
  if (tokens.refreshToken !== seenRefreshToken && !needsRefresh(tokens)) return true;
  let response: Response;
  try {
    response = await fetch(buildUrl('/v2/auth/oauth2/token/', undefined), {
      method: 'POST',
      headers: baseHeaders('POST', true),
      body: JSON.stringify({
        grant_type: 'refresh_token',
        refresh_token: tokens.refreshToken,
        client_id: OAUTH_CLIENT_ID,
      }),
      credentials: 'same-origin',
    });
  } catch {
    return false; // Offline: keep the current token; the next call tries again.
  }
  if (response.ok) {
    const grant = (await readBody(response)) as TokenGrant | undefined;
    if (grant?.access_token) {
      saveTokens(grant);
      return true;
    }
    return false;
  }
  if (response.status === 400 || response.status === 401) endSessionAfterUnauthorized();
  return false;
}

/** Renews the access token first when it is about to expire. */
async function ensureFreshAccessToken(): Promise<void> {
  const tokens = readTokens();
  if (tokens?.refreshToken && needsRefresh(tokens)) await refreshAccessToken();
}

type Answer = { response: Response; body: unknown };

/**
 * Sends one call: renews the token when it is about to expire, adds the headers, and turns a
 * failed answer into an ApiError (a 401 also ends the session). `read` reads a successful answer's
 * body; an error answer's body is always read as JSON or text. With `ifNoneMatch` the call carries
 * that tag and a 304 answer resolves (body undefined) instead of failing. Resolves with
 * CANCELLED_MARKER when `signal` aborted the call.
 */
async function send(
  path: string,
  options: RequestOptions,
  read: (response: Response) => Promise<unknown>,
  ifNoneMatch?: string,
): Promise<Answer | Cancelled> {
  const method = options.method ?? 'GET';
  const auth = options.auth ?? true;
  const { signal } = options;
  if (signal?.aborted) return CANCELLED_MARKER;

  // Sign-out calls (no 401 handling) do not renew a token they are about to revoke.
  if (auth && (options.logoutOnUnauthorized ?? true)) await ensureFreshAccessToken();
  const headers = { ...extraHeaders(options.headers), ...baseHeaders(method, options.body !== undefined) };
  const token = auth ? readTokens()?.accessToken : undefined;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (ifNoneMatch !== undefined) headers['If-None-Match'] = ifNoneMatch;

  let response: Response;
  let body: unknown;
  let notModified = false;
  try {
    const url = buildUrl(path, options.query);
    // A GET the page's entry already sent with this token (lib/early-reads.ts) is not sent again.
    const early = method === 'GET' && ifNoneMatch === undefined ? takeEarlyRead(url, token) : null;
    response = await (early ??
      fetch(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal,
        credentials: 'same-origin',
      }));
    notModified = response.status === 304 && ifNoneMatch !== undefined;
    body = response.ok ? await read(response) : notModified ? undefined : await readBody(response);
  } catch (error) {
    if (signal?.aborted) return CANCELLED_MARKER;
    throw new ApiError(0, '', error instanceof Error ? error.message : null, i18n._(NETWORK_ERROR));
  }
  if (signal?.aborted) return CANCELLED_MARKER;

  if (!response.ok && !notModified) {
    if (response.status === 401 && token && (options.logoutOnUnauthorized ?? true)) {
      endSessionAfterUnauthorized();
    }
    throw new ApiError(response.status, response.statusText, body);
  }
  return { response, body };
}

/**
 * Calls the API. Resolves with the parsed answer (undefined for an empty one), or with
 * CANCELLED_MARKER when `signal` aborted the call; rejects with an ApiError otherwise.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T | Cancelled> {
  if ((options.method ?? 'GET') === 'GET' && !setsConditionalHeader(options.headers)) {
    return (await conditionalGet(path, options, true)) as T | Cancelled;
  }
  const answer = await send(path, options, readBody);
  if (isCancelled(answer)) return CANCELLED_MARKER;
  return answer.body as T;
}

function setsConditionalHeader(headers: RequestOptions['headers']): boolean {
  return Object.keys(headers ?? {}).some((name) => CONDITIONAL_HEADERS.includes(name.toLowerCase()));
}

/**
 * A GET that sends the kept tag of its address and answers a 304 with the kept body. A 304 whose
 * tag is no longer kept (the store was cleared, or another call replaced the answer meanwhile) is
 * asked again once, without the tag. A 200 keeps its body under its tag, or drops the kept one
 * when it has no tag; a 4xx answer drops it too.
 */
async function conditionalGet(path: string, options: RequestOptions, mayUseKept: boolean): Promise<unknown> {
  const url = buildUrl(path, options.query);
  const generation = conditionalReads.generation;
  const sentTag = mayUseKept ? conditionalReads.get(url)?.etag : undefined;
  let size = 0;
  const read = async (response: Response) => {
    const text = await response.text();
    size = text.length;
    return parseBody(response, text);
  };

  let answer: Answer | Cancelled;
  try {
    answer = await send(path, options, read, sentTag);
  } catch (error) {
    // The address answered 4xx (gone, forbidden…): its kept answer is of no more use. A server
    // failure or no answer leaves it for the next try.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) conditionalReads.delete(url);
    throw error;
  }
  if (isCancelled(answer)) return CANCELLED_MARKER;

  if (answer.response.status === 304) {
    const kept = conditionalReads.get(url);
    if (kept !== undefined && kept.etag === sentTag) return kept.body;
    return conditionalGet(path, options, false);
  }
  const etag = answer.response.headers.get('etag');
  if (etag && answer.body !== undefined) {
    conditionalReads.set(url, etag, answer.body, size, generation);
    watchSessionEnd();
  } else {
    conditionalReads.delete(url);
  }
  return answer.body;
}

/** A file the API answered: its content and the name its Content-Disposition gives (or null). */
export type DownloadedFile = { blob: Blob; filename: string | null };

/** The file name of a Content-Disposition header: `filename*=UTF-8''…` first, else `filename="…"`. */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed encoded name: fall back to the plain one.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name ? name : null;
}

/**
 * Downloads a file from the API (GET, bearer token, same session rules as apiRequest): resolves
 * with its content and file name, or with CANCELLED_MARKER; rejects with an ApiError.
 */
export async function apiDownload(
  path: string,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<DownloadedFile | Cancelled> {
  const answer = await send(path, { ...options, method: 'GET' }, (response) => response.blob());
  if (isCancelled(answer)) return CANCELLED_MARKER;
  return {
    blob: answer.body as Blob,
    filename: dispositionFilename(answer.response.headers.get('content-disposition')),
  };
}

/**
 * What a call of endpoint E sends, typed by the contract: its path parameters (required when its
 * path has some), its query and its body (required when it takes one), and the request options.
 */
export type CallOptions<E extends Endpoint> = Omit<RequestOptions, 'method' | 'body' | 'query'> &
  ([RequestParams<E>] extends [never] ? { params?: undefined } : { params: RequestParams<E> }) &
  ([RequestQuery<E>] extends [never] ? { query?: undefined } : { query?: RequestQuery<E> }) &
  ([RequestBody<E>] extends [never] ? { body?: undefined } : { body: RequestBody<E> });

/** The options argument may be left out when the endpoint needs neither parameters nor a body. */
type CallArgs<E extends Endpoint> = [RequestParams<E> | RequestBody<E>] extends [never]
  ? [options?: CallOptions<E>]
  : [options: CallOptions<E>];

/**
 * Calls an endpoint of the contract (packages/domain/src/api/endpoints/*.ts): its method and path
 * come from the endpoint, the parameters, query and body are typed by it, and so is the answer.
 * Same rules as apiRequest: resolves with the answer or CANCELLED_MARKER, rejects with an ApiError.
 */
export function call<E extends Endpoint>(
  ref: EndpointRef<E>,
  ...[options]: CallArgs<E>
): Promise<SuccessReply<E> | Cancelled> {
  const { params, query, body, ...rest } = (options ?? {}) as CallOptions<Endpoint> & {
    params?: object;
    query?: Record<string, QueryValue>;
    body?: unknown;
  };
  return apiRequest<SuccessReply<E>>(endpointPath(ref, params), { ...rest, method: ref.method, query, body });
}

/** Downloads the file an endpoint answers (a CSV, a calendar file), under the rules of apiDownload. */
export function download<E extends Endpoint>(
  ref: EndpointRef<E>,
  ...[options]: CallArgs<E>
): Promise<DownloadedFile | Cancelled> {
  const { params, query, ...rest } = (options ?? {}) as CallOptions<Endpoint> & {
    params?: object;
    query?: Record<string, QueryValue>;
  };
  return apiDownload(endpointPath(ref, params), { ...rest, query });
}

/** The answer of a call that was not cancelled; a cancelled one throws CancelledRequestError. */
export function unwrap<T>(value: T | Cancelled): T {
  if (value === CANCELLED_MARKER) throw new CancelledRequestError();
  return value as T;
}
