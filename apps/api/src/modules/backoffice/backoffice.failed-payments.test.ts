/**
 * A failed payment on Outstanding Billing Requests (issue 26): the row carries the family's latest
 * FAILED invoice (read with the list), staff remove it (VOID) and the row no longer offers it; the
 * CSV carries its number and amount. Renewals fail with the sandbox card that pays at checkout and
 * declines every renewal, on a fixed clock (as billing.dunning.test.ts).
 */
import { SANDBOX_CARDS } from '@grove/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../../../test/factories.ts';
import { billingDepsAfter, buyMonthlyPlan, DAY, subscriptionOf } from '../../../test/billing.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { invoices, subscriptions, users } from '../../db/schema/index.ts';
import { runDueBilling } from '../billing/billing.scheduler.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await createTestContext();
  staff = await createStaff(t.db);
});
afterAll(async () => t?.close());

const afterEnd = (end: Date, days: number) => billingDepsAfter(t, end, days);

let n = 0;
/** A family that bought the monthly plan with the card whose renewals are declined. */
async function renewalFailingFamily(firstName: string, lastName: string) {
  const email = `failed-payments${Date.now()}${n++}@example.com`;
  const { accountId } = await buyMonthlyPlan(t, { email, cardNumber: SANDBOX_CARDS.renewalFails, firstName, lastName });
  return { accountId, end: (await subscriptionOf(t, accountId)).currentPeriodEnd };
}

const failedInvoicesOf = (accountId: number) =>
  t.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), eq(invoices.status, 'FAILED')))
    .orderBy(invoices.id);

type Row = { account_id: number; kind: string; status: string; failed_invoice: Record<string, unknown> | null };
async function requestOf(accountId: number): Promise<Row | undefined> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v2/admin/billing_requests/?kind=failed_payment&page_size=200',
    headers: staff.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().results as Row[]).find((row) => row.account_id === accountId);
}

const remove = (invoice: { id: number; billingEntityName: string }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/billing/invoices/${invoice.id}/remove/?billing_entity_name=${encodeURIComponent(invoice.billingEntityName)}`,
    headers: staff.headers,
  });

describe('a failed payment’s invoice on Outstanding Billing Requests', () => {
  it('shows the family’s latest FAILED invoice, and none once staff removed (voided) it', async () => {
    const wendy = await renewalFailingFamily('Wendy', 'Wait');
    const other = await renewalFailingFamily('Otto', 'Other');
    // The sweeps renew every family due: the renewal and its first retry fail, two FAILED invoices each.
    await runDueBilling(afterEnd(wendy.end, 0.1));
    await runDueBilling(afterEnd(wendy.end, 1.1));
    const [older, latest] = await failedInvoicesOf(wendy.accountId);
    expect(older && latest).toBeTruthy();

    const row = await requestOf(wendy.accountId);
    expect(row).toMatchObject({ kind: 'failed_payment', status: 'PAST_DUE' });
    expect(row!.failed_invoice).toEqual({
      id: latest!.id,
      number: latest!.number,
      billing_entity_name: latest!.billingEntityName,
      amount_cents: 3900,
      currency: 'usd',
      created_at: latest!.createdAt.toISOString(),
      description: expect.stringContaining('payment failed: Your card was declined.'),
    });
    expect(row!.failed_invoice!.number).toMatch(/^GRV-\d{4}-\d{6}$/);
    // Each family's row carries its own invoice.
    const otherInvoice = (await failedInvoicesOf(other.accountId)).at(-1);
    expect(otherInvoice).toBeDefined();
    expect((await requestOf(other.accountId))!.failed_invoice).toMatchObject({ id: otherInvoice!.id });

    // The CSV carries the invoice's number and amount.
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/v2/admin/billing_requests/export.csv?kind=failed_payment',
      headers: staff.headers,
    });
    expect(csv.statusCode).toBe(200);
    const [header, ...lines] = csv.body.trim().split('\n');
    expect(header).toBe(
      'kind,account_id,holder,email,plan,status,since,due,reason,failed_invoice,failed_invoice_amount,failed_invoice_currency',
    );
    const wendyLine = lines.find((line) => line.startsWith(`failed_payment,${wendy.accountId},`));
    expect(wendyLine).toMatch(new RegExp(`,${latest!.number},39\\.00,usd$`));

    // Removing the latest leaves the older one to act on; removing that leaves none.
    const removed = await remove(latest!);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().status).toBe('VOID');
    const [stored] = await t.db.select().from(invoices).where(eq(invoices.id, latest!.id));
    expect(stored!.status).toBe('VOID');
    expect((await requestOf(wendy.accountId))!.failed_invoice).toMatchObject({ id: older!.id });

    expect((await remove(older!)).statusCode).toBe(200);
    const after = await requestOf(wendy.accountId);
    expect(after).toMatchObject({ status: 'PAST_DUE', failed_invoice: null });
    expect(await failedInvoicesOf(wendy.accountId)).toEqual([]);
    // The other family's invoice is untouched.
    expect((await requestOf(other.accountId))!.failed_invoice).toMatchObject({ id: otherInvoice!.id });
    const csvAfter = await t.app.inject({
      method: 'GET',
      url: '/api/v2/admin/billing_requests/export.csv?kind=failed_payment',
      headers: staff.headers,
    });
    expect(csvAfter.body).toMatch(new RegExp(`\\nfailed_payment,${wendy.accountId},[^\\n]*,,,\\n?`));
  });

  it('other kinds of request carry no invoice, even when the family has a FAILED one', async () => {
    const family = await renewalFailingFamily('Pat', 'Pending');
    await runDueBilling(afterEnd(family.end, 0.1));
    await t.db
      .update(subscriptions)
      .set({ status: 'PENDING_CANCELLATION', cancelAt: new Date(Date.now() + 20 * DAY) })
      .where(eq(subscriptions.accountId, family.accountId));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/admin/billing_requests/?kind=cancellation&page_size=200',
      headers: staff.headers,
    });
    const row = (res.json().results as Row[]).find((item) => item.account_id === family.accountId);
    expect(row).toMatchObject({ kind: 'cancellation', failed_invoice: null });
    const [holder] = await t.db.select().from(users).where(eq(users.accountId, family.accountId));
    expect(holder!.firstName).toBe('Pat');
  });
});
