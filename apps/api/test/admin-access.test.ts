/**
 * Issue 14, cross-cutting: every admin route and every staff route answers 403 (or 404) to parents
 * and coaches and changes nothing; every staff write that succeeds adds exactly one audit row. The
 * list of routes is the one buildApp really registers, so a new staff route without a sample here
 * fails the test.
 */
import { eq, sql } from 'drizzle-orm';
import type * as FastifyModule from 'fastify';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountNotes, accounts, accountTags, auditLog, devices, invoices, users } from '../src/db/schema/index.ts';
import { route } from '../src/lib/contract.ts';
import { authHeaders, createCoach, createParent, createStaff, issueAccessToken } from './factories.ts';
import { createTestContext, requester, type Method, type TestContext } from './helpers.ts';

const { routes } = vi.hoisted(() => ({ routes: [] as RouteOptions[] }));
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof FastifyModule>();
  const withRouteLog = ((options?: Parameters<typeof original.default>[0]) => {
    const instance = original.default(options);
    instance.addHook('onRoute', (registered) => {
      routes.push(registered);
    });
    return instance;
  }) as typeof original.default;
  return { ...original, default: withRouteLog, fastify: withRouteLog };
});

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const methodOf = (registered: RouteOptions) => String(registered.method);
const isStaffOrAdmin = (registered: RouteOptions) =>
  registered.url.startsWith('/api') &&
  (registered.config?.policy === 'staff' || registered.url.includes('/admin/') || registered.url.endsWith('/admin'));
const guarded = () => routes.filter(isStaffOrAdmin).filter((registered) => methodOf(registered) !== 'HEAD');
const concrete = (url: string, id: number) => url.replace(/:\w+/g, String(id));
const auditRows = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;

const call = requester(() => t);

