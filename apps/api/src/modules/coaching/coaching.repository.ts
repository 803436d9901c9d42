/**
 * Coaching's queries: coach profiles and calendars, coaching calls, coach notes, the coach's families
 * and brief. The partial unique index coaching_calls_coach_slot_uq (one scheduled call per coach and
 * start) is what refuses a double booking; `isSlotTaken` recognises its refusal.
 */
import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { countRows } from '../../db/count.ts';
import { uniqueViolation } from '../../db/errors.ts';
import {
  accounts,
  coachingCalls,
  coachNotes,
  coachProfiles,
  coachTimeOff,
  coachWorkingHours,
  players,
  playerStatChanges,
  playSessions,
  surveyResponses,
  surveys,
  users,
} from '../../db/schema/index.ts';
import { playerSettingsColumns } from '../players/players.repository.ts';

export const SLOT_INDEX = 'coaching_calls_coach_slot_uq';

/** The slot index refused the write (SQLSTATE 23505 on coaching_calls_coach_slot_uq), whichever driver raised it. */
export function isSlotTaken(error: unknown): boolean {
  const violation = uniqueViolation(error);
  return violation !== null && (violation.constraint === undefined || violation.constraint === SLOT_INDEX);
}

/**
 * The outer row's account id, table-qualified: Drizzle writes a lone table's columns unqualified,
 * and inside a subquery an unqualified "id" would name the subquery's own column.
 */
const ACCOUNT_ID = sql`"accounts"."id"`;
const CALL_ACCOUNT_ID = sql`"coaching_calls"."account_id"`;

/** The account holder's full name: its billing user, else its first user. */
const holderName = (accountId: SQL) =>
  sql<string>`coalesce((select h.first_name || ' ' || h.last_name from users h where h.account_id = ${accountId} order by h.is_billing_user desc, h.id limit 1), '')`;
const holderEmail = (accountId: SQL) =>
  sql<string>`coalesce((select h.email from users h where h.account_id = ${accountId} order by h.is_billing_user desc, h.id limit 1), '')`;

// Coaches.

export interface CoachRow {
  userId: number;
  firstName: string;
  lastName: string;
  title: string;
  bio: string;
  timeZone: string;
  widgetId: string;
  acceptsBookings: boolean;
}

const coachColumns = {
  userId: coachProfiles.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  title: coachProfiles.title,
  bio: coachProfiles.bio,
  timeZone: coachProfiles.timeZone,
  widgetId: coachProfiles.widgetId,
  acceptsBookings: coachProfiles.acceptsBookings,
};
const activeCoach = and(eq(users.isCoach, true), eq(users.isActive, true));

/** A coach's profile (only for an active coach). */
export async function findCoach(db: Executor, userId: number): Promise<CoachRow | null> {
  const [row] = await db
    .select(coachColumns)
    .from(coachProfiles)
    .innerJoin(users, eq(users.id, coachProfiles.userId))
    .where(and(eq(coachProfiles.userId, userId), activeCoach));
  return row ?? null;
}

export async function findCoachByWidget(db: Executor, widgetId: string): Promise<CoachRow | null> {
  const [row] = await db
    .select(coachColumns)
    .from(coachProfiles)
    .innerJoin(users, eq(users.id, coachProfiles.userId))
    .where(and(eq(coachProfiles.widgetId, widgetId), activeCoach));
  return row ?? null;
}

/** Coaches taking bookings, and `alsoId` (the family's own coach) whether or not it does. */
export async function listCoaches(db: Executor, alsoId: number | null): Promise<CoachRow[]> {
  return db
    .select(coachColumns)
    .from(coachProfiles)
    .innerJoin(users, eq(users.id, coachProfiles.userId))
    .where(
      and(
        activeCoach,
        alsoId === null
          ? eq(coachProfiles.acceptsBookings, true)
          : or(eq(coachProfiles.acceptsBookings, true), eq(coachProfiles.userId, alsoId)),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

/** An active coach's user row (assigning a coach needs no profile). */
export async function findCoachUser(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.id, userId), activeCoach));
  return row ?? null;
}

export async function workingHoursOf(db: Executor, coachUserId: number) {
  return db
    .select({
      weekday: coachWorkingHours.weekday,
      startMinute: coachWorkingHours.startMinute,
      endMinute: coachWorkingHours.endMinute,
    })
    .from(coachWorkingHours)
    .where(eq(coachWorkingHours.coachUserId, coachUserId))
    .orderBy(asc(coachWorkingHours.weekday), asc(coachWorkingHours.startMinute));
}

