/**
 * Webinars' queries: the lists (with each webinar's registration count and whether the caller is
 * registered), registrations, the row lock that serialises registrations of one webinar, and the
 * reminder's claim.
 */
import { and, asc, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { countRows } from '../../db/count.ts';
import { accounts, users, webinarRegistrations, webinars } from '../../db/schema/index.ts';

export type WebinarRow = typeof webinars.$inferSelect;
export type WebinarView = WebinarRow & { registrations: number; isRegistered: boolean };

/** `webinars.id`, qualified: inside a subquery a bare "id" would be the subquery's own table's. */
const webinarId = sql`${sql.identifier('webinars')}.${sql.identifier('id')}`;

const endsAt = sql`(${webinars.startsAt} + ${webinars.durationMinutes} * interval '1 minute')`;

const registrationCount = sql<number>`(select count(*) from ${webinarRegistrations} where ${webinarRegistrations.webinarId} = ${webinarId})`;

function registeredBy(userId: number) {
  return sql<boolean>`exists (select 1 from ${webinarRegistrations} where ${webinarRegistrations.webinarId} = ${webinarId} and ${webinarRegistrations.userId} = ${userId})`;
}

function viewColumns(userId: number) {
  return {
    webinar: webinars,
    registrations: registrationCount.mapWith(Number),
    isRegistered: registeredBy(userId).mapWith(Boolean),
  };
}

const toView = (row: { webinar: WebinarRow; registrations: number; isRegistered: boolean }): WebinarView => ({
  ...row.webinar,
  registrations: row.registrations,
  isRegistered: row.isRegistered,
});

/**
 * Upcoming (not ended) soonest first, or past (ended) newest first. A cancelled webinar is listed
 * only to its registrants (and staff), so they learn of the cancellation.
 */
export async function listWebinars(
  db: Executor,
  args: { when: 'upcoming' | 'past'; now: Date; userId: number; seeCancelled: boolean; offset: number; limit: number },
) {
  const conditions: SQL[] = [
    args.when === 'upcoming'
      ? sql`${endsAt} > ${args.now.toISOString()}::timestamptz`
      : sql`${endsAt} <= ${args.now.toISOString()}::timestamptz`,
  ];
  if (!args.seeCancelled) conditions.push(or(isNull(webinars.cancelledAt), registeredBy(args.userId))!);
  const where = and(...conditions);
  const order =
    args.when === 'upcoming'
      ? [asc(webinars.startsAt), asc(webinars.id)]
      : [desc(webinars.startsAt), desc(webinars.id)];
  const [rows, total] = await Promise.all([
    db
      .select(viewColumns(args.userId))
      .from(webinars)
      .where(where)
      .orderBy(...order)
      .limit(args.limit)
      .offset(args.offset),
    countRows(db, webinars, where),
  ]);
  return { rows: rows.map(toView), count: total };
}

export async function findWebinarView(db: Executor, id: number, userId: number): Promise<WebinarView | null> {
  const [row] = await db.select(viewColumns(userId)).from(webinars).where(eq(webinars.id, id)).limit(1);
  return row ? toView(row) : null;
}

/** Locks the webinar's row for the transaction: registrations of one webinar happen one at a time. */
export async function lockWebinar(tx: Executor, id: number): Promise<WebinarRow | null> {
  const [row] = await tx.select().from(webinars).where(eq(webinars.id, id)).for('update');
  return row ?? null;
}

export async function countRegistrations(tx: Executor, webinarId: number): Promise<number> {
  return countRows(tx, webinarRegistrations, eq(webinarRegistrations.webinarId, webinarId));
}

export async function findRegistration(db: Executor, webinarId: number, userId: number) {
  const [row] = await db
    .select()
    .from(webinarRegistrations)
    .where(and(eq(webinarRegistrations.webinarId, webinarId), eq(webinarRegistrations.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Inserts the registration; null when the person was already registered (the unique index). */
export async function insertRegistration(tx: Executor, webinarId: number, userId: number) {
  const [row] = await tx
    .insert(webinarRegistrations)
    .values({ webinarId, userId })
    .onConflictDoNothing({ target: [webinarRegistrations.webinarId, webinarRegistrations.userId] })
    .returning();
  return row ?? null;
}

export async function deleteRegistration(tx: Executor, webinarId: number, userId: number) {
  const rows = await tx
    .delete(webinarRegistrations)
    .where(and(eq(webinarRegistrations.webinarId, webinarId), eq(webinarRegistrations.userId, userId)))
    .returning({ id: webinarRegistrations.id });
  return rows.length > 0;
}

export async function registrationsOf(db: Executor, userId: number, offset: number, limit: number) {
  const where = eq(webinarRegistrations.userId, userId);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(webinarRegistrations)
      .where(where)
      .orderBy(asc(webinarRegistrations.id))
      .limit(limit)
      .offset(offset),
    countRows(db, webinarRegistrations, where),
  ]);
  return { rows, count: total };
}

export async function insertWebinar(tx: Executor, values: typeof webinars.$inferInsert) {
  const [row] = await tx.insert(webinars).values(values).returning();
  return row!;
}

export async function updateWebinar(tx: Executor, id: number, values: Partial<typeof webinars.$inferInsert>) {
  await tx.update(webinars).set(values).where(eq(webinars.id, id));
}

/** Whom to write to about a registration: the person, in their family's time zone and their language. */
const recipientColumns = {
  registrationId: webinarRegistrations.id,
  userId: users.id,
  email: users.email,
  firstName: users.firstName,
  timeZone: accounts.timeZone,
  language: users.language,
};
export type Registrant = {
  registrationId: number;
  userId: number;
  email: string;
  firstName: string;
  timeZone: string | null;
  /** users.language (null: English). */
  language: string | null;
};

export async function registrantsOf(tx: Executor, webinarId: number): Promise<Registrant[]> {
  return tx
    .select(recipientColumns)
    .from(webinarRegistrations)
    .innerJoin(users, eq(users.id, webinarRegistrations.userId))
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(webinarRegistrations.webinarId, webinarId), eq(users.isActive, true)))
    .orderBy(asc(webinarRegistrations.id));
}

export async function registrantOf(tx: Executor, registrationId: number): Promise<Registrant | null> {
  const [row] = await tx
    .select(recipientColumns)
    .from(webinarRegistrations)
    .innerJoin(users, eq(users.id, webinarRegistrations.userId))
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(webinarRegistrations.id, registrationId), eq(users.isActive, true)))
    .limit(1);
  return row ?? null;
}

