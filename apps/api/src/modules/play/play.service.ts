import type { Paging } from '@grove/domain/api/common';
import type { WeeklyPlay } from '@grove/domain/api/play';
import {
  CHART,
  DEFAULT_TIMEZONE,
  frameStart,
  localDateKey,
  weekStart,
  weeklyBuckets,
  type FrameOptions,
  type TimeFrameId,
} from '@grove/domain';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import { assertAccountAccess } from '../auth/access.ts';
import {
  accountPlayers,
  findAccount,
  findPlayerAccountId,
  findPlayerForPlay,
  latestSessions,
  listSessions,
  pageCoolDowns,
  pageCooldownEvents,
  pageHrRises,
  playerTotals,
  sessionTotals,
  weeklyTotals,
} from './play.repository.ts';

/** How many recent sessions the overview lists. */
export const OVERVIEW_LAST_SESSIONS = 5;

type PlayPlayer = NonNullable<Awaited<ReturnType<typeof findPlayerForPlay>>>;

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
/** Average cooldown time in whole seconds; null without cooldowns. */
const averageCoolDown = (seconds: number, count: number) => (count > 0 ? Math.round(seconds / count) : null);

/** The list routes need only the access check, not the player's details. */
async function assertReadable(db: Db, user: AuthUser, playerId: number): Promise<void> {
  const accountId = await findPlayerAccountId(db, playerId);
  if (accountId === null) throw notFound();
  await assertAccountAccess(db, user, accountId, 'read');
}

async function readablePlayer(db: Db, user: AuthUser, playerId: number): Promise<PlayPlayer> {
  const player = await findPlayerForPlay(db, playerId);
  if (!player) throw notFound();
  await assertAccountAccess(db, user, player.accountId, 'read');
  return player;
}

function frameOptions(player: PlayPlayer, today: Date): FrameOptions {
  return { today, timeZone: player.timeZone || DEFAULT_TIMEZONE, firstPlayDate: player.firstPlayDate };
}

/**
 * Weekly buckets of a time frame. SQL sums the sessions per local Monday-week (one index-only
 * scan); the domain's weeklyBuckets then lays out the frame's weeks (empty ones as zero) and
 * places each SQL group by its earliest session, so the buckets, their minutes and the frame
 * follow the rule the web client uses. The counts SQL adds per week are joined by its week key;
 * the tests check that SQL's weeks are the domain's.
 */
async function weeklyFor(db: Db, player: PlayPlayer, frame: TimeFrameId, today: Date) {
  const options = frameOptions(player, today);
  const since = frameStart(frame, options);
  const groups = await weeklyTotals(db, player.id, since, options.timeZone);
  const buckets = weeklyBuckets(
    groups.map((g) => ({ period_datetime: g.firstAt, seconds_played: g.secondsPlayed })),
    frame,
    options,
  );
  const extras = new Map(groups.map((g) => [g.week, g]));
  const weeks: WeeklyPlay[] = buckets.map((bucket) => {
    const extra = extras.get(bucket.week_start);
    return {
      week_start: bucket.week_start,
      seconds_played: bucket.seconds_played,
      minutes: bucket.minutes,
      sessions: extra?.sessions ?? 0,
      hr_rises: extra?.hrRises ?? 0,
      cool_downs: extra?.coolDowns ?? 0,
      average_cool_down_seconds: extra ? averageCoolDown(extra.coolDownSeconds, extra.coolDowns) : null,
    };
  });
  return {
    player_id: player.id,
    time_frame: frame,
    time_zone: options.timeZone,
    frame_start: since.toISOString(),
    first_play_date: iso(player.firstPlayDate),
    goal_minutes: CHART.goalMinutes,
    total_seconds_played: weeks.reduce((sum, w) => sum + w.seconds_played, 0),
    total_sessions: weeks.reduce((sum, w) => sum + w.sessions, 0),
    weeks,
  };
}

/** GET /api/v2/player/{id}/activity/weekly/: the chart's weekly buckets for a time frame. */
export async function weeklyActivity(db: Db, user: AuthUser, playerId: number, frame: TimeFrameId, today = new Date()) {
  return weeklyFor(db, await readablePlayer(db, user, playerId), frame, today);
}

function toSessionDto(row: Awaited<ReturnType<typeof listSessions>>[number]) {
  return {
    id: row.id,
    period_datetime: row.periodDatetime.toISOString(),
    seconds_played: row.secondsPlayed,
    acorns_earned: row.acornsEarned,
    hr_rises: row.hrRiseCount,
    cool_downs: row.coolDownCount,
  };
}

/** GET /api/v2/player/{id}/activity/: the frame's sessions, oldest first, and their total time. */
export async function activity(
  db: Db,
  user: AuthUser,
  playerId: number,
  frame: TimeFrameId,
  paging: Paging,
  today = new Date(),
) {
  const player = await readablePlayer(db, user, playerId);
  const since = frameStart(frame, frameOptions(player, today));
  const offset = (paging.page - 1) * paging.page_size;
  const [totals, rows] = await Promise.all([
    sessionTotals(db, player.id, since),
    listSessions(db, player.id, since, paging.page_size, offset),
  ]);
  return {
    count: totals.sessions,
    page: paging.page,
    pageSize: paging.page_size,
    results: rows.map(toSessionDto),
    time_frame: frame,
    frame_start: since.toISOString(),
    total_seconds_played: totals.secondsPlayed,
  };
}