/** Replaces a coach's working hours and time zone; creates the profile (with `widgetId`) when there is none. */
export async function replaceWorkingHours(
  tx: Executor,
  coachUserId: number,
  timeZone: string,
  hours: { weekday: number; startMinute: number; endMinute: number }[],
  widgetId: string,
  now: Date,
) {
  await tx
    .insert(coachProfiles)
    .values({ userId: coachUserId, timeZone, widgetId })
    .onConflictDoUpdate({ target: coachProfiles.userId, set: { timeZone, updatedAt: now } });
  await tx.delete(coachWorkingHours).where(eq(coachWorkingHours.coachUserId, coachUserId));
  if (hours.length > 0) await tx.insert(coachWorkingHours).values(hours.map((h) => ({ coachUserId, ...h })));
}

export async function profileTimeZone(db: Executor, coachUserId: number): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: coachProfiles.timeZone })
    .from(coachProfiles)
    .where(eq(coachProfiles.userId, coachUserId));
  return row?.timeZone ?? null;
}

/** Time off of a coach overlapping [from, to). */
export async function timeOffBetween(db: Executor, coachUserId: number, from: Date, to: Date) {
  return db
    .select({ startsAt: coachTimeOff.startsAt, endsAt: coachTimeOff.endsAt })
    .from(coachTimeOff)
    .where(
      and(eq(coachTimeOff.coachUserId, coachUserId), lt(coachTimeOff.startsAt, to), gt(coachTimeOff.endsAt, from)),
    );
}

/** A coach's time off that has not ended at `now`, soonest first. */
export async function timeOffToCome(db: Executor, coachUserId: number, now: Date) {
  return db
    .select()
    .from(coachTimeOff)
    .where(and(eq(coachTimeOff.coachUserId, coachUserId), gt(coachTimeOff.endsAt, now)))
    .orderBy(asc(coachTimeOff.startsAt), asc(coachTimeOff.id));
}

export async function insertTimeOff(db: Executor, values: typeof coachTimeOff.$inferInsert) {
  const [row] = await db.insert(coachTimeOff).values(values).returning();
  return row!;
}

export async function deleteTimeOff(db: Executor, coachUserId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(coachTimeOff)
    .where(and(eq(coachTimeOff.id, id), eq(coachTimeOff.coachUserId, coachUserId)))
    .returning({ id: coachTimeOff.id });
  return rows.length === 1;
}

/** A coach's scheduled calls overlapping [from, to), but `exceptCallId` (the call being moved). */
export async function scheduledCallsBetween(
  db: Executor,
  coachUserId: number,
  from: Date,
  to: Date,
  exceptCallId?: number,
) {
  return db
    .select({ startsAt: coachingCalls.startsAt, endsAt: coachingCalls.endsAt })
    .from(coachingCalls)
    .where(
      and(
        eq(coachingCalls.coachUserId, coachUserId),
        eq(coachingCalls.status, 'scheduled'),
        lt(coachingCalls.startsAt, to),
        gt(coachingCalls.endsAt, from),
        exceptCallId === undefined ? undefined : ne(coachingCalls.id, exceptCallId),
      ),
    );
}

// Accounts and people.

/** The account, locked for the rest of the transaction (one booking of a family at a time). */
export async function lockAccount(tx: Executor, accountId: number) {
  const [row] = await tx
    .select({ id: accounts.id, coachUserId: accounts.coachUserId, timeZone: accounts.timeZone })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('update');
  return row ?? null;
}