/**
 * The registration and its webinar, for the reminder job, the webinar share-locked until the job's
 * transaction ends: a staff edit or an unregistration (which lock the webinar FOR UPDATE first)
 * waits, so a reminder is never written for a start that a concurrent edit has just moved or
 * cancelled. The registration itself is not locked here: duplicate jobs of one registration queue on
 * the claim's UPDATE instead of deadlocking on two share locks.
 */
export async function registrationWithWebinar(tx: Executor, registrationId: number) {
  const [row] = await tx
    .select({ registration: webinarRegistrations, webinar: webinars })
    .from(webinarRegistrations)
    .innerJoin(webinars, eq(webinars.id, webinarRegistrations.webinarId))
    .where(eq(webinarRegistrations.id, registrationId))
    .limit(1)
    .for('share', { of: webinars });
  return row ?? null;
}

/** Claims the reminder of a registration: true for exactly one caller (UPDATE … WHERE reminder_sent_at IS NULL). */
export async function claimReminder(tx: Executor, registrationId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(webinarRegistrations)
    .set({ reminderSentAt: now })
    .where(and(eq(webinarRegistrations.id, registrationId), isNull(webinarRegistrations.reminderSentAt)))
    .returning({ id: webinarRegistrations.id });
  return rows.length > 0;
}

/** A new time: every registration of the webinar gets a reminder again. */
export async function resetReminders(tx: Executor, webinarId: number) {
  await tx
    .update(webinarRegistrations)
    .set({ reminderSentAt: null })
    .where(and(eq(webinarRegistrations.webinarId, webinarId), isNotNull(webinarRegistrations.reminderSentAt)));
}
