import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/client.ts';
import { accounts, accountTags, authSessions, authTokens, players, users } from '../src/db/schema/index.ts';
import { hashToken, newToken } from '../src/modules/auth/auth.tokens.ts';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;

export async function createAccount(db: Db, values: Partial<typeof accounts.$inferInsert> & { tags?: string[] } = {}) {
  const { tags = [], ...rest } = values;
  const [account] = await db.insert(accounts).values(rest).returning();
  if (tags.length) await db.insert(accountTags).values(tags.map((tag) => ({ accountId: account!.id, tag })));
  return account!;
}

export async function createUser(db: Db, values: Partial<typeof users.$inferInsert> = {}) {
  const [user] = await db
    .insert(users)
    .values({
      email: `user-${unique()}@example.test`,
      firstName: 'Test',
      lastName: 'User',
      billingStatus: 'ACTIVE',
      ...values,
    })
    .returning();
  return user!;
}

export async function createPlayer(db: Db, accountId: number, values: Partial<typeof players.$inferInsert> = {}) {
  const [player] = await db
    .insert(players)
    .values({ accountId, name: `Player ${unique()}`, ...values })
    .returning();
  return player!;
}

/** A parent with an account (and optionally players), ready to call the API. */
export async function createParent(
  db: Db,
  options: { players?: string[]; tags?: string[]; user?: Partial<typeof users.$inferInsert> } = {},
) {
  const account = await createAccount(db, { tags: options.tags });
  const user = await createUser(db, { accountId: account.id, isBillingUser: true, ...options.user });
  const createdPlayers = [];
  for (const name of options.players ?? []) createdPlayers.push(await createPlayer(db, account.id, { name }));
  const token = await issueAccessToken(db, user.id);
  return { account, user, players: createdPlayers, token, headers: authHeaders(token) };
}

export async function createStaff(db: Db) {
  const user = await createUser(db, { isStaff: true, firstName: 'Staff', lastName: 'Member' });
  const token = await issueAccessToken(db, user.id);
  return { user, token, headers: authHeaders(token) };
}

export async function createCoach(db: Db) {
  const user = await createUser(db, { isCoach: true, firstName: 'Coach', lastName: 'Person' });
  const token = await issueAccessToken(db, user.id);
  return { user, token, headers: authHeaders(token) };
}

/** Inserts a live session and access token directly, bypassing the login route. */
export async function issueAccessToken(db: Db, userId: number, ttlSeconds = 900): Promise<string> {
  const [session] = await db.insert(authSessions).values({ userId, clientId: 'grove-web' }).returning();
  const token = newToken();
  await db.insert(authTokens).values({
    tokenHash: hashToken(token),
    sessionId: session!.id,
    kind: 'access',
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return token;
}

export const TEST_CSRF = 'test-csrf-token-value';

/** Bearer token plus the double-submit CSRF cookie and header that unsafe methods need. */
export function authHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'x-csrftoken': TEST_CSRF, cookie: `csrftoken=${TEST_CSRF}` };
}
