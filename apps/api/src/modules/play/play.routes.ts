import { PAGE_SIZES, TIME_FRAMES, type TimeFrameId } from '@grove/domain';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { idParams } from '../../lib/ids.ts';
import { pageQuery, pageSchema, toPage } from '../../lib/pagination.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import {
  accountStatistics,
  activity,
  coolDownsPage,
  cooldownEventsPage,
  hrRisesPage,
  overview,
  weeklyActivity,
} from './play.service.ts';

const TAGS = ['play data'];
const FRAME_IDS = TIME_FRAMES.map((frame) => frame.id) as [TimeFrameId, ...TimeFrameId[]];
const timeFrameQuery = z.object({
  time_frame: z
    .enum(FRAME_IDS, { error: `Choose one of: ${FRAME_IDS.join(', ')}.` })
    .default('all')
    .describe('1W: the last 7 days, 1Mo / 3Mos: calendar months back, all: from the first play date. Local midnight in the account time zone.'),
});

const timestamp = z.string().describe('ISO 8601 date-time (UTC).');
const nullableNumber = z.number().nullable();

const sessionSchema = z.object({
  id: z.number().int(),
  period_datetime: timestamp.describe('When the session started.'),
  seconds_played: z.number().int(),
  acorns_earned: z.number().int(),
  hr_rises: z.number().int(),
  cool_downs: z.number().int(),
});

const weekSchema = z.object({
  week_start: z.string().describe('Local date (YYYY-MM-DD) of the Monday the week starts on.'),
  seconds_played: z.number().int(),
  minutes: z.number().int().describe('seconds_played rounded to whole minutes.'),
  sessions: z.number().int(),
  hr_rises: z.number().int(),
  cool_downs: z.number().int(),
  average_cool_down_seconds: nullableNumber,
});

const weeklySchema = z.object({
  player_id: z.number().int(),
  time_frame: z.enum(FRAME_IDS),
  time_zone: z.string(),
  frame_start: timestamp,
  first_play_date: timestamp.nullable(),
  goal_minutes: z.number().int(),
  total_seconds_played: z.number().int(),
  total_sessions: z.number().int(),
  weeks: z.array(weekSchema).describe('Every week of the frame, oldest first, empty weeks as zero; the last is the current week.'),
});

const activitySchema = pageSchema(sessionSchema).extend({
  time_frame: z.enum(FRAME_IDS),
  frame_start: timestamp,
  total_seconds_played: z.number().int().describe('Seconds played in the whole time frame (all pages).'),
});

const riseSchema = z.object({
  id: z.number().int(),
  session_id: z.number().int(),
  occurred_at: timestamp,
  start_bpm: z.number().int(),
  peak_bpm: z.number().int(),
});
const coolDownSchema = z.object({
  id: z.number().int(),
  session_id: z.number().int(),
  started_at: timestamp,
  ended_at: timestamp,
  duration_seconds: z.number().int(),
  start_bpm: z.number().int(),
  end_bpm: z.number().int(),
});
const cooldownEventSchema = z.object({
  id: z.number().int(),
  session_id: z.number().int(),
  occurred_at: timestamp,
  event_type: z.string(),
  bpm: z.number().int().nullable(),
});

const overviewSchema = z.object({
  player_id: z.number().int(),
  name: z.string(),
  time_zone: z.string(),
  this_week: z.object({
    week_start: z.string(),
    seconds_played: z.number().int(),
    minutes: z.number().int(),
    sessions: z.number().int(),
    hr_rises: z.number().int(),
    cool_downs: z.number().int(),
    goal_minutes: z.number().int(),
  }),
  last_sessions: z.array(sessionSchema).describe('The latest sessions, newest first.'),
  totals: z.object({
    sessions: z.number().int(),
    seconds_played: z.number().int(),
    hr_rises: z.number().int(),
    cool_downs: z.number().int(),
    cooldown_events: z.number().int(),
    average_cool_down_seconds: nullableNumber,
    acorns_earned: z.number().int(),
  }),
  hr_gauge: z.number().int(),
  chase_speed: z.number().int(),
  acorns: z.number().int(),
  first_play_date: timestamp.nullable(),
  last_play_date: timestamp.nullable(),
});

