import { ACCOUNT_MESSAGES, MAX_ACCOUNT_USERS } from '@grove/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, oneTimeTokens, userActions, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import {
  authHeaders,
  createCoach,
  createParent,
  createStaff,
  createUser,
  issueAccessToken,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { hashToken } from '../auth/auth.tokens.ts';
import { accounts } from '../../db/schema/index.ts';

const PUBLIC_URL = 'https://portal.grove.test';
const PASSWORD = 'Bright-Harbor-58';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL });
});
afterAll(() => t.close());

let counter = 0;
const address = () => `carer-${Date.now().toString(36)}-${counter++}@example.test`;

const addUser = (accountId: number | string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/accounts/${accountId}/add_user/`,
    headers,
    payload: payload as Record<string, unknown>,
  });
const updateUser = (
  accountId: number | string,
  userId: number | string,
  headers: Record<string, string>,
  payload: unknown,
) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v2/accounts/${accountId}/users/${userId}/`,
    headers,
    payload: payload as Record<string, unknown>,
  });
const removeUser = (accountId: number, userId: number, headers: Record<string, string>) =>
  t.app.inject({ method: 'DELETE', url: `/api/v2/accounts/${accountId}/users/${userId}/`, headers });
const resend = (accountId: number, userId: number, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/v2/accounts/${accountId}/users/${userId}/resend_invite/`, headers });

const accountUsers = (accountId: number) =>
  t.db.select().from(users).where(eq(users.accountId, accountId)).orderBy(users.id);
const outboxTo = (to: string) =>
  t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.id));

async function inviteTokenFor(to: string): Promise<string> {
  const [mail] = await outboxTo(to);
  return decodeURIComponent(/\/start\?o=([\w%-]+)/.exec(mail!.textBody)![1]!);
}

async function family() {
  return createParent(t.db, {
    user: { firstName: 'Jordan', lastName: 'Parker', passwordHash: await hashPassword('Unused-Pass-99') },
  });
}

const caregiver = (email = address()) => ({ first_name: 'Riley', last_name: 'Parker', email });

describe('POST /api/v2/accounts/{id}/add_user/', () => {
  it('adds an invited caregiver and e-mails them a link to set a password', async () => {
    const { account, user, headers } = await family();
    const email = address();
    const res = await addUser(account.id, headers, { ...caregiver(email), phonenumber: '(202) 555 0143' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      hasErrors: false,
      user: {
        id: expect.any(Number),
        first_name: 'Riley',
        last_name: 'Parker',
        name: 'Riley Parker',
        email,
        phonenumber: '2025550143',
        country: 'US',
        is_billing_user: false,
        status: 'invited',
        last_login_at: null,
      },
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row).toMatchObject({
      accountId: account.id,
      isBillingUser: false,
      passwordHash: null,
      isStaff: false,
      billingStatus: 'ACTIVE',
    });

    const [mail] = await outboxTo(email);
    expect(mail).toMatchObject({ template: 'caregiver_invite', toAddress: email });
    expect(mail!.subject).toContain('Jordan Parker');
    expect(mail!.textBody).toContain(`${PUBLIC_URL}/start?o=`);
    const token = await inviteTokenFor(email);
    const [link] = await t.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    expect(link).toMatchObject({ userId: body.user.id, purpose: 'invite', usedAt: null });
    const actions = await t.db.select().from(userActions).where(eq(userActions.userId, user.id));
    expect(actions.map((a) => a.action)).toEqual(['invited_caregiver']);
  });

  it('the invited caregiver sets a password with the link and signs in with the token endpoint', async () => {
    const { account, headers } = await family();
    const email = address();
    const added = await addUser(account.id, headers, caregiver(email));
    const token = await inviteTokenFor(email);

    const described = await t.app.inject({ method: 'GET', url: `/api/v2/auth/password/set/?o=${token}` });
    expect(described.json()).toMatchObject({ email, first_name: 'Riley', purpose: 'invite' });
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/password/set/',
      payload: { token, password: PASSWORD, password_copy: PASSWORD },
    });
    expect(set.statusCode).toBe(200);

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/oauth2/token/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        username: email,
        password: PASSWORD,
        client_id: 'grove-web',
        scope: 'read write groups',
      }).toString(),
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({
      id: added.json().user.id,
      account: { id: account.id },
      is_billing_user: false,
      role: 'user',
    });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v2/accounts/${account.id}/`,
      headers: { authorization: `Bearer ${signIn.json().access_token}` },
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().users.find((u: { email: string }) => u.email === email).status).toBe('active');
  });

  it('answers refused input with the field messages and hasErrors: true, and adds nobody', async () => {
    const { account, headers } = await family();
    const cases: [unknown, Record<string, unknown>][] = [
      [
        {},
        {
          first_name: ['Name is required'],
          last_name: ['Name is required'],
          email: ['Email is required'],
          hasErrors: true,
        },
      ],
      [
        { ...caregiver(), email: 'not-an-email' },
        { email: ['Please input a valid email'], hasErrors: true },
      ],
      [
        { ...caregiver(), first_name: '   ' },
        { first_name: ['Name may not contain only empty characters'], hasErrors: true },
      ],
      [
        { ...caregiver(), phonenumber: '12' },
        { phonenumber: ['Please input a valid phone number'], hasErrors: true },
      ],
      [
        { ...caregiver(), country: 'XX' },
        { country: ['Please select a valid country'], hasErrors: true },
      ],
      [
        { ...caregiver(), last_name: 'Nul\u0000' },
        { last_name: ['Please include valid characters'], hasErrors: true },
      ],
      [
        { ...caregiver(), email: `${'x'.repeat(300_000)}@example.com` },
        { email: ['Email must be less than 254 characters'], hasErrors: true },
      ],
    ];
    for (const [payload, answer] of cases) {
      const res = await addUser(account.id, headers, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json()).toEqual(answer);
    }
    // Refused by the contract itself (a wrong type, a broken body): the same shape.
    const wrongType = await addUser(account.id, headers, { ...caregiver(), first_name: 42 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ hasErrors: true, first_name: [expect.any(String)] });
    const broken = await t.app.inject({
      method: 'POST',
      url: `/api/v2/accounts/${account.id}/add_user/`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"first_name": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ hasErrors: true, non_field_errors: [expect.any(String)] });
    expect(await accountUsers(account.id)).toHaveLength(1);
  });

  it('refuses an e-mail any login uses, in any case', async () => {
    const { account, headers } = await family();
    const other = await createUser(t.db);
    const res = await addUser(account.id, headers, caregiver(other.email.toUpperCase()));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [ACCOUNT_MESSAGES.emailTaken], hasErrors: true });
    expect(await accountUsers(account.id)).toHaveLength(1);
  });

  it('two concurrent requests for the same e-mail add one person (the unique index decides)', async () => {
    const { account, headers } = await family();
    const email = address();
    const answers = await Promise.all([
      addUser(account.id, headers, caregiver(email)),
      addUser(account.id, headers, caregiver(email.toUpperCase())),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(answers.find((r) => r.statusCode === 400)!.json()).toEqual({
      email: [ACCOUNT_MESSAGES.emailTaken],
      hasErrors: true,
    });
    const rows = await t.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    expect(rows).toHaveLength(1);
  });

  it(`allows at most ${MAX_ACCOUNT_USERS} people on an account`, async () => {
    const { account, headers } = await family();
    for (let i = 1; i < MAX_ACCOUNT_USERS; i++) {
      expect((await addUser(account.id, headers, caregiver())).statusCode).toBe(201);
    }
    const res = await addUser(account.id, headers, caregiver());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [ACCOUNT_MESSAGES.tooManyUsers], hasErrors: true });
    expect(await accountUsers(account.id)).toHaveLength(MAX_ACCOUNT_USERS);
  });

  it('answers 404 to another family and to the coach; staff may add', async () => {
    const { account } = await family();
    const stranger = await createParent(t.db);
    const coach = await createCoach(t.db);
    await t.db.update(accounts).set({ coachUserId: coach.user.id }).where(eq(accounts.id, account.id));
    for (const headers of [stranger.headers, coach.headers]) {
      const res = await addUser(account.id, headers, caregiver());
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
    expect((await addUser(999_999, stranger.headers, caregiver())).json()).toEqual({
      detail: 'Not found.',
      code: 'not_found',
    });
    const staff = await createStaff(t.db);
    const email = address();
    expect((await addUser(account.id, staff.headers, caregiver(email))).statusCode).toBe(201);
    expect((await outboxTo(email))[0]!.subject).toContain('Jordan Parker');
    expect(await accountUsers(account.id)).toHaveLength(2);
  });

  it('answers ids past the integer range with 400 (and hasErrors), not a 500', async () => {
    const { account, headers } = await family();
    for (const id of ['2147483648', '99999999999999999999', '-1', 'abc', '1.5']) {
      const res = await addUser(id, headers, caregiver());
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toEqual({ id: ['A valid integer is required.'], hasErrors: true });
    }
    expect(await accountUsers(account.id)).toHaveLength(1);
  });
});

