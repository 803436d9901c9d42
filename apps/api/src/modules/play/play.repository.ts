import { and, asc, desc, eq, gt, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { mondayOfDateKey } from '@grove/domain';
import { addDaysToDateKey } from '@grove/domain/sharing';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import {
  accounts,
  coolDowns,
  cooldownEvents,
  hrRises,
  playDayRollups,
  players,
  playSessions,
  playWeekRollups,
} from '../../db/schema/index.ts';

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
  week: sql.placeholder('week'),
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
  firstWeek: sql.placeholder('firstWeek'),
  lastWeek: sql.placeholder('lastWeek'),
  lastWeekEnd: sql.placeholder('lastWeekEnd'),
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
      /** With the row's transaction id, what the play reads' ETag is made of (play.etag.ts). */
      version: sql<string>`${players.playVersion} || '.' || ${sql.identifier('players')}.xmin::text`,
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

/** A date after any play: "no end" of a range of local dates. */
const NO_END = '9999-12-31';

const rollupColumns = (t: typeof playDayRollups | typeof playWeekRollups) => ({
  sessions: t.sessions,
  secondsPlayed: t.secondsPlayed,
  hrRises: t.hrRises,
  coolDowns: t.coolDowns,
  coolDownSeconds: t.coolDownSeconds,
  cooldownEvents: t.cooldownEvents,
  acornsEarned: t.acornsEarned,
});

/**
 * A player's play per local week (Monday, YYYY-MM-DD) over the local dates [from, to], from the
 * rollups (migration 0015): the weeks wholly inside the range from the weekly rollup, the days of
 * the range's edge weeks from the daily one. One statement on the two primary keys.
 */
const rollupWeeksQuery = prepared((db) => {
  const week = playWeekRollups;
  const day = playDayRollups;
  const wholeWeeks = db
    .select({ week: sql<string>`${week.week}`.as('week'), ...rollupColumns(week) })
    .from(week)
    .where(and(eq(week.playerId, P.playerId), gte(week.week, P.firstWeek), lte(week.week, P.lastWeek)));
  const edgeDays = db
    .select({ week: sql<string>`date_trunc('week', ${day.day})::date`.as('week'), ...rollupColumns(day) })
    .from(day)
    .where(
      and(
        eq(day.playerId, P.playerId),
        gte(day.day, P.from),
        lte(day.day, P.to),
        or(lt(day.day, P.firstWeek), gt(day.day, P.lastWeekEnd)),
      ),
    );
  const parts = unionAll(wholeWeeks, edgeDays).as('parts');
  return db
    .select({
      week: sql<string>`to_char(${parts.week}, 'YYYY-MM-DD')`,
      sessions: num(sql`sum(${parts.sessions})`),
      secondsPlayed: num(sql`sum(${parts.secondsPlayed})`),
      hrRises: num(sql`sum(${parts.hrRises})`),
      coolDowns: num(sql`sum(${parts.coolDowns})`),
      coolDownSeconds: num(sql`sum(${parts.coolDownSeconds})`),
      cooldownEvents: num(sql`sum(${parts.cooldownEvents})`),
      acornsEarned: num(sql`sum(${parts.acornsEarned})`),
    })
    .from(parts)
    .groupBy(parts.week)
    .orderBy(parts.week)
    .prepare('play_rollup_weeks');
});

export type RollupWeek = Awaited<ReturnType<typeof rollupWeeks>>[number];

/** The player's play per local week over local dates [from, to] (to: null for no end), weeks without play left out. */
export async function rollupWeeks(db: Executor, playerId: number, from: string, to: string | null) {
  const last = to ?? NO_END;
  const fromMonday = mondayOfDateKey(from);
  const firstWeek = fromMonday === from ? from : addDaysToDateKey(fromMonday, 7);
  const lastMonday = mondayOfDateKey(last);
  const lastWeek = addDaysToDateKey(lastMonday, 6) === last ? lastMonday : addDaysToDateKey(lastMonday, -7);
  return rollupWeeksQuery(db).execute({
    playerId,
    from,
    to: last,
    firstWeek,
    lastWeek,
    lastWeekEnd: addDaysToDateKey(lastWeek, 6),
  });
}

/** All of a player's play summed, and the week starting on Monday `week`, from the weekly rollup. */
const playerRollupTotalsQuery = prepared((db) => {
  const t = playWeekRollups;
  const total = (column: AnyPgColumn) => num(sql`coalesce(sum(${column}), 0)`);
  const inWeek = (column: AnyPgColumn) => num(sql`coalesce(sum(${column}) filter (where ${t.week} = ${P.week}), 0)`);
  return db
    .select({
      sessions: total(t.sessions),
      secondsPlayed: total(t.secondsPlayed),
      hrRises: total(t.hrRises),
      coolDowns: total(t.coolDowns),
      coolDownSeconds: total(t.coolDownSeconds),
      cooldownEvents: total(t.cooldownEvents),
      acornsEarned: total(t.acornsEarned),
      week: {
        sessions: inWeek(t.sessions),
        secondsPlayed: inWeek(t.secondsPlayed),
        hrRises: inWeek(t.hrRises),
        coolDowns: inWeek(t.coolDowns),
      },
    })
    .from(t)
    .where(eq(t.playerId, P.playerId))
    .prepare('player_rollup_totals');
});

export async function playerRollupTotals(db: Executor, playerId: number, week: string) {
  const [row] = await playerRollupTotalsQuery(db).execute({ playerId, week });
  return row!;
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

/**
 * A page of up to 1000 event rows as the JSON array the API answers, built by the database
 * (json_agg): no row becomes a JavaScript object on its way through (issue 27 item 4). `fields`
 * are the json_build_object arguments, the wire names and their values, over the table's own
 * columns (the page is a subquery under the table's name).
 *
 * The page's first id: OFFSET runs on an index-only scan of (player_id, id), from whichever end is
 * nearer, so the first and the last pages are both cheap; the rows themselves are then read by
 * keyset (id >= start).
 */
async function eventRowsJson(
  db: Executor,
  t: PagedTable,
  fields: SQL,
  page: { playerId: number; skip: number; limit: number; fromEnd: boolean },
): Promise<string> {
  const start = page.fromEnd
    ? sql`(select ${t.id} from ${t} where ${t.playerId} = ${page.playerId} order by ${t.id} desc offset ${page.skip} limit 1)`
    : sql`(select ${t.id} from ${t} where ${t.playerId} = ${page.playerId} order by ${t.id} offset ${page.skip} limit 1)`;
  const result = await db.execute(
    sql`select coalesce(json_agg(json_build_object(${fields}) order by ${t.id}), '[]')::text as rows
          from (select * from ${t} where ${t.playerId} = ${page.playerId} and ${t.id} >= ${start} order by ${t.id} limit ${page.limit}) as ${t}`,
  );
  return String((result as unknown as { rows: { rows: string }[] }).rows[0]!.rows);
}

/** From which end the page's first id is counted, and how many rows that skips. */
function pageVariant(count: number, offset: number) {
  const fromEnd = offset * 2 > count;
  return { fromEnd, skip: fromEnd ? count - 1 - offset : offset };
}

/** One page of a player's events: how many there are, and the page's rows as a JSON array (text). */
export interface EventsPage {
  count: number;
  rowsJson: string;
}

const eventsPage =
  (t: PagedTable, counter: ReturnType<typeof rowCountQuery>, fields: SQL) =>
  async (db: Executor, playerId: number, limit: number, offset: number): Promise<EventsPage> => {
    const count = await rowCount(db, counter, playerId);
    if (offset >= count) return { count, rowsJson: '[]' };
    return { count, rowsJson: await eventRowsJson(db, t, fields, { playerId, limit, ...pageVariant(count, offset) }) };
  };

// The wire names and values of each list (packages/domain/src/api/play.ts: hrRise, coolDown,
// cooldownEvent); play.test.ts parses the answers with those schemas.
export const pageHrRises = eventsPage(
  hrRises,
  rowCountQuery(playSessions.hrRiseCount, 'hr_rises'),
  sql`'id', ${hrRises.id}, 'session_id', ${hrRises.sessionId}, 'occurred_at', ${isoText(hrRises.occurredAt)},
      'start_bpm', ${hrRises.startBpm}, 'peak_bpm', ${hrRises.peakBpm}`,
);

export const pageCoolDowns = eventsPage(
  coolDowns,
  rowCountQuery(playSessions.coolDownCount, 'cool_downs'),
  sql`'id', ${coolDowns.id}, 'session_id', ${coolDowns.sessionId}, 'started_at', ${isoText(coolDowns.startedAt)},
      'ended_at', ${isoText(coolDowns.endedAt)},
      'duration_seconds', round(extract(epoch from (${coolDowns.endedAt} - ${coolDowns.startedAt})))::int,
      'start_bpm', ${coolDowns.startBpm}, 'end_bpm', ${coolDowns.endBpm}`,
);

export const pageCooldownEvents = eventsPage(
  cooldownEvents,
  rowCountQuery(playSessions.cooldownEventCount, 'cooldown_events'),
  sql`'id', ${cooldownEvents.id}, 'session_id', ${cooldownEvents.sessionId},
      'occurred_at', ${isoText(cooldownEvents.occurredAt)}, 'event_type', ${cooldownEvents.eventType},
      'bpm', ${cooldownEvents.bpm}`,
);

/** The player's account, family time zone and data version: the access check and tag of the list routes. */
export async function findPlayerAccess(db: Executor, playerId: number) {
  const rows = await playerAccess(db).execute({ playerId });
  return rows[0] ?? null;
}

const playerAccess = prepared((db) =>
  db
    .select({
      accountId: players.accountId,
      timeZone: accounts.timeZone,
      version: sql<string>`${players.playVersion} || '.' || ${sql.identifier('players')}.xmin::text`,
    })
    .from(players)
    .innerJoin(accounts, eq(accounts.id, players.accountId))
    .where(eq(players.id, P.playerId))
    .limit(1)
    .prepare('player_access'),
);

export async function accountPlayers(db: Executor, accountId: number) {
  return db
    .select({ id: players.id, name: players.name, acorns: players.acorns })
    .from(players)
    .where(eq(players.accountId, accountId))
    .orderBy(asc(players.id));
}

/**
 * Per-player play totals of an account's players: the sums from the weekly rollup, the first and
 * last play from the sessions' (player, period) index.
 */
export async function playerTotals(db: Executor, playerIds: number[]) {
  if (playerIds.length === 0) return [];
  const t = playWeekRollups;
  const edge = (fn: 'min' | 'max') =>
    sql<Date>`(select ${sql.raw(fn)}(s.period_datetime) from ${playSessions} s where s.player_id = ${sql.identifier('play_week_rollups')}.${sql.identifier('player_id')})`.mapWith(
      playSessions.periodDatetime,
    );
  return db
    .select({
      playerId: t.playerId,
      firstPlayDate: edge('min'),
      lastPlayDate: edge('max'),
      sessions: num(sql`sum(${t.sessions})`),
      secondsPlayed: num(sql`sum(${t.secondsPlayed})`),
      hrRises: num(sql`sum(${t.hrRises})`),
      coolDowns: num(sql`sum(${t.coolDowns})`),
      coolDownSeconds: num(sql`sum(${t.coolDownSeconds})`),
      acornsEarned: num(sql`sum(${t.acornsEarned})`),
    })
    .from(t)
    .where(inArray(t.playerId, playerIds))
    .groupBy(t.playerId);
}

export async function findAccount(db: Executor, accountId: number) {
  const rows = await db
    .select({ id: accounts.id, timeZone: accounts.timeZone })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return rows[0] ?? null;
}
