import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoach, createParent, createStaff } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

describe('GET /api/v2/admin/email_outbox/', () => {
  it('shows staff what was sent to a recipient, newest first; nobody else may read it', async () => {
    const parent = await createParent(t.db);
    for (const email of [parent.user.email, 'someone.else@example.com']) {
      await t.app.inject({ method: 'POST', url: '/api/v2/auth/password/reset/', payload: { email } });
    }
    const staff = await createStaff(t.db);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/admin/email_outbox/?to=${encodeURIComponent(parent.user.email.toUpperCase())}`,
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      count: 1,
      results: [
        { to: parent.user.email, template: 'password_reset', status: 'sent', subject: 'Reset your Grove password' },
      ],
    });
    expect(res.json().results[0].text_body).toMatch(/\/start\?o=/);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/admin/email_outbox/', headers: parent.headers })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v2/admin/email_outbox/',
          headers: (await createCoach(t.db)).headers,
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/admin/email_outbox/' })).statusCode).toBe(401);
  });
});
