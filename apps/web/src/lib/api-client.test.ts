import { afterEach, describe, expect, it, vi } from 'vitest';
import { CANCELLED_MARKER } from '@grove/domain';
import { adminApi } from '@grove/domain/api/endpoints/admin';
import { authApi } from '@grove/domain/api/endpoints/auth';
import { billingApi } from '@grove/domain/api/endpoints/billing';
import { playApi } from '@grove/domain/api/endpoints/play';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { userApi } from '@grove/domain/api/endpoints/user';

import { fakeApi, type FakeAnswer, type FakeRequest } from '../../test/fake-api.ts';
import { storeSession } from '../../test/fixtures.ts';
import {
  ApiError,
  CancelledRequestError,
  NETWORK_ERROR_MESSAGE,
  apiDownload,
  apiRequest,
  call,
  dispositionFilename,
  forgetConditionalReads,
  setUnauthorizedHandler,
  unwrap,
  type RequestOptions,
} from './api-client.ts';
import { endpointPath } from './api-url.ts';
import { loadLanguage } from './i18n.ts';
import { clearTokens, readTokens, saveTokens } from './session.ts';

type Options = Omit<RequestOptions, 'method' | 'body'>;

/** Calls by path, over apiRequest: the client's rules whatever the endpoint (features call endpoints). */
const api = {
  get: (path: string, options?: Options) => apiRequest(path, { ...options, method: 'GET' }),
  post: (path: string, body?: unknown, options?: Options) => apiRequest(path, { ...options, method: 'POST', body }),
  patch: (path: string, body?: unknown, options?: Options) => apiRequest(path, { ...options, method: 'PATCH', body }),
};

let restoreHandler: (() => void) | null = null;
function onUnauthorized() {
  const handler = vi.fn();
  restoreHandler = setUnauthorizedHandler(handler);
  return handler;
}

afterEach(() => {
  restoreHandler?.();
  restoreHandler = null;
  forgetConditionalReads();
});