describe('PATCH /api/v2/accounts/{id}/users/{userId}/', () => {
  it('changes a caregiver’s names, phone and country; the e-mail stays', async () => {
    const { account, headers } = await family();
    const added = (await addUser(account.id, headers, caregiver())).json().user;
    const res = await updateUser(account.id, added.id, headers, {
      first_name: 'Robin',
      phonenumber: '020 7946 0958',
      country: 'GB',
      email: 'changed@example.test',
      is_billing_user: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      hasErrors: false,
      user: expect.objectContaining({
        id: added.id,
        first_name: 'Robin',
        name: 'Robin Parker',
        email: added.email,
        phonenumber: '02079460958',
        country: 'GB',
        is_billing_user: false,
      }),
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, added.id));
    expect(row).toMatchObject({
      firstName: 'Robin',
      email: added.email,
      isBillingUser: false,
      phonenumber: '02079460958',
    });
  });

  it('answers refused changes with hasErrors: true and changes nothing', async () => {
    const { account, user, headers } = await family();
    const cases: [unknown, Record<string, unknown>][] = [
      [{ first_name: '' }, { first_name: ['Name is required'], hasErrors: true }],
      [{ last_name: 'x'.repeat(56) }, { last_name: ['Name must be less than 56 characters'], hasErrors: true }],
      [{ phonenumber: 'call me' }, { phonenumber: ['Please input a valid phone number'], hasErrors: true }],
    ];
    for (const [payload, answer] of cases) {
      const res = await updateUser(account.id, user.id, headers, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(answer);
    }
    const overflow = await updateUser(account.id, '2147483648', headers, { first_name: 'X' });
    expect(overflow.statusCode).toBe(400);
    expect(overflow.json()).toEqual({ userId: ['A valid integer is required.'], hasErrors: true });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstName: 'Jordan', lastName: 'Parker' });
  });

  it('answers 404 for a person of another account, even through one’s own account id', async () => {
    const { account, headers } = await family();
    const other = await family();
    expect((await updateUser(account.id, other.user.id, headers, { first_name: 'Evil' })).statusCode).toBe(404);
    expect((await updateUser(other.account.id, other.user.id, headers, { first_name: 'Evil' })).statusCode).toBe(404);
    const [row] = await t.db.select().from(users).where(eq(users.id, other.user.id));
    expect(row!.firstName).toBe('Jordan');
  });
});

