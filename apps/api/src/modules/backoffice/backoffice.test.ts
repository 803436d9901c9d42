import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, shipments, subscriptions } from '../../db/schema/index.ts';
import { createCoach, createParent, createStaff } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await createTestContext();
  staff = await createStaff(t.db);
});
afterAll(() => t.close());

const get = (url: string, headers = staff.headers) => t.app.inject({ method: 'GET', url, headers });
const pathOf = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};
const ADDRESS = { address_1: '1 Main St', address_2: '', city: 'Austin', state: 'TX', zipcode: '78701', country: 'US' };

async function addShipments(accountId: number, n: number, status = 'DELIVERED', kind = 'kit') {
  for (let i = 0; i < n; i++) {
    await t.db.insert(shipments).values({
      accountId,
      kind,
      carrier: 'UPS',
      service: 'UPS Ground',
      trackingNumber: `1Z${accountId}X${i}`,
      status,
      items: ['Heart-rate strap', 'Tablet stand'],
      shipping: ADDRESS,
    });
  }
}

async function addOrder(values: Partial<typeof orders.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(orders)
    .values({
      planTag: 'default',
      currency: 'usd',
      subtotalCents: 1000,
      totalCents: 1000,
      email: 'buyer@example.test',
      firstName: 'Buyer',
      lastName: 'One',
      phonenumber: '',
      country: 'US',
      shipping: ADDRESS,
      status: 'CONFIRMED',
      ...values,
    })
    .returning();
  return row!;
}

describe('an account’s shipments', () => {
  it('pages from 1 and following next reaches every shipment once', async () => {
    const family = await createParent(t.db);
    await addShipments(family.account.id, 23);
    const seen: number[] = [];
    let link: string | null = `/api/v2/admin/billing/account/${family.account.id}/shipments/?page=1&page_size=10`;
    let pages = 0;
    while (link) {
      const res = await get(link);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.count).toBe(23);
      seen.push(...body.results.map((row: { id: number }) => row.id));
      link = body.next ? pathOf(body.next) : null;
      if (link) expect(new URL(body.next).searchParams.get('page')).toBe(String(pages + 2));
      pages++;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(23);
    const first = (await get(`/api/v2/admin/billing/account/${family.account.id}/shipments?page=1`)).json().results[0];
    expect(first).toMatchObject({
      carrier: 'UPS',
      tracking_url: expect.stringContaining('ups.com'),
      items: ['Heart-rate strap', 'Tablet stand'],
    });
  });

  it('answers 404 for an account without shipments or no account, 400 for page 0', async () => {
    const family = await createParent(t.db);
    expect((await get(`/api/v2/admin/billing/account/${family.account.id}/shipments?page=1`)).statusCode).toBe(404);
    expect((await get('/api/v2/admin/billing/account/2147483647/shipments')).statusCode).toBe(404);
    const zero = await get(`/api/v2/admin/billing/account/${family.account.id}/shipments?page=0`);
    expect(zero.statusCode).toBe(400);
    expect(zero.json().page).toBeDefined();
  });
});

