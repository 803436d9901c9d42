import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createCoach, createParent, createStaff } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const patch = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: '/api/v2/user/', headers, payload });

describe('GET /api/v2/user/info/ and /api/v2/user/', () => {
  it('answer the same user info', async () => {
    const { user, account, headers } = await createParent(t.db, { tags: ['vip', 'referral'] });
    const info = await get('/api/v2/user/info/', headers);
    const profile = await get('/api/v2/user/', headers);
    expect(info.statusCode).toBe(200);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual(info.json());
    expect(info.json()).toMatchObject({
      id: user.id,
      role: 'user',
      account: { id: account.id, tags: ['referral', 'vip'], account_status: 'ACTIVE' },
      billing_status: { status_name: 'ACTIVE' },
    });
  });

  it('derives the role: magellan tag (any case) first, then staff, then coach', async () => {
    const magellan = await createParent(t.db, { tags: ['MaGeLLaN'] });
    const staff = await createStaff(t.db);
    const coach = await createCoach(t.db);
    expect((await get('/api/v2/user/info/', magellan.headers)).json().role).toBe('magellan_user');
    expect((await get('/api/v2/user/info/', staff.headers)).json()).toMatchObject({ role: 'admin', is_staff: true });
    expect((await get('/api/v2/user/info/', coach.headers)).json()).toMatchObject({ role: 'coach', is_coach: true });
  });

  it('answers 401 Invalid Token without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/user/info/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Invalid Token', code: 'invalid_token' });
  });
});

describe('PATCH /api/v2/user/', () => {
  it('never lets a parent set staff-only fields, whatever the body says', async () => {
    const { user, headers } = await createParent(t.db, { user: { isBillingUser: false } });
    const res = await patch(headers, {
      is_staff: true,
      is_coach: true,
      is_billing_user: true,
      role: 'admin',
      account: { tags: ['magellan'] },
      billing_status: { status_name: 'ACTIVE' },
      email: 'someone-else@example.test',
      first_name: 'Jordan',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'Jordan',
      is_staff: false,
      is_coach: false,
      is_billing_user: false,
      role: 'user',
    });
    expect(res.json().email).toBe(user.email);

    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stored).toMatchObject({
      firstName: 'Jordan',
      isStaff: false,
      isCoach: false,
      isBillingUser: false,
      email: user.email,
    });
  });

  it('checks the fields with the shared profile rules', async () => {
    const { user, headers } = await createParent(t.db);
    const res = await patch(headers, { first_name: '   ', last_name: 'x'.repeat(56) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      first_name: ['Name may not contain only empty characters'],
      last_name: ['Name must be less than 56 characters'],
    });
    const phone = await patch(headers, { phonenumber: '123' });
    expect(phone.json()).toEqual({ phonenumber: ['Please input a valid phone number'] });
    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stored!.firstName).toBe('Test');
  });

  it('updates names, phone number and country', async () => {
    const { headers } = await createParent(t.db);
    const res = await patch(headers, {
      first_name: 'Alex',
      last_name: 'Kim',
      phonenumber: '(202) 555 0143',
      country: 'US',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'Alex',
      last_name: 'Kim',
      name: 'Alex Kim',
      full_name: 'Alex Kim',
      phonenumber: '(202) 555 0143',
    });
  });

  it('needs the CSRF header', async () => {
    const { token } = await createParent(t.db);
    const res = await patch({ authorization: `Bearer ${token}` }, { first_name: 'Eve' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'CSRF Failed: CSRF token missing or incorrect.', code: 'csrf_failed' });
  });
});