const statisticsSchema = z.object({
  account_id: z.number().int(),
  time_zone: z.string(),
  first_play_date: timestamp.nullable(),
  players: z.array(
    z.object({
      player_id: z.number().int(),
      name: z.string(),
      first_play_date: timestamp.nullable(),
      last_play_date: timestamp.nullable(),
      sessions: z.number().int(),
      seconds_played: z.number().int(),
      hr_rises: z.number().int(),
      cool_downs: z.number().int(),
      average_cool_down_seconds: nullableNumber,
      acorns_earned: z.number().int(),
      acorns: z.number().int(),
    }),
  ),
  totals: z.object({
    players: z.number().int(),
    sessions: z.number().int(),
    seconds_played: z.number().int(),
    hr_rises: z.number().int(),
    cool_downs: z.number().int(),
    acorns_earned: z.number().int(),
    acorns: z.number().int(),
  }),
});

export function playRoutes(app: App, db: Db) {
  app.get(
    '/api/v2/player/:id/activity',
    {
      config: { policy: 'user' },
      schema: {
        tags: TAGS,
        summary: "A player's play sessions in a time frame, oldest first (paged), with the frame's total time",
        params: idParams,
        querystring: pageQuery(PAGE_SIZES.max, PAGE_SIZES.max).extend(timeFrameQuery.shape),
        response: { 200: activitySchema },
      },
    },
    async (request) => {
      const { time_frame, ...paging } = request.query;
      const { time_frame: frame, frame_start, total_seconds_played, ...page } = await activity(
        db,
        requireUser(request),
        request.params.id,
        time_frame,
        paging,
      );
      return { ...toPage(request, page), time_frame: frame, frame_start, total_seconds_played };
    },
  );

  app.get(
    '/api/v2/player/:id/activity/weekly',
    {
      config: { policy: 'user' },
      schema: {
        tags: TAGS,
        summary: 'Weekly play buckets for the stats chart (weeks start on Monday in the account time zone)',
        params: idParams,
        querystring: timeFrameQuery,
        response: { 200: weeklySchema },
      },
    },
    async (request) => weeklyActivity(db, requireUser(request), request.params.id, request.query.time_frame),
  );

  // The three event lists page the same way; only their rows differ.
  const eventList = <T extends z.ZodType>(
    path: string,
    what: string,
    defaultSize: number,
    item: T,
    load: (db: Db, user: AuthUser, playerId: number, paging: { page: number; page_size: number }) => Promise<{ count: number; page: number; pageSize: number; results: z.infer<T>[] }>,
  ) =>
    app.get(
      `/api/v2/player/:id/${path}`,
      {
        config: { policy: 'user' },
        schema: {
          tags: TAGS,
          summary: `A player's ${what} in id order (paged; page_size up to ${PAGE_SIZES.max})`,
          params: idParams,
          querystring: pageQuery(defaultSize, PAGE_SIZES.max),
          response: { 200: pageSchema(item) },
        },
      },
      async (request) => toPage(request, await load(db, requireUser(request), request.params.id, request.query)),
    );
  eventList('hr_rises', 'heart-rate rises', PAGE_SIZES.hrRises, riseSchema, hrRisesPage);
  eventList('cool_downs', 'cooldowns', PAGE_SIZES.max, coolDownSchema, coolDownsPage);
  eventList('cooldown_events', 'cooldown events', PAGE_SIZES.cooldownEvents, cooldownEventSchema, cooldownEventsPage);

  app.get(
    '/api/v1/dashboard/player/:id/overview',
    {
      config: { policy: 'user' },
      schema: {
        tags: TAGS,
        summary: "The home screen's figures for one player: this week against the goal, last sessions, totals, gauge, chase speed, acorns",
        params: idParams,
        response: { 200: overviewSchema },
      },
    },
    async (request) => overview(db, requireUser(request), request.params.id),
  );

  app.get(
    '/api/v2/accounts/:id/statistics',
    {
      config: { policy: 'user' },
      schema: {
        tags: TAGS,
        summary: "An account's play statistics: first play date and totals per player and for the account",
        params: idParams,
        response: { 200: statisticsSchema },
      },
    },
    async (request) => accountStatistics(db, requireUser(request), request.params.id),
  );
}