/** A family that checked out through the sandbox provider: subscription, paid invoice, kit shipment. */
async function subscribedFamily() {
  const email = `access-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const order = await call(
    'POST',
    '/api/v2/billing/order/',
    {},
    {
      plan_tag: 'default',
      first_name: 'Dana',
      last_name: 'Audit',
      email,
      phonenumber: '2015550123',
      country: 'US',
      shipping: { address_1: '12 Elm Street', city: 'Springfield', state: 'IL', zipcode: '62701', country: 'US' },
    },
  );
  expect(order.statusCode, order.body).toBe(201);
  const confirmed = await call(
    'POST',
    '/api/v2/billing/order/confirm/',
    {},
    {
      order: order.json().external_id,
      payment_method: { card: { number: '4242424242424242', exp_month: 12, exp_year: 2035, cvc: '123' } },
      consent: true,
    },
  );
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const accountId = confirmed.json().subscription.account_id as number;
  const [parent] = await t.db.select().from(users).where(eq(users.accountId, accountId));
  const headers = authHeaders(await issueAccessToken(t.db, parent!.id));
  const [invoice] = await t.db.select().from(invoices).where(eq(invoices.accountId, accountId));
  return { accountId, headers, invoice: invoice! };
}

describe('admin and staff routes refuse parents and coaches', () => {
  it('answers 403 or 404 to a parent and a coach on every admin and staff route, and writes nothing', async () => {
    const family = await createParent(t.db, { players: ['Quill'], tags: ['vip'] });
    const coach = await createCoach(t.db);
    await t.db.update(accounts).set({ coachUserId: coach.user.id }).where(eq(accounts.id, family.account.id));
    const list = guarded();
    expect(list.length).toBeGreaterThan(30);
    const before = {
      audit: await auditRows(),
      tags: await t.db.select().from(accountTags).where(eq(accountTags.accountId, family.account.id)),
      account: await t.db.select().from(accounts).where(eq(accounts.id, family.account.id)),
    };
    for (const headers of [family.headers, coach.headers]) {
      for (const registered of list) {
        const method = methodOf(registered) as Method;
        const url = concrete(registered.url, family.account.id);
        const res = await call(
          method,
          url,
          headers,
          UNSAFE.has(method) ? { text: 'x', tag: 'x', reason: 'x' } : undefined,
        );
        expect([403, 404], `${method} ${registered.url}`).toContain(res.statusCode);
      }
    }
    expect(await auditRows()).toBe(before.audit);
    expect(await t.db.select().from(accountNotes).where(eq(accountNotes.accountId, family.account.id))).toEqual([]);
    expect(await t.db.select().from(accountTags).where(eq(accountTags.accountId, family.account.id))).toEqual(
      before.tags,
    );
    expect(await t.db.select().from(accounts).where(eq(accounts.id, family.account.id))).toEqual(before.account);
  });

  it('refuses to register a staff write that does not say what it changes', async () => {
    const { endpoint } = await import('@grove/domain/api/common');
    const write = endpoint('POST', '/api/test/unaudited', {
      tags: ['test'],
      summary: 'x',
      response: { 200: {} as never },
    });
    expect(() => route(t.app, write, { policy: 'staff' }, async () => ({}))).toThrow(/audit spec/);
  });
});

describe('every staff write adds exactly one audit row', () => {
  /** A successful request of staff for each unsafe staff route, keyed by 'METHOD /url'. */
  type Sample = () => Promise<{ method: Method; url: string; payload?: unknown }>;
  let samples: Record<string, Sample>;
  let staff: Awaited<ReturnType<typeof createStaff>>;

  beforeAll(async () => {
    staff = await createStaff(t.db);
    const family = await createParent(t.db, { players: ['Rowan'], tags: ['vip'] });
    const player = family.players[0]!;
    const coach = await createCoach(t.db);
    const [device] = await t.db.insert(devices).values({ accountId: family.account.id, name: 'Tablet' }).returning();
    const note = (
      await call('POST', `/api/v2/admin/accounts/${family.account.id}/notes`, staff.headers, { text: 'n' })
    ).json();
    const webinar = (
      await call('POST', '/api/v2/webinars', staff.headers, {
        title: 'Calm breathing',
        starts_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        capacity: 20,
        join_url: 'https://meet.example.com/calm',
      })
    ).json();
    await t.db.update(accounts).set({ gameVersion: 1 }).where(eq(accounts.id, family.account.id));
    const id = family.account.id;
    const subscribed = async (then?: (accountId: number, headers: Record<string, string>) => Promise<void>) => {
      const paying = await subscribedFamily();
      if (then) await then(paying.accountId, paying.headers);
      return paying;
    };
    const cancelRequested = (accountId: number, headers: Record<string, string>) =>
      call('POST', `/api/v2/billing/account/${accountId}/subscription/cancel/request/`, headers, {
        reason: 'too_expensive',
      }).then((res) => expect(res.statusCode, res.body).toBe(200));
    const returnRequested = (accountId: number, headers: Record<string, string>) =>
      call('POST', `/api/v2/billing/accounts/${accountId}/return/request/`, headers).then((res) =>
        expect(res.statusCode, res.body).toBe(200),
      );
    const entity = (invoice: { id: number; billingEntityName: string }) =>
      `billing_entity_name=${encodeURIComponent(invoice.billingEntityName)}`;

    samples = {
      'POST /api/v1/accounts/players/:id/hr_gauge': async () => ({
        method: 'POST',
        url: `/api/v1/accounts/players/${player.id}/hr_gauge`,
        payload: { value: 6, reason: 'review' },
      }),
      'POST /api/v1/accounts/players/:id/chase_speed': async () => ({
        method: 'POST',
        url: `/api/v1/accounts/players/${player.id}/chase_speed`,
        payload: { value: 6, reason: 'review' },
      }),
      'POST /api/v1/accounts/players/:id/acorns': async () => ({
        method: 'POST',
        url: `/api/v1/accounts/players/${player.id}/acorns`,
        payload: { amount: 10, reason: 'goodwill' },
      }),
      'PUT /api/v1/coach_booking/assign_coach/:id': async () => ({
        method: 'PUT',
        url: `/api/v1/coach_booking/assign_coach/${id}`,
        payload: { coach_user: coach.user.id },
      }),
      'PUT /api/v1/accounts/:id/status': async () => ({
        method: 'PUT',
        url: `/api/v1/accounts/${id}/status`,
        payload: { account_status: 'ACTIVE' },
      }),
      'PATCH /api/v2/admin/users/:id': async () => ({
        method: 'PATCH',
        url: `/api/v2/admin/users/${device!.id}`,
        payload: { is_kiosk_mode: true },
      }),
      'PUT /api/v2/admin/accounts/:id': async () => ({
        method: 'PUT',
        url: `/api/v2/admin/accounts/${id}`,
        payload: { account_status: 'ACTIVE', time_zone: 'America/Chicago', experimental_data: {} },
      }),
      'PATCH /api/v2/admin/accounts/:id': async () => ({
        method: 'PATCH',
        url: `/api/v2/admin/accounts/${id}`,
        payload: { time_zone: 'America/Denver' },
      }),
      'POST /api/v2/admin/accounts/:id/tags': async () => ({
        method: 'POST',
        url: `/api/v2/admin/accounts/${id}/tags`,
        payload: { tag: 'pilot' },
      }),
      'DELETE /api/v2/admin/accounts/:id/tags/:tag': async () => ({
        method: 'DELETE',
        url: `/api/v2/admin/accounts/${id}/tags/vip`,
      }),
      'PUT /api/v2/admin/migrate_account/:id': async () => ({
        method: 'PUT',
        url: `/api/v2/admin/migrate_account/${id}`,
        payload: {},
      }),
      'POST /api/v2/admin/accounts/:id/notes': async () => ({
        method: 'POST',
        url: `/api/v2/admin/accounts/${id}/notes`,
        payload: { text: 'Called the family.' },
      }),
      'PATCH /api/v2/admin/accounts/:id/notes/:noteId': async () => ({
        method: 'PATCH',
        url: `/api/v2/admin/accounts/${id}/notes/${note.id}`,
        payload: { text: 'Called the family twice.' },
      }),
      'DELETE /api/v2/admin/accounts/:id/notes/:noteId': async () => ({
        method: 'DELETE',
        url: `/api/v2/admin/accounts/${id}/notes/${note.id}`,
      }),
      'PATCH /api/v2/admin/:id/shipping': async () => ({
        method: 'PATCH',
        url: `/api/v2/admin/${family.user.id}/shipping`,
        payload: { city: 'Austin', state: 'TX', zipcode: '78701', address_1: '1 Congress Ave' },
      }),
      'POST /api/v2/admin/shipping': async () => ({
        method: 'POST',
        url: '/api/v2/admin/shipping',
        payload: { user: family.user.id, city: 'Boston', state: 'MA', zipcode: '02108', address_1: '1 Main St' },
      }),
      'POST /api/v2/webinars': async () => ({
        method: 'POST',
        url: '/api/v2/webinars',
        payload: {
          title: 'Cooldowns',
          starts_at: new Date(Date.now() + 9 * 86_400_000).toISOString(),
          capacity: 10,
          join_url: 'https://meet.example.com/cool',
        },
      }),
      'PATCH /api/v2/webinars/:id': async () => ({
        method: 'PATCH',
        url: `/api/v2/webinars/${webinar.id}`,
        payload: { capacity: 25 },
      }),
      'POST /api/v2/billing/invoices/:id/refund': async () => {
        const paying = await subscribed();
        return {
          method: 'POST',
          url: `/api/v2/billing/invoices/${paying.invoice.id}/refund?${entity(paying.invoice)}`,
          payload: { amount_cents: 100, reason: 'goodwill' },
        };
      },
      'POST /api/v2/billing/invoices/:id/remove': async () => {
        const paying = await subscribed();
        await t.db.update(invoices).set({ status: 'FAILED' }).where(eq(invoices.id, paying.invoice.id));
        return {
          method: 'POST',
          url: `/api/v2/billing/invoices/${paying.invoice.id}/remove?${entity(paying.invoice)}`,
        };
      },
      'POST /api/v2/billing/account/:id/subscription/cancel/confirm': async () => {
        const paying = await subscribed(cancelRequested);
        return { method: 'POST', url: `/api/v2/billing/account/${paying.accountId}/subscription/cancel/confirm` };
      },
      'POST /api/v2/billing/accounts/:id/return/confirm': async () => {
        const paying = await subscribed(returnRequested);
        return { method: 'POST', url: `/api/v2/billing/accounts/${paying.accountId}/return/confirm` };
      },
      'POST /api/v2/billing/accounts/:id/return/decline': async () => {
        const paying = await subscribed(returnRequested);
        return {
          method: 'POST',
          url: `/api/v2/billing/accounts/${paying.accountId}/return/decline`,
          payload: { reason: 'Used past the window' },
        };
      },
      'PUT /api/v2/admin/billing/account/:id/renew': async () => {
        const paying = await subscribed(cancelRequested);
        return { method: 'PUT', url: `/api/v2/admin/billing/account/${paying.accountId}/renew` };
      },
    };
  });

  const key = (registered: RouteOptions) => `${methodOf(registered)} ${registered.url.replace(/\/$/, '')}`;

  it('has a sample for every unsafe staff route', () => {
    const staffWrites = new Set(
      routes.filter((registered) => registered.config?.policy === 'staff' && UNSAFE.has(methodOf(registered))).map(key),
    );
    expect([...staffWrites].sort()).toEqual(Object.keys(samples).sort());
  });

  it('adds one row per successful staff write, naming the staff member and the route', async () => {
    for (const [route_, sample] of Object.entries(samples)) {
      const request = await sample();
      const before = await auditRows();
      const res = await call(request.method, request.url, staff.headers, request.payload);
      expect(res.statusCode, `${route_}: ${res.body}`).toBeLessThan(300);
      expect(await auditRows(), route_).toBe(before + 1);
      const [row] = await t.db
        .select()
        .from(auditLog)
        .orderBy(sql`${auditLog.id} desc`)
        .limit(1);
      expect(row, route_).toMatchObject({
        actorUserId: staff.user.id,
        method: request.method,
        route: route_.split(' ')[1],
      });
      // The same request again with an Idempotency-Key replays without a second row where the route keeps keys.
    }
  });

  it('adds nothing when an Idempotency-Key replays the first answer', async () => {
    const paying = await subscribedFamily();
    const url = `/api/v2/billing/invoices/${paying.invoice.id}/refund?billing_entity_name=${encodeURIComponent(paying.invoice.billingEntityName)}`;
    const headers = { ...staff.headers, 'idempotency-key': 'refund-once-1' };
    const first = await call('POST', url, headers, { amount_cents: 100, reason: 'goodwill' });
    expect(first.statusCode, first.body).toBe(200);
    const after = await auditRows();
    const again = await call('POST', url, headers, { amount_cents: 100, reason: 'goodwill' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await auditRows()).toBe(after);
  });
});
