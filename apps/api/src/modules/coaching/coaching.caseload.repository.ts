/**
 * The caseload's queries (docs/coaching.md "Caseload"): a coach's accounts with their next call and
 * last interaction (latest completed call, coach note or logged customer interaction), and their players' play over two weeks. Play is read from play_sessions (one
 * row per session, the play module's rollup of the raw events) through its (player, time) index:
 * per player two sums over a week each and the latest session — no raw event is read.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { accounts, coachingCalls, players, playSessions, users } from '../../db/schema/index.ts';

/** Qualified: Drizzle leaves a lone table's columns unqualified, which a subquery would rebind. */
const ACCOUNT_ID = sql`"accounts"."id"`;
const PLAYER_ID = sql`"players"."id"`;

const coachUser = alias(users, 'caseload_coach');

export interface CaseloadAccountRow {
  accountId: number;
  familyName: string;
  email: string;
  coachUserId: number | null;
  coachFirstName: string | null;
  coachLastName: string | null;
  nextCallAt: Date | null;
  lastCallAt: Date | null;
  lastNoteAt: Date | null;
  /** The latest customer_interactions row of the account (its occurred_at). */
  lastLoggedAt: Date | null;
}

/** The coach's accounts (accounts.coach_user_id), by id. */
export async function caseloadAccounts(db: Executor, coachUserId: number, now: Date): Promise<CaseloadAccountRow[]> {
  const at = (query: ReturnType<typeof sql>) => sql<Date | null>`${query}`.mapWith(coachingCalls.startsAt);
  return db
    .select({
      accountId: accounts.id,
      familyName: sql<string>`coalesce((select h.first_name || ' ' || h.last_name from users h where h.account_id = ${ACCOUNT_ID} order by h.is_billing_user desc, h.id limit 1), '')`,
      email: sql<string>`coalesce((select h.email from users h where h.account_id = ${ACCOUNT_ID} order by h.is_billing_user desc, h.id limit 1), '')`,
      coachUserId: accounts.coachUserId,
      coachFirstName: coachUser.firstName,
      coachLastName: coachUser.lastName,
      nextCallAt: at(
        sql`(select min(c.starts_at) from coaching_calls c where c.account_id = ${ACCOUNT_ID} and c.status = 'scheduled' and c.ends_at > ${now})`,
      ),
      lastCallAt: at(
        sql`(select max(c.starts_at) from coaching_calls c where c.account_id = ${ACCOUNT_ID} and c.status = 'completed')`,
      ),
      lastNoteAt: at(sql`(select max(n.created_at) from coach_notes n where n.account_id = ${ACCOUNT_ID})`),
      lastLoggedAt: at(
        sql`(select max(i.occurred_at) from customer_interactions i where i.account_id = ${ACCOUNT_ID})`,
      ),
    })
    .from(accounts)
    .leftJoin(coachUser, eq(coachUser.id, accounts.coachUserId))
    .where(eq(accounts.coachUserId, coachUserId))
    .orderBy(asc(accounts.id));
}

export interface CaseloadPlayerRow {
  playerId: number;
  accountId: number;
  secondsThisWeek: number;
  secondsLastWeek: number;
  lastPlayedAt: Date | null;
}

/** Per player of the accounts: seconds played in [weekAgo, now] and [twoWeeksAgo, weekAgo), and the latest play. */
export async function caseloadPlay(
  db: Executor,
  accountIds: number[],
  window: { now: Date; weekAgo: Date; twoWeeksAgo: Date },
): Promise<CaseloadPlayerRow[]> {
  if (accountIds.length === 0) return [];
  const seconds = (from: Date, to: Date, inclusive: boolean) =>
    sql<number>`(select coalesce(sum(s.seconds_played), 0)::int from play_sessions s where s.player_id = ${PLAYER_ID} and s.period_datetime >= ${from} and s.period_datetime ${inclusive ? sql`<=` : sql`<`} ${to})`;
  return db
    .select({
      playerId: players.id,
      accountId: players.accountId,
      secondsThisWeek: seconds(window.weekAgo, window.now, true),
      secondsLastWeek: seconds(window.twoWeeksAgo, window.weekAgo, false),
      lastPlayedAt:
        sql<Date | null>`(select max(s.period_datetime) from play_sessions s where s.player_id = ${PLAYER_ID})`.mapWith(
          playSessions.periodDatetime,
        ),
    })
    .from(players)
    .where(inArray(players.accountId, accountIds))
    .orderBy(asc(players.id));
}
