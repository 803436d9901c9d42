/**
 * The scheduled billing work (grace-period ends, pause ends, renewals and their retries) at chosen
 * moments, through the service the job queue runs. Each step acts once, even when two workers run
 * the same sweep at the same time.
 */
import { SANDBOX_CARDS } from '@grove/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, issueAccessToken } from '../../../test/factories.ts';
import {
  actionsOf,
  billingDepsAfter,
  billingDepsAt,
  buyMonthlyPlan,
  DAY,
  sandboxCard,
  subscriptionOf,
} from '../../../test/billing.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { emailOutbox, invoices, sandboxOperations } from '../../db/schema/index.ts';
import { startJobQueue } from '../../jobs/queue.ts';
import { BILLING_SWEEP, registerBillingJobs } from './billing.jobs.ts';
import { runDueBilling } from './billing.scheduler.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

/** `days` from now. */
const at = (days: number) => billingDepsAt(t, new Date(Date.now() + days * DAY));
/** `days` after the end of the period the subscription was in when it was read. */
const afterEnd = (end: Date, days: number) => billingDepsAfter(t, end, days);

let n = 0;
async function family(cardNumber: string = SANDBOX_CARDS.succeeds) {
  const email = `sched${Date.now()}${n++}@example.com`;
  const { accountId, userId } = await buyMonthlyPlan(t, { email, cardNumber: SANDBOX_CARDS.succeeds });
  const headers = authHeaders(await issueAccessToken(t.db, userId));
  if (cardNumber !== SANDBOX_CARDS.succeeds) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/billing/payment/',
      headers,
      payload: { account: accountId, payment_method: sandboxCard(cardNumber) },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { accountId, headers, email };
}

describe('scheduled billing work', () => {
  it('ends a cancellation when its 30 days are over, not before, and once', async () => {
    const { accountId, headers } = await family();
    await t.app.inject({
      method: 'POST',
      url: `/api/v2/billing/account/${accountId}/subscription/cancel/request/`,
      headers,
      payload: { reason: 'other' },
    });
    await runDueBilling(at(29));
    expect((await subscriptionOf(t, accountId)).status).toBe('PENDING_CANCELLATION');
    await runDueBilling(at(30.1));
    expect((await subscriptionOf(t, accountId)).status).toBe('CANCELLED');
    await runDueBilling(at(31));
    expect((await actionsOf(t, accountId)).filter((a) => a === 'cancel_confirm')).toHaveLength(1);
  });

  it('ends a pause when it is over', async () => {
    const { accountId, headers } = await family();
    await t.app.inject({
      method: 'POST',
      url: `/api/v2/billing/account/${accountId}/subscription/pause/`,
      headers,
      payload: { months: 1 },
    });
    await runDueBilling(at(20));
    expect((await subscriptionOf(t, accountId)).status).toBe('PAUSED');
    await runDueBilling(at(32));
    expect((await subscriptionOf(t, accountId)).status).toBe('ACTIVE');
  });

  it('renews a period that is over: one charge, one invoice, a receipt e-mail, the next period', async () => {
    const { accountId, email } = await family();
    const before = await subscriptionOf(t, accountId);
    await runDueBilling(at(32));
    const after = await subscriptionOf(t, accountId);
    expect(after.status).toBe('ACTIVE');
    expect(after.currentPeriodStart.getTime()).toBe(before.currentPeriodEnd.getTime());
    expect(await t.db.select().from(invoices).where(eq(invoices.accountId, accountId))).toHaveLength(2);
    const mail = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.subject, 'Your Grove receipt')));
    expect(mail).toHaveLength(1);
    await runDueBilling(at(33));
    expect(await t.db.select().from(invoices).where(eq(invoices.accountId, accountId))).toHaveLength(2);
  });

  it('retries a failed renewal on days 1, 3 and 7, e-mails each time, then lapses', async () => {
    const { accountId, email } = await family(SANDBOX_CARDS.declined);
    const end = (await subscriptionOf(t, accountId)).currentPeriodEnd;
    await runDueBilling(afterEnd(end, 0.1));
    expect(await subscriptionOf(t, accountId)).toMatchObject({ status: 'PAST_DUE', renewalAttempts: 1 });
    await runDueBilling(afterEnd(end, 0.9));
    expect((await subscriptionOf(t, accountId)).renewalAttempts).toBe(1);
    await runDueBilling(afterEnd(end, 1.1));
    await runDueBilling(afterEnd(end, 3.1));
    await runDueBilling(afterEnd(end, 7.1));
    expect(await subscriptionOf(t, accountId)).toMatchObject({ status: 'PAST_DUE', renewalAttempts: 4 });
    await runDueBilling(afterEnd(end, 7.2));
    expect((await subscriptionOf(t, accountId)).status).toBe('CANCELLED');
    expect(await actionsOf(t, accountId)).toEqual([
      'order_confirmed',
      'renewal_failed',
      'renewal_failed',
      'renewal_failed',
      'renewal_failed',
      'lapse',
    ]);
    const failures = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.subject, 'We could not charge your card')));
    expect(failures).toHaveLength(4);
    expect(failures[0]!.textBody).toMatch(/We will try again on \d\d-\d\d-\d{4}/);
    expect(failures[3]!.textBody).toMatch(/This was the last try/);
  });

  it('acts once when two workers run the same sweep at the same time', async () => {
    const families = await Promise.all([family(), family(), family()]);
    const results = await Promise.all([runDueBilling(at(32)), runDueBilling(at(32))]);
    expect(results[0]!.renewed + results[1]!.renewed).toBeGreaterThanOrEqual(3);
    for (const { accountId } of families) {
      expect(await t.db.select().from(invoices).where(eq(invoices.accountId, accountId))).toHaveLength(2);
      expect((await actionsOf(t, accountId)).filter((a) => a === 'renewal_charged')).toHaveLength(1);
    }
    const charges = await t.db.select().from(sandboxOperations).where(eq(sandboxOperations.kind, 'charge'));
    const renewals = charges.filter((c) => String(c.detail.description).endsWith('renewal'));
    expect(new Set(renewals.map((c) => c.idempotencyKey)).size).toBe(renewals.length);
  });

  it('runs as a job of the queue: two workers, four sweeps, each renewal once', async () => {
    const families = await Promise.all([family(), family()]);
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const queues = [
      await startJobQueue(t.database, { pollingIntervalSeconds: 0.5, log: quiet }),
      await startJobQueue(t.database, { pollingIntervalSeconds: 0.5, log: quiet }),
    ];
    try {
      for (const queue of queues) await registerBillingJobs(queue, at(32), quiet);
      for (let i = 0; i < 4; i++) await queues[i % 2]!.send(BILLING_SWEEP, {});
      const renewed = async () => {
        for (const { accountId } of families) {
          if ((await t.db.select().from(invoices).where(eq(invoices.accountId, accountId))).length < 2) return false;
        }
        return true;
      };
      const deadline = Date.now() + 15_000;
      while (!(await renewed()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      for (const { accountId } of families) {
        expect(await t.db.select().from(invoices).where(eq(invoices.accountId, accountId))).toHaveLength(2);
        expect((await actionsOf(t, accountId)).filter((a) => a === 'renewal_charged')).toHaveLength(1);
      }
    } finally {
      for (const queue of queues) await queue.stop();
    }
  });
});
