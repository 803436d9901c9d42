import type { Paging } from '@grove/domain/api/common';
import { playApi } from '@grove/domain/api/play';
import {
  CHART,
  DEFAULT_TIMEZONE,
  frameStart,
  frameWeeks,
  localDateKey,
  playStreak,
  playTotals,
  streakOnWire,
  thisWeekStart,
  type FrameOptions,
  weekAgainstGoal,
  weeksOfPlay,
  type TimeFrameId,
} from '@grove/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import { assertAccountAccess } from '../auth/access.ts';
import { playTag, type PlayRead } from './play.conditional.ts';
import {
  accountPlayers,
  familyWeekRows,
  findAccount,
  findPlayerAccess,
  findPlayerForPlay,
  pageCoolDowns,
  pageCooldownEvents,
  pageHrRises,
  playerActivity,
  playerOverview,
  playerOverviewSums,
  playerTotals,
  rollupWeeks,
  type EventsPage,
} from './play.repository.ts';
import { streakCacheOf } from './play.streak-cache.ts';

/** How many recent sessions the overview lists. */
export const OVERVIEW_LAST_SESSIONS = 5;

type PlayPlayer = NonNullable<Awaited<ReturnType<typeof findPlayerForPlay>>>;

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** The tag of a read of `schema` for a player whose row gave `version`, on the family's today. */
const tagOf = (schema: z.ZodType, access: { version: string; timeZone: string }, today: Date) =>
  playTag(schema, access.version, localDateKey(today, access.timeZone || DEFAULT_TIMEZONE));

