/**
 * The early reads of index.html's entry (main.tsx, docs/decisions/0071): sent at once with the
 * stored token, taken by the app's first call of the same address, never sent twice.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { userApi } from '@grove/domain/api/endpoints/user';

import { fakeApi } from '../../test/fake-api.ts';
import { storeSession } from '../../test/fixtures.ts';
import { ApiError, call, forgetConditionalReads, setUnauthorizedHandler } from './api-client.ts';
import { buildUrl, endpointPath } from './api-url.ts';
import { sendEarlyReads, takeEarlyRead } from './early-reads.ts';
import { clearTokens, readTokens, saveTokens } from './session.ts';

const userInfoUrl = buildUrl(endpointPath(userApi.info, undefined), undefined);

afterEach(() => {
  takeEarlyRead(userInfoUrl, readTokens()?.accessToken);
  clearTokens();
  forgetConditionalReads();
});

describe('early reads', () => {
  it('sends the user record once: the app’s first call takes the early answer', async () => {
    storeSession();
    const server = fakeApi([[userApi.info, { body: { id: 7, first_name: 'Jo' } }]]);

    sendEarlyReads([userApi.info]);
    expect(server.callsOf(userApi.info)).toHaveLength(1);
    expect(server.callsOf(userApi.info)[0]?.headers.get('Authorization')).toBe('Bearer access-1');

    await expect(call(userApi.info)).resolves.toEqual({ id: 7, first_name: 'Jo' });
    expect(server.callsOf(userApi.info)).toHaveLength(1);
    // A later call asks again.
    await call(userApi.info);
    expect(server.callsOf(userApi.info)).toHaveLength(2);
  });

  it('sends nothing without a session, or with a token about to be renewed', () => {
    const server = fakeApi([[userApi.info, { body: { id: 7 } }]]);
    sendEarlyReads([userApi.info]);
    saveTokens({ access_token: 'old', refresh_token: 'refresh-1', expires_in: 30 });
    sendEarlyReads([userApi.info]);
    expect(server.callsOf(userApi.info)).toHaveLength(0);
  });

  it('is not used by a call with another token', async () => {
    storeSession();
    const server = fakeApi([[userApi.info, { body: { id: 7 } }]]);
    sendEarlyReads([userApi.info]);
    saveTokens({ access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 900 });

    await call(userApi.info);
    expect(server.callsOf(userApi.info).map((request) => request.headers.get('Authorization'))).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ]);
  });

  it('an early 401 ends the session as the app’s own call would', async () => {
    storeSession();
    fakeApi([[userApi.info, { status: 401, body: { detail: 'Token expired.' } }]]);
    let ended = 0;
    const restore = setUnauthorizedHandler(() => {
      ended += 1;
    });
    sendEarlyReads([userApi.info]);

    await expect(call(userApi.info)).rejects.toBeInstanceOf(ApiError);
    expect(ended).toBe(1);
    expect(readTokens()).toBeNull();
    restore();
  });
});
