/**
 * Issue 16, test 1: the authorization matrix. Every route the app registers × every actor
 * (anonymous, the family's parent, another account's parent, a magellan parent, the family's coach,
 * another coach, staff; a device token on the device routes) × every object (own, another's,
 * missing) answers the status its row in matrix-routes.ts expects. A route the table does not list
 * fails the test, as does a contract endpoint the app does not register. Whatever the table says,
 * an object of an account the caller has no relation to never answers 2xx and answers exactly as a
 * missing one does. A second test checks that staff-only fields are never writable by others.
 */
import { eq } from 'drizzle-orm';
import type * as FastifyModule from 'fastify';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts, accountTags, players, playSessions, users } from '../../src/db/schema/index.ts';
import { createTestContext, type TestContext } from '../helpers.ts';
import { expectedStatus, related, ROUTE_CASES, type RouteCase } from './matrix-routes.ts';
import { ACTORS, buildWorld, MISSING_ID, newMember, type Actor, type Obj, type World } from './matrix-world.ts';
import { authHeaders, createParent, issueAccessToken } from '../factories.ts';

const { registered } = vi.hoisted(() => ({ registered: [] as RouteOptions[] }));
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof FastifyModule>();
  const withRouteLog = ((options?: Parameters<typeof original.default>[0]) => {
    const instance = original.default(options);
    instance.addHook('onRoute', (route) => {
      registered.push(route);
    });
    return instance;
  }) as typeof original.default;
  return { ...original, default: withRouteLog, fastify: withRouteLog };
});

let t: TestContext;
let w: World;
beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.app, t.db);
}, 120_000);
afterAll(() => t?.close());

const CONTRACT_FILES = [
  'account',
  'admin',
  'auth',
  'backoffice',
  'billing',
  'coaching',
  'communications',
  'data-rights',
  'experiments',
  'game',
  'health',
  'pairing',
  'play',
  'players',
  'privacy',
  'sharing',
  'support',
  'surveys',
  'user',
  'webinars',
] as const;

/** Every (method, path) the app serves under /api, HEAD (a copy of GET) and the docs left out. */
const servedRoutes = () => [
  ...new Set(
    registered
      .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
      .flatMap((route) =>
        (Array.isArray(route.method) ? route.method : [route.method])
          .filter((method) => method !== 'HEAD')
          .map((method) => `${method} ${route.url}`),
      ),
  ),
];

const policyOf = (key: string) => {
  const [method, url] = key.split(' ');
  return registered.find(
    (route) => route.url === url && (Array.isArray(route.method) ? route.method : [route.method]).includes(method!),
  )?.config?.policy;
};

const playerRow = async (id: number) => (await t.db.select().from(players).where(eq(players.id, id)))[0]!;

const objectsOf = (c: RouteCase): Obj[] =>
  !c.access ? ['none'] : c.access === 'global' ? ['own', 'missing'] : ['own', 'foreign', 'missing'];
const actorsOf = (c: RouteCase): Actor[] => (c.policy === 'device' ? [...ACTORS, 'device'] : [...ACTORS]);

async function headersFor(c: RouteCase, actor: Actor): Promise<Record<string, string>> {
  if (!c.freshToken || actor === 'anonymous' || actor === 'device') return w.headers[actor];
  return authHeaders(await issueAccessToken(t.db, w.userIds[actor]!));
}

interface Result {
  route: string;
  actor: Actor;
  obj: Obj;
  status: number;
  expected: number[];
  body: string;
}

