/** A player's play data: sessions, weekly buckets, heart-rate events, overview (SPEC §3, §7 Player). */
import * as z from 'zod';

import { PAGE_SIZES } from '../constants.ts';
import { DEFAULT_TIME_FRAME, TIME_FRAMES, type TimeFrameId } from '../stats.ts';
import {
  API_MESSAGES,
  count,
  endpoint,
  idParams,
  localDate,
  page,
  pageQuery,
  timestamp,
  type Reply,
  type RequestQuery,
} from './common.ts';

const tags = ['play data'];
const FRAME_IDS = TIME_FRAMES.map((frame) => frame.id) as [TimeFrameId, ...TimeFrameId[]];
const frameId = z.enum(FRAME_IDS);
const nullableNumber = z.number().nullable();

const timeFrameQuery = z.object({
  time_frame: z
    .enum(FRAME_IDS, { error: API_MESSAGES.choice(FRAME_IDS) })
    .default(DEFAULT_TIME_FRAME)
    .describe(
      '1W: the last 7 days, 1Mo / 3Mos: calendar months back, all: from the first play date. Local midnight in the account time zone.',
    ),
});

export const playSession = z.object({
  id: count,
  period_datetime: timestamp.describe('When the session started.'),
  seconds_played: count,
  acorns_earned: count,
  hr_rises: count,
  cool_downs: count,
});

export const weeklyPlay = z.object({
  week_start: localDate.describe('Local date (YYYY-MM-DD) of the Monday the week starts on.'),
  seconds_played: count,
  minutes: count.describe('seconds_played rounded to whole minutes.'),
  sessions: count,
  hr_rises: count,
  cool_downs: count,
  average_cool_down_seconds: nullableNumber,
});

const weeklyActivity = z.object({
  player_id: count,
  time_frame: frameId,
  time_zone: z.string(),
  frame_start: timestamp,
  first_play_date: timestamp.nullable(),
  goal_minutes: count,
  total_seconds_played: count,
  total_sessions: count,
  weeks: z
    .array(weeklyPlay)
    .describe('Every week of the frame, oldest first, empty weeks as zero; the last is the current week.'),
});

const activityPage = page(playSession).extend({
  time_frame: frameId,
  frame_start: timestamp,
  total_seconds_played: count.describe('Seconds played in the whole time frame (all pages).'),
});

export const hrRise = z.object({
  id: count,
  session_id: count,
  occurred_at: timestamp,
  start_bpm: count,
  peak_bpm: count,
});
export const coolDown = z.object({
  id: count,
  session_id: count,
  started_at: timestamp,
  ended_at: timestamp,
  duration_seconds: count,
  start_bpm: count,
  end_bpm: count,
});
export const cooldownEvent = z.object({
  id: count,
  session_id: count,
  occurred_at: timestamp,
  event_type: z.string(),
  bpm: count.nullable(),
});

/**
 * Weeks in a row at or over the 45-minute goal (issue 29), in the family's time zone; the week
 * under way counts once it reaches the goal and never breaks the run before it ends.
 */
export const playStreak = z
  .object({
    weeks: count.describe('Goal weeks in a row up to this week.'),
    this_week_met: z.boolean().describe('This week has reached the goal (and counts in weeks).'),
    longest_weeks: count.describe('The longest run of goal weeks.'),
  })
  .describe('The play streak: weeks in a row at or over the weekly goal.');

/** The week under way against the weekly goal, in the family's time zone (overview, family week). */
export const thisWeek = z
  .object({
    week_start: localDate.describe("Local date (YYYY-MM-DD) of this week's Monday in the account time zone."),
    seconds_played: count,
    minutes: count.describe('seconds_played rounded to whole minutes, as the chart shows them.'),
    sessions: count,
    hr_rises: count,
    cool_downs: count,
    goal_minutes: count,
  })
  .describe("This week's play against the weekly goal.");

const overview = z.object({
  player_id: count,
  name: z.string(),
  time_zone: z.string(),
  this_week: thisWeek,
  last_sessions: z.array(playSession).describe('The latest sessions, newest first.'),
  totals: z.object({
    sessions: count,
    seconds_played: count,
    hr_rises: count,
    cool_downs: count,
    cooldown_events: count,
    average_cool_down_seconds: nullableNumber,
    acorns_earned: count,
  }),
  hr_gauge: count,
  chase_speed: count,
  acorns: count,
  first_play_date: timestamp.nullable(),
  last_play_date: timestamp.nullable(),
  streak: playStreak,
});

const statistics = z.object({
  account_id: count,
  time_zone: z.string(),
  first_play_date: timestamp.nullable(),
  players: z.array(
    z.object({
      player_id: count,
      name: z.string(),
      first_play_date: timestamp.nullable(),
      last_play_date: timestamp.nullable(),
      sessions: count,
      seconds_played: count,
      hr_rises: count,
      cool_downs: count,
      average_cool_down_seconds: nullableNumber,
      acorns_earned: count,
      acorns: count,
    }),
  ),
  totals: z.object({
    players: count,
    sessions: count,
    seconds_played: count,
    hr_rises: count,
    cool_downs: count,
    acorns_earned: count,
    acorns: count,
  }),
});

