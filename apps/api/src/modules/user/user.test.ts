import { LANGUAGES } from '@grove/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, userActions, users } from '../../db/schema/index.ts';
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
    // The e-mail waits for its link (user.email-change.test.ts).
    expect(res.json().pending_email).toBe('someone-else@example.test');

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

  it('updates names, phone number and country; the phone is stored as its digits (SPEC §5)', async () => {
    const { user, headers } = await createParent(t.db);
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
      phonenumber: '2025550143',
    });
    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stored!.phonenumber).toBe('2025550143');
    const dotted = await patch(headers, { phonenumber: '(201) 555-0123' });
    expect(dotted.json().phonenumber).toBe('2015550123');
    const [again] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(again!.phonenumber).toBe('2015550123');
  });

  it('needs the CSRF header', async () => {
    const { token } = await createParent(t.db);
    const res = await patch({ authorization: `Bearer ${token}` }, { first_name: 'Eve' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'CSRF Failed: CSRF token missing or incorrect.', code: 'csrf_failed' });
  });
});

describe('PATCH /api/v2/user/: the rules and what it never changes', () => {
  it('answers each name rule with the form’s message', async () => {
    const { user, headers } = await createParent(t.db);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ first_name: '' }, { first_name: ['Name is required'] }],
      [{ last_name: '  ' }, { last_name: ['Name may not contain only empty characters'] }],
      [{ first_name: 'x'.repeat(56) }, { first_name: ['Name must be less than 56 characters'] }],
      [{ last_name: 'Łukasz' }, { last_name: ['Please include valid characters'] }],
      [{ first_name: 'Jo\u0000' }, { first_name: ['Please include valid characters'] }],
      [{ first_name: 'x'.repeat(300_000) }, { first_name: ['Name must be less than 56 characters'] }],
      [{ phonenumber: '' }, { phonenumber: ['Phone is required'] }],
      [{ phonenumber: '555-CALL-NOW' }, { phonenumber: ['Please input a valid phone number'] }],
      [{ country: 'XX' }, { country: ['Please select a valid country'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await patch(headers, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stored).toMatchObject({ firstName: 'Test', lastName: 'User', phonenumber: '', country: 'US' });
  });

  it('checks a new phone number against the country', async () => {
    const { headers } = await createParent(t.db);
    const uk = await patch(headers, { phonenumber: '020 7946 0958', country: 'GB' });
    expect(uk.statusCode).toBe(200);
    expect(uk.json()).toMatchObject({ phonenumber: '02079460958', country: 'GB' });
    // The stored number is checked again when only the country changes.
    const us = await patch(headers, { country: 'US' });
    expect(us.statusCode).toBe(400);
    expect(us.json()).toEqual({ phonenumber: ['Please input a valid phone number'] });
  });

  it('ignores is_staff, ids and another account’s id: only the caller’s own row changes', async () => {
    const mine = await createParent(t.db);
    const other = await createParent(t.db);
    const res = await patch(mine.headers, {
      id: other.user.id,
      user_id: other.user.id,
      account: { id: other.account.id },
      account_id: other.account.id,
      is_staff: true,
      last_name: 'Mine',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: mine.user.id, last_name: 'Mine', is_staff: false });
    expect(res.json().account.id).toBe(mine.account.id);
    const [me] = await t.db.select().from(users).where(eq(users.id, mine.user.id));
    expect(me).toMatchObject({ accountId: mine.account.id, isStaff: false, lastName: 'Mine' });
    const [them] = await t.db.select().from(users).where(eq(users.id, other.user.id));
    expect(them).toMatchObject({ accountId: other.account.id, lastName: 'User', isStaff: false });
    const [theirAccount] = await t.db.select().from(accounts).where(eq(accounts.id, other.account.id));
    expect(theirAccount!.accountStatus).toBe('ACTIVE');
  });
});

describe('PATCH /api/v2/user/: the language (issue 29)', () => {
  const stored = async (userId: number) =>
    (await t.db.select({ language: users.language }).from(users).where(eq(users.id, userId)))[0]!.language;

  it('is null until chosen, then stored and answered in the user info', async () => {
    const { user, headers } = await createParent(t.db);
    expect((await get('/api/v2/user/info/', headers)).json().language).toBeNull();
    const res = await patch(headers, { language: 'es' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, language: 'es', first_name: 'Test' });
    expect(await stored(user.id)).toBe('es');
    expect((await get('/api/v2/user/info/', headers)).json().language).toBe('es');
    // With other fields, and back to English.
    const both = await patch(headers, { first_name: 'Ana', language: 'en' });
    expect(both.json()).toMatchObject({ first_name: 'Ana', language: 'en' });
    expect(await stored(user.id)).toBe('en');
  });

  it('refuses any other value with the choice message, and changes nothing', async () => {
    const { user, headers } = await createParent(t.db, { user: { language: 'es' } });
    const refusal = { language: ['Choose one of: en, es.'] };
    for (const language of [
      'fr',
      'ES',
      'es-MX',
      '',
      'es\u0000',
      'x'.repeat(300_000),
      1,
      true,
      null,
      ['es'],
      { es: 1 },
    ]) {
      const res = await patch(headers, { first_name: 'Changed', language });
      expect(res.statusCode, JSON.stringify(language).slice(0, 40)).toBe(400);
      expect(res.json()).toEqual(refusal);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ language: 'es', firstName: 'Test' });
  });

  it('is held to LANGUAGES by the database too', async () => {
    const { user } = await createParent(t.db);
    for (const language of LANGUAGES) {
      await t.db.update(users).set({ language }).where(eq(users.id, user.id));
      expect(await stored(user.id)).toBe(language);
    }
    await expect(t.db.update(users).set({ language: 'fr' }).where(eq(users.id, user.id))).rejects.toThrow();
    expect(await stored(user.id)).toBe(LANGUAGES.at(-1));
  });
});