export async function findAccount(db: Executor, accountId: number) {
  const [row] = await db
    .select({
      id: accounts.id,
      coachUserId: accounts.coachUserId,
      timeZone: accounts.timeZone,
      customNote: accounts.customNote,
      familyName: holderName(ACCOUNT_ID),
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row ?? null;
}

export async function setAccountCoach(db: Executor, accountId: number, coachUserId: number, now: Date) {
  const rows = await db
    .update(accounts)
    .set({ coachUserId, updatedAt: now })
    .where(eq(accounts.id, accountId))
    .returning({ id: accounts.id });
  return rows.length === 1;
}

/** The account a user belongs to, or null (no such user, or no account). */
export async function accountOfUser(db: Executor, userId: number): Promise<number | null> {
  const [row] = await db.select({ accountId: users.accountId }).from(users).where(eq(users.id, userId));
  return row?.accountId ?? null;
}

export async function billingStatusOf(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db.select({ status: users.billingStatus }).from(users).where(eq(users.id, userId));
  return row?.status ?? null;
}

export interface Recipient {
  userId: number;
  email: string;
  firstName: string;
  phonenumber: string;
  country: string;
  timeZone: string;
  /** users.language: their e-mails' and texts' language (null: English). */
  language: string | null;
}

/** Who hears about a call: the parent who booked it (while still in the family), else the account holder. */
export async function recipientOf(db: Executor, call: { accountId: number; bookedByUserId: number | null }) {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      phonenumber: users.phonenumber,
      country: users.country,
      timeZone: accounts.timeZone,
      language: users.language,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(users.accountId, call.accountId), eq(users.isActive, true)))
    .orderBy(sql`${users.id} = ${call.bookedByUserId ?? 0} desc`, desc(users.isBillingUser), asc(users.id))
    .limit(1);
  return (row as Recipient | undefined) ?? null;
}

// Calls.

const callCoach = alias(users, 'call_coach');

const callColumns = {
  id: coachingCalls.id,
  accountId: coachingCalls.accountId,
  coachUserId: coachingCalls.coachUserId,
  bookedByUserId: coachingCalls.bookedByUserId,
  startsAt: coachingCalls.startsAt,
  endsAt: coachingCalls.endsAt,
  status: coachingCalls.status,
  summary: coachingCalls.summary,
  ref: coachingCalls.ref,
  rescheduleCount: coachingCalls.rescheduleCount,
  reminderSentAt: coachingCalls.reminderSentAt,
  createdAt: coachingCalls.createdAt,
  coachFirstName: callCoach.firstName,
  coachLastName: callCoach.lastName,
  accountCoachUserId: accounts.coachUserId,
  familyName: holderName(CALL_ACCOUNT_ID),
};

export type CallRow = {
  id: number;
  accountId: number;
  coachUserId: number;
  bookedByUserId: number | null;
  startsAt: Date;
  endsAt: Date;
  status: string;
  summary: string;
  ref: string | null;
  rescheduleCount: number;
  reminderSentAt: Date | null;
  createdAt: Date;
  coachFirstName: string;
  coachLastName: string;
  accountCoachUserId: number | null;
  familyName: string;
};

function selectCalls(db: Executor) {
  return db
    .select(callColumns)
    .from(coachingCalls)
    .innerJoin(callCoach, eq(callCoach.id, coachingCalls.coachUserId))
    .innerJoin(accounts, eq(accounts.id, coachingCalls.accountId));
}

export async function findCall(db: Executor, id: number): Promise<CallRow | null> {
  const [row] = await selectCalls(db).where(eq(coachingCalls.id, id));
  return row ?? null;
}

export async function findCallsByIds(db: Executor, ids: number[]): Promise<CallRow[]> {
  if (ids.length === 0) return [];
  return selectCalls(db).where(inArray(coachingCalls.id, ids));
}

/** Locks a call's row for the rest of the transaction. */
export async function lockCall(tx: Executor, id: number) {
  const [row] = await tx.select().from(coachingCalls).where(eq(coachingCalls.id, id)).for('update');
  return row ?? null;
}

export async function insertCall(tx: Executor, values: typeof coachingCalls.$inferInsert) {
  const [row] = await tx.insert(coachingCalls).values(values).returning({ id: coachingCalls.id });
  return row!.id;
}

export async function updateCall(tx: Executor, id: number, set: Partial<typeof coachingCalls.$inferInsert>) {
  await tx.update(coachingCalls).set(set).where(eq(coachingCalls.id, id));
}

/** A family's scheduled calls that have not ended at `now`. */
export async function countUpcoming(db: Executor, accountId: number, now: Date): Promise<number> {
  return countRows(
    db,
    coachingCalls,
    and(eq(coachingCalls.accountId, accountId), eq(coachingCalls.status, 'scheduled'), gt(coachingCalls.endsAt, now)),
  );
}

/** Whose calls a list holds: one family's, a coach's (their own calls and their families'), or all. */
export type CallScope =
  | { kind: 'account'; accountId: number }
  | { kind: 'coach'; coachUserId: number; accountId?: number }
  | { kind: 'all'; accountId?: number };