describe('back-office lists', () => {
  it('lists orders newest first by status and day, pages to the end, and exports the same rows as CSV', async () => {
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await addOrder({ email: `orders-${i}@example.test` }));
    await addOrder({ status: 'PAYMENT_FAILED', email: 'failed@example.test' });
    await addOrder({ status: 'CONFIRMED', email: '=cmd|calc@example.test', firstName: 'Comma, "Quoted"' });
    const ids: number[] = [];
    let link: string | null = '/api/v2/admin/orders?status=CONFIRMED&page_size=3';
    while (link) {
      const body: { count: number; next: string | null; results: { id: number }[] } = (await get(link)).json();
      expect(body.count).toBe(8);
      ids.push(...body.results.map((row: { id: number }) => row.id));
      link = body.next ? pathOf(body.next) : null;
    }
    expect(ids).toHaveLength(8);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const failed = (await get('/api/v2/admin/orders?status=PAYMENT_FAILED')).json();
    expect(failed.results.map((row: { email: string }) => row.email)).toEqual(['failed@example.test']);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    expect((await get(`/api/v2/admin/orders?from=${today}&to=${today}`)).json().count).toBe(9);
    expect((await get('/api/v2/admin/orders?to=2020-01-01')).json().count).toBe(0);
    expect((await get('/api/v2/admin/orders?search=orders-3')).json().count).toBe(1);

    const csv = await get('/api/v2/admin/orders/export.csv?status=CONFIRMED');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(
      'order_id,created_at,confirmed_at,status,plan,total,currency,email,first_name,last_name,account_id',
    );
    expect(lines).toHaveLength(9);
    expect(csv.body).toContain(`'=cmd|calc@example.test`);
    expect(csv.body).toContain('"Comma, ""Quoted"""');
    expect(made).toHaveLength(7);
  });

  it('lists outstanding billing requests oldest first with what is asked', async () => {
    const waiting = await createParent(t.db, { user: { firstName: 'Wendy', lastName: 'Wait' } });
    const returning = await createParent(t.db);
    const base = {
      planTag: 'default',
      priceCents: 1000,
      currency: 'usd',
      currentPeriodStart: new Date(),
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
      returnDeadline: new Date(Date.now() + 10 * 86_400_000),
    };
    await t.db.insert(subscriptions).values({
      ...base,
      accountId: waiting.account.id,
      status: 'PENDING_CANCELLATION',
      cancelAt: new Date(Date.now() + 20 * 86_400_000),
      cancelReason: 'too_expensive',
      updatedAt: new Date(Date.now() - 5 * 86_400_000),
    });
    await t.db.insert(subscriptions).values({ ...base, accountId: returning.account.id, status: 'RETURN_REQUESTED' });
    const all = (await get('/api/v2/admin/billing_requests')).json();
    expect(all.results.map((row: { kind: string }) => row.kind)).toEqual(['cancellation', 'return']);
    expect(all.results[0]).toMatchObject({
      account_id: waiting.account.id,
      holder: { name: 'Wendy Wait' },
      reason: 'too_expensive',
      due: expect.any(String),
    });
    const returns = (await get('/api/v2/admin/billing_requests?kind=return')).json();
    expect(returns.results).toHaveLength(1);
    const csv = await get('/api/v2/admin/billing_requests/export.csv?kind=cancellation');
    expect(csv.body.trim().split('\n')).toHaveLength(2);
    await t.db
      .update(subscriptions)
      .set({ status: 'CANCELLED' })
      .where(eq(subscriptions.accountId, waiting.account.id));
    expect((await get('/api/v2/admin/billing_requests?kind=cancellation')).json().count).toBe(0);
  });

  it('lists every shipment by status, with a last page', async () => {
    const family = await createParent(t.db);
    await addShipments(family.account.id, 4, 'IN_TRANSIT');
    await addShipments(family.account.id, 2, 'RETURNED', 'return');
    const moving = (await get('/api/v2/admin/shipments?status=IN_TRANSIT&page_size=3')).json();
    expect(moving.count).toBe(4);
    const last = (await get(pathOf(moving.last))).json();
    expect(last.results).toHaveLength(3);
    expect(last.next).toBeNull();
    expect((await get('/api/v2/admin/shipments?kind=return')).json().count).toBe(2);
    const csv = await get('/api/v2/admin/shipments/export.csv?kind=return');
    expect(csv.body.trim().split('\n')).toHaveLength(3);
    expect(csv.body).toContain('Heart-rate strap; Tablet stand');
  });

  it('refuses bad filters with field messages', async () => {
    for (const [url, field] of [
      ['/api/v2/admin/orders?status=NOPE', 'status'],
      ['/api/v2/admin/orders?from=2026-13-45', 'from'],
      ['/api/v2/admin/orders?to=yesterday', 'to'],
      ['/api/v2/admin/orders?search=%00', 'search'],
      ['/api/v2/admin/orders?cursor=%E2%98%83', 'cursor'],
      ['/api/v2/admin/shipments?status=LOST', 'status'],
      ['/api/v2/admin/billing_requests?kind=refund', 'kind'],
      ['/api/v2/admin/orders/export.csv?from=x', 'from'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()[field], url).toBeDefined();
    }
  });

  it('is for staff only', async () => {
    const family = await createParent(t.db);
    const coach = await createCoach(t.db);
    for (const headers of [family.headers, coach.headers]) {
      for (const url of [
        '/api/v2/admin/orders',
        '/api/v2/admin/orders/export.csv',
        '/api/v2/admin/shipments',
        '/api/v2/admin/billing_requests',
        `/api/v2/admin/billing/account/${family.account.id}/shipments`,
      ]) {
        expect((await get(url, headers)).statusCode, url).toBe(403);
      }
    }
  });
});
