/**
 * The retention job (docs/decisions/0040) run at chosen dates. Each test's family ended its
 * subscription years before the previous test's, and runs the job only at dates before that
 * family's reminder, so the tests of this file never act on each other's families.
 */
import { dateTimeParts } from '@grove/domain';
import { billingRecordsCutoff, retentionDates, securityRecordsCutoff } from '@grove/domain/data-rights';
import { RETENTION } from '@grove/domain/privacy';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  deletionRequests,
  emailOutbox,
  invoices,
  knownDevices,
  loginThrottles,
  orders,
  players,
  retentionNotices,
  subscriptions,
} from '../../db/schema/index.ts';
import { outboxEmailSender } from '../../adapters/email/outbox.sender.ts';
import { createParent, createUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import type { ErasureDeps } from './erasure.service.ts';
import { changes, createRichFamily, fingerprints, snapshot, total, type RichFamily } from './erasure.test-support.ts';
import { RETENTION_CRON, RETENTION_JOB, runRetention } from './retention.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const MINUTE = 60_000;
const at = (date: Date, ms: number) => new Date(date.getTime() + ms);

function deps(): ErasureDeps {
  return { db: t.db, email: outboxEmailSender(t.db, t.app.jobs), jobs: t.app.jobs, publicUrl: t.app.publicUrl };
}
const run = (now: Date) => runRetention(deps(), now);

/** A family in every table whose subscription ended at `cancelledAt`, in Los Angeles. */
async function endedFamily(cancelledAt: Date | null, status: 'CANCELLED' | 'RETURNED' = 'CANCELLED') {
  const f = await createRichFamily(t.db);
  await t.db.update(accounts).set({ timeZone: 'America/Los_Angeles' }).where(eq(accounts.id, f.accountId));
  await t.db.update(subscriptions).set({ status, cancelledAt }).where(eq(subscriptions.accountId, f.accountId));
  return f;
}

const reminders = (f: RichFamily) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.template, 'retention_reminder'),
        sql`${emailOutbox.userId} in (${f.parent.user.id}, ${f.caregiver.id}, ${f.worker.id})`,
      ),
    );

const notices = (f: RichFamily) =>
  t.db.select().from(retentionNotices).where(eq(retentionNotices.accountId, f.accountId));

/** The player's play data version moves with its play (migration 0015); the player itself stays. */
const PLAY_VERSION = { players: ['play_version'] };

/** The family's play data as the policy defines it, per table (the rows the removal must take). */
function playData(f: RichFamily): Record<string, string> {
  const A = f.accountId;
  const byPlayers = `player_id in (select id from players where account_id = ${A})`;
  return {
    hr_rises: byPlayers,
    cool_downs: byPlayers,
    cooldown_events: byPlayers,
    play_day_rollups: byPlayers,
    play_week_rollups: byPlayers,
    play_sessions: `account_id = ${A}`,
    player_stat_changes: byPlayers,
    survey_responses: `account_id = ${A}`,
    coach_notes: `account_id = ${A} and ${byPlayers}`,
  };
}

describe('the nightly job', () => {
  it('is scheduled every night and runs with the clock', async () => {
    const { rows } = await t.database.executeSql('select name, cron from pgboss.schedule where name = $1', [
      RETENTION_JOB,
    ]);
    expect(rows).toEqual([{ name: RETENTION_JOB, cron: RETENTION_CRON }]);
    await t.app.jobs.send(RETENTION_JOB, {});
    expect(await t.app.jobs.drain(RETENTION_JOB)).toBe(1);
    const { rows: done } = await t.database.executeSql(
      `select state from pgboss.job where name = $1 order by created_on desc limit 1`,
      [RETENTION_JOB],
    );
    expect(done).toEqual([{ state: 'completed' }]);
  });
});

