/**
 * The audit log's queries: the row a staff write appends, and the one indexed read of the changed
 * thing that each audit spec (audit.specs.ts) takes before and after the write.
 */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, auditLog, devices, invoices, players, subscriptions, webinars } from '../../db/schema/index.ts';

export async function insertAuditEntry(db: Db, entry: typeof auditLog.$inferInsert) {
  await db.insert(auditLog).values(entry);
}

export async function accountColumns(db: Db, accountId: number) {
  const [row] = await db
    .select({
      account_status: accounts.accountStatus,
      coach_user_id: accounts.coachUserId,
      game_version: accounts.gameVersion,
      time_zone: accounts.timeZone,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row ?? null;
}

export async function playerAccountId(db: Db, playerId: number): Promise<number | null> {
  const [row] = await db.select({ accountId: players.accountId }).from(players).where(eq(players.id, playerId));
  return row?.accountId ?? null;
}

export async function playerGameSettings(db: Db, playerId: number) {
  const [row] = await db
    .select({ hr_gauge: players.hrGauge, chase_speed: players.chaseSpeed, acorns: players.acorns })
    .from(players)
    .where(eq(players.id, playerId));
  return row ?? null;
}

export async function playerRecord(db: Db, playerId: number) {
  const [row] = await db
    .select({
      name: players.name,
      role: players.role,
      in_program: players.inProgram,
      hr_gauge: players.hrGauge,
      chase_speed: players.chaseSpeed,
      acorns: players.acorns,
    })
    .from(players)
    .where(eq(players.id, playerId));
  return row ?? null;
}

export async function invoiceAccountId(db: Db, invoiceId: number): Promise<number | null> {
  const [row] = await db.select({ accountId: invoices.accountId }).from(invoices).where(eq(invoices.id, invoiceId));
  return row?.accountId ?? null;
}

export async function invoiceState(db: Db, invoiceId: number) {
  const [row] = await db
    .select({ number: invoices.number, status: invoices.status, refunded_cents: invoices.refundedCents })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  return row ?? null;
}

/** The account's newest subscription. */
export async function latestSubscriptionState(db: Db, accountId: number) {
  const [row] = await db
    .select({
      id: subscriptions.id,
      status: subscriptions.status,
      cancel_at: subscriptions.cancelAt,
      current_period_end: subscriptions.currentPeriodEnd,
    })
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId))
    .orderBy(desc(subscriptions.id))
    .limit(1);
  return row ?? null;
}

export async function deviceAccountId(db: Db, deviceId: number): Promise<number | null> {
  const [row] = await db.select({ accountId: devices.accountId }).from(devices).where(eq(devices.id, deviceId));
  return row?.accountId ?? null;
}

export async function deviceState(db: Db, deviceId: number) {
  const [row] = await db
    .select({ name: devices.name, is_kiosk_mode: devices.isKioskMode })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return row ?? null;
}

export async function webinarState(db: Db, webinarId: number) {
  const [row] = await db
    .select({
      title: webinars.title,
      starts_at: webinars.startsAt,
      duration_minutes: webinars.durationMinutes,
      capacity: webinars.capacity,
      join_url: webinars.joinUrl,
      cancelled_at: webinars.cancelledAt,
    })
    .from(webinars)
    .where(eq(webinars.id, webinarId));
  return row ?? null;
}