export async function listCalls(
  db: Executor,
  scope: CallScope,
  when: 'upcoming' | 'past',
  now: Date,
  limit: number,
  offset: number,
): Promise<{ count: number; rows: CallRow[] }> {
  const upcoming = and(eq(coachingCalls.status, 'scheduled'), gt(coachingCalls.endsAt, now));
  const past = or(ne(coachingCalls.status, 'scheduled'), lte(coachingCalls.endsAt, now));
  const whose =
    scope.kind === 'account'
      ? eq(coachingCalls.accountId, scope.accountId)
      : and(
          scope.kind === 'coach'
            ? or(eq(coachingCalls.coachUserId, scope.coachUserId), eq(accounts.coachUserId, scope.coachUserId))
            : undefined,
          scope.accountId === undefined ? undefined : eq(coachingCalls.accountId, scope.accountId),
        );
  const where = and(whose, when === 'upcoming' ? upcoming : past);
  const [total] = await db
    .select({ n: count() })
    .from(coachingCalls)
    .innerJoin(accounts, eq(accounts.id, coachingCalls.accountId))
    .where(where);
  const order =
    when === 'upcoming'
      ? [asc(coachingCalls.startsAt), asc(coachingCalls.id)]
      : [desc(coachingCalls.startsAt), desc(coachingCalls.id)];
  const rows = await selectCalls(db)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return { count: total?.n ?? 0, rows };
}

/** The next scheduled call of each account (any coach), by account id. */
export async function nextCalls(db: Executor, accountIds: number[], now: Date): Promise<Map<number, CallRow>> {
  if (accountIds.length === 0) return new Map();
  const rows = await selectCalls(db)
    .where(
      and(
        inArray(coachingCalls.accountId, accountIds),
        eq(coachingCalls.status, 'scheduled'),
        gt(coachingCalls.endsAt, now),
      ),
    )
    .orderBy(asc(coachingCalls.startsAt), asc(coachingCalls.id));
  const next = new Map<number, CallRow>();
  for (const row of rows) if (!next.has(row.accountId)) next.set(row.accountId, row);
  return next;
}

// Notes.

const noteCoach = alias(users, 'note_coach');

const noteColumns = {
  id: coachNotes.id,
  accountId: coachNotes.accountId,
  coachUserId: coachNotes.coachUserId,
  coachFirstName: noteCoach.firstName,
  coachLastName: noteCoach.lastName,
  callId: coachNotes.callId,
  playerId: coachNotes.playerId,
  playerName: players.name,
  body: coachNotes.body,
  shared: coachNotes.shared,
  createdAt: coachNotes.createdAt,
  updatedAt: coachNotes.updatedAt,
};

export type NoteRow = {
  id: number;
  accountId: number;
  coachUserId: number | null;
  coachFirstName: string | null;
  coachLastName: string | null;
  callId: number | null;
  playerId: number | null;
  playerName: string | null;
  body: string;
  shared: boolean;
  createdAt: Date;
  updatedAt: Date;
};

function selectNotes(db: Executor) {
  return db
    .select(noteColumns)
    .from(coachNotes)
    .leftJoin(noteCoach, eq(noteCoach.id, coachNotes.coachUserId))
    .leftJoin(players, eq(players.id, coachNotes.playerId));
}

/** A family's notes, newest first; `sharedOnly` for its parents. */
export async function listNotes(
  db: Executor,
  accountId: number,
  sharedOnly: boolean,
  limit: number,
  offset: number,
): Promise<{ count: number; rows: NoteRow[] }> {
  const where = and(eq(coachNotes.accountId, accountId), sharedOnly ? eq(coachNotes.shared, true) : undefined);
  const total = await countRows(db, coachNotes, where);
  const rows = await selectNotes(db)
    .where(where)
    .orderBy(desc(coachNotes.createdAt), desc(coachNotes.id))
    .limit(limit)
    .offset(offset);
  return { count: total, rows };
}

export async function findNote(db: Executor, id: number): Promise<NoteRow | null> {
  const [row] = await selectNotes(db).where(eq(coachNotes.id, id));
  return row ?? null;
}

export async function insertNote(db: Executor, values: typeof coachNotes.$inferInsert): Promise<number> {
  const [row] = await db.insert(coachNotes).values(values).returning({ id: coachNotes.id });
  return row!.id;
}

export async function updateNote(db: Executor, id: number, set: Partial<typeof coachNotes.$inferInsert>) {
  await db.update(coachNotes).set(set).where(eq(coachNotes.id, id));
}

export async function deleteNote(db: Executor, id: number) {
  await db.delete(coachNotes).where(eq(coachNotes.id, id));
}