describe('play data of a cancelled account', () => {
  it('is announced 30 days before it goes, and then only the play data goes; a second run does nothing', async () => {
    const cancelledAt = new Date('2021-01-15T12:00:00Z');
    const { remindAt, removeAt } = retentionDates(cancelledAt);
    const f = await endedFamily(cancelledAt);

    expect(await run(at(remindAt, -MINUTE))).toMatchObject({ reminded: 0, purged: 0 });
    expect(await notices(f)).toHaveLength(1); // the export's family has an older one
    expect(await reminders(f)).toEqual([]);

    expect(await run(remindAt)).toMatchObject({ reminded: 1, purged: 0 });
    const sent = await reminders(f);
    // Every parent, not the staff member who belongs to the account.
    expect(sent.map((mail) => mail.toAddress).sort()).toEqual([f.parent.user.email, f.caregiver.email].sort());
    const removal = dateTimeParts(removeAt, 'America/Los_Angeles').date;
    for (const mail of sent) {
      expect(mail.subject).toBe('Your children’s Grove play data will be deleted soon');
      expect(mail.textBody).toContain(`on ${removal}`);
      expect(mail.textBody).toContain(`${RETENTION.playDataMonthsAfterCancellation} months`);
      expect(mail.textBody).toContain(`${t.app.publicUrl}/dashboard/account?segment=privacy`);
      expect(mail.textBody).toContain(`${t.app.publicUrl}/dashboard/account?segment=billing`);
    }
    const [notice] = (await notices(f)).filter((row) => row.cancelledAt.getTime() === cancelledAt.getTime());
    expect(notice).toMatchObject({ remindedAt: remindAt, purgedAt: null });
    expect(await run(remindAt)).toMatchObject({ reminded: 0 });
    expect(await reminders(f)).toHaveLength(2);

    const before = await snapshot(t.database, PLAY_VERSION);
    expect(await run(at(removeAt, -MINUTE))).toMatchObject({ purged: 0 });
    expect(changes(before, await snapshot(t.database, PLAY_VERSION))).toEqual(new Map());

    const gone = new Map<string, Map<string, number>>();
    for (const [table, where] of Object.entries(playData(f)))
      gone.set(table, await fingerprints(t.database, table, where));
    const summary = await run(removeAt);
    expect(summary).toMatchObject({ reminded: 0, purged: 1 });
    const change = changes(before, await snapshot(t.database, PLAY_VERSION));
    for (const [table, rows] of gone) {
      expect(total(rows), table).toBeGreaterThan(0);
      expect(change.get(table)?.gone, table).toEqual(rows);
      expect(change.get(table)?.added ?? new Map(), table).toEqual(new Map());
    }
    // Only the play data, and the notice that records it: players, people, account, billing stay.
    expect([...change.keys()].sort()).toEqual([...gone.keys(), 'retention_notices'].sort());
    const [purged] = (await notices(f)).filter((row) => row.cancelledAt.getTime() === cancelledAt.getTime());
    expect(purged).toMatchObject({ purgedAt: removeAt });
    expect(purged!.removed).toEqual(Object.fromEntries([...gone].map(([table, rows]) => [table, total(rows)])));
    expect(await t.db.select().from(players).where(eq(players.accountId, f.accountId))).toHaveLength(2);

    const settled = await snapshot(t.database, PLAY_VERSION);
    expect(await run(at(removeAt, DAY))).toMatchObject({ reminded: 0, purged: 0 });
    expect(changes(settled, await snapshot(t.database, PLAY_VERSION))).toEqual(new Map());
  });

  it('is never removed less than 30 days after the reminder: a late reminder pushes the removal back', async () => {
    const cancelledAt = new Date('2018-03-10T09:30:00Z');
    const { removeAt } = retentionDates(cancelledAt);
    const f = await endedFamily(cancelledAt);
    const late = at(removeAt, 10 * DAY);
    expect(await run(late)).toMatchObject({ reminded: 1, purged: 0 });
    const removal = at(late, RETENTION.reminderDaysBeforeRemoval * DAY);
    const [mail] = await reminders(f);
    expect(mail!.textBody).toContain(`on ${dateTimeParts(removal, 'America/Los_Angeles').date}`);
    const sessions = `account_id = ${f.accountId}`;
    const count = async () => total(await fingerprints(t.database, 'play_sessions', sessions));
    const played = await count();
    expect(await run(at(removal, -MINUTE))).toMatchObject({ purged: 0 });
    expect(await count()).toBe(played);
    expect(await run(removal)).toMatchObject({ purged: 1 });
    expect(await count()).toBe(0);
  });

  it('a subscription that ended by a return without a cancellation date counts from its last change', async () => {
    const endedAt = new Date('2016-07-01T00:00:00Z');
    const f = await endedFamily(null, 'RETURNED');
    await t.db.update(subscriptions).set({ updatedAt: endedAt }).where(eq(subscriptions.accountId, f.accountId));
    const { remindAt } = retentionDates(endedAt);
    expect(await run(at(remindAt, -MINUTE))).toMatchObject({ reminded: 0 });
    expect(await run(remindAt)).toMatchObject({ reminded: 1 });
    expect(await reminders(f)).toHaveLength(2);
  });
});

