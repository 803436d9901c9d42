/**
 * The authorization matrix's table: one row per route the app registers (HEAD mirrors GET and is
 * left out). Each row says who may call it (`policy`, as the route declares it), what object its
 * path, query or body names (`access`: an account's object read by its members, its coach and staff;
 * written by its members and staff; or a coach's own object) and what an allowed caller gets
 * (`ok`). The expected status of every actor × object follows from these (see `expectedStatus`);
 * `expect` writes down each exception with the reason.
 *
 * Every request carries a body that an allowed caller would see accepted, so a refusal is the
 * authorization's and not the validation's. Rows that destroy or use up their object make a fresh
 * one for each request (the `new…` helpers), so the order of the requests does not matter.
 */
import { eq } from 'drizzle-orm';
import { DEVICE_CODE_GRANT_TYPE, GAME_CLIENT_ID, PAIRING } from '@grove/domain/pairing';
import {
  accounts,
  accountTags,
  dataExports,
  deletionRequests,
  deviceAuthorizations,
  players,
  shareLinks,
  surveys,
} from '../../src/db/schema/index.ts';
import { hashToken } from '../../src/modules/auth/auth.tokens.ts';
import { randomUserCode } from '../../src/modules/pairing/pairing.service.ts';
import type { Db } from '../../src/db/client.ts';
import {
  MISSING_ID,
  newCoachNote,
  newDevice,
  newMember,
  newNote,
  newProfile,
  newTimeOff,
  type Actor,
  type Family,
  type Obj,
  type World,
} from './matrix-world.ts';

export type Policy = 'public' | 'user' | 'coach' | 'staff' | 'device';
/**
 * family: the account's members, its coach and staff · members: its members and staff · coach: the
 * account's coach (or the coach who owns the object) and staff · global: one object everyone may
 * name (a webinar).
 */
export type Access = 'family' | 'members' | 'coach' | 'global';
type Statuses = number | readonly number[];

export interface MatrixRequest {
  url: string;
  query?: Record<string, string | number>;
  body?: unknown;
}

export interface RouteCase {
  route: string;
  policy: Policy;
  /** Without it, the route names no object (the caller's own things, or nobody's). */
  access?: Access;
  ok: Statuses;
  send: (w: World, obj: Obj) => MatrixRequest | Promise<MatrixRequest>;
  /** Exceptions: by actor, for every object or by object. */
  expect?: Partial<Record<Actor, Statuses | Partial<Record<Obj, Statuses>>>>;
  /** The request ends the caller's session: every call gets a token of its own. */
  freshToken?: boolean;
  /** Rows whose answer depends on the caller's address (sign-in throttling): one address per call. */
  ownAddress?: boolean;
}

const ALLOWED: Record<Access, Partial<Record<Actor, Obj[]>>> = {
  family: { parent: ['own'], coach: ['own'], otherCoach: ['foreign'], staff: ['own', 'foreign'] },
  members: { parent: ['own'], staff: ['own', 'foreign'] },
  coach: { coach: ['own'], otherCoach: ['foreign'], staff: ['own', 'foreign'] },
  global: {
    parent: ['own'],
    otherParent: ['own'],
    magellan: ['own'],
    coach: ['own'],
    otherCoach: ['own'],
    staff: ['own'],
  },
};

/** Whether the actor has a right to the object (an account's member, its coach, staff). */
export function related(access: Access | undefined, actor: Actor, obj: Obj): boolean {
  if (!access) return obj === 'none';
  return ALLOWED[access][actor]?.includes(obj) ?? false;
}

const list = (statuses: Statuses): number[] => (typeof statuses === 'number' ? [statuses] : [...statuses]);

/** The statuses the matrix accepts for one request. */
export function expectedStatus(c: RouteCase, actor: Actor, obj: Obj): number[] {
  const exception = c.expect?.[actor];
  if (exception !== undefined) {
    if (typeof exception === 'number' || Array.isArray(exception)) return list(exception as Statuses);
    const byObject = (exception as Partial<Record<Obj, Statuses>>)[obj];
    if (byObject !== undefined) return list(byObject);
  }
  if (c.policy === 'device') return actor === 'device' ? list(c.ok) : [401];
  if (c.policy === 'public') {
    if (!c.access || related(c.access, actor, obj)) return list(c.ok);
    return [404];
  }
  if (actor === 'anonymous') return [401];
  if (c.policy === 'staff' && actor !== 'staff') return [403];
  if (c.policy === 'coach' && !['coach', 'otherCoach', 'staff'].includes(actor)) return [403];
  if (!c.access) return list(c.ok);
  if (obj === 'missing') return [404];
  if (c.policy === 'staff') return list(c.ok);
  return related(c.access, actor, obj) ? list(c.ok) : [404];
}

/** A live share link of a family's player (a revoke uses one up). */
async function newShareLink(db: Db, f: Family) {
  const [row] = await db
    .insert(shareLinks)
    .values({
      accountId: f.accountId,
      playerId: f.playerId,
      tokenHash: `matrix-${Date.now()}-${Math.random()}`,
      displayName: 'M.',
      fromDate: '2025-03-03',
      toDate: '2025-03-16',
      expiresAt: new Date(Date.now() + 86_400_000),
      createdBy: f.parentId,
    })
    .returning({ id: shareLinks.id });
  return row!.id;
}

