import { and, asc, eq, gt, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CommunicationType, WeekPlayed } from '@grove/domain';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/raw.ts';
import {
  accounts,
  appMeta,
  digestSends,
  players,
  playSessions,
  playWeekRollups,
  users,
} from '../../db/schema/index.ts';

/** A person messages are written to: who they are, where they belong, their phone, their language. */
export async function findPerson(db: Executor, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      accountId: users.accountId,
      phonenumber: users.phonenumber,
      country: users.country,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export interface CommunicationRow {
  type: CommunicationType;
  id: number;
  to: string;
  subject: string | null;
  body: string;
  template: string;
  status: string;
  provider: string;
  attempts: number;
  createdAt: Date;
  sentAt: Date | null;
}

const toDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/**
 * The e-mails and texts written to a person, newest first: e-mails by user_id, and older e-mails
 * (written before rows named their person) by address, in any case; texts by user_id.
 */
export async function pageCommunications(
  db: Executor,
  person: { id: number; email: string },
  type: CommunicationType | undefined,
  limit: number,
  offset: number,
) {
  const email = person.email.toLowerCase();
  const emailWhere = sql`(user_id = ${person.id} or (user_id is null and lower(to_address) = ${email}))`;
  const smsWhere = sql`user_id = ${person.id}`;
  const emails = sql`select 'email' as type, id, to_address as "to", subject, text_body as body, template, status,
      provider, attempts, created_at, sent_at from email_outbox where ${emailWhere}`;
  const texts = sql`select 'sms' as type, id, to_number as "to", null as subject, body, template, status,
      provider, attempts, created_at, sent_at from sms_outbox where ${smsWhere}`;
  const union = type === 'email' ? emails : type === 'sms' ? texts : sql`${emails} union all ${texts}`;

  const emailCount = sql`(select count(*) from email_outbox where ${emailWhere})`;
  const smsCount = sql`(select count(*) from sms_outbox where ${smsWhere})`;
  const countExpression = type === 'email' ? emailCount : type === 'sms' ? smsCount : sql`${emailCount} + ${smsCount}`;
  const counted = rowsOf<Record<string, unknown>>(await db.execute(sql`select (${countExpression})::int as value`));
  const result = rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`select * from (${union}) as messages order by created_at desc, type, id desc limit ${limit} offset ${offset}`,
    ),
  );
  const rows: CommunicationRow[] = result.map((row) => ({
    type: row.type as CommunicationType,
    id: Number(row.id),
    to: String(row.to),
    subject: row.subject === null ? null : String(row.subject),
    body: String(row.body),
    template: String(row.template),
    status: String(row.status),
    provider: String(row.provider),
    attempts: Number(row.attempts),
    createdAt: toDate(row.created_at),
    sentAt: row.sent_at === null ? null : toDate(row.sent_at),
  }));
  return { count: Number(counted[0]?.value ?? 0), rows };
}

export async function findWeeklyDigest(db: Executor, userId: number): Promise<boolean | null> {
  const [row] = await db.select({ weeklyDigest: users.weeklyDigest }).from(users).where(eq(users.id, userId)).limit(1);
  return row ? row.weeklyDigest : null;
}

/** Answers false when there is no such user. */
export async function setWeeklyDigest(db: Executor, userId: number, weeklyDigest: boolean): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ weeklyDigest, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** A value of app_meta, written once by whichever instance asks first (the unique key decides). */
export async function findOrCreateMeta<T>(db: Executor, key: string, create: () => T): Promise<T> {
  await db.insert(appMeta).values({ key, value: create() }).onConflictDoNothing({ target: appMeta.key });
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key)).limit(1);
  return row!.value as T;
}

// The weekly digest.

/** The time zones families live in (a few hundred at most, whatever the number of families). */
export async function listAccountTimeZones(db: Executor): Promise<string[]> {
  const rows = await db.selectDistinct({ timeZone: accounts.timeZone }).from(accounts);
  return rows.map((row) => row.timeZone);
}

export interface DigestRecipient {
  id: number;
  email: string;
  firstName: string;
  accountId: number;
  /** users.language: the digest's language (null: English). */
  language: string | null;
}

