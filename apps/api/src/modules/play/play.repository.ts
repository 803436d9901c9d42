import { and, asc, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { accounts, coolDowns, cooldownEvents, hrRises, players, playSessions } from '../../db/schema/index.ts';

// Columns are spelled out: drizzle leaves them unqualified in a query without joins, and an
// unqualified "id" inside the subquery would be play_sessions.id.
const firstPlayDate =
  sql<Date | null>`(select min(ps.period_datetime) from ${playSessions} ps where ps.player_id = ${sql.identifier('players')}.${sql.identifier('id')})`.mapWith(
    playSessions.periodDatetime,
  );

/**
 * The values of the prepared statements below (prepared.ts): every play screen runs them, so their
 * SQL is built once. Instants are bound as ISO text.
 */
const P = {
  playerId: sql.placeholder('playerId'),
  since: sql.placeholder('since'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
  timeZone: sql.placeholder('timeZone'),
};
/** "All sessions": a lower bound before any play. */
const BEGINNING = new Date(0).toISOString();

const playerForPlay = prepared((db) =>
  db
    .select({
      id: players.id,
      accountId: players.accountId,
      name: players.name,
      hrGauge: players.hrGauge,
      chaseSpeed: players.chaseSpeed,
      acorns: players.acorns,
      timeZone: accounts.timeZone,
      firstPlayDate,
    })
    .from(players)
    .innerJoin(accounts, eq(accounts.id, players.accountId))
    .where(eq(players.id, P.playerId))
    .limit(1)
    .prepare('player_for_play'),
);

/** The player with what the play screens need: its account's time zone and first play date. */
export async function findPlayerForPlay(db: Executor, playerId: number) {
  const rows = await playerForPlay(db).execute({ playerId });
  return rows[0] ?? null;
}

const num = (column: unknown) => sql<number>`${column}`.mapWith(Number);

const sessionTotalsQuery = prepared((db) =>
  db
    .select({
      sessions: num(sql`count(*)`),
      secondsPlayed: num(sql`coalesce(sum(${playSessions.secondsPlayed}), 0)`),
      hrRises: num(sql`coalesce(sum(${playSessions.hrRiseCount}), 0)`),
      coolDowns: num(sql`coalesce(sum(${playSessions.coolDownCount}), 0)`),
      coolDownSeconds: num(sql`coalesce(sum(${playSessions.coolDownSeconds}), 0)`),
      cooldownEvents: num(sql`coalesce(sum(${playSessions.cooldownEventCount}), 0)`),
      acornsEarned: num(sql`coalesce(sum(${playSessions.acornsEarned}), 0)`),
      lastPlayDate: sql<Date | null>`max(${playSessions.periodDatetime})`.mapWith(playSessions.periodDatetime),
    })
    .from(playSessions)
    .where(and(eq(playSessions.playerId, P.playerId), gte(playSessions.periodDatetime, P.since)))
    .prepare('session_totals'),
);

/** Number of sessions and seconds played since `since` (all sessions when null). */
export async function sessionTotals(db: Executor, playerId: number, since: Date | null) {
  const [row] = await sessionTotalsQuery(db).execute({ playerId, since: since?.toISOString() ?? BEGINNING });
  return row!;
}

const sessionColumns = {
  id: playSessions.id,
  periodDatetime: playSessions.periodDatetime,
  secondsPlayed: playSessions.secondsPlayed,
  acornsEarned: playSessions.acornsEarned,
  hrRiseCount: playSessions.hrRiseCount,
  coolDownCount: playSessions.coolDownCount,
  coolDownSeconds: playSessions.coolDownSeconds,
};

const sessionsQuery = prepared((db) =>
  db
    .select(sessionColumns)
    .from(playSessions)
    .where(and(eq(playSessions.playerId, P.playerId), gte(playSessions.periodDatetime, P.since)))
    .orderBy(asc(playSessions.periodDatetime), asc(playSessions.id))
    .limit(P.limit)
    .offset(P.offset)
    .prepare('play_sessions_page'),
);

/** Sessions since `since`, oldest first. */
export async function listSessions(db: Executor, playerId: number, since: Date | null, limit: number, offset: number) {
  return sessionsQuery(db).execute({ playerId, since: since?.toISOString() ?? BEGINNING, limit, offset });
}

const latestSessionsQuery = prepared((db) =>
  db
    .select(sessionColumns)
    .from(playSessions)
    .where(eq(playSessions.playerId, P.playerId))
    .orderBy(desc(playSessions.periodDatetime), desc(playSessions.id))
    .limit(P.limit)
    .prepare('latest_play_sessions'),
);

export async function latestSessions(db: Executor, playerId: number, limit: number) {
  return latestSessionsQuery(db).execute({ playerId, limit });
}

/**
 * Sessions grouped by the Monday of their local date in `timeZone` (date_trunc('week') of the
 * local time: ISO weeks start on Monday), from `since` on. `week` is that Monday (YYYY-MM-DD);
 * `firstAt` is the earliest session of the group, an instant inside that week.
 */
const weeklyTotalsQuery = prepared((db) => {
  const week = sql`date_trunc('week', ${playSessions.periodDatetime} at time zone ${P.timeZone})`;
  const weeks = db
    .select({
      week: sql<Date>`${week}`.as('week'),
      firstAt: sql<Date>`min(${playSessions.periodDatetime})`.as('first_at'),
      sessions: sql<number>`count(*)`.as('sessions'),
      secondsPlayed: sql<number>`sum(${playSessions.secondsPlayed})`.as('seconds_played'),
      hrRises: sql<number>`sum(${playSessions.hrRiseCount})`.as('hr_rises'),
      coolDowns: sql<number>`sum(${playSessions.coolDownCount})`.as('cool_downs'),
      coolDownSeconds: sql<number>`sum(${playSessions.coolDownSeconds})`.as('cool_down_seconds'),
    })
    .from(playSessions)
    .where(and(eq(playSessions.playerId, P.playerId), gte(playSessions.periodDatetime, P.since)))
    // Grouped by position: the time zone is bound once.
    .groupBy(sql`1`)
    .as('weeks');
  return db
    .select({
      week: sql<string>`to_char(${weeks.week}, 'YYYY-MM-DD')`,
      firstAt: sql<Date>`${weeks.firstAt}`.mapWith(playSessions.periodDatetime),
      sessions: num(weeks.sessions),
      secondsPlayed: num(weeks.secondsPlayed),
      hrRises: num(weeks.hrRises),
      coolDowns: num(weeks.coolDowns),
      coolDownSeconds: num(weeks.coolDownSeconds),
    })
    .from(weeks)
    .orderBy(weeks.week)
    .prepare('weekly_totals');
});

export async function weeklyTotals(db: Executor, playerId: number, since: Date, timeZone: string) {
  return weeklyTotalsQuery(db).execute({ playerId, since: since.toISOString(), timeZone });
}

/** A timestamp as the API shows it (ISO 8601, UTC, milliseconds), formatted by the database. */
const isoText = (column: unknown) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** How many rows a paged table holds for a player: the sum of its sessions' counts (index-only). */
const rowCountQuery = (counter: AnyPgColumn, name: string) =>
  prepared((db) =>
    db
      .select({ n: num(sql`coalesce(sum(${counter}), 0)`) })
      .from(playSessions)
      .where(eq(playSessions.playerId, P.playerId))
      .prepare(`${name}_count`),
  );

async function rowCount(db: Executor, query: ReturnType<typeof rowCountQuery>, playerId: number): Promise<number> {
  const [row] = await query(db).execute({ playerId });
  return row?.n ?? 0;
}

type PagedTable = typeof hrRises | typeof coolDowns | typeof cooldownEvents;

interface CoolDownRow {
  id: number;
  sessionId: number;
  startedAt: string;
  endedAt: string;
  durationSeconds: number;
  startBpm: number;
  endBpm: number;
}

interface CooldownEventRow {
  id: number;
  sessionId: number;
  occurredAt: string;
  eventType: string;
  bpm: number | null;
}

interface HrRiseRow {
  id: number;
  sessionId: number;
  occurredAt: string;
  startBpm: number;
  peakBpm: number;
}

/**
 * A page of up to 1000 event rows, read as the driver gives them (objects), without drizzle's
 * mapping of each value (a fifth of a 1000-row answer's time). The id, a bigint, comes as a number.
 *
 * The page's first id: OFFSET runs on an index-only scan of (player_id, id), from whichever end is
 * nearer, so the first and the last pages are both cheap; the rows themselves are then read by
 * keyset (id >= start).
 */
async function eventRows<Row>(
  db: Executor,
  t: PagedTable,
  columns: SQL,
  page: { playerId: number; skip: number; limit: number; fromEnd: boolean },
): Promise<Row[]> {
  const start = page.fromEnd
    ? sql`(select ${t.id} from ${t} where ${t.playerId} = ${page.playerId} order by ${t.id} desc offset ${page.skip} limit 1)`
    : sql`(select ${t.id} from ${t} where ${t.playerId} = ${page.playerId} order by ${t.id} offset ${page.skip} limit 1)`;
  const result = await db.execute(
    sql`select ${t.id}::float8 as id, ${columns} from ${t} where ${t.playerId} = ${page.playerId} and ${t.id} >= ${start} order by ${t.id} limit ${page.limit}`,
  );
  return (result as unknown as { rows: Row[] }).rows;
}

/** From which end the page's first id is counted, and how many rows that skips. */
function pageVariant(count: number, offset: number) {
  const fromEnd = offset * 2 > count;
  return { fromEnd, skip: fromEnd ? count - 1 - offset : offset };
}

const hrRiseCount = rowCountQuery(playSessions.hrRiseCount, 'hr_rises');
export async function pageHrRises(db: Executor, playerId: number, limit: number, offset: number) {
  const count = await rowCount(db, hrRiseCount, playerId);
  if (offset >= count) return { count, rows: [] };
  const { fromEnd, skip } = pageVariant(count, offset);
  const rows = await eventRows<HrRiseRow>(
    db,
    hrRises,
    sql`${hrRises.sessionId} as "sessionId", ${isoText(hrRises.occurredAt)} as "occurredAt", ${hrRises.startBpm} as "startBpm", ${hrRises.peakBpm} as "peakBpm"`,
    { playerId, skip, limit, fromEnd },
  );
  return { count, rows };
}

const coolDownCount = rowCountQuery(playSessions.coolDownCount, 'cool_downs');
export async function pageCoolDowns(db: Executor, playerId: number, limit: number, offset: number) {
  const count = await rowCount(db, coolDownCount, playerId);
  if (offset >= count) return { count, rows: [] };
  const { fromEnd, skip } = pageVariant(count, offset);
  const rows = await eventRows<CoolDownRow>(
    db,
    coolDowns,
    sql`${coolDowns.sessionId} as "sessionId", ${isoText(coolDowns.startedAt)} as "startedAt", ${isoText(coolDowns.endedAt)} as "endedAt",
        round(extract(epoch from (${coolDowns.endedAt} - ${coolDowns.startedAt})))::int as "durationSeconds",
        ${coolDowns.startBpm} as "startBpm", ${coolDowns.endBpm} as "endBpm"`,
    { playerId, skip, limit, fromEnd },
  );
  return { count, rows };
}

const cooldownEventCount = rowCountQuery(playSessions.cooldownEventCount, 'cooldown_events');
export async function pageCooldownEvents(db: Executor, playerId: number, limit: number, offset: number) {
  const count = await rowCount(db, cooldownEventCount, playerId);
  if (offset >= count) return { count, rows: [] };
  const { fromEnd, skip } = pageVariant(count, offset);
  const rows = await eventRows<CooldownEventRow>(
    db,
    cooldownEvents,
    sql`${cooldownEvents.sessionId} as "sessionId", ${isoText(cooldownEvents.occurredAt)} as "occurredAt",
        ${cooldownEvents.eventType} as "eventType", ${cooldownEvents.bpm} as "bpm"`,
    { playerId, skip, limit, fromEnd },
  );
  return { count, rows };
}

/** The account of the player, for the access check of the list routes. */
export async function findPlayerAccountId(db: Executor, playerId: number): Promise<number | null> {
  const rows = await playerAccount(db).execute({ playerId });
  return rows[0]?.accountId ?? null;
}

const playerAccount = prepared((db) =>
  db
    .select({ accountId: players.accountId })
    .from(players)
    .where(eq(players.id, P.playerId))
    .limit(1)
    .prepare('player_account'),
);

export async function accountPlayers(db: Executor, accountId: number) {
  return db
    .select({ id: players.id, name: players.name, acorns: players.acorns })
    .from(players)
    .where(eq(players.accountId, accountId))
    .orderBy(asc(players.id));
}

/** Per-player play totals of an account's players. */
export async function playerTotals(db: Executor, playerIds: number[]) {
  if (playerIds.length === 0) return [];
  return db
    .select({
      playerId: playSessions.playerId,
      firstPlayDate: sql<Date>`min(${playSessions.periodDatetime})`.mapWith(playSessions.periodDatetime),
      lastPlayDate: sql<Date>`max(${playSessions.periodDatetime})`.mapWith(playSessions.periodDatetime),
      sessions: num(sql`count(*)`),
      secondsPlayed: num(sql`sum(${playSessions.secondsPlayed})`),
      hrRises: num(sql`sum(${playSessions.hrRiseCount})`),
      coolDowns: num(sql`sum(${playSessions.coolDownCount})`),
      coolDownSeconds: num(sql`sum(${playSessions.coolDownSeconds})`),
      acornsEarned: num(sql`sum(${playSessions.acornsEarned})`),
    })
    .from(playSessions)
    .where(inArray(playSessions.playerId, playerIds))
    .groupBy(playSessions.playerId);
}

export async function findAccount(db: Executor, accountId: number) {
  const rows = await db
    .select({ id: accounts.id, timeZone: accounts.timeZone })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return rows[0] ?? null;
}