/** A player of its own for a row that deletes one (a pending deletion per player at most). */
async function newPlayer(db: Db, f: Family) {
  const [row] = await db
    .insert(players)
    .values({
      accountId: f.accountId,
      name: `Matrix ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    })
    .returning({ id: players.id });
  return row!.id;
}

/** A finished export of a family's account, ready to download. */
async function newReadyExport(db: Db, f: Family) {
  const [row] = await db
    .insert(dataExports)
    .values({
      accountId: f.accountId,
      status: 'ready',
      requestedBy: f.parentId,
      readyAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
      fileName: 'grove-matrix.zip',
      content: new Uint8Array([80, 75, 5, 6, ...new Array<number>(18).fill(0)]),
      sizeBytes: 22,
      rowCounts: {},
    })
    .returning({ id: dataExports.id });
  return row!.id;
}

/** A pending deletion of a fresh player of the family (undo and "now" use one up). */
async function newPendingDeletion(db: Db, f: Family) {
  const playerId = await newPlayer(db, f);
  const [row] = await db
    .insert(deletionRequests)
    .values({
      accountId: f.accountId,
      playerId,
      scope: 'player',
      playerName: 'Matrix',
      requestedBy: f.parentId,
      dueAt: new Date(Date.now() + 7 * 86_400_000),
    })
    .returning({ id: deletionRequests.id });
  return row!.id;
}

/**
 * A code a tablet shows, waiting for a parent (approving or declining uses it up); or, `approved`
 * for a family, one a parent approved for a fresh device, whose token the game has yet to pick up.
 * Answers the user code and the game's device code.
 */
async function newPairing(db: Db, approvedFor?: Family) {
  const deviceCode = `matrix-device-code-${Date.now()}-${Math.random()}`;
  const userCode = randomUserCode();
  await db.insert(deviceAuthorizations).values({
    deviceCodeHash: hashToken(deviceCode),
    userCode,
    clientId: GAME_CLIENT_ID,
    suggestedName: 'Matrix tablet',
    intervalSeconds: PAIRING.intervalSeconds,
    expiresAt: new Date(Date.now() + PAIRING.expiresInSeconds * 1000),
    ...(approvedFor
      ? {
          status: 'approved',
          accountId: approvedFor.accountId,
          deviceId: (await newDevice(db, approvedFor.accountId)).id,
          approvedBy: approvedFor.parentId,
        }
      : {}),
  });
  return { userCode, deviceCode };
}

/** A profile name the game has not made yet. */
const freshProfileName = () =>
  `Kid ${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

const fam = (w: World, obj: Obj): Family | null => (obj === 'own' ? w.A : obj === 'foreign' ? w.B : null);
/** The id of a family's thing, or an id no row has. */
const idOf = (w: World, obj: Obj, pick: (f: Family) => number) => {
  const f = fam(w, obj);
  return f ? pick(f) : MISSING_ID;
};
const account = (w: World, obj: Obj) => idOf(w, obj, (f) => f.accountId);
const player = (w: World, obj: Obj) => idOf(w, obj, (f) => f.playerId);
const parentUser = (w: World, obj: Obj) => idOf(w, obj, (f) => f.parentId);
const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
let emails = 0;
const freshEmail = () => `matrix-new-${Date.now().toString(36)}-${emails++}@example.com`;
const card = { card: { number: '4242424242424242', exp_month: 12, exp_year: 2035, cvc: '123' } };
const shipping = { address_1: '12 Elm Street', city: 'Springfield', state: 'IL', zipcode: '62701', country: 'US' };

/** A route on an account id (`:id`). */
const onAccount = (
  route: string,
  policy: Policy,
  access: Access,
  ok: Statuses,
  body?: unknown,
  extra: Partial<RouteCase> = {},
): RouteCase => ({
  route,
  policy,
  access,
  ok,
  send: (w, obj) => ({ url: route.split(' ')[1]!.replace(':id', String(account(w, obj))), body }),
  ...extra,
});
/** A route on a player id (`:id`). */
const onPlayer = (
  route: string,
  policy: Policy,
  access: Access,
  ok: Statuses,
  body?: unknown,
  extra: Partial<RouteCase> = {},
): RouteCase => ({
  route,
  policy,
  access,
  ok,
  send: (w, obj) => ({ url: route.split(' ')[1]!.replace(':id', String(player(w, obj))), body }),
  ...extra,
});
/** A route without an object. */
const plain = (
  route: string,
  policy: Policy,
  ok: Statuses,
  body?: unknown | (() => unknown),
  extra: Partial<RouteCase> = {},
): RouteCase => ({
  route,
  policy,
  ok,
  send: () => ({ url: route.split(' ')[1]!, body: typeof body === 'function' ? body() : body }),
  ...extra,
});
const path = (route: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((url, [name, value]) => url.replace(`:${name}`, String(value)), route.split(' ')[1]!);

/** A person without an account of their own (a coach, staff) has no family things: 404. */
const NO_ACCOUNT = { coach: 404, otherCoach: 404, staff: 404 } as const;
/** Staff may filter by any account: a missing one lists nothing (200, empty), it is no one's secret. */
const STAFF_EMPTY_LIST = { staff: { missing: 200 } } as const;
/** A subscription change depends on the subscription's state: done (200) or not now (409). */
const STATE = [200, 409] as const;
/** Staff are not refused by the account check: for a missing account the subscription lookup answers 409. */
const STAFF_NO_SUBSCRIPTION = { staff: { missing: 409 } } as const;

export const ROUTE_CASES: RouteCase[] = [
  // Health, docs-free public routes.
  plain('GET /api/health', 'public', 200),

  // Accounts (modules/account).
  onAccount('GET /api/v2/accounts/:id', 'user', 'family', 200),
  onAccount('POST /api/v2/accounts/:id/add_user', 'user', 'members', 201, undefined, {
    send: (w, obj) => ({
      url: path('POST /api/v2/accounts/:id/add_user', { id: account(w, obj) }),
      body: { first_name: 'New', last_name: 'Member', email: freshEmail(), phonenumber: '2015550123', country: 'US' },
    }),
  }),
  {
    route: 'PATCH /api/v2/accounts/:id/users/:userId',
    policy: 'user',
    access: 'members',
    ok: 200,
    send: (w, obj) => ({
      url: path('PATCH /api/v2/accounts/:id/users/:userId', {
        id: account(w, obj),
        userId: idOf(w, obj, (f) => f.memberId),
      }),
      body: { first_name: 'Carey' },
    }),
  },
  {
    route: 'DELETE /api/v2/accounts/:id/users/:userId',
    policy: 'user',
    access: 'members',
    ok: 200,
    send: async (w, obj) => {
      const f = fam(w, obj);
      const userId = f ? await newMember(w.db, f.accountId) : MISSING_ID;
      return { url: path('DELETE /api/v2/accounts/:id/users/:userId', { id: account(w, obj), userId }) };
    },
  },
  {
    route: 'POST /api/v2/accounts/:id/users/:userId/resend_invite',
    policy: 'user',
    access: 'members',
    ok: 200,
    send: (w, obj) => ({
      url: path('POST /api/v2/accounts/:id/users/:userId/resend_invite', {
        id: account(w, obj),
        userId: idOf(w, obj, (f) => f.memberId),
      }),
    }),
  },
  onAccount('GET /api/v1/accounts/:id/status', 'user', 'family', 200),
  onAccount('PUT /api/v1/accounts/:id/status', 'staff', 'members', 200, { account_status: 'ACTIVE' }),
  onAccount('GET /api/v1/accounts/:id/custom_note', 'user', 'family', 200),
  onAccount('PUT /api/v1/accounts/:id/custom_note', 'user', 'members', 200, { custom_note: 'Mornings are best.' }),
  onAccount('GET /api/v1/accounts/:id/data', 'user', 'family', 200),
  onAccount('GET /api/v1/accounts/:id/customer_interactions', 'user', 'coach', 200),
  onAccount('OPTIONS /api/v1/accounts/:id/customer_interactions', 'user', 'coach', 200),
  onAccount('POST /api/v1/accounts/:id/customer_interactions', 'user', 'coach', 201, {
    kind: 'call',
    summary: 'Talked about the band.',
  }),
  onAccount('GET /api/v2/user/accounts/:id/devices', 'user', 'family', 200, undefined, { expect: STAFF_EMPTY_LIST }),
  {
    route: 'PUT /api/v2/user/accounts/:id/devices/:deviceId/toggle_kiosk_mode',
    policy: 'user',
    access: 'members',
    ok: 200,
    send: (w, obj) => ({
      url: path('PUT /api/v2/user/accounts/:id/devices/:deviceId/toggle_kiosk_mode', {
        id: account(w, obj),
        deviceId: idOf(w, obj, (f) => f.deviceId),
      }),
      body: { is_kiosk_mode: false },
    }),
  },
  {
    route: 'PATCH /api/v2/user/accounts/:id/devices/:deviceId',
    policy: 'user',
    access: 'members',
    ok: 200,
    send: (w, obj) => ({
      url: path('PATCH /api/v2/user/accounts/:id/devices/:deviceId', {
        id: account(w, obj),
        deviceId: idOf(w, obj, (f) => f.deviceId),
      }),
      body: { name: 'Kitchen tablet' },
    }),
  },
  ...['revoke_token', 'token'].map((action): RouteCase => ({
    route: `POST /api/v2/user/accounts/:id/devices/:deviceId/${action}`,
    policy: 'user',
    access: 'members',
    ok: action === 'token' ? 201 : 200,
    send: async (w, obj) => {
      const f = fam(w, obj);
      const deviceId = f ? (await newDevice(w.db, f.accountId)).id : MISSING_ID;
      return { url: `/api/v2/user/accounts/${account(w, obj)}/devices/${deviceId}/${action}` };
    },
  })),
  {
    route: 'PATCH /api/v2/admin/users/:id',
    policy: 'staff',
    access: 'members',
    ok: 200,
    send: (w, obj) => ({
      url: `/api/v2/admin/users/${idOf(w, obj, (f) => f.deviceId)}`,
      body: { is_kiosk_mode: false },
    }),
  },

  // Back office (modules/admin, modules/backoffice).
  ...['GET', 'PATCH'].map((method): RouteCase => ({
    route: `${method} /api/v2/admin/:id/shipping`,
    policy: 'staff',
    access: 'members',
    ok: 200,
    send: (w, obj) => ({
      url: `/api/v2/admin/${parentUser(w, obj)}/shipping`,
      body: method === 'PATCH' ? { city: 'Springfield' } : undefined,
    }),
  })),
  {
    route: 'POST /api/v2/admin/shipping',
    policy: 'staff',
    access: 'members',
    ok: 200,
    send: (w, obj) => ({ url: '/api/v2/admin/shipping', body: { user: parentUser(w, obj), ...shipping } }),
  },
  plain('GET /api/v2/admin/accounts', 'staff', 200),
  plain('GET /api/v2/admin/accounts/tags', 'staff', 200),
  onAccount('GET /api/v2/admin/accounts/:id', 'staff', 'family', 200),
  onAccount('PUT /api/v2/admin/accounts/:id', 'staff', 'members', 200, {
    account_status: 'ACTIVE',
    time_zone: 'America/New_York',
    experimental_data: {},
  }),
  onAccount('PATCH /api/v2/admin/accounts/:id', 'staff', 'members', 200, { time_zone: 'America/New_York' }),
  onAccount('POST /api/v2/admin/accounts/:id/tags', 'staff', 'members', 200, { tag: 'matrix' }),
  {
    route: 'DELETE /api/v2/admin/accounts/:id/tags/:tag',
    policy: 'staff',
    access: 'members',
    ok: 200,
    send: async (w, obj) => {
      const f = fam(w, obj);
      const tag = `gone-${Date.now().toString(36)}-${emails++}`;
      if (f) await w.db.insert(accountTags).values({ accountId: f.accountId, tag });
      return { url: `/api/v2/admin/accounts/${account(w, obj)}/tags/${tag}` };
    },
  },
  {
    route: 'PUT /api/v2/admin/migrate_account/:id',
    policy: 'staff',
    access: 'members',
    ok: 200,
    send: async (w, obj) => {
      const f = fam(w, obj);
      if (f) await w.db.update(accounts).set({ gameVersion: 2 }).where(eq(accounts.id, f.accountId));
      return { url: `/api/v2/admin/migrate_account/${account(w, obj)}`, body: { game_version: 3 } };
    },
  },
  onAccount('GET /api/v2/admin/accounts/:id/notes', 'staff', 'family', 200),
  onAccount('POST /api/v2/admin/accounts/:id/notes', 'staff', 'members', 201, { text: 'Matrix.' }),
  ...(['GET', 'PATCH', 'DELETE'] as const).map((method): RouteCase => ({
    route: `${method} /api/v2/admin/accounts/:id/notes/:noteId`,
    policy: 'staff',
    access: 'members',
    ok: 200,
    send: async (w, obj) => {
      const f = fam(w, obj);
      const noteId = !f ? MISSING_ID : method === 'DELETE' ? await newNote(w.db, f.accountId, w.staffId) : f.noteId;
      return {
        url: `/api/v2/admin/accounts/${account(w, obj)}/notes/${noteId}`,
        body: method === 'PATCH' ? { text: 'Edited.' } : undefined,
      };
    },
  })),
  onAccount('GET /api/v2/admin/accounts/:id/audit', 'staff', 'family', 200),
  plain('GET /api/v2/admin/audit', 'staff', 200),
  onAccount('GET /api/v2/admin/billing/account/:id/shipments', 'staff', 'family', 200),
  plain('GET /api/v2/admin/orders', 'staff', 200),
  plain('GET /api/v2/admin/orders/export.csv', 'staff', 200),
  plain('GET /api/v2/admin/shipments', 'staff', 200),
  plain('GET /api/v2/admin/shipments/export.csv', 'staff', 200),
  plain('GET /api/v2/admin/billing_requests', 'staff', 200),
  plain('GET /api/v2/admin/billing_requests/export.csv', 'staff', 200),
  plain('GET /api/v2/admin/email_outbox', 'staff', 200),
  onPlayer('GET /api/v2/admin/players/:id/responses', 'staff', 'family', 200),
  {
    route: 'GET /api/v2/admin/users/:id/zendesk_tickets',
    policy: 'staff',
    access: 'family',
    ok: 200,
    send: (w, obj) => ({ url: `/api/v2/admin/users/${parentUser(w, obj)}/zendesk_tickets` }),
  },

  // Players and their stats (modules/players).
  onAccount('GET /api/v2/player/accounts/:id', 'user', 'family', 200),
  onPlayer('GET /api/v2/player/:id', 'user', 'family', 200),
  {
    route: 'POST /api/v2/player',
    policy: 'user',
    access: 'members',
    ok: 201,
    send: (w, obj) => ({
      url: '/api/v2/player',
      body: { name: `New ${emails++}`, account: account(w, obj), consent: true },
    }),
  },
  onPlayer('PATCH /api/v2/player/:id', 'user', 'members', 200, { name: 'Renamed', in_program: true }),
  onPlayer('PATCH /api/v1/accounts/players/:id', 'user', 'members', 200, { role: 'child' }),
  onPlayer('PUT /api/v2/player/:id', 'user', 'members', 200, { name: 'Put back', role: 'child', in_program: true }),
  onAccount('GET /api/v2/accounts/:id/incomplete_profiles', 'user', 'family', 200),
  ...['hr_gauge', 'chase_speed', 'acorns'].flatMap((field): RouteCase[] => [
    onPlayer(`GET /api/v1/accounts/players/:id/${field}`, 'user', 'family', 200),
    onPlayer(
      `POST /api/v1/accounts/players/:id/${field}`,
      'staff',
      'members',
      200,
      field === 'acorns' ? { amount: 1, reason: 'Matrix' } : { value: 5, reason: 'Matrix' },
    ),
  ]),

  // Play data (modules/play).
  ...['activity', 'activity/weekly', 'hr_rises', 'cool_downs', 'cooldown_events', 'sessions.csv'].map((tail) =>
    onPlayer(`GET /api/v2/player/:id/${tail}`, 'user', 'family', 200),
  ),
  onPlayer('GET /api/v1/dashboard/player/:id/overview', 'user', 'family', 200),
  onAccount('GET /api/v1/dashboard/account/:id/this_week', 'user', 'family', 200),
  onAccount('GET /api/v2/accounts/:id/statistics', 'user', 'family', 200),

  // The game (modules/game): a device token, not a person's.
  {
    route: 'POST /api/v1/game/sessions',
    policy: 'device',
    ok: 200,
    send: (w) => ({
      url: '/api/v1/game/sessions',
      body: {
        sessions: [
          {
            game_session_id: `matrix-${emails++}-${Date.now()}`,
            player_id: w.A.playerId,
            period_datetime: new Date(Date.now() - 86_400_000 - emails * 3_600_000).toISOString(),
            seconds_played: 60,
          },
        ],
      },
    }),
  },
  plain('GET /api/v1/game/device/settings', 'device', 200),
  plain('GET /api/v1/game/players', 'device', 200),
  plain('POST /api/v1/game/players', 'device', 201, () => ({ name: freshProfileName() })),

  // Surveys and experiments (modules/surveys, modules/experiments).
  plain('GET /api/v2/player/surveys', 'user', 200),
  {
    route: 'GET /api/v2/player/surveys/responses',
    policy: 'user',
    access: 'family',
    ok: 200,
    expect: STAFF_EMPTY_LIST,
    send: (w, obj) => ({ url: '/api/v2/player/surveys/responses', query: { user: parentUser(w, obj) } }),
  },
  {
    route: 'POST /api/v2/player/:id/link-profile',
    policy: 'user',
    access: 'members',
    ok: 200,
    send: async (w, obj) => {
      const f = fam(w, obj);
      return {
        url: `/api/v2/player/${player(w, obj)}/link-profile`,
        body: { incomplete_profile_id: f ? await newProfile(w.db, f.accountId) : MISSING_ID },
      };
    },
  },
  onPlayer('POST /api/v2/player/:id/delink-profile', 'user', 'members', 200, { player_name: 'Delinked' }),
  {
    // Answering a check-in: the family's members only; staff are refused (403), coaches see nothing.
    route: 'POST /api/v2/player/:id/surveys/:surveyId/responses',
    policy: 'user',
    access: 'members',
    ok: 201,
    expect: { staff: { own: 403, foreign: 403 } },
    send: async (w, obj) => {
      const values = { slug: 'matrix-check-in', title: 'Matrix check-in', payload: { questions: [] } };
      await w.db.insert(surveys).values(values).onConflictDoNothing();
      const [survey] = await w.db.select({ id: surveys.id }).from(surveys).where(eq(surveys.slug, values.slug));
      return { url: `/api/v2/player/${player(w, obj)}/surveys/${survey!.id}/responses`, body: { answers: {} } };
    },
  },
  {
    route: 'GET /api/v2/player/experiment_variant',
    policy: 'user',
    access: 'family',
    ok: 200,
    send: (w, obj) => ({ url: '/api/v2/player/experiment_variant', query: { player_id: player(w, obj) } }),
  },
  onAccount('GET /api/v2/accounts/:id/experimental_data', 'user', 'family', 200),
  onAccount('GET /api/v2/accounts/:id/remote_configs/list', 'user', 'family', 200),
  onAccount('PUT /api/v2/accounts/:id/remote_configs/metagame', 'user', 'members', 200, {
    config_value: { level: 2 },
  }),

  // Connecting a tablet (modules/pairing): the game's two public calls (RFC 8628) answer everyone
  // alike; the code a tablet shows is attached to an account by its members or staff.
  plain('POST /api/v2/auth/device/code', 'public', 200, { client_id: GAME_CLIENT_ID }, { ownAddress: true }),
  {
    route: 'POST /api/v2/auth/device/token',
    policy: 'public',
    ok: 200,
    send: async (w) => ({
      url: '/api/v2/auth/device/token',
      body: {
        grant_type: DEVICE_CODE_GRANT_TYPE,
        client_id: GAME_CLIENT_ID,
        device_code: (await newPairing(w.db, w.A)).deviceCode,
      },
    }),
  },
  ...(
    [
      ['POST /api/v2/user/accounts/:id/devices/pair/check', 200],
      ['POST /api/v2/user/accounts/:id/devices/pair', 201],
      ['POST /api/v2/user/accounts/:id/devices/pair/deny', 200],
    ] as const
  ).map(([route, ok]): RouteCase => ({
    route,
    policy: 'user',
    access: 'members',
    ok,
    send: async (w, obj) => ({
      url: path(route, { id: account(w, obj) }),
      body: { user_code: (await newPairing(w.db)).userCode, name: 'Matrix tablet' },
    }),
  })),

  // Signing in (modules/auth): public, and answers the same to everyone.
  plain('POST /api/v2/user/auth/login/', 'public', 400, () => ({ email: freshEmail(), password: 'wrong-password' }), {
    ownAddress: true,
  }),
  plain(
    'POST /api/v2/auth/session/login/',
    'public',
    400,
    () => ({ email: freshEmail(), password: 'wrong-password' }),
    {
      ownAddress: true,
    },
  ),
  plain('POST /api/v2/auth/session/logout/', 'user', 200, undefined, { freshToken: true }),
  plain(
    'POST /api/v2/auth/oauth2/token/',
    'public',
    400,
    () => ({ grant_type: 'password', client_id: 'grove-web', username: freshEmail(), password: 'wrong-password' }),
    { ownAddress: true },
  ),
  plain('POST /api/v2/auth/oauth2/revoke_token/', 'public', 200, { token: 'not-a-token', client_id: 'grove-web' }),
  plain('POST /api/v2/auth/password/reset/', 'public', 200, { email: 'nobody@example.com' }),
  plain('POST /api/v2/auth/access/request/', 'public', 200, { email: 'nobody@example.com' }),
  {
    route: 'GET /api/v2/auth/password/set/',
    policy: 'public',
    ok: 404,
    send: () => ({ url: '/api/v2/auth/password/set/', query: { o: 'not-a-link' } }),
  },
  plain('POST /api/v2/auth/password/set/', 'public', 404, {
    token: 'not-a-link',
    password: 'a-Good-passw0rd!',
    password_copy: 'a-Good-passw0rd!',
  }),

  // Billing (modules/billing).
  plain('GET /api/v2/billing/program_plan', 'public', 200),
  plain('GET /api/v2/billing/rules', 'public', 200),
  plain('GET /api/v2/billing/promo/:code', 'public', 404, undefined, {
    send: () => ({ url: '/api/v2/billing/promo/NOSUCHCODE' }),
  }),
  plain(
    'POST /api/v2/billing/order',
    'public',
    201,
    () => ({
      plan_tag: 'default',
      first_name: 'Dana',
      last_name: 'Matrix',
      email: freshEmail(),
      phonenumber: '2015550123',
      country: 'US',
      shipping,
    }),
    // A subscribed family (409), a partner-covered one (409), coaches and staff (403) cannot check out.
    { expect: { parent: 409, magellan: 409, coach: 403, otherCoach: 403, staff: 403 } },
  ),
  plain('POST /api/v2/billing/order/confirm', 'public', 404, {
    order: 'no-such-order',
    payment_method: card,
    consent: true,
  }),
  plain('PUT /api/v2/billing/order/track_conversion', 'public', 404, { order: 'no-such-order' }),
  plain('POST /api/v2/billing/webhooks/stripe', 'public', 400, '{}'),
  {
    route: 'POST /api/v2/billing/payment',
    policy: 'user',
    access: 'members',
    ok: 200,
    send: (w, obj) => ({ url: '/api/v2/billing/payment', body: { account: account(w, obj), payment_method: card } }),
    // Staff naming an account that does not exist get the provider's "unknown customer" (402), not 404.
    expect: { staff: { missing: 402 } },
  },
  onAccount('GET /api/v2/billing/accounts/:id/order', 'user', 'family', 200),
  onAccount('GET /api/v2/billing/accounts/:id/order_trials', 'user', 'family', 200, undefined, {
    expect: STAFF_EMPTY_LIST,
  }),
  plain('GET /api/v2/user/info/orders', 'user', 200),
  onAccount('GET /api/v2/billing/accounts/:id/subscriptions', 'user', 'family', 200, undefined, {
    expect: STAFF_EMPTY_LIST,
  }),
  onAccount('GET /api/v2/billing/accounts/:id/invoices', 'user', 'family', 200, undefined, {
    expect: STAFF_EMPTY_LIST,
  }),
  {
    route: 'GET /api/v2/billing/users/:id/billing_details',
    policy: 'user',
    access: 'members',
    ok: 200,
    send: (w, obj) => ({ url: `/api/v2/billing/users/${parentUser(w, obj)}/billing_details` }),
  },
  plain('POST /api/v2/billing/payment/request_update_email', 'user', 200, undefined, { expect: NO_ACCOUNT }),
  // The signed card-update link is the key: anyone may try one, and a wrong one is 404 for all alike.
  {
    route: 'GET /api/v2/billing/card_update',
    policy: 'public',
    ok: 404,
    send: () => ({ url: '/api/v2/billing/card_update', query: { o: 'not-a-link' } }),
  },
  plain('POST /api/v2/billing/card_update', 'public', 404, { o: 'not-a-link', payment_method: card }),
  {
    route: 'GET /api/v3/subscription_actions',
    policy: 'user',
    access: 'family',
    ok: 200,
    expect: STAFF_EMPTY_LIST,
    send: (w, obj) => ({ url: '/api/v3/subscription_actions', query: { account: account(w, obj) } }),
  },

  // Messages (modules/communications).
  {
    route: 'POST /api/v1/sms/message',
    policy: 'user',
    access: 'coach',
    ok: 201,
    send: (w, obj) => ({
      url: '/api/v1/sms/message',
      body: { kind: 'custom', user: parentUser(w, obj), message: 'See you Tuesday.' },
    }),
    // A message of one's own words goes from staff or a coach; parents may not send one to anybody.
    expect: { parent: 403, otherParent: 403, magellan: 403 },
  },
  {
    route: 'GET /api/v1/communications',
    policy: 'user',
    access: 'family',
    ok: 200,
    send: (w, obj) => ({ url: '/api/v1/communications', query: { user: parentUser(w, obj) } }),
  },

  // The signed-in person (modules/user): their own things only.
  plain('GET /api/v2/user/info/', 'user', 200),
  plain('GET /api/v2/user/', 'user', 200),
  plain('PATCH /api/v2/user/', 'user', 200, { first_name: 'Dana' }),
  plain('POST /api/v2/user/email/confirm', 'public', 400, { token: 'not-a-token' }),
  plain('DELETE /api/v2/user/email/pending', 'user', 200),
  plain('POST /api/v2/user/password', 'user', 400, {
    current_password: 'not-the-password',
    password: 'a-Good-passw0rd!',
    password_copy: 'a-Good-passw0rd!',
  }),
  plain('GET /api/v2/user/shipping', 'user', 200),
  plain('PATCH /api/v2/user/shipping', 'user', 200, shipping),
  plain('GET /api/v2/user/user_actions', 'user', 200),
  plain('POST /api/v2/user/user_actions', 'user', 200, { action: 'opened_support' }),
  {
    route: 'GET /api/v1/actions/has_done',
    policy: 'user',
    ok: 200,
    send: () => ({ url: '/api/v1/actions/has_done', query: { action: 'opened_support' } }),
  },
  plain('POST /api/v1/social-acc/set', 'user', 200, { provider: 'facebook', handle: 'dana.matrix' }),
  plain('GET /api/v2/user/notifications', 'user', 200),
  plain('PATCH /api/v2/user/notifications', 'user', 200, { weekly_digest: true }),
  plain('POST /api/v2/user/notifications/unsubscribe', 'public', 400, { token: 'not-a-token' }),

  // Coaching (modules/coaching).
  {
    route: 'GET /api/v2/coach/profile/:id',
    policy: 'user',
    access: 'global',
    ok: 200,
    send: (w, obj) => ({ url: `/api/v2/coach/profile/${obj === 'missing' ? MISSING_ID : w.coachId}` }),
  },
  plain('GET /api/v1/coach_booking/coaches', 'user', 200),
  {
    route: 'GET /api/v1/coach_booking/calendar/available_hours',
    policy: 'user',
    ok: 200,
    send: (w) => ({ url: '/api/v1/coach_booking/calendar/available_hours', query: { widget_id: w.widgetId } }),
  },
  {
    route: 'POST /api/v1/coach_booking/book',
    policy: 'user',
    // The coach's calendar has no free time: a family gets the calendar's refusal (400), which comes
    // after the checks of who may book; coaches and staff do not book (403).
    ok: 400,
    expect: { coach: 403, otherCoach: 403, staff: 403 },
    send: (w) => ({ url: '/api/v1/coach_booking/book', body: { widget_id: w.widgetId, starts_at: at(3) } }),
  },
  plain('GET /api/v2/user/coach_bookings', 'user', 200),
  {
    route: 'GET /api/v1/coach_booking/coaching_call',
    policy: 'user',
    access: 'family',
    ok: 200,
    expect: STAFF_EMPTY_LIST,
    send: (w, obj) => ({ url: '/api/v1/coach_booking/coaching_call', query: { account: account(w, obj) } }),
  },
  ...['', '/calendar_link', '/ics'].map((tail): RouteCase => ({
    route: `GET /api/v1/coach_booking/coaching_call/:id${tail}`,
    policy: 'user',
    access: 'family',
    ok: 200,
    send: (w, obj) => ({ url: `/api/v1/coach_booking/coaching_call/${idOf(w, obj, (f) => f.callId)}${tail}` }),
  })),
  {
    route: 'PUT /api/v1/coach_booking/coaching_call/:id',
    policy: 'user',
    access: 'family',
    ok: 200,
    send: (w, obj) => ({
      url: `/api/v1/coach_booking/coaching_call/${idOf(w, obj, (f) => f.callId)}`,
      body: { summary: 'Went well.' },
    }),
    // The family sees the call but only its coach (or staff) records how it went.
    expect: { parent: { own: 403 } },
  },
  {
    route: 'GET /api/v1/coach_booking/coach_note',
    policy: 'user',
    access: 'family',
    ok: 200,
    send: (w, obj) => ({ url: '/api/v1/coach_booking/coach_note', query: { user: parentUser(w, obj) } }),
  },
  {
    route: 'POST /api/v1/coach_booking/coach_note',
    policy: 'coach',
    access: 'coach',
    ok: 201,
    send: (w, obj) => ({ url: '/api/v1/coach_booking/coach_note', body: { user: parentUser(w, obj), body: 'Note.' } }),
  },
  ...(['PUT', 'DELETE'] as const).map((method): RouteCase => ({
    route: `${method} /api/v1/coach_booking/coach_note/:id`,
    policy: 'coach',
    access: 'coach',
    ok: 200,
    send: async (w, obj) => {
      const f = fam(w, obj);
      const coach = obj === 'own' ? w.coachId : w.otherCoachId;
      const id = !f ? MISSING_ID : method === 'DELETE' ? await newCoachNote(w.db, f.accountId, coach) : f.coachNoteId;
      return {
        url: `/api/v1/coach_booking/coach_note/${id}`,
        body: method === 'PUT' ? { body: 'Edited.' } : undefined,
      };
    },
  })),
  {
    route: 'PUT /api/v1/coach_booking/assign_coach/:id',
    policy: 'staff',
    access: 'members',
    ok: 200,
    // Each family keeps its coach, so the rows after this one still hold.
    send: (w, obj) => ({
      url: `/api/v1/coach_booking/assign_coach/${account(w, obj)}`,
      body: { coach_user: obj === 'foreign' ? w.otherCoachId : w.coachId },
    }),
  },
  plain('GET /api/v1/coach_booking/families', 'coach', 200),
  // Coaches read their own caseload (the `coach` query is ignored for them); staff name the coach.
  ...['GET /api/v1/coach_booking/caseload', 'GET /api/v1/coach_booking/caseload/export.csv'].map(
    (route): RouteCase => ({
      route,
      policy: 'coach',
      ok: 200,
      send: (w) => ({ url: route.split(' ')[1]!, query: { coach: w.coachId } }),
    }),
  ),
  onAccount('GET /api/v1/coach_booking/brief/:id', 'coach', 'family', 200),
  plain('GET /api/v1/coach_booking/working_hours', 'coach', 200),
  plain(
    'PUT /api/v1/coach_booking/working_hours',
    'coach',
    200,
    { time_zone: 'America/New_York', hours: [{ weekday: 1, start: '09:00', end: '17:00' }] },
    { expect: { staff: 403 } }, // staff have no calendar of their own
  ),
  plain('GET /api/v1/coach_booking/time_off', 'coach', 200),
  plain(
    'POST /api/v1/coach_booking/time_off',
    'coach',
    201,
    () => ({
      starts_at: at(60 + emails),
      ends_at: at(60.5 + emails++),
      reason: 'Matrix',
    }),
    { expect: { staff: 403 } },
  ),
  {
    route: 'DELETE /api/v1/coach_booking/time_off/:id',
    policy: 'coach',
    access: 'coach',
    ok: 200,
    send: async (w, obj) => ({
      url: `/api/v1/coach_booking/time_off/${
        obj === 'missing' ? MISSING_ID : await newTimeOff(w.db, obj === 'own' ? w.coachId : w.otherCoachId)
      }`,
    }),
    expect: { staff: 404 }, // a coach's time off is theirs alone
  },

  // Webinars and onboarding (modules/webinars, modules/onboarding).
  plain('GET /api/v2/webinars/list', 'user', 200),
  plain('GET /api/v2/webinars/webinar_registrant/list', 'user', 200),
  ...['register', 'delete'].map((action): RouteCase => ({
    route: `POST /api/v1/webinars/${action}`,
    policy: 'user',
    access: 'global',
    ok: action === 'register' ? 201 : 200,
    send: (w, obj) => ({
      url: `/api/v1/webinars/${action}`,
      body: { webinar_id: obj === 'missing' ? MISSING_ID : w.webinarId },
    }),
    // Tutorials are for families: coaches and staff cannot register (403), so have nothing to cancel.
    expect: action === 'register' ? { coach: 403, otherCoach: 403, staff: 403 } : NO_ACCOUNT,
  })),
  plain('POST /api/v2/webinars', 'staff', 201, {
    title: 'Matrix webinar',
    starts_at: at(30),
    capacity: 20,
    join_url: 'https://example.com/join',
  }),
  {
    route: 'PATCH /api/v2/webinars/:id',
    policy: 'staff',
    access: 'global',
    ok: 200,
    send: (w, obj) => ({
      url: `/api/v2/webinars/${obj === 'missing' ? MISSING_ID : w.webinarId}`,
      body: { description: 'Updated.' },
    }),
  },
  plain('GET /api/v2/onboarding', 'user', 200, undefined, { expect: NO_ACCOUNT }),
  plain('POST /api/v2/onboarding/:step/finish', 'user', 200, undefined, {
    send: () => ({ url: '/api/v2/onboarding/add_players/finish' }),
    expect: NO_ACCOUNT,
  }),

  // Share links for a clinician (modules/sharing): members and staff; staff may not create one.
  onAccount('GET /api/v2/user/accounts/:id/shares', 'user', 'members', 200),
  onAccount('POST /api/v2/user/accounts/:id/shares', 'user', 'members', 201, undefined, {
    send: (w, obj) => ({
      url: `/api/v2/user/accounts/${account(w, obj)}/shares`,
      body: {
        player_id: obj === 'foreign' ? w.B.playerId : w.A.playerId,
        from_date: '2025-03-03',
        to_date: '2025-03-16',
        expires_in_days: 7,
        display_name: 'M.',
      },
    }),
    expect: { staff: { own: 403, foreign: 403 } },
  }),
  {
    route: 'POST /api/v2/user/accounts/:id/shares/:shareId/revoke',
    policy: 'user',
    access: 'members',
    ok: 200,
    send: async (w, obj) => {
      const f = fam(w, obj);
      const shareId = f ? await newShareLink(w.db, f) : MISSING_ID;
      return { url: `/api/v2/user/accounts/${account(w, obj)}/shares/${shareId}/revoke` };
    },
  },
  plain('GET /api/v1/shared/:token', 'public', 404),

  // Exports and deletions (modules/exports, modules/erasure): members read, staff read too but
  // may not ask for a copy, download one or delete anything.
  onAccount('GET /api/v2/user/accounts/:id/data-rights', 'user', 'members', 200),
  {
    route: 'POST /api/v2/user/accounts/:id/exports',
    policy: 'user',
    access: 'members',
    ok: 202,
    send: async (w, obj) => {
      const f = fam(w, obj);
      return {
        url: `/api/v2/user/accounts/${account(w, obj)}/exports`,
        body: { player_id: f ? await newPlayer(w.db, f) : w.A.playerId },
      };
    },
    expect: { staff: { own: 403, foreign: 403 } },
  },
  {
    route: 'GET /api/v2/user/accounts/:id/exports/:exportId/download',
    policy: 'user',
    access: 'members',
    ok: 200,
    send: async (w, obj) => {
      const f = fam(w, obj);
      const exportId = f ? await newReadyExport(w.db, f) : MISSING_ID;
      return { url: `/api/v2/user/accounts/${account(w, obj)}/exports/${exportId}/download` };
    },
    expect: { staff: { own: 403, foreign: 403 } },
  },
  {
    route: 'POST /api/v2/user/accounts/:id/deletions',
    policy: 'user',
    access: 'members',
    ok: 201,
    send: async (w, obj) => {
      const f = fam(w, obj);
      return {
        url: `/api/v2/user/accounts/${account(w, obj)}/deletions`,
        body: { player_id: f ? await newPlayer(w.db, f) : w.A.playerId, confirm: true },
      };
    },
    expect: { staff: { own: 403, foreign: 403 } },
  },
  {
    route: 'POST /api/v2/user/accounts/:id/deletions/:deletionId/undo',
    policy: 'user',
    access: 'members',
    ok: 200,
    send: async (w, obj) => {
      const f = fam(w, obj);
      const deletionId = f ? await newPendingDeletion(w.db, f) : MISSING_ID;
      return { url: `/api/v2/user/accounts/${account(w, obj)}/deletions/${deletionId}/undo` };
    },
    expect: { staff: { own: 403, foreign: 403 } },
  },
  {
    route: 'POST /api/v2/user/accounts/:id/deletions/:deletionId/now',
    policy: 'user',
    access: 'members',
    ok: 200,
    send: async (w, obj) => {
      const f = fam(w, obj);
      const deletionId = f ? await newPendingDeletion(w.db, f) : MISSING_ID;
      return { url: `/api/v2/user/accounts/${account(w, obj)}/deletions/${deletionId}/now`, body: { confirm: true } };
    },
    expect: { staff: { own: 403, foreign: 403 } },
  },
  plain('GET /api/v2/admin/deletions', 'staff', 200),

  // Consent and the privacy page (modules/privacy).
  plain('GET /api/v2/user/privacy', 'user', 200),
  plain(
    'POST /api/v2/user/privacy/consent',
    'user',
    201,
    { consent: true },
    { expect: { coach: 403, otherCoach: 403, staff: 403 } },
  ),
  plain(
    'PUT /api/v2/user/privacy/analytics',
    'user',
    200,
    { analytics: 'off' },
    { expect: { coach: 403, otherCoach: 403, staff: 403 } },
  ),
  plain(
    'PUT /api/v2/user/privacy/payment_texts',
    'user',
    200,
    { payment_texts: 'off' },
    { expect: { coach: 403, otherCoach: 403, staff: 403 } },
  ),
  onAccount('GET /api/v2/accounts/:id/consents', 'user', 'members', 200),

  // Support (modules/support).
  plain(
    'POST /api/v2/support/tickets',
    'user',
    201,
    { subject: 'Matrix', description: 'A question.' },
    { expect: { coach: 403, otherCoach: 403, staff: 403 } }, // sent from a family's account
  ),

  // Last: the subscription's state changes (refund, cancel, pause, return, renew). They may end the
  // program of A and B, which every row above needs running, so they come after all of them.
  ...(['refund', 'remove'] as const).map((action): RouteCase => ({
    route: `POST /api/v2/billing/invoices/:id/${action}`,
    policy: 'staff',
    access: 'members',
    ok: action === 'refund' ? 200 : STATE,
    send: (w, obj) => ({
      url: `/api/v2/billing/invoices/${idOf(w, obj, (f) => f.invoiceId)}/${action}`,
      query: { billing_entity_name: 'Grove Health, Inc.' },
      body: action === 'refund' ? { amount_cents: 1, reason: 'Matrix' } : undefined,
    }),
  })),
  onAccount(
    'POST /api/v2/billing/account/:id/subscription/cancel/request',
    'user',
    'members',
    STATE,
    {
      reason: 'other',
      comment: 'Matrix',
    },
    { expect: STAFF_NO_SUBSCRIPTION },
  ),
  onAccount('POST /api/v2/billing/account/:id/subscription/cancel/undo', 'user', 'members', STATE, undefined, {
    expect: STAFF_NO_SUBSCRIPTION,
  }),
  onAccount('POST /api/v2/billing/account/:id/subscription/cancel/confirm', 'staff', 'members', STATE, undefined, {
    expect: STAFF_NO_SUBSCRIPTION,
  }),
  onAccount(
    'POST /api/v2/billing/account/:id/subscription/pause',
    'user',
    'members',
    STATE,
    { months: 1 },
    { expect: STAFF_NO_SUBSCRIPTION },
  ),
  onAccount('POST /api/v2/billing/account/:id/subscription/resume', 'user', 'members', STATE, undefined, {
    expect: STAFF_NO_SUBSCRIPTION,
  }),
  onAccount('POST /api/v2/billing/accounts/:id/return/request', 'user', 'members', STATE, undefined, {
    expect: STAFF_NO_SUBSCRIPTION,
  }),
  onAccount('POST /api/v2/billing/accounts/:id/return/confirm', 'staff', 'members', STATE, undefined, {
    expect: STAFF_NO_SUBSCRIPTION,
  }),
  onAccount(
    'POST /api/v2/billing/accounts/:id/return/decline',
    'staff',
    'members',
    STATE,
    { reason: 'Matrix' },
    { expect: STAFF_NO_SUBSCRIPTION },
  ),
  onAccount('POST /api/v2/billing/account/:id/renew/decline', 'user', 'members', STATE, undefined, {
    expect: STAFF_NO_SUBSCRIPTION,
  }),
  onAccount('PUT /api/v2/admin/billing/account/:id/renew', 'staff', 'members', STATE, undefined, {
    expect: STAFF_NO_SUBSCRIPTION,
  }),
  {
    route: 'PUT /api/v2/billing/order/renew',
    policy: 'user',
    access: 'members',
    ok: STATE,
    send: (w, obj) => ({ url: '/api/v2/billing/order/renew', body: { account: account(w, obj) } }),
    expect: STAFF_NO_SUBSCRIPTION,
  },
];