/**
 * Parents due a digest for the week of `weekStart` in accounts of `timeZone`, by id after `afterId`:
 * opted in, active, with a password (they can sign in), neither staff nor coach, in an account with
 * a player in the program, and without a digest for that week yet.
 */
export async function findDigestRecipients(
  db: Executor,
  timeZone: string,
  weekStart: string,
  afterId: number,
  limit: number,
): Promise<DigestRecipient[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      accountId: users.accountId,
      language: users.language,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(
      and(
        eq(accounts.timeZone, timeZone),
        gt(users.id, afterId),
        eq(users.weeklyDigest, true),
        eq(users.isActive, true),
        isNotNull(users.passwordHash),
        eq(users.isStaff, false),
        eq(users.isCoach, false),
        sql`exists (select 1 from ${players} where ${players.accountId} = ${accounts.id} and ${players.inProgram})`,
        sql`not exists (select 1 from ${digestSends} where ${digestSends.userId} = ${users.id} and ${digestSends.weekStart} = ${weekStart})`,
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, accountId: row.accountId! }));
}

export interface PlayerWeekRow {
  accountId: number;
  playerId: number;
  name: string;
  seconds: number;
  hrRises: number;
  coolDowns: number;
  previousSeconds: number;
  previousHrRises: number;
  previousCoolDowns: number;
  /** The weeks the player played up to the reported one, with their seconds: the streak's. */
  weeksPlayed: WeekPlayed[];
}

/**
 * Each program player of the accounts, with the sums of two weeks of sessions ([from, to) each),
 * and the weeks played up to the reported week (Monday `weekStart`) from the week rollups.
 */
export async function findPlayerWeeks(
  db: Executor,
  accountIds: number[],
  week: { from: Date; to: Date },
  previous: { from: Date; to: Date },
  weekStart: string,
): Promise<PlayerWeekRow[]> {
  if (accountIds.length === 0) return [];
  const inWeek = sql`${playSessions.periodDatetime} >= ${week.from} and ${playSessions.periodDatetime} < ${week.to}`;
  const inPrevious = sql`${playSessions.periodDatetime} >= ${previous.from} and ${playSessions.periodDatetime} < ${previous.to}`;
  const sum = (column: AnyPgColumn, when: SQL) => sql<number>`coalesce(sum(${column}) filter (where ${when}), 0)::int`;
  return db
    .select({
      accountId: players.accountId,
      playerId: players.id,
      name: players.name,
      seconds: sum(playSessions.secondsPlayed, inWeek),
      hrRises: sum(playSessions.hrRiseCount, inWeek),
      coolDowns: sum(playSessions.coolDownCount, inWeek),
      previousSeconds: sum(playSessions.secondsPlayed, inPrevious),
      previousHrRises: sum(playSessions.hrRiseCount, inPrevious),
      previousCoolDowns: sum(playSessions.coolDownCount, inPrevious),
      weeksPlayed: sql<WeekPlayed[]>`(select coalesce(json_agg(json_build_object(
          'week', w.week::text, 'secondsPlayed', w.seconds_played) order by w.week), '[]'::json)
        from ${playWeekRollups} w where w.player_id = ${players.id} and w.week <= ${weekStart}::date)`,
    })
    .from(players)
    .leftJoin(
      playSessions,
      and(
        eq(playSessions.playerId, players.id),
        sql`${playSessions.periodDatetime} >= ${previous.from} and ${playSessions.periodDatetime} < ${week.to}`,
      ),
    )
    .where(and(inArray(players.accountId, accountIds), eq(players.inProgram, true)))
    .groupBy(players.accountId, players.id, players.name)
    .orderBy(asc(players.accountId), asc(players.id));
}

/** Claims the digest of (user, week): false when it was already sent (the primary key decides). */
export async function claimDigestSend(db: Executor, userId: number, weekStart: string): Promise<boolean> {
  const rows = await db
    .insert(digestSends)
    .values({ userId, weekStart })
    .onConflictDoNothing()
    .returning({ userId: digestSends.userId });
  return rows.length > 0;
}

export async function setDigestEmail(db: Executor, userId: number, weekStart: string, emailOutboxId: number) {
  await db
    .update(digestSends)
    .set({ emailOutboxId })
    .where(and(eq(digestSends.userId, userId), eq(digestSends.weekStart, weekStart)));
}
