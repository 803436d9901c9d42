/**
 * The data of the retention job (issue 17 item 4; docs/decisions/0040): the accounts whose
 * subscriptions have all ended, their `retention_notices`, the play data the policy removes, and
 * the old sign-in security records.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/raw.ts';
import { accounts, knownDevices, loginThrottles, retentionNotices, users } from '../../db/schema/index.ts';
import { accountPlayers } from './erasure.repository.ts';

const texts = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;

/** When a subscription ended: its cancellation, else (older rows) its last change. */
const endedAt = sql`coalesce(s.cancelled_at, s.updated_at)`;

export interface EndedAccount {
  accountId: number;
  /** The latest end of the account's subscriptions. */
  cancelledAt: Date;
}

/**
 * Accounts whose subscriptions have all ended (every one in `endedStatuses`) no later than
 * `endedBefore`, that are not closed, and whose latest end has not been purged yet.
 */
export async function endedAccounts(
  db: Executor,
  endedStatuses: readonly string[],
  endedBefore: Date,
  closedStatus: string,
): Promise<EndedAccount[]> {
  const result = await db.execute(sql`
    select e.account_id, e.cancelled_at from (
      select s.account_id, max(${endedAt}) as cancelled_at
      from subscriptions s
      group by s.account_id
      having bool_and(s.status = any(${texts(endedStatuses)}))
    ) e
    join accounts a on a.id = e.account_id and a.account_status <> ${closedStatus}
    where e.cancelled_at <= ${endedBefore.toISOString()}::timestamptz
      and not exists (
        select 1 from retention_notices n
        where n.account_id = e.account_id and n.cancelled_at = e.cancelled_at and n.purged_at is not null)
    order by e.account_id`);
  return rowsOf<{ account_id: number; cancelled_at: Date | string }>(result).map((row) => ({
    accountId: Number(row.account_id),
    cancelledAt: new Date(row.cancelled_at),
  }));
}

/**
 * The account's state inside the retention transaction (its row locked): the time zone, whether a
 * subscription runs, and the latest end of its subscriptions.
 */
export async function lockEndedAccount(tx: Executor, accountId: number, endedStatuses: readonly string[]) {
  const [account] = await tx
    .select({ id: accounts.id, timeZone: accounts.timeZone, accountStatus: accounts.accountStatus })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('update');
  if (!account) return null;
  const result = await tx.execute(sql`
    select bool_and(s.status = any(${texts(endedStatuses)})) as ended, max(${endedAt}) as cancelled_at
    from subscriptions s where s.account_id = ${accountId}`);
  const [row] = rowsOf<{ ended: boolean | null; cancelled_at: Date | string | null }>(result);
  return {
    ...account,
    ended: row?.ended === true,
    cancelledAt: row?.cancelled_at ? new Date(row.cancelled_at) : null,
  };
}

/** The notice of one cancellation, created when missing and locked. */
export async function lockNotice(tx: Executor, accountId: number, cancelledAt: Date) {
  await tx.insert(retentionNotices).values({ accountId, cancelledAt }).onConflictDoNothing();
  const [row] = await tx
    .select({
      id: retentionNotices.id,
      remindedAt: retentionNotices.remindedAt,
      purgedAt: retentionNotices.purgedAt,
    })
    .from(retentionNotices)
    .where(and(eq(retentionNotices.accountId, accountId), eq(retentionNotices.cancelledAt, cancelledAt)))
    .for('update');
  return row!;
}

export async function markReminded(tx: Executor, noticeId: number, now: Date) {
  await tx.update(retentionNotices).set({ remindedAt: now }).where(eq(retentionNotices.id, noticeId));
}

export async function markPurged(tx: Executor, noticeId: number, now: Date, removed: Record<string, number>) {
  await tx.update(retentionNotices).set({ purgedAt: now, removed }).where(eq(retentionNotices.id, noticeId));
}

/** The parents of an account (its people who are neither staff nor coaches). */
export async function parentsOf(tx: Executor, accountId: number) {
  return tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.isStaff, false), eq(users.isCoach, false)))
    .orderBy(asc(users.id));
}

/**
 * Play data as the retention policy defines it (docs/privacy.md), in the order it is removed: the
 * players, the people, the account and the billing records stay.
 */
export const PURGED_PLAY_DATA: readonly { name: string; where: (accountId: number) => SQL }[] = [
  { name: 'hr_rises', where: (a) => sql`player_id in ${accountPlayers(a)}` },
  { name: 'cool_downs', where: (a) => sql`player_id in ${accountPlayers(a)}` },
  { name: 'cooldown_events', where: (a) => sql`player_id in ${accountPlayers(a)}` },
  { name: 'play_day_rollups', where: (a) => sql`player_id in ${accountPlayers(a)}` },
  { name: 'play_week_rollups', where: (a) => sql`player_id in ${accountPlayers(a)}` },
  { name: 'play_sessions', where: (a) => sql`account_id = ${a} or player_id in ${accountPlayers(a)}` },
  { name: 'player_stat_changes', where: (a) => sql`player_id in ${accountPlayers(a)}` },
  { name: 'survey_responses', where: (a) => sql`account_id = ${a}` },
  { name: 'coach_notes', where: (a) => sql`account_id = ${a} and player_id in ${accountPlayers(a)}` },
];

/** Sign-in attempt counters whose window started, and whose block ended, before `cutoff`. */
export async function removeOldThrottles(db: Executor, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(loginThrottles)
    .where(
      and(
        sql`${loginThrottles.windowStartedAt} < ${cutoff.toISOString()}::timestamptz`,
        sql`coalesce(${loginThrottles.blockedUntil}, ${loginThrottles.windowStartedAt}) < ${cutoff.toISOString()}::timestamptz`,
      ),
    )
    .returning({ key: loginThrottles.key });
  return rows.length;
}

/** Known browsers last used before `cutoff`. */
export async function removeOldKnownDevices(db: Executor, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(knownDevices)
    .where(sql`${knownDevices.lastUsedAt} < ${cutoff.toISOString()}::timestamptz`)
    .returning({ userId: knownDevices.userId });
  return rows.length;
}

/**
 * Closed accounts whose billing records have been kept as long as tax law asks (RETENTION
 * .billingRecordYears): closed, and no order or invoice, nor the closure itself, since `cutoff`.
 * Their orders go, then the account row, which takes its invoices, refunds, subscriptions,
 * shipments and deletion requests along (ON DELETE CASCADE). Answers how many accounts went.
 */
export async function removeExpiredClosedAccounts(db: Db, cutoff: Date, closedStatus: string): Promise<number> {
  const before = sql`${cutoff.toISOString()}::timestamptz`;
  return db.transaction(async (tx) => {
    const expired = sql`
      select a.id from accounts a
      where a.account_status = ${closedStatus} and a.updated_at < ${before}
        and not exists (select 1 from orders o where o.account_id = a.id and o.created_at >= ${before})
        and not exists (select 1 from invoices i where i.account_id = a.id and i.created_at >= ${before})`;
    await tx.execute(sql`delete from orders where account_id in (${expired})`);
    const result = await tx.execute(sql`delete from accounts where id in (${expired}) returning id`);
    return rowsOf<unknown>(result).length;
  });
}