/** Whether a call, and a player, belong to an account (a note may name them). */
export async function callOfAccount(db: Executor, callId: number, accountId: number) {
  const [row] = await db
    .select({ id: coachingCalls.id })
    .from(coachingCalls)
    .where(and(eq(coachingCalls.id, callId), eq(coachingCalls.accountId, accountId)));
  return Boolean(row);
}

export async function playerOfAccount(db: Executor, playerId: number, accountId: number) {
  const [row] = await db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.id, playerId), eq(players.accountId, accountId)));
  return Boolean(row);
}

// The coach's families and brief.

export async function listFamilies(db: Executor, coachUserId: number, now: Date, limit: number, offset: number) {
  const nextStart = sql`(select min(c.starts_at) from coaching_calls c where c.account_id = ${ACCOUNT_ID} and c.status = 'scheduled' and c.ends_at > ${now})`;
  const lastCall = sql<Date | null>`(select max(c.starts_at) from coaching_calls c where c.account_id = ${ACCOUNT_ID} and c.status = 'completed')`;
  const where = eq(accounts.coachUserId, coachUserId);
  const total = await countRows(db, accounts, where);
  const familyName = holderName(ACCOUNT_ID);
  const rows = await db
    .select({
      accountId: accounts.id,
      timeZone: accounts.timeZone,
      familyName,
      email: holderEmail(ACCOUNT_ID),
      lastCallAt: lastCall.mapWith(coachingCalls.startsAt),
    })
    .from(accounts)
    .where(where)
    .orderBy(sql`${nextStart} asc nulls last`, asc(familyName), asc(accounts.id))
    .limit(limit)
    .offset(offset);
  return { count: total, rows };
}

export async function playersOf(db: Executor, accountIds: number[]) {
  if (accountIds.length === 0) return [];
  return db
    .select(playerSettingsColumns)
    .from(players)
    .where(inArray(players.accountId, accountIds))
    .orderBy(asc(players.id));
}

/** Play per player and week (Mondays in `timeZone`) in [from, to). */
export async function weeklyPlay(db: Executor, accountId: number, timeZone: string, from: Date, to: Date) {
  const week = sql<string>`to_char(date_trunc('week', ${playSessions.periodDatetime} at time zone ${timeZone}), 'YYYY-MM-DD')`;
  return (
    db
      .select({
        playerId: playSessions.playerId,
        week,
        seconds: sql<number>`sum(${playSessions.secondsPlayed})::int`,
        rises: sql<number>`sum(${playSessions.hrRiseCount})::int`,
        coolDowns: sql<number>`sum(${playSessions.coolDownCount})::int`,
      })
      .from(playSessions)
      .where(
        and(
          eq(playSessions.accountId, accountId),
          gte(playSessions.periodDatetime, from),
          lt(playSessions.periodDatetime, to),
        ),
      )
      // By position: the zone is a parameter, and "$1" in the select and "$5" in the group by are not
      // the same expression to PostgreSQL.
      .groupBy(sql`1, 2`)
  );
}

/** Gauge and chase-speed changes of the players since `from`, newest first. */
export async function settingChanges(db: Executor, playerIds: number[], from: Date) {
  if (playerIds.length === 0) return [];
  return db
    .select({
      playerId: playerStatChanges.playerId,
      field: playerStatChanges.field,
      oldValue: playerStatChanges.oldValue,
      newValue: playerStatChanges.newValue,
      reason: playerStatChanges.reason,
      createdAt: playerStatChanges.createdAt,
    })
    .from(playerStatChanges)
    .where(
      and(
        inArray(playerStatChanges.playerId, playerIds),
        inArray(playerStatChanges.field, ['hr_gauge', 'chase_speed']),
        gte(playerStatChanges.createdAt, from),
      ),
    )
    .orderBy(desc(playerStatChanges.createdAt), desc(playerStatChanges.id));
}

/** A player's latest survey answers, newest first. */
export async function latestSurveyAnswers(db: Executor, playerId: number, limit: number) {
  return db
    .select({ survey: surveys.title, createdAt: surveyResponses.createdAt, payload: surveyResponses.payload })
    .from(surveyResponses)
    .innerJoin(surveys, eq(surveys.id, surveyResponses.surveyId))
    .where(eq(surveyResponses.playerId, playerId))
    .orderBy(desc(surveyResponses.createdAt), desc(surveyResponses.id))
    .limit(limit);
}