describe('user actions', () => {
  const record = (headers: Record<string, string>, action: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v2/user/user_actions/', headers, payload: { action } });

  it('records an action once (the first time counts) and answers has_done', async () => {
    const { user, headers } = await createParent(t.db);
    const before = await get('/api/v1/actions/has_done?action=opened_support', headers);
    expect(before.json()).toEqual({ action: 'opened_support', has_done: false, done_at: null });

    const first = await record(headers, 'opened_support');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ action: 'opened_support', created_at: expect.any(String) });
    const again = await record(headers, 'opened_support');
    expect(again.json().created_at).toBe(first.json().created_at);
    const rows = await t.db.select().from(userActions).where(eq(userActions.userId, user.id));
    expect(rows).toHaveLength(1);

    const after = await get('/api/v1/actions/has_done/?action=opened_support', headers);
    expect(after.json()).toEqual({ action: 'opened_support', has_done: true, done_at: first.json().created_at });
  });

  it('refuses unknown actions', async () => {
    const { headers } = await createParent(t.db);
    const res = await record(headers, 'hacked_the_planet');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['action']);
    expect((await get('/api/v1/actions/has_done?action=nope', headers)).statusCode).toBe(400);
    expect((await get('/api/v1/actions/has_done', headers)).statusCode).toBe(400);
  });

  it('lists the caller’s actions newest first, paged', async () => {
    const { user, headers } = await createParent(t.db);
    const other = await createParent(t.db);
    await t.db.insert(userActions).values([
      { userId: user.id, action: 'opened_support', createdAt: new Date('2026-01-01T10:00:00Z') },
      { userId: user.id, action: 'read_resource', createdAt: new Date('2026-01-03T10:00:00Z') },
      { userId: user.id, action: 'opened_community', createdAt: new Date('2026-01-02T10:00:00Z') },
      { userId: other.user.id, action: 'opened_support', createdAt: new Date('2026-01-04T10:00:00Z') },
    ]);
    const res = await get('/api/v2/user/user_actions/?page_size=2', headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(3);
    expect(body.results.map((r: { action: string }) => r.action)).toEqual(['read_resource', 'opened_community']);
    expect(body.next).toContain('page=2');
    const second = await get('/api/v2/user/user_actions/?page_size=2&page=2', headers);
    expect(second.json().results.map((r: { action: string }) => r.action)).toEqual(['opened_support']);
    expect((await get('/api/v2/user/user_actions/?page=0', headers)).statusCode).toBe(400);
    expect((await get('/api/v2/user/user_actions/?page=99999999999', headers)).statusCode).toBe(400);
  });
});

describe('POST /api/v1/social-acc/set', () => {
  const setSocial = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/social-acc/set', headers, payload });

  it('stores the community handle, records connected_social, and a blank handle clears it', async () => {
    const { user, headers } = await createParent(t.db);
    const res = await setSocial(headers, { provider: 'facebook', handle: '  Jordan P.  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, social_account: { provider: 'facebook', handle: 'Jordan P.' } });
    const actions = await t.db.select().from(userActions).where(eq(userActions.userId, user.id));
    expect(actions.map((a) => a.action)).toEqual(['connected_social']);

    const cleared = await setSocial(headers, { provider: 'facebook', handle: '' });
    expect(cleared.json().social_account).toBeNull();
    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stored).toMatchObject({ socialProvider: null, socialHandle: null });
  });

  it('refuses unknown providers, control characters and long handles', async () => {
    const { user, headers } = await createParent(t.db);
    expect((await setSocial(headers, { provider: 'myspace', handle: 'x' })).statusCode).toBe(400);
    const nul = await setSocial(headers, { provider: 'instagram', handle: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ handle: ['Remove the control characters (such as NUL) from this text.'] });
    const long = await setSocial(headers, { provider: 'instagram', handle: 'x'.repeat(101) });
    expect(long.json()).toEqual({ handle: ['At most 100 characters.'] });
    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stored!.socialHandle).toBeNull();
  });
});