describe('authorization matrix', () => {
  it('lists every route the app registers, and the app registers every contract endpoint', async () => {
    const table = ROUTE_CASES.map((c) => c.route);
    expect(new Set(table).size, 'a route is listed twice').toBe(table.length);
    const served = servedRoutes();
    expect(served.length).toBeGreaterThan(100);
    expect(served.filter((key) => !table.includes(key)).sort(), 'routes missing from the matrix').toEqual([]);
    expect(table.filter((key) => !served.includes(key)).sort(), 'matrix rows of routes that do not exist').toEqual([]);
    for (const c of ROUTE_CASES) expect(policyOf(c.route), c.route).toBe(c.policy);

    for (const file of CONTRACT_FILES) {
      const contract = (await import(`@grove/domain/api/${file}`)) as Record<string, unknown>;
      for (const group of Object.values(contract)) {
        if (!group || typeof group !== 'object') continue;
        for (const endpoint of Object.values(group as Record<string, unknown>)) {
          if (!endpoint || typeof endpoint !== 'object' || !('method' in endpoint) || !('url' in endpoint)) continue;
          const { method, url, aliases = [] } = endpoint as { method: string; url: string; aliases?: string[] };
          for (const path of [url, ...aliases]) {
            expect(served.includes(`${method} ${path}`), `${method} ${path} is not served`).toBe(true);
          }
        }
      }
    }
  });

  it('answers every actor × object of every route as the table says; foreign objects never answer 2xx', async () => {
    const results: Result[] = [];
    let addresses = 1;
    for (const c of ROUTE_CASES) {
      for (const actor of actorsOf(c)) {
        for (const obj of objectsOf(c)) {
          const request = await c.send(w, obj);
          const [method] = c.route.split(' ');
          const res = await t.app.inject({
            method: method as 'GET',
            ...(c.ownAddress
              ? { remoteAddress: `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses++ & 255}` }
              : {}),
            url: request.url,
            query: request.query
              ? Object.fromEntries(Object.entries(request.query).map(([k, v]) => [k, String(v)]))
              : undefined,
            headers: {
              ...(await headersFor(c, actor)),
              ...(typeof request.body === 'string' ? { 'content-type': 'application/json' } : {}),
            },
            ...(request.body === undefined ? {} : { payload: request.body as string }),
          });
          results.push({
            route: c.route,
            actor,
            obj,
            status: res.statusCode,
            expected: expectedStatus(c, actor, obj),
            body: res.body,
          });
        }
      }
    }

    const withObjects = ROUTE_CASES.filter((c) => c.access);
    console.info(
      `authorization matrix: ${ROUTE_CASES.length} routes (${withObjects.length} with an object: ` +
        `${results.filter((r) => r.obj !== 'none').length} requests) × ${ACTORS.length} actors ` +
        `(+ a device token on the ${ROUTE_CASES.filter((c) => c.policy === 'device').length} device routes) ` +
        `× own / another's / missing objects = ${results.length} requests, ` +
        `${results.filter((r) => r.status >= 200 && r.status < 300).length} of them allowed (2xx)`,
    );

    const line = (r: Result) =>
      `${r.route} ${r.actor}/${r.obj}: ${r.status} (expected ${r.expected.join('|')}) ${r.body.slice(0, 160)}`;
    const leaks = results.filter(
      (r) =>
        r.obj !== 'none' &&
        r.obj !== 'missing' &&
        !related(ROUTE_CASES.find((c) => c.route === r.route)!.access, r.actor, r.obj) &&
        r.status >= 200 &&
        r.status < 300,
    );

    const unlikeMissing = results.filter((r) => {
      if (r.obj !== 'foreign' && r.obj !== 'own') return false;
      const c = ROUTE_CASES.find((row) => row.route === r.route)!;
      if (related(c.access, r.actor, r.obj)) return false;
      const missing = results.find((m) => m.route === r.route && m.actor === r.actor && m.obj === 'missing');
      return missing !== undefined && (missing.status !== r.status || missing.body !== r.body);
    });

    const mismatches = results.filter((r) => !r.expected.includes(r.status)).map(line);
    const report = { leaks: leaks.map(line), unlikeMissing: unlikeMissing.map(line), mismatches };
    expect(report, JSON.stringify(report, null, 1).slice(0, 6000)).toEqual({
      leaks: [],
      unlikeMissing: [],
      mismatches: [],
    });
  }, 240_000);
});

describe("a game device and another account's player", () => {
  it('stores nothing for a player of another account, and answers as for a player that does not exist', async () => {
    const upload = (playerId: number, id: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/game/sessions',
        headers: w.headers.device,
        payload: {
          sessions: [
            {
              game_session_id: id,
              player_id: playerId,
              period_datetime: new Date(Date.now() - 3 * 86_400_000).toISOString(),
              seconds_played: 120,
              acorns_earned: 10,
            },
          ],
        },
      });
    const before = await playerRow(w.B.playerId);
    const foreign = await upload(w.B.playerId, 'cross-account');
    const missing = await upload(MISSING_ID, 'cross-account');
    expect(foreign.statusCode).toBe(missing.statusCode);
    expect(foreign.body).toBe(missing.body);
    expect(await t.db.select().from(playSessions).where(eq(playSessions.playerId, w.B.playerId))).toEqual([]);
    expect(await playerRow(w.B.playerId)).toEqual(before);
  });
});