describe('api client: headers', () => {
  it('sends the bearer token and, on unsafe methods, the CSRF cookie value', async () => {
    storeSession();
    document.cookie = 'csrftoken=csrf-123; path=/';
    const server = fakeApi([
      [userApi.info, { body: { id: 1 } }],
      [userApi.patch, { body: { id: 1 } }],
    ]);

    await api.get('/v2/user/info/');
    await api.patch('/v2/user/', { first_name: 'Jo' });

    const [get, patch] = server.calls;
    expect(get?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(get?.headers.get('X-CSRFToken')).toBeNull();
    expect(patch?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(patch?.headers.get('X-CSRFToken')).toBe('csrf-123');
    expect(patch?.headers.get('Content-Type')).toBe('application/json');
    expect(patch?.body).toEqual({ first_name: 'Jo' });
  });

  it('sends no bearer token on public calls', async () => {
    storeSession();
    const server = fakeApi([[authApi.passwordReset, { body: { detail: 'Sent.' } }]]);
    await api.post('/v2/auth/password/reset/', { email: 'a@example.com' }, { auth: false });
    expect(server.calls[0]?.headers.get('Authorization')).toBeNull();
  });

  it('sends extra headers (an Idempotency-Key) without letting them replace its own', async () => {
    storeSession();
    document.cookie = 'csrftoken=csrf-123; path=/';
    const server = fakeApi([[billingApi.confirmOrder, { body: { ok: true } }]]);
    await api.post(
      '/v2/billing/order/confirm/',
      { order: 'ord_1' },
      { headers: { 'Idempotency-Key': 'key-1', authorization: 'Bearer forged', 'x-csrftoken': 'forged' } },
    );
    const [call] = server.calls;
    expect(call?.headers.get('Idempotency-Key')).toBe('key-1');
    expect(call?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(call?.headers.get('X-CSRFToken')).toBe('csrf-123');
  });

  it('asks for answers in the page’s language', async () => {
    storeSession();
    const server = fakeApi([[userApi.info, { body: { id: 1 } }]]);
    await api.get('/v2/user/info/', { headers: { 'Accept-Language': 'fr' } });
    expect(server.calls[0]?.headers.get('Accept-Language')).toBe('en');
    await loadLanguage('es');
    await api.get('/v2/user/info/');
    expect(server.calls[1]?.headers.get('Accept-Language')).toBe('es');
  });

  it('puts query parameters that have a value on the address', async () => {
    storeSession();
    const server = fakeApi([[playersApi.list, { body: { count: 0, results: [] } }, { id: 1 }]]);
    await api.get('/v2/player/accounts/1/', { query: { page: 2, empty: '', none: undefined } });
    expect(server.calls[0]?.query.toString()).toBe('page=2');
  });
});

describe('api client: cancellation', () => {
  it('resolves to the cancelled marker when the signal aborts during the call', async () => {
    storeSession();
    const controller = new AbortController();
    fakeApi([
      [
        userApi.info,
        () => {
          controller.abort();
          return { body: { id: 1 } };
        },
      ],
    ]);
    await expect(api.get('/v2/user/info/', { signal: controller.signal })).resolves.toBe(CANCELLED_MARKER);
  });

  it('resolves to the cancelled marker without calling when the signal already aborted', async () => {
    const server = fakeApi();
    const controller = new AbortController();
    controller.abort();
    await expect(api.get('/v2/user/info/', { signal: controller.signal })).resolves.toBe(CANCELLED_MARKER);
    expect(server.calls).toHaveLength(0);
  });

  it('unwrap turns the marker into a CancelledRequestError and passes answers through', () => {
    expect(() => unwrap(CANCELLED_MARKER)).toThrow(CancelledRequestError);
    expect(unwrap({ id: 1 })).toEqual({ id: 1 });
  });
});

describe('api client: failures', () => {
  it('rejects with a typed error carrying field errors of a 400 answer', async () => {
    storeSession();
    fakeApi([
      [
        userApi.patch,
        {
          status: 400,
          body: { email: ['Please input a valid email'], non_field_errors: ['Try again'] },
        },
      ],
    ]);
    const failure = await api.patch('/v2/user/', { email: 'x' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    const error = failure as ApiError;
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual({ email: ['Please input a valid email'] });
    expect(error.nonFieldErrors).toEqual(['Try again']);
    expect(error.message).toBe('Email: Please input a valid email; Try again');
  });

  it('uses the status text for a server error (domain errorText rule)', async () => {
    storeSession();
    fakeApi([[userApi.info, { status: 500, body: { detail: 'boom' } }]]);
    await expect(api.get('/v2/user/info/')).rejects.toMatchObject({ status: 500, message: 'Internal Server Error' });
  });

  it('words a call that got no answer in the page’s language', async () => {
    await loadLanguage('es');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/v2/user/info/', { auth: false })).rejects.toMatchObject({
      status: 0,
      message: 'No pudimos comunicarnos con Grove. Revise su conexión e inténtelo de nuevo.',
    });
  });

  it('reports a call that got no answer with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/v2/user/info/', { auth: false })).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('ends the session on a 401: tokens are cleared and the unauthorized handler runs', async () => {
    storeSession();
    const handler = onUnauthorized();
    fakeApi([[userApi.info, { status: 401, body: { detail: 'Invalid Token' } }]]);

    await expect(api.get('/v2/user/info/')).rejects.toMatchObject({ status: 401, message: 'Invalid Token' });
    expect(readTokens()).toBeNull();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('does not treat a 401 of a call without a session as a logout', async () => {
    const handler = onUnauthorized();
    fakeApi([[authApi.revoke, { status: 401, body: { detail: 'Invalid client' } }]]);
    await expect(api.post('/v2/auth/oauth2/revoke_token/', {}, { auth: false })).rejects.toBeInstanceOf(ApiError);
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('api client: token renewal', () => {
  it('renews an access token about to expire before the call, once for calls made together', async () => {
    saveTokens({ access_token: 'old-access', refresh_token: 'refresh-1', expires_in: 30 });
    document.cookie = 'csrftoken=csrf-9; path=/';
    const server = fakeApi([
      [
        authApi.token,
        {
          body: { access_token: 'new-access', refresh_token: 'refresh-2', expires_in: 900, token_type: 'Bearer' },
        },
      ],
      [userApi.info, { body: { id: 1 } }],
    ]);

    await Promise.all([api.get('/v2/user/info/'), api.get('/v2/user/info/')]);

    const renewals = server.callsOf(authApi.token);
    expect(renewals).toHaveLength(1);
    expect(renewals[0]?.body).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-1',
      client_id: 'grove-web',
    });
    expect(server.callsOf(userApi.info).map((call) => call.headers.get('Authorization'))).toEqual([
      'Bearer new-access',
      'Bearer new-access',
    ]);
    expect(readTokens()).toMatchObject({ accessToken: 'new-access', refreshToken: 'refresh-2' });
  });

  it('ends the session when the refresh token is refused', async () => {
    saveTokens({ access_token: 'old-access', refresh_token: 'refresh-1', expires_in: 10 });
    const handler = onUnauthorized();
    fakeApi([[authApi.token, { status: 400, body: { detail: 'Invalid refresh token' } }]]);
    await api.get('/v2/user/info/').catch(() => undefined);
    expect(handler).toHaveBeenCalled();
    expect(readTokens()).toBeNull();
  });

  it('leaves a token that is not about to expire alone', async () => {
    storeSession();
    const server = fakeApi([[userApi.info, { body: { id: 1 } }]]);
    await api.get('/v2/user/info/');
    expect(server.callsOf(authApi.token)).toHaveLength(0);
  });
});

describe('api client: downloads', () => {
  it('downloads a file with the bearer token and names it from Content-Disposition', async () => {
    storeSession();
    const server = fakeApi([
      [
        playApi.sessionsCsv,
        {
          text: 'a,b\r\n1,2\r\n',
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="maya-sessions-2026-11-22.csv"',
          },
        },
        { id: 1 },
      ],
    ]);
    const file = unwrap(await apiDownload('/v2/player/1/sessions.csv'));
    expect(file.filename).toBe('maya-sessions-2026-11-22.csv');
    expect(await file.blob.text()).toBe('a,b\r\n1,2\r\n');
    expect(server.calls[0]?.headers.get('authorization')).toBe('Bearer access-1');
  });

  it('rejects like any call when the server refuses, and ends the session on a 401', async () => {
    storeSession();
    const handler = onUnauthorized();
    fakeApi([[playApi.sessionsCsv, { status: 404, body: { detail: 'Not found.', code: 'not_found' } }, { id: 9 }]]);
    await expect(apiDownload('/v2/player/9/sessions.csv')).rejects.toMatchObject({
      status: 404,
      message: 'Not found.',
    });
    fakeApi([[playApi.sessionsCsv, { status: 401, body: { detail: 'Invalid Token' } }, { id: 9 }]]);
    await expect(apiDownload('/v2/player/9/sessions.csv')).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('resolves to the cancelled marker when aborted', async () => {
    storeSession();
    fakeApi([[playApi.sessionsCsv, { text: 'x' }, { id: 9 }]]);
    const controller = new AbortController();
    controller.abort();
    await expect(apiDownload('/v2/player/9/sessions.csv', { signal: controller.signal })).resolves.toBe(
      CANCELLED_MARKER,
    );
  });

  it.each([
    ['attachment; filename="maya-sessions.csv"', 'maya-sessions.csv'],
    ['attachment; filename=plain.csv', 'plain.csv'],
    ['attachment; filename="fallback.csv"; filename*=UTF-8\'\'Zo%C3%AB%20sessions.csv', 'Zoë sessions.csv'],
    ['attachment; filename="say \\"hi\\".csv"', 'say "hi".csv'],
    ['attachment', null],
    [null, null],
  ])('reads the file name of %s', (header, name) => {
    expect(dispositionFilename(header)).toBe(name);
  });
});

/** A resource the server tags: 304 when the request names its current tag, else 200 with the tag. */
function tagged(resource: { etag: string; body: unknown }) {
  return (request: FakeRequest): FakeAnswer =>
    request.headers.get('If-None-Match') === resource.etag
      ? { status: 304 }
      : { body: resource.body, headers: { ETag: resource.etag } };
}

const OVERVIEW = playApi.overview;

describe('api client: conditional reads (ETag)', () => {
  it('sends the tag of the first answer on the next GET and answers a 304 with the first body', async () => {
    storeSession();
    const server = fakeApi([[OVERVIEW, tagged({ etag: '"v1"', body: { sessions: 3 } }), { id: 7 }]]);

    const first = await api.get('/v1/dashboard/player/7/overview/');
    const second = await api.get('/v1/dashboard/player/7/overview/');

    const [call1, call2] = server.callsOf(OVERVIEW, { id: 7 });
    expect(call1?.headers.get('If-None-Match')).toBeNull();
    expect(call2?.headers.get('If-None-Match')).toBe('"v1"');
    expect(call2?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(second).toEqual({ sessions: 3 });
    expect(second).toBe(first);
  });

  it('sends a weak tag back as it came', async () => {
    storeSession();
    const server = fakeApi([[OVERVIEW, tagged({ etag: 'W/"week-48"', body: { sessions: 3 } }), { id: 7 }]]);
    await api.get('/v1/dashboard/player/7/overview/');
    await api.get('/v1/dashboard/player/7/overview/');
    expect(server.callsOf(OVERVIEW, { id: 7 })[1]?.headers.get('If-None-Match')).toBe('W/"week-48"');
  });

  it('replaces the kept answer when the server answers 200 with a new tag', async () => {
    storeSession();
    const resource = { etag: '"v1"', body: { sessions: 3 } as unknown };
    const server = fakeApi([[OVERVIEW, tagged(resource), { id: 7 }]]);

    await api.get('/v1/dashboard/player/7/overview/');
    resource.etag = '"v2"';
    resource.body = { sessions: 4 };
    const changed = await api.get('/v1/dashboard/player/7/overview/');
    const again = await api.get('/v1/dashboard/player/7/overview/');

    expect(server.callsOf(OVERVIEW, { id: 7 }).map((call) => call.headers.get('If-None-Match'))).toEqual([
      null,
      '"v1"',
      '"v2"',
    ]);
    expect(changed).toEqual({ sessions: 4 });
    expect(again).toBe(changed);
  });

  it('keeps one answer per address, query string included', async () => {
    storeSession();
    const server = fakeApi([
      [
        playApi.hrRises,
        (request) =>
          tagged({ etag: `"p${request.query.get('page')}"`, body: { page: request.query.get('page') } })(request),
        { id: 7 },
      ],
    ]);
    const path = '/v2/player/7/hr_rises/';

    await api.get(path, { query: { page: 1 } });
    const page2 = await api.get(path, { query: { page: 2 } });
    const page1 = await api.get(path, { query: { page: 1 } });

    const tags = server.calls.map((call) => call.headers.get('If-None-Match'));
    expect(tags).toEqual([null, null, '"p1"']);
    expect(page2).toEqual({ page: '2' });
    expect(page1).toEqual({ page: '1' });
  });

  it('never makes a POST conditional, nor keeps its answer', async () => {
    storeSession();
    document.cookie = 'csrftoken=csrf-123; path=/';
    const server = fakeApi([
      [adminApi.notes, tagged({ etag: '"n1"', body: { notes: [] } }), { id: 7 }],
      [adminApi.createNote, { body: { id: 1 }, headers: { ETag: '"posted"' } }, { id: 7 }],
    ]);

    await api.get('/v2/admin/accounts/7/notes/');
    await api.post('/v2/admin/accounts/7/notes/', { text: 'Calm week' });
    await api.post('/v2/admin/accounts/7/notes/', { text: 'Calm week' });

    const posts = server.callsOf(adminApi.createNote, { id: 7 });
    expect(posts.map((call) => call.headers.get('If-None-Match'))).toEqual([null, null]);
    expect(posts[0]?.headers.get('X-CSRFToken')).toBe('csrf-123');
  });

  it('sends no tag when the answer carried none, and drops the kept one when a new answer has none', async () => {
    storeSession();
    let etag: string | undefined = '"v1"';
    const server = fakeApi([
      [OVERVIEW, (): FakeAnswer => ({ body: { sessions: 3 }, headers: etag ? { ETag: etag } : {} }), { id: 7 }],
    ]);

    await api.get('/v1/dashboard/player/7/overview/');
    etag = undefined;
    await api.get('/v1/dashboard/player/7/overview/');
    await api.get('/v1/dashboard/player/7/overview/');

    expect(server.callsOf(OVERVIEW, { id: 7 }).map((call) => call.headers.get('If-None-Match'))).toEqual([
      null,
      '"v1"',
      null,
    ]);
  });

  it('forgets every tag when asked (the session changed)', async () => {
    storeSession();
    const server = fakeApi([[OVERVIEW, tagged({ etag: '"v1"', body: { sessions: 3 } }), { id: 7 }]]);

    await api.get('/v1/dashboard/player/7/overview/');
    forgetConditionalReads();
    const fresh = await api.get('/v1/dashboard/player/7/overview/');

    expect(server.callsOf(OVERVIEW, { id: 7 }).map((call) => call.headers.get('If-None-Match'))).toEqual([null, null]);
    expect(fresh).toEqual({ sessions: 3 });
  });

  it('forgets every tag when the session’s tokens are cleared (sign-out) or a call answers 401', async () => {
    storeSession();
    onUnauthorized();
    const server = fakeApi([
      [OVERVIEW, tagged({ etag: '"v1"', body: { sessions: 3 } }), { id: 7 }],
      [userApi.info, { status: 401, body: { detail: 'Invalid Token' } }],
    ]);

    await api.get('/v1/dashboard/player/7/overview/');
    clearTokens();
    storeSession();
    await api.get('/v1/dashboard/player/7/overview/');
    await api.get('/v2/user/info/').catch(() => undefined);
    storeSession();
    await api.get('/v1/dashboard/player/7/overview/');

    expect(server.callsOf(OVERVIEW, { id: 7 }).map((call) => call.headers.get('If-None-Match'))).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('asks again once, without the tag, when a 304 comes for an answer no longer kept', async () => {
    storeSession();
    const server = fakeApi([
      [
        OVERVIEW,
        (request) => {
          if (request.headers.get('If-None-Match') === null)
            return { body: { sessions: 3 }, headers: { ETag: '"v1"' } };
          forgetConditionalReads(); // the session changed while the call was on its way
          return { status: 304 };
        },
        { id: 7 },
      ],
    ]);

    await api.get('/v1/dashboard/player/7/overview/');
    const answer = await api.get('/v1/dashboard/player/7/overview/');

    expect(server.callsOf(OVERVIEW, { id: 7 }).map((call) => call.headers.get('If-None-Match'))).toEqual([
      null,
      '"v1"',
      null,
    ]);
    expect(answer).toEqual({ sessions: 3 });
  });

  it('does not keep an answer that arrives after the tags were forgotten', async () => {
    storeSession();
    const server = fakeApi([
      [
        OVERVIEW,
        () => {
          forgetConditionalReads(); // signed out while the call was on its way
          return { body: { sessions: 3 }, headers: { ETag: '"v1"' } };
        },
        { id: 7 },
      ],
    ]);
    await api.get('/v1/dashboard/player/7/overview/');
    await api.get('/v1/dashboard/player/7/overview/');
    expect(server.callsOf(OVERVIEW, { id: 7 }).map((call) => call.headers.get('If-None-Match'))).toEqual([null, null]);
  });

  it('drops the kept answer of an address that now answers 404', async () => {
    storeSession();
    const server = fakeApi([[OVERVIEW, tagged({ etag: '"v1"', body: { sessions: 3 } }), { id: 7 }]]);
    await api.get('/v1/dashboard/player/7/overview/');
    server.on(OVERVIEW, { status: 404, body: { detail: 'Not found.', code: 'not_found' } }, { id: 7 });
    await expect(api.get('/v1/dashboard/player/7/overview/')).rejects.toMatchObject({ status: 404 });
    server.on(OVERVIEW, tagged({ etag: '"v1"', body: { sessions: 3 } }), { id: 7 });
    await api.get('/v1/dashboard/player/7/overview/');
    expect(server.callsOf(OVERVIEW, { id: 7 }).map((call) => call.headers.get('If-None-Match'))).toEqual([
      null,
      '"v1"',
      null,
    ]);
  });

  it('leaves a GET that sets its own If-None-Match alone', async () => {
    storeSession();
    const server = fakeApi([[OVERVIEW, tagged({ etag: '"v1"', body: { sessions: 3 } }), { id: 7 }]]);
    await api.get('/v1/dashboard/player/7/overview/');
    await expect(
      api.get('/v1/dashboard/player/7/overview/', { headers: { 'If-None-Match': '"v1"' } }),
    ).rejects.toMatchObject({ status: 304 });
    expect(server.callsOf(OVERVIEW, { id: 7 })[1]?.headers.get('If-None-Match')).toBe('"v1"');
  });

  it('resolves to the cancelled marker when a conditional GET is aborted', async () => {
    storeSession();
    const controller = new AbortController();
    fakeApi([
      [
        OVERVIEW,
        (request) => {
          if (request.headers.get('If-None-Match')) controller.abort();
          return tagged({ etag: '"v1"', body: { sessions: 3 } })(request);
        },
        { id: 7 },
      ],
    ]);
    await api.get('/v1/dashboard/player/7/overview/');
    await expect(api.get('/v1/dashboard/player/7/overview/', { signal: controller.signal })).resolves.toBe(
      CANCELLED_MARKER,
    );
  });
});

describe('api client: calling endpoints of the contract', () => {
  it('takes the method and path from the endpoint, fills in its parameters, and sends query and body', async () => {
    storeSession();
    document.cookie = 'csrftoken=csrf-123; path=/';
    const server = fakeApi([
      [
        playersApi.list,
        (request) => ({ body: { count: 0, next: null, previous: null, results: [], id: request.params.id } }),
      ],
      [playersApi.patch, (request) => ({ body: { renamed: request.params.id } })],
    ]);

    expect(await call(playersApi.list, { params: { id: 12 }, query: { page: 2 } })).toMatchObject({ id: '12' });
    expect(await call(playersApi.patch, { params: { id: 7 }, body: { name: 'Mia' } })).toEqual({ renamed: '7' });

    const [list, patch] = server.calls;
    expect(list).toMatchObject({ method: 'GET', path: '/api/v2/player/accounts/12' });
    expect(list?.query.get('page')).toBe('2');
    expect(patch).toMatchObject({ method: 'PATCH', path: '/api/v2/player/7', body: { name: 'Mia' } });
    expect(patch?.headers.get('X-CSRFToken')).toBe('csrf-123');
    expect(server.callsOf(playersApi.patch, { id: 7 })).toHaveLength(1);
    expect(server.callsOf(playersApi.patch, { id: 8 })).toHaveLength(0);
  });

  it('encodes a parameter, and refuses a call whose parameter is missing', () => {
    expect(endpointPath(playersApi.get, { id: 'a/b c' })).toBe('/v2/player/a%2Fb%20c');
    expect(() => endpointPath(playersApi.get, {})).toThrow('/api/v2/player/:id: no value for :id');
  });
});