describe('accounts the policy leaves alone', () => {
  it('renewed, running and active accounts keep everything, even when a reminder was sent before the renewal', async () => {
    const cancelledAt = new Date('2014-05-01T00:00:00Z');
    const { remindAt, removeAt } = retentionDates(cancelledAt);
    // Reminded, then renewed before the removal.
    const renewedLate = await endedFamily(cancelledAt);
    expect(await run(remindAt)).toMatchObject({ reminded: 1 });
    await t.db
      .update(subscriptions)
      .set({ status: 'ACTIVE', cancelledAt: null })
      .where(eq(subscriptions.accountId, renewedLate.accountId));
    // Renewed long ago.
    const renewed = await endedFamily(null);
    await t.db.update(subscriptions).set({ status: 'ACTIVE' }).where(eq(subscriptions.accountId, renewed.accountId));
    // An old subscription ended and a new one runs.
    const again = await endedFamily(cancelledAt);
    const [old] = await t.db.select().from(subscriptions).where(eq(subscriptions.accountId, again.accountId));
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = old!;
    await t.db.insert(subscriptions).values({ ...copy, status: 'ACTIVE', cancelledAt: null });
    // Never cancelled.
    const active = await endedFamily(null);
    await t.db.update(subscriptions).set({ status: 'PAUSED' }).where(eq(subscriptions.accountId, active.accountId));

    const before = await snapshot(t.database, PLAY_VERSION);
    expect(await run(at(removeAt, 40 * DAY))).toMatchObject({ reminded: 0, purged: 0 });
    expect(changes(before, await snapshot(t.database, PLAY_VERSION))).toEqual(new Map());
    expect(await reminders(renewed)).toEqual([]);
    expect(await reminders(again)).toEqual([]);
  });

  it('a closed account is not reminded: its people are gone', async () => {
    const cancelledAt = new Date('2013-02-01T00:00:00Z');
    const f = await endedFamily(cancelledAt);
    await t.db.update(accounts).set({ accountStatus: 'CLOSED' }).where(eq(accounts.id, f.accountId));
    expect(await run(retentionDates(cancelledAt).removeAt)).toMatchObject({ reminded: 0, purged: 0 });
    expect(await reminders(f)).toEqual([]);
  });
});

