import { ACCOUNT_MESSAGES } from '@grove/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, emailOutbox, oneTimeTokens, userActions, users } from '../../db/schema/index.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { createParent, issueAccessToken } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { hashToken, newToken } from '../auth/auth.tokens.ts';
import { PASSWORD_CHANGE_THROTTLE } from './user.password.service.ts';

const PUBLIC_URL = 'https://portal.grove.test';
const CURRENT = 'Quiet-River-73';
const NEXT = 'Amber-Lantern-19';

let t: TestContext;
let passwordHash: string;
beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL });
  passwordHash = await hashPassword(CURRENT);
});
afterAll(() => t.close());

const change = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v2/user/password/', headers, payload });
const info = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v2/user/info/', headers: { authorization: `Bearer ${token}` } });
const stored = async (userId: number) => (await t.db.select().from(users).where(eq(users.id, userId)))[0]!;

async function parent() {
  return createParent(t.db, { user: { passwordHash, firstName: 'Morgan', lastName: 'Ellison' } });
}

describe('POST /api/v2/user/password/', () => {
  it('changes the password, ends the other sessions but not this one, and tells the person', async () => {
    const { user, token, headers } = await parent();
    const otherToken = await issueAccessToken(t.db, user.id);
    const link = newToken();
    await t.db.insert(oneTimeTokens).values({
      tokenHash: hashToken(link),
      userId: user.id,
      purpose: 'reset',
      expiresAt: new Date(Date.now() + 3600_000),
    });

    const res = await change(headers, { current_password: CURRENT, password: NEXT, password_copy: NEXT });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: ACCOUNT_MESSAGES.passwordChanged });

    expect(await verifyPassword((await stored(user.id)).passwordHash!, NEXT)).toBe(true);
    expect((await info(token)).statusCode).toBe(200);
    expect((await info(otherToken)).statusCode).toBe(401);
    const sessions = await t.db.select().from(authSessions).where(eq(authSessions.userId, user.id));
    expect(sessions.filter((s) => s.revokedAt === null)).toHaveLength(1);
    expect(sessions.find((s) => s.revokedAt !== null)!.revokedReason).toBe('password_changed');
    const [reset] = await t.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, hashToken(link)));
    expect(reset!.usedAt).not.toBeNull();

    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, user.email))
      .orderBy(desc(emailOutbox.id));
    expect(mail).toMatchObject({ template: 'password_changed', toAddress: user.email });
    expect(mail!.textBody).toMatch(/\d\d-\d\d-\d{4} \d{1,2}:\d\d:\d\d [AP]M E[SD]T/);
    expect(mail!.textBody).toContain(`${PUBLIC_URL}/password-reset`);
    const actions = await t.db.select().from(userActions).where(eq(userActions.userId, user.id));
    expect(actions.map((a) => a.action)).toEqual(['changed_password']);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/user/auth/login/',
      payload: { email: user.email, password: NEXT },
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers a wrong current password with its field message and keeps everything', async () => {
    const { user, headers } = await parent();
    const otherToken = await issueAccessToken(t.db, user.id);
    const res = await change(headers, { current_password: 'Wrong-Guess-11', password: NEXT, password_copy: NEXT });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] });
    expect((await stored(user.id)).passwordHash).toBe(passwordHash);
    expect((await info(otherToken)).statusCode).toBe(200);
  });

  it('checks the new password with the shared rules, before the current one', async () => {
    const { user, headers } = await parent();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{}, { current_password: ['Password is required'], password: ['Password is required'] }],
      [
        { current_password: CURRENT, password: 'short', password_copy: 'short' },
        { password: ['Password should not be less than 8 characters'] },
      ],
      [
        { current_password: CURRENT, password: 'Ellison-2026!', password_copy: 'Ellison-2026!' },
        { password: ['Password must not contain parts of the name'] },
      ],
      [
        { current_password: CURRENT, password: 'alllowercase', password_copy: 'alllowercase' },
        { password: ['Please add something from: upper case letters, digits, special symbols'] },
      ],
      [
        { current_password: CURRENT, password: NEXT, password_copy: 'Other-Thing-12' },
        { password_copy: ['Passwords must match'] },
      ],
      [
        { current_password: CURRENT, password: 'Bad\u0000Pass-12', password_copy: 'Bad\u0000Pass-12' },
        { password: ['Password contains forbidden symbols'] },
      ],
      [
        { current_password: CURRENT, password: 'Aa1!'.repeat(100), password_copy: 'Aa1!'.repeat(100) },
        { password: ['Password must be less than 255 characters'] },
      ],
      [
        { current_password: CURRENT, password: CURRENT, password_copy: CURRENT },
        { password: [ACCOUNT_MESSAGES.samePassword] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const res = await change(headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    const notText = await change(headers, { current_password: CURRENT, password: 12345678, password_copy: 12345678 });
    expect(notText.statusCode).toBe(400);
    expect((await stored(user.id)).passwordHash).toBe(passwordHash);
  });

  it('throttles attempts (429) before checking the password', async () => {
    const { user, headers } = await parent();
    for (let i = 0; i < PASSWORD_CHANGE_THROTTLE.limit; i++) {
      const res = await change(headers, { current_password: `Wrong-Guess-${i}x`, password: NEXT, password_copy: NEXT });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await change(headers, { current_password: CURRENT, password: NEXT, password_copy: NEXT });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await stored(user.id)).passwordHash).toBe(passwordHash);
  });

  it('needs a session and the CSRF header', async () => {
    expect((await change({}, { current_password: CURRENT, password: NEXT, password_copy: NEXT })).statusCode).toBe(401);
    const { user, token } = await parent();
    const res = await change(
      { authorization: `Bearer ${token}` },
      { current_password: CURRENT, password: NEXT, password_copy: NEXT },
    );
    expect(res.statusCode).toBe(403);
    expect((await stored(user.id)).passwordHash).toBe(passwordHash);
  });
});