/** One page of a player's events (rises, cooldowns, cooldown events), mapped to the wire shape. */
async function playerEventsPage<Row, Dto>(
  db: Db,
  user: AuthUser,
  playerId: number,
  paging: Paging,
  load: (db: Db, playerId: number, limit: number, offset: number) => Promise<{ count: number; rows: Row[] }>,
  toDto: (row: Row) => Dto,
) {
  await assertReadable(db, user, playerId);
  const { count, rows } = await load(db, playerId, paging.page_size, (paging.page - 1) * paging.page_size);
  return { count, page: paging.page, pageSize: paging.page_size, results: rows.map(toDto) };
}

export const hrRisesPage = (db: Db, user: AuthUser, playerId: number, paging: Paging) =>
  playerEventsPage(db, user, playerId, paging, pageHrRises, (r) => ({
    id: r.id,
    session_id: r.sessionId,
    occurred_at: r.occurredAt,
    start_bpm: r.startBpm,
    peak_bpm: r.peakBpm,
  }));

export const coolDownsPage = (db: Db, user: AuthUser, playerId: number, paging: Paging) =>
  playerEventsPage(db, user, playerId, paging, pageCoolDowns, (r) => ({
    id: r.id,
    session_id: r.sessionId,
    started_at: r.startedAt,
    ended_at: r.endedAt,
    duration_seconds: r.durationSeconds,
    start_bpm: r.startBpm,
    end_bpm: r.endBpm,
  }));

export const cooldownEventsPage = (db: Db, user: AuthUser, playerId: number, paging: Paging) =>
  playerEventsPage(db, user, playerId, paging, pageCooldownEvents, (r) => ({
    id: r.id,
    session_id: r.sessionId,
    occurred_at: r.occurredAt,
    event_type: r.eventType,
    bpm: r.bpm,
  }));

/** GET /api/v1/dashboard/player/{id}/overview/: what the home screen shows for one player. */
export async function overview(db: Db, user: AuthUser, playerId: number, today = new Date()) {
  const player = await readablePlayer(db, user, playerId);
  const [week, totals, last] = await Promise.all([
    weeklyFor(db, player, '1W', today),
    sessionTotals(db, player.id, null),
    latestSessions(db, player.id, OVERVIEW_LAST_SESSIONS),
  ]);
  const current = week.weeks[week.weeks.length - 1];
  return {
    player_id: player.id,
    name: player.name,
    time_zone: week.time_zone,
    this_week: {
      week_start: current?.week_start ?? localDateKey(weekStart(today, week.time_zone), week.time_zone),
      seconds_played: current?.seconds_played ?? 0,
      minutes: current?.minutes ?? 0,
      sessions: current?.sessions ?? 0,
      hr_rises: current?.hr_rises ?? 0,
      cool_downs: current?.cool_downs ?? 0,
      goal_minutes: CHART.goalMinutes,
    },
    last_sessions: last.map(toSessionDto),
    totals: {
      sessions: totals.sessions,
      seconds_played: totals.secondsPlayed,
      hr_rises: totals.hrRises,
      cool_downs: totals.coolDowns,
      cooldown_events: totals.cooldownEvents,
      average_cool_down_seconds: averageCoolDown(totals.coolDownSeconds, totals.coolDowns),
      acorns_earned: totals.acornsEarned,
    },
    hr_gauge: player.hrGauge,
    chase_speed: player.chaseSpeed,
    acorns: player.acorns,
    first_play_date: iso(player.firstPlayDate),
    last_play_date: iso(totals.lastPlayDate),
  };
}

/** GET /api/v2/accounts/{id}/statistics/: first play date and totals per player and for the account. */
export async function accountStatistics(db: Db, user: AuthUser, accountId: number) {
  await assertAccountAccess(db, user, accountId, 'read');
  const account = await findAccount(db, accountId);
  if (!account) throw notFound();
  const roster = await accountPlayers(db, accountId);
  const totals = new Map(
    (
      await playerTotals(
        db,
        roster.map((p) => p.id),
      )
    ).map((t) => [t.playerId, t]),
  );
  const perPlayer = roster.map((p) => {
    const t = totals.get(p.id);
    return {
      player_id: p.id,
      name: p.name,
      first_play_date: iso(t?.firstPlayDate),
      last_play_date: iso(t?.lastPlayDate),
      sessions: t?.sessions ?? 0,
      seconds_played: t?.secondsPlayed ?? 0,
      hr_rises: t?.hrRises ?? 0,
      cool_downs: t?.coolDowns ?? 0,
      average_cool_down_seconds: t ? averageCoolDown(t.coolDownSeconds, t.coolDowns) : null,
      acorns_earned: t?.acornsEarned ?? 0,
      acorns: p.acorns,
    };
  });
  const firstDates = perPlayer
    .map((p) => p.first_play_date)
    .filter((d): d is string => d !== null)
    .sort();
  const sum = (pick: (p: (typeof perPlayer)[number]) => number) => perPlayer.reduce((total, p) => total + pick(p), 0);
  return {
    account_id: accountId,
    time_zone: account.timeZone || DEFAULT_TIMEZONE,
    first_play_date: firstDates[0] ?? null,
    players: perPlayer,
    totals: {
      players: perPlayer.length,
      sessions: sum((p) => p.sessions),
      seconds_played: sum((p) => p.seconds_played),
      hr_rises: sum((p) => p.hr_rises),
      cool_downs: sum((p) => p.cool_downs),
      acorns_earned: sum((p) => p.acorns_earned),
      acorns: sum((p) => p.acorns),
    },
  };
}