/** The list routes need only the access check and the tag, not the player's details. */
async function readableAccess(db: Db, user: AuthUser, playerId: number) {
  const access = await findPlayerAccess(db, playerId);
  if (access === null) throw notFound();
  await assertAccountAccess(db, user, access.accountId, 'read');
  return access;
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
 * Weekly buckets of a time frame: the domain lays out the frame's days and weeks (frameWeeks), the
 * rollups give each week's sums from the frame's first local day on (one indexed read), and the
 * domain makes the weeks and the frame's sums of them (weeksOfPlay).
 */
async function weeklyFor(db: Db, player: PlayPlayer, frame: TimeFrameId, today: Date) {
  const options = frameOptions(player, today);
  const { start, weeks: mondays } = frameWeeks(frame, options);
  const { weeks, sums } = weeksOfPlay(mondays, await rollupWeeks(db, player.id, start, null));
  return {
    player_id: player.id,
    time_frame: frame,
    time_zone: options.timeZone,
    frame_start: frameStart(frame, options).toISOString(),
    first_play_date: iso(player.firstPlayDate),
    goal_minutes: CHART.goalMinutes,
    total_seconds_played: sums.secondsPlayed,
    total_sessions: sums.sessions,
    weeks,
  };
}

/** GET /api/v2/player/{id}/activity/weekly/: the chart's weekly buckets for a time frame. */
export async function weeklyActivity(
  db: Db,
  user: AuthUser,
  playerId: number,
  frame: TimeFrameId,
  today = new Date(),
): Promise<PlayRead<Awaited<ReturnType<typeof weeklyFor>>>> {
  const player = await readablePlayer(db, user, playerId);
  return {
    etag: tagOf(playApi.weekly.schema.response[200], player, today),
    answer: () => weeklyFor(db, player, frame, today),
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
  const options = frameOptions(player, today);
  const since = frameStart(frame, options);
  const offset = (paging.page - 1) * paging.page_size;
  const answer = async () => {
    const read = await playerActivity(
      db,
      player.id,
      { from: frameWeeks(frame, options).start, since },
      { limit: paging.page_size, offset },
    );
    return {
      count: read.sessions,
      page: paging.page,
      pageSize: paging.page_size,
      results: read.page,
      time_frame: frame,
      frame_start: since.toISOString(),
      total_seconds_played: read.secondsPlayed,
    };
  };
  return { etag: tagOf(playApi.activity.schema.response[200], player, today), answer };
}

/**
 * One page of a player's events (rises, cooldowns, cooldown events): the database writes the rows
 * as the wire's JSON (play.repository.ts), which the route sends as it is.
 */
async function playerEventsPage(
  db: Db,
  user: AuthUser,
  playerId: number,
  paging: Paging,
  schema: z.ZodType,
  load: (db: Db, playerId: number, limit: number, offset: number) => Promise<EventsPage>,
) {
  const access = await readableAccess(db, user, playerId);
  const answer = async () => {
    const { count, rowsJson } = await load(db, playerId, paging.page_size, (paging.page - 1) * paging.page_size);
    return { count, page: paging.page, pageSize: paging.page_size, rowsJson };
  };
  return { etag: tagOf(schema, access, new Date()), answer };
}

export const hrRisesPage = (db: Db, user: AuthUser, playerId: number, paging: Paging) =>
  playerEventsPage(db, user, playerId, paging, playApi.hrRises.schema.response[200], pageHrRises);

export const coolDownsPage = (db: Db, user: AuthUser, playerId: number, paging: Paging) =>
  playerEventsPage(db, user, playerId, paging, playApi.coolDowns.schema.response[200], pageCoolDowns);

export const cooldownEventsPage = (db: Db, user: AuthUser, playerId: number, paging: Paging) =>
  playerEventsPage(db, user, playerId, paging, playApi.cooldownEvents.schema.response[200], pageCooldownEvents);

/**
 * The overview's figures and the player's streak: the streak counted for the player's data version,
 * time zone and local day is kept (play.streak-cache.ts), so a read that finds it runs the
 * statement without the weeks of play; otherwise the statement reads them and `playStreak` counts.
 */
async function overviewPlay(db: Db, player: PlayPlayer, week: string, today: Date, timeZone: string) {
  const streaks = streakCacheOf(db);
  const key = { version: player.version, timeZone, dateKey: localDateKey(today, timeZone) };
  const known = streaks.get(player.id, key);
  if (known) return { ...(await playerOverviewSums(db, player.id, week, OVERVIEW_LAST_SESSIONS)), streak: known };
  const { weeksPlayed, ...figures } = await playerOverview(db, player.id, week, OVERVIEW_LAST_SESSIONS);
  const streak = playStreak(weeksPlayed, { today, timeZone });
  streaks.set(player.id, key, streak);
  return { ...figures, streak };
}

/** GET /api/v1/dashboard/player/{id}/overview/: what the home screen shows for one player. */
export async function overview(db: Db, user: AuthUser, playerId: number, today = new Date()) {
  const player = await readablePlayer(db, user, playerId);
  const timeZone = player.timeZone || DEFAULT_TIMEZONE;
  const answer = async () => {
    // The current week lies wholly inside the 1W frame (today minus 7 days is in the week before).
    const week = thisWeekStart({ today, timeZone });
    const { latest, streak, ...totals } = await overviewPlay(db, player, week, today, timeZone);
    return {
      player_id: player.id,
      name: player.name,
      time_zone: timeZone,
      this_week: weekAgainstGoal(week, totals.week),
      last_sessions: latest,
      totals: {
        ...playTotals(totals),
        cooldown_events: totals.cooldownEvents,
        acorns_earned: totals.acornsEarned,
      },
      hr_gauge: player.hrGauge,
      chase_speed: player.chaseSpeed,
      acorns: player.acorns,
      first_play_date: iso(player.firstPlayDate),
      last_play_date: latest[0]?.period_datetime ?? null,
      streak: streakOnWire(streak),
    };
  };
  return { etag: tagOf(playApi.overview.schema.response[200], player, today), answer };
}

/**
 * GET /api/v1/dashboard/account/{id}/this_week/: every player of the account this week, side by
 * side (Home's siblings card), in one read for the whole family: each player's figures are those
 * its overview shows (the same week, rules and streak), in the family's time zone.
 */
export async function familyWeek(db: Db, user: AuthUser, accountId: number, today = new Date()) {
  await assertAccountAccess(db, user, accountId, 'read');
  const account = await findAccount(db, accountId);
  if (!account) throw notFound();
  const timeZone = account.timeZone || DEFAULT_TIMEZONE;
  const week = thisWeekStart({ today, timeZone });
  const rows = await familyWeekRows(db, accountId, week);
  return {
    account_id: accountId,
    time_zone: timeZone,
    week_start: week,
    goal_minutes: CHART.goalMinutes,
    players: rows.map((row) => ({
      player_id: row.playerId,
      name: row.name,
      this_week: weekAgainstGoal(week, row.week),
      last_play_date: iso(row.lastPlayDate),
      streak: streakOnWire(playStreak(row.weeksPlayed, { today, timeZone })),
    })),
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
      ...playTotals(t),
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