describe('DELETE /api/v2/accounts/{id}/users/{userId}/', () => {
  it('removes a caregiver: their login and sessions end', async () => {
    const { account, headers } = await family();
    const carer = await createUser(t.db, { accountId: account.id, passwordHash: 'x' });
    const carerToken = await issueAccessToken(t.db, carer.id);
    const res = await removeUser(account.id, carer.id, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Test User was removed from the account.' });
    expect(await t.db.select().from(users).where(eq(users.id, carer.id))).toHaveLength(0);
    const info = await t.app.inject({ method: 'GET', url: '/api/v2/user/info/', headers: authHeaders(carerToken) });
    expect(info.statusCode).toBe(401);
  });

  it('refuses to remove oneself or the account holder (409), and another family’s person (404)', async () => {
    const { account, user, headers } = await family();
    const carer = await createUser(t.db, { accountId: account.id, passwordHash: 'x' });
    const carerHeaders = authHeaders(await issueAccessToken(t.db, carer.id));

    const self = await removeUser(account.id, carer.id, carerHeaders);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ detail: ACCOUNT_MESSAGES.cannotRemoveSelf, code: 'cannot_remove_self' });
    const holder = await removeUser(account.id, user.id, carerHeaders);
    expect(holder.statusCode).toBe(409);
    expect(holder.json()).toEqual({
      detail: ACCOUNT_MESSAGES.cannotRemoveBillingUser,
      code: 'cannot_remove_billing_user',
    });
    const other = await family();
    expect((await removeUser(account.id, other.user.id, headers)).statusCode).toBe(404);
    expect((await removeUser(other.account.id, other.user.id, headers)).statusCode).toBe(404);
    expect(await accountUsers(account.id)).toHaveLength(2);
    expect(await accountUsers(other.account.id)).toHaveLength(1);
  });
});

describe('POST /api/v2/accounts/{id}/users/{userId}/resend_invite/', () => {
  it('sends a new invitation; the earlier link stops working', async () => {
    const { account, headers } = await family();
    const email = address();
    const added = (await addUser(account.id, headers, caregiver(email))).json().user;
    const first = await inviteTokenFor(email);
    const res = await resend(account.id, added.id, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: `We sent a new invitation to ${email}.` });
    const mails = await outboxTo(email);
    expect(mails.map((m) => m.template)).toEqual(['caregiver_invite', 'caregiver_invite']);
    const second = await inviteTokenFor(email);
    expect(second).not.toBe(first);
    const links = await t.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, added.id), eq(oneTimeTokens.purpose, 'invite')));
    expect(links.find((l) => l.tokenHash === hashToken(first))!.usedAt).not.toBeNull();
    expect(links.find((l) => l.tokenHash === hashToken(second))!.usedAt).toBeNull();
  });

  it('to an account holder who never set a password: the plain access e-mail', async () => {
    const holder = await createParent(t.db);
    const carer = await createUser(t.db, { accountId: holder.account.id, passwordHash: 'x' });
    const res = await resend(holder.account.id, holder.user.id, authHeaders(await issueAccessToken(t.db, carer.id)));
    expect(res.statusCode).toBe(200);
    const [mail] = await outboxTo(holder.user.email);
    expect(mail).toMatchObject({ template: 'access_invite', toAddress: holder.user.email });
  });

  it('only for a person still invited (409 otherwise), only in one’s own account (404)', async () => {
    const { account, user, headers } = await family();
    const active = await resend(account.id, user.id, headers);
    expect(active.statusCode).toBe(409);
    expect(active.json().code).toBe('already_active');
    const other = await family();
    const invited = await createUser(t.db, { accountId: other.account.id });
    expect((await resend(account.id, invited.id, headers)).statusCode).toBe(404);
    expect((await resend(other.account.id, invited.id, headers)).statusCode).toBe(404);
    expect(await outboxTo(invited.email)).toHaveLength(0);
  });
});
