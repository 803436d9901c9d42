/**
 * What the API takes from a request's headers (issue 16, smaller findings): absolute links are
 * built on PUBLIC_URL, never on the Host header a client writes, and the Authorization header is
 * parsed exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParent } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: 'https://portal.grove.example' });
});
afterAll(async () => t?.close());

describe('paging links', () => {
  it('are built on PUBLIC_URL whatever Host the request names', async () => {
    const parent = await createParent(t.db, { players: ['Ada', 'Bo', 'Cy'] });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/player/accounts/${parent.account.id}/?page_size=1&page=2`,
      headers: { ...parent.headers, host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.next).toBe(
      `https://portal.grove.example/api/v2/player/accounts/${parent.account.id}/?page_size=1&page=3`,
    );
    expect(body.previous).toBe(
      `https://portal.grove.example/api/v2/player/accounts/${parent.account.id}/?page_size=1&page=1`,
    );
  });
});

describe('the Authorization header', () => {
  it('accepts exactly "Bearer <token>" and answers 401 to anything around it', async () => {
    const parent = await createParent(t.db);
    const call = (authorization: string) =>
      t.app.inject({ method: 'GET', url: '/api/v2/user/info/', headers: { authorization } });
    expect((await call(`Bearer ${parent.token}`)).statusCode).toBe(200);
    expect((await call(`bearer ${parent.token}`)).statusCode).toBe(200);
    for (const header of [
      `Bearer ${parent.token} x`,
      `Bearer  ${parent.token}`,
      `Bearer ${parent.token},x`,
      `Basic ${parent.token}`,
      'Bearer',
      `${parent.token}`,
    ]) {
      const res = await call(header);
      expect(res.statusCode, header).toBe(401);
      expect(res.json()).toEqual({ detail: 'Invalid Token', code: 'invalid_token' });
    }
  });
});
