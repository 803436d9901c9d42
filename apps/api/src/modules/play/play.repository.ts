import { and, asc, eq, gt, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { mondayOfDateKey, type WeekPlayed } from '@grove/domain';
import { addDaysToDateKey } from '@grove/domain/sharing';
import type { PlaySession } from '@grove/domain/api/play';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { rowsOf } from '../../db/raw.ts';
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
import { playerSettingsColumns } from '../players/players.repository.ts';

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
  accountId: sql.placeholder('accountId'),
};
/** "All sessions": a lower bound before any play. */
const BEGINNING = new Date(0).toISOString();

/** A timestamp as the API shows it (ISO 8601, UTC, milliseconds), formatted by the database. */
const isoText = (column: unknown) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Sessions as the API shows them (the contract's playSession), an array built by the database from
 * `rows`, a subquery of play_sessions rows named s, in `order`.
 */
const sessionsJson = (rows: SQL, order: SQL) =>
  sql<PlaySession[]>`(select coalesce(json_agg(json_build_object(
      'id', s.id, 'period_datetime', ${isoText(sql`s.period_datetime`)}, 'seconds_played', s.seconds_played,
      'acorns_earned', s.acorns_earned, 'hr_rises', s.hr_rise_count, 'cool_downs', s.cool_down_count) order by ${order}), '[]'::json)
    from (${rows}) s)`;

const playerForPlay = prepared((db) =>
  db
    .select({
      ...playerSettingsColumns,
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

/**
 * A page of the sessions played since `since` (oldest first), with the number of sessions and the
 * seconds played from the local date `from` on, from the rollups: the weeks from `firstWeek` (the
 * first Monday on or after `from`) from the weekly rollup, the days before it from the daily one.
 * One statement.
 */
const activityQuery = prepared((db) => {
  const w = playWeekRollups;
  const d = playDayRollups;
  const sums = unionAll(
    db
      .select({ sessions: w.sessions, secondsPlayed: w.secondsPlayed })
      .from(w)
      .where(and(eq(w.playerId, P.playerId), gte(w.week, P.firstWeek))),
    db
      .select({ sessions: d.sessions, secondsPlayed: d.secondsPlayed })
      .from(d)
      .where(and(eq(d.playerId, P.playerId), gte(d.day, P.from), lt(d.day, P.firstWeek))),
  ).as('sums');
  return db
    .select({
      sessions: num(sql`coalesce(sum(${sums.sessions}), 0)`),
      secondsPlayed: num(sql`coalesce(sum(${sums.secondsPlayed}), 0)`),
      page: sessionsJson(
        sql`select * from ${playSessions}
             where ${playSessions.playerId} = ${P.playerId} and ${playSessions.periodDatetime} >= ${P.since}
             order by ${playSessions.periodDatetime}, ${playSessions.id} limit ${P.limit} offset ${P.offset}`,
        sql`s.period_datetime, s.id`,
      ),
    })
    .from(sums)
    .prepare('player_activity');
});

/** The activity screen's page of sessions since `since`, and the frame's totals from local date `from` on. */
export async function playerActivity(
  db: Executor,
  playerId: number,
  frame: { from: string; since: Date },
  page: { limit: number; offset: number },
) {
  const fromMonday = mondayOfDateKey(frame.from);
  const firstWeek = fromMonday === frame.from ? frame.from : addDaysToDateKey(fromMonday, 7);
  const [row] = await activityQuery(db).execute({
    playerId,
    from: frame.from,
    firstWeek,
    since: frame.since.toISOString(),
    ...page,
  });
  return row!;
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

/**
 * What the home screen shows of a player's play, in one statement: all play summed, the week
 * starting on Monday `week`, from the weekly rollup, and the latest `limit` sessions (newest
 * first); with `withWeeks`, also every week's seconds (what the streak is counted from). The
 * overview runs it without them when it has the streak of the player's data version already
 * (play.streak-cache.ts).
 */
function overviewStatement<WithWeeks extends boolean>(withWeeks: WithWeeks) {
  return prepared((db) => {
    const t = playWeekRollups;
    const total = (column: AnyPgColumn) => num(sql`coalesce(sum(${column}), 0)`);
    const inWeek = (column: AnyPgColumn) => num(sql`coalesce(sum(${column}) filter (where ${t.week} = ${P.week}), 0)`);
    const columns = {
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
        coolDownSeconds: inWeek(t.coolDownSeconds),
      },
      latest: sessionsJson(
        sql`select * from ${playSessions} where ${playSessions.playerId} = ${P.playerId}
             order by ${playSessions.periodDatetime} desc, ${playSessions.id} desc limit ${P.limit}`,
        sql`s.period_datetime desc, s.id desc`,
      ),
    };
    /** Every week with play and its seconds, oldest first: what the streak is counted from. */
    const weeksPlayed = sql<WeekPlayed[]>`coalesce(json_agg(json_build_object(
        'week', ${t.week}::text, 'secondsPlayed', ${t.secondsPlayed}) order by ${t.week}), '[]'::json)`;
    const selection = (withWeeks ? { ...columns, weeksPlayed } : columns) as WithWeeks extends true
      ? typeof columns & { weeksPlayed: typeof weeksPlayed }
      : typeof columns;
    return db
      .select(selection)
      .from(t)
      .where(eq(t.playerId, P.playerId))
      .prepare(withWeeks ? 'player_overview' : 'player_overview_sums');
  });
}

const overviewQuery = overviewStatement(true);
const overviewSumsQuery = overviewStatement(false);

/**
 * The weeks a player played up to the week of Monday `lastWeek`, with their seconds, oldest first:
 * what a streak is counted from (the shared summary's; the overview reads them in its statement).
 */
export async function weeksPlayedUntil(db: Executor, playerId: number, lastWeek: string): Promise<WeekPlayed[]> {
  const t = playWeekRollups;
  return db
    .select({ week: sql<string>`${t.week}::text`, secondsPlayed: num(t.secondsPlayed) })
    .from(t)
    .where(and(eq(t.playerId, playerId), lte(t.week, lastWeek)))
    .orderBy(asc(t.week));
}

/** The overview's figures and every week of play (a streak to count). */
export async function playerOverview(db: Executor, playerId: number, week: string, latest: number) {
  const [row] = await overviewQuery(db).execute({ playerId, week, limit: latest });
  return row!;
}

/** The overview's figures without the weeks of play (the streak is known). */
export async function playerOverviewSums(db: Executor, playerId: number, week: string, latest: number) {
  const [row] = await overviewSumsQuery(db).execute({ playerId, week, limit: latest });
  return row!;
}

/**
 * This week of every player of an account, in one statement (Home's siblings card): each player
 * by id (players_account_id_idx), the week of Monday `week` from the weekly rollup (its primary
 * key), the latest session's start (an index-only scan of the sessions' (player, period) index) and
 * every week's seconds up to this week (the streak; one row a week of play).
 */
const familyWeekQuery = prepared((db) => {
  const w = playWeekRollups;
  const playerId = sql`${sql.identifier('players')}.${sql.identifier('id')}`;
  const inWeek = (column: AnyPgColumn) => num(sql`coalesce(${column}, 0)`);
  return db
    .select({
      playerId: players.id,
      name: players.name,
      week: {
        sessions: inWeek(w.sessions),
        secondsPlayed: inWeek(w.secondsPlayed),
        hrRises: inWeek(w.hrRises),
        coolDowns: inWeek(w.coolDowns),
        coolDownSeconds: inWeek(w.coolDownSeconds),
      },
      lastPlayDate:
        sql<Date | null>`(select max(s.period_datetime) from ${playSessions} s where s.player_id = ${playerId})`.mapWith(
          playSessions.periodDatetime,
        ),
      weeksPlayed: sql<WeekPlayed[]>`(select coalesce(json_agg(json_build_object(
          'week', r.week::text, 'secondsPlayed', r.seconds_played) order by r.week), '[]'::json)
        from ${playWeekRollups} r where r.player_id = ${playerId} and r.week <= ${P.week}::date)`,
    })
    .from(players)
    .leftJoin(w, and(eq(w.playerId, players.id), eq(w.week, P.week)))
    .where(eq(players.accountId, P.accountId))
    .orderBy(asc(players.id))
    .prepare('family_week');
});

/** Every player of the account with its week of Monday `week`, its last play and its weeks of play up to it. */
export async function familyWeekRows(db: Executor, accountId: number, week: string) {
  return familyWeekQuery(db).execute({ accountId, week });
}

type PagedTable = typeof hrRises | typeof coolDowns | typeof cooldownEvents;

/**
 * One page of a player's events: how many there are, and the page's rows as the JSON array the API
 * answers (text), in one statement. The database builds the JSON (json_agg): no row becomes a
 * JavaScript object on its way through (issue 27 item 4). `fields` are the json_build_object
 * arguments, the wire names and their values, over the table's own columns (the page is a subquery
 * under the table's name).
 *
 * The count is the sum of the player's sessions' counters (index-only). The page's first id: OFFSET
 * runs on an index-only scan of (player_id, id) from whichever end is nearer, so the first and the
 * last pages are both cheap (the other end's subquery is never run); the rows themselves are then
 * read by keyset (id >= start).
 */
export interface EventsPage {
  count: number;
  rowsJson: string;
}

const eventsPage =
  (t: PagedTable, counter: AnyPgColumn, fields: SQL) =>
  async (db: Executor, playerId: number, limit: number, offset: number): Promise<EventsPage> => {
    const ids = sql`select ${t.id} from ${t} where ${t.playerId} = ${playerId}`;
    const start = sql`case when ${offset}::int * 2 > n.count
      then (${ids} order by ${t.id} desc offset n.count - 1 - ${offset}::int limit 1)
      else (${ids} order by ${t.id} offset ${offset}::int limit 1) end`;
    const result = await db.execute(sql`
      with n as (select coalesce(sum(${counter}), 0)::int as count from ${playSessions} where ${playSessions.playerId} = ${playerId})
      select n.count,
             case when ${offset}::int >= n.count then '[]' else (
               select coalesce(json_agg(json_build_object(${fields}) order by ${t.id}), '[]')::text
                 from (select * from ${t} where ${t.playerId} = ${playerId} and ${t.id} >= ${start}
                        order by ${t.id} limit ${limit}::int) as ${t}
             ) end as rows
        from n`);
    const row = rowsOf<{ count: number; rows: string }>(result)[0]!;
    return { count: Number(row.count), rowsJson: String(row.rows) };
  };

// The wire names and values of each list (packages/domain/src/api/play.ts: hrRise, coolDown,
// cooldownEvent); play.test.ts parses the answers with those schemas.
export const pageHrRises = eventsPage(
  hrRises,
  playSessions.hrRiseCount,
  sql`'id', ${hrRises.id}, 'session_id', ${hrRises.sessionId}, 'occurred_at', ${isoText(hrRises.occurredAt)},
      'start_bpm', ${hrRises.startBpm}, 'peak_bpm', ${hrRises.peakBpm}`,
);

export const pageCoolDowns = eventsPage(
  coolDowns,
  playSessions.coolDownCount,
  sql`'id', ${coolDowns.id}, 'session_id', ${coolDowns.sessionId}, 'started_at', ${isoText(coolDowns.startedAt)},
      'ended_at', ${isoText(coolDowns.endedAt)},
      'duration_seconds', round(extract(epoch from (${coolDowns.endedAt} - ${coolDowns.startedAt})))::int,
      'start_bpm', ${coolDowns.startBpm}, 'end_bpm', ${coolDowns.endBpm}`,
);

export const pageCooldownEvents = eventsPage(
  cooldownEvents,
  playSessions.cooldownEventCount,
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