describe('sign-in security records and lost deletion jobs', () => {
  it('removes attempt counters and known browsers older than the policy allows, and keeps the recent ones', async () => {
    const now = new Date('2011-06-01T03:00:00Z');
    const cutoff = securityRecordsCutoff(now);
    const parent = await createParent(t.db);
    const other = await createUser(t.db);
    const key = (name: string) => `email:${name}-${parent.user.id}@example.test`;
    await t.db.insert(loginThrottles).values([
      { key: key('old'), failures: 3, windowStartedAt: at(cutoff, -DAY) },
      { key: key('recent'), failures: 3, windowStartedAt: at(cutoff, DAY) },
      { key: key('blocked'), failures: 9, windowStartedAt: at(cutoff, -DAY), blockedUntil: at(cutoff, DAY) },
    ]);
    await t.db.insert(knownDevices).values([
      {
        tokenHash: `old-${parent.user.id}`,
        userId: parent.user.id,
        createdAt: at(cutoff, -9 * DAY),
        lastUsedAt: at(cutoff, -DAY),
      },
      {
        tokenHash: `recent-${parent.user.id}`,
        userId: other.id,
        createdAt: at(cutoff, -9 * DAY),
        lastUsedAt: at(cutoff, DAY),
      },
    ]);
    expect(await run(now)).toMatchObject({ throttles: 1, knownDevices: 1 });
    const keys = (await t.db.select({ key: loginThrottles.key }).from(loginThrottles)).map((row) => row.key);
    expect(keys).not.toContain(key('old'));
    expect(keys).toEqual(expect.arrayContaining([key('recent'), key('blocked')]));
    const devices = (await t.db.select({ tokenHash: knownDevices.tokenHash }).from(knownDevices)).map(
      (row) => row.tokenHash,
    );
    expect(devices).not.toContain(`old-${parent.user.id}`);
    expect(devices).toContain(`recent-${parent.user.id}`);
    expect(await run(now)).toMatchObject({ throttles: 0, knownDevices: 0 });
  });

  it('carries out a pending deletion whose job was lost, once its date has come', async () => {
    const parent = await createParent(t.db, { players: ['Juno'] });
    const [request] = await t.db
      .insert(deletionRequests)
      .values({
        accountId: parent.account.id,
        playerId: parent.players[0]!.id,
        scope: 'player',
        playerName: 'Juno',
        requestedBy: parent.user.id,
        requestedAt: new Date('2010-11-20T00:00:00Z'),
        dueAt: new Date('2010-11-27T00:00:00Z'),
        notifyEmail: parent.user.email,
      })
      .returning({ id: deletionRequests.id });
    expect(await run(new Date('2010-11-26T00:00:00Z'))).toMatchObject({ deletions: 0 });
    expect(await run(new Date('2010-11-28T03:00:00Z'))).toMatchObject({ deletions: 1, failedDeletions: [] });
    const [row] = await t.db.select().from(deletionRequests).where(eq(deletionRequests.id, request!.id));
    expect(row).toMatchObject({ status: 'completed', removed: { players: 1 } });
    expect(await t.db.select().from(players).where(eq(players.accountId, parent.account.id))).toEqual([]);
    expect(await run(new Date('2010-11-28T03:00:00Z'))).toMatchObject({ deletions: 0 });
  });
});

describe('a closed account’s billing records', () => {
  it('go with the account once the last of them is older than the policy’s 7 years, and not before', async () => {
    const now = new Date();
    const cutoff = billingRecordsCutoff(now);
    const longAgo = at(cutoff, -30 * DAY);
    const expired = await endedFamily(longAgo);
    const recent = await endedFamily(longAgo);
    for (const f of [expired, recent]) {
      await t.db
        .update(accounts)
        .set({ accountStatus: 'CLOSED', updatedAt: longAgo })
        .where(eq(accounts.id, f.accountId));
      await t.db.update(orders).set({ createdAt: longAgo }).where(eq(orders.accountId, f.accountId));
      await t.db.update(invoices).set({ createdAt: longAgo }).where(eq(invoices.accountId, f.accountId));
    }
    // One invoice of the second family is only 6 years old: its records stay, and so does the account.
    const [kept] = await t.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.accountId, recent.accountId));
    expect(kept).toBeDefined();
    await t.db
      .update(invoices)
      .set({ createdAt: at(cutoff, 365 * DAY) })
      .where(eq(invoices.id, kept!.id));
    const ordersOf = (f: RichFamily) => t.db.select().from(orders).where(eq(orders.accountId, f.accountId));
    expect((await ordersOf(expired)).length).toBeGreaterThan(0);

    expect((await run(now)).closedAccounts).toBe(1);
    expect(await t.db.select().from(accounts).where(eq(accounts.id, expired.accountId))).toEqual([]);
    expect(await t.db.select().from(invoices).where(eq(invoices.accountId, expired.accountId))).toEqual([]);
    expect(await ordersOf(expired)).toEqual([]);
    expect(await t.db.select().from(accounts).where(eq(accounts.id, recent.accountId))).toHaveLength(1);
    expect((await ordersOf(recent)).length).toBeGreaterThan(0);
    expect((await run(now)).closedAccounts).toBe(0);
  });
});