describe('staff-only fields', () => {
  const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method, url, headers, payload });
  const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
  const accountRow = async (id: number) => {
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, id));
    const tags = await t.db.select({ tag: accountTags.tag }).from(accountTags).where(eq(accountTags.accountId, id));
    return { ...row!, tags: tags.map((tag) => tag.tag).sort() };
  };
  /** What a parent must never change about themselves or their account. */
  const PRIVILEGES = {
    is_staff: true,
    is_coach: true,
    is_billing_user: true,
    billing_status: 'ACTIVE',
    account: 1,
    account_id: 1,
    tags: ['magellan'],
    coach_user_id: 1,
    account_status: 'SUSPENDED',
    game_version: 1,
    experimental_data: { beta: true },
  };

  it("a player's gauge, chase speed and acorns: refused (403) for the family, the row unchanged", async () => {
    const family = await createParent(t.db, { players: ['Wren'] });
    const id = family.players[0]!.id;
    const before = await playerRow(id);
    for (const [method, url] of [
      ['PATCH', `/api/v2/player/${id}`],
      ['PATCH', `/api/v1/accounts/players/${id}`],
      ['PUT', `/api/v2/player/${id}`],
    ] as const) {
      for (const stat of [{ hr_gauge: 9 }, { chase_speed: 9 }, { acorns: 999_999 }]) {
        const res = await send(method, url, family.headers, { name: 'Wren', ...stat });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(stat)}`).toBe(403);
      }
    }
    expect(await playerRow(id)).toEqual(before);
    const created = await send('POST', '/api/v2/player', family.headers, { name: 'Rich', acorns: 1_000_000 });
    expect(created.statusCode).toBe(403);
    expect(await t.db.select().from(players).where(eq(players.accountId, family.account.id))).toHaveLength(1);
    for (const field of ['hr_gauge', 'chase_speed', 'acorns']) {
      const body = field === 'acorns' ? { amount: 100, reason: 'Mine' } : { value: 9, reason: 'Mine' };
      expect((await send('POST', `/api/v1/accounts/players/${id}/${field}`, family.headers, body)).statusCode).toBe(
        403,
      );
    }
    expect(await playerRow(id)).toEqual(before);
  });

  it('staff, coach, billing and tag fields of a user or an account: ignored for the family and coaches', async () => {
    const family = await createParent(t.db, { players: ['Ash'] });
    const coach = w.headers.coach;
    const member = await newMember(t.db, family.account.id);
    const before = {
      parent: await userRow(family.user.id),
      member: await userRow(member),
      account: await accountRow(family.account.id),
      coach: await userRow(w.coachId),
    };
    const writes: [method: 'POST' | 'PUT' | 'PATCH', url: string, headers: Record<string, string>, body: object][] = [
      ['PATCH', '/api/v2/user/', family.headers, PRIVILEGES],
      ['PATCH', '/api/v2/user/', coach, PRIVILEGES],
      ['PATCH', `/api/v2/accounts/${family.account.id}/users/${member}`, family.headers, PRIVILEGES],
      [
        'PUT',
        `/api/v1/accounts/${family.account.id}/custom_note`,
        family.headers,
        { custom_note: 'Hi', ...PRIVILEGES },
      ],
      ['PATCH', '/api/v2/user/shipping', family.headers, { city: 'Springfield', ...PRIVILEGES }],
      ['PATCH', '/api/v2/user/notifications', family.headers, { weekly_digest: true, ...PRIVILEGES }],
    ];
    for (const [method, url, headers, body] of writes) {
      const res = await send(method, url, headers, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
      // The answer shows no granted privilege either (a coach is a coach, and nothing more).
      const granted = headers === coach ? /"is_staff":true|"magellan"/ : /"is_staff":true|"is_coach":true|"magellan"/;
      expect(res.body, `${method} ${url}`).not.toMatch(granted);
    }
    const pick = (row: typeof before.parent) => ({
      isStaff: row.isStaff,
      isCoach: row.isCoach,
      isBillingUser: row.isBillingUser,
      billingStatus: row.billingStatus,
      accountId: row.accountId,
      isActive: row.isActive,
    });
    expect(pick(await userRow(family.user.id))).toEqual(pick(before.parent));
    expect(pick(await userRow(member))).toEqual(pick(before.member));
    expect(pick(await userRow(w.coachId))).toEqual(pick(before.coach));
    const { customNote, customNoteUpdatedAt, customNoteUpdatedBy, updatedAt, ...account } = await accountRow(
      family.account.id,
    );
    void [customNote, customNoteUpdatedAt, customNoteUpdatedBy, updatedAt];
    const {
      customNote: c0,
      customNoteUpdatedAt: c1,
      customNoteUpdatedBy: c2,
      updatedAt: u0,
      ...accountBefore
    } = before.account;
    void [c0, c1, c2, u0];
    expect(account).toEqual(accountBefore);

    const email = `privileged-${Date.now()}@example.com`;
    const invited = await send('POST', `/api/v2/accounts/${family.account.id}/add_user`, family.headers, {
      first_name: 'New',
      last_name: 'Member',
      email,
      phonenumber: '2015550123',
      country: 'US',
      ...PRIVILEGES,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const [added] = await t.db.select().from(users).where(eq(users.email, email));
    expect({ isStaff: added!.isStaff, isCoach: added!.isCoach, accountId: added!.accountId }).toEqual({
      isStaff: false,
      isCoach: false,
      accountId: family.account.id,
    });
  });
});