/** Every player of an account this week, side by side (issue 29 item 2: Home's siblings card). */
const familyWeek = z.object({
  account_id: count,
  time_zone: z.string(),
  week_start: localDate.describe("Local date (YYYY-MM-DD) of this week's Monday in the account time zone."),
  goal_minutes: count,
  players: z
    .array(
      z.object({
        player_id: count,
        name: z.string(),
        this_week: thisWeek,
        last_play_date: timestamp.nullable().describe('Start of the latest session; null before any play.'),
        streak: playStreak,
      }),
    )
    .describe('Every player of the account, ordered by id; the same figures as each player’s overview.'),
});

/** The columns of the sessions CSV export, in order. */
export const SESSION_CSV_COLUMNS = [
  'Date',
  'Start time',
  'Time zone',
  'Minutes played',
  'Seconds played',
  'Heart-rate rises',
  'Cooldowns',
  'Average cooldown (seconds)',
  'Acorns earned',
] as const;

/**
 * The player's play reads are conditional (docs/decisions/0056-play-rollups.md): the answer's ETag
 * names the player's data version and the family's date, and a request whose If-None-Match names it
 * is answered 304 Not Modified, without a body.
 */
const CONDITIONAL =
  "The answer carries an ETag; a request whose If-None-Match names it is answered 304 Not Modified without a body until the player's play, the player or the family's date changes. Cache-Control: private, no-store.";

/** The three event lists page the same way; only their rows differ. */
const eventList = <T extends z.ZodType>(path: string, what: string, defaultSize: number, item: T) =>
  endpoint('GET', `/api/v2/player/:id/${path}`, {
    tags,
    summary: `A player's ${what} in id order (paged; page_size up to ${PAGE_SIZES.max})`,
    description: CONDITIONAL,
    params: idParams,
    querystring: pageQuery(defaultSize, PAGE_SIZES.max),
    response: { 200: page(item) },
  });

export const playApi = {
  activity: endpoint('GET', '/api/v2/player/:id/activity', {
    tags,
    summary: "A player's play sessions in a time frame, oldest first (paged), with the frame's total time",
    description: CONDITIONAL,
    params: idParams,
    querystring: pageQuery(PAGE_SIZES.max, PAGE_SIZES.max).extend(timeFrameQuery.shape),
    response: { 200: activityPage },
  }),
  weekly: endpoint('GET', '/api/v2/player/:id/activity/weekly', {
    tags,
    summary: 'Weekly play buckets for the stats chart (weeks start on Monday in the account time zone)',
    description: CONDITIONAL,
    params: idParams,
    querystring: timeFrameQuery,
    response: { 200: weeklyActivity },
  }),
  hrRises: eventList('hr_rises', 'heart-rate rises', PAGE_SIZES.hrRises, hrRise),
  coolDowns: eventList('cool_downs', 'cooldowns', PAGE_SIZES.max, coolDown),
  cooldownEvents: eventList('cooldown_events', 'cooldown events', PAGE_SIZES.cooldownEvents, cooldownEvent),
  overview: endpoint('GET', '/api/v1/dashboard/player/:id/overview', {
    tags,
    summary:
      "The home screen's figures for one player: this week against the goal, last sessions, totals, gauge, chase speed, acorns",
    description: CONDITIONAL,
    params: idParams,
    response: { 200: overview },
  }),
  familyWeek: endpoint('GET', '/api/v1/dashboard/account/:id/this_week', {
    tags,
    summary:
      "This week's figures of every player of an account, side by side: minutes against the goal, rises, cooldowns, last play, streak",
    description:
      "One read for the whole family, from the week rollups, in the account time zone; each player's figures are those of its overview. Members of the account, its coach and staff; another account answers 404.",
    params: idParams,
    response: { 200: familyWeek },
  }),
  statistics: endpoint('GET', '/api/v2/accounts/:id/statistics', {
    tags,
    summary: "An account's play statistics: first play date and totals per player and for the account",
    params: idParams,
    response: { 200: statistics },
  }),
  sessionsCsv: endpoint('GET', '/api/v2/player/:id/sessions.csv', {
    tags,
    summary: "A player's sessions as CSV (download)",
    description: `All sessions, oldest first, one row per session, dates and times in the account time zone. Columns: ${SESSION_CSV_COLUMNS.join(', ')}. Members of the account, its coach and staff; another account's player answers 404. Content-Disposition names the file <player>-sessions-<today>.csv.`,
    produces: ['text/csv'],
    params: idParams,
    response: { 200: z.string().describe('text/csv; charset=utf-8, with a header row.') },
  }),
};

export type PlaySession = z.input<typeof playSession>;
export type WeeklyPlay = z.input<typeof weeklyPlay>;
export type ThisWeek = z.input<typeof thisWeek>;
export type WeeklyActivity = Reply<typeof playApi.weekly>;
export type ActivityPage = Reply<typeof playApi.activity>;
export type ActivityQuery = RequestQuery<typeof playApi.activity>;
export type PlayerOverview = Reply<typeof playApi.overview>;
export type FamilyWeek = Reply<typeof playApi.familyWeek>;
export type FamilyWeekPlayer = FamilyWeek['players'][number];
export type AccountStatistics = Reply<typeof playApi.statistics>;
export type HrRise = z.input<typeof hrRise>;
export type CoolDown = z.input<typeof coolDown>;
export type CooldownEvent = z.input<typeof cooldownEvent>;
