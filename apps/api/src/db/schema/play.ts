import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';
import { players } from './players.ts';

/**
 * Play data uploaded by the game (SPEC §3 Player: activity, hr_rises, cooldowns, cooldown events).
 * The big tables (rises, cooldowns, cooldown events) use bigint ids and one index each, on
 * (player_id, id): a player's rows page by keyset, and deleting a player cascades through it.
 * Sessions never change once stored, so they carry their rows' counts. See
 * docs/decisions/0006-play-data.md.
 */
export const playSessions = pgTable(
  'play_sessions',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** The device that uploaded the session: provenance only, kept when the device is removed. */
    deviceId: integer('device_id'),
    /** The game's own id of the session; a retried upload with the same id adds nothing. */
    gameSessionId: text('game_session_id').notNull(),
    /** When the session started. */
    periodDatetime: timestamp('period_datetime', { withTimezone: true }).notNull(),
    secondsPlayed: integer('seconds_played').notNull(),
    acornsEarned: integer('acorns_earned').notNull().default(0),
    // Counts of the session's rows in the child tables. Sessions never change once uploaded, so
    // these are written once with them and let charts and totals read only this table.
    hrRiseCount: integer('hr_rise_count').notNull().default(0),
    coolDownCount: integer('cool_down_count').notNull().default(0),
    /** Sum of the session's cooldown durations (for the average cooldown time). */
    coolDownSeconds: integer('cool_down_seconds').notNull().default(0),
    cooldownEventCount: integer('cooldown_event_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('play_sessions_account_game_session_uq').on(t.accountId, t.gameSessionId),
    // Covers the weekly chart, the activity list and the totals with index-only scans.
    index('play_sessions_player_period_idx').on(
      t.playerId,
      t.periodDatetime,
      t.secondsPlayed,
      t.hrRiseCount,
      t.coolDownCount,
      t.coolDownSeconds,
      t.cooldownEventCount,
    ),
    check('play_sessions_seconds_played_ck', sql`${t.secondsPlayed} >= 0`),
    check('play_sessions_acorns_earned_ck', sql`${t.acornsEarned} >= 0`),
  ],
);

/** What a rollup row sums: one local day's (or week's) sessions of one player. */
const rollupTotals = {
  sessions: integer('sessions').notNull(),
  secondsPlayed: bigint('seconds_played', { mode: 'number' }).notNull(),
  hrRises: bigint('hr_rises', { mode: 'number' }).notNull(),
  coolDowns: bigint('cool_downs', { mode: 'number' }).notNull(),
  coolDownSeconds: bigint('cool_down_seconds', { mode: 'number' }).notNull(),
  cooldownEvents: bigint('cooldown_events', { mode: 'number' }).notNull(),
  acornsEarned: bigint('acorns_earned', { mode: 'number' }).notNull(),
};

/**
 * A player's play per local day, in the family's time zone. Kept by the database in the same
 * transaction as every change to play_sessions (statement triggers, migration 0015) and rebuilt
 * when the family's time zone changes; the screens read their sums from here and from the weekly
 * rollup below instead of from the sessions. See docs/decisions/0056-play-rollups.md.
 */
export const playDayRollups = pgTable(
  'play_day_rollups',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    ...rollupTotals,
  },
  (t) => [primaryKey({ columns: [t.playerId, t.day] })],
);

/** A player's play per local week (Monday first), as the day rollup above. */
export const playWeekRollups = pgTable(
  'play_week_rollups',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    week: date('week', { mode: 'string' }).notNull(),
    ...rollupTotals,
  },
  (t) => [primaryKey({ columns: [t.playerId, t.week] })],
);

/** A heart-rate rise during a session. */
export const hrRises = pgTable(
  'hr_rises',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** The session it happened in (written with the session; no foreign key, see the decision record). */
    sessionId: integer('session_id').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    startBpm: smallint('start_bpm').notNull(),
    peakBpm: smallint('peak_bpm').notNull(),
  },
  (t) => [index('hr_rises_player_id_idx').on(t.playerId, t.id)],
);

/** A cooldown: the heart rate brought back down, from started_at to ended_at. */
export const coolDowns = pgTable(
  'cool_downs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** The session it happened in (written with the session; no foreign key, see the decision record). */
    sessionId: integer('session_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    startBpm: smallint('start_bpm').notNull(),
    endBpm: smallint('end_bpm').notNull(),
  },
  (t) => [
    index('cool_downs_player_id_idx').on(t.playerId, t.id),
    check('cool_downs_order_ck', sql`${t.endedAt} >= ${t.startedAt}`),
  ],
);

/** What the game reports around cooldowns: prompted, started, completed, skipped. */
export const cooldownEvents = pgTable(
  'cooldown_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** The session it happened in (written with the session; no foreign key, see the decision record). */
    sessionId: integer('session_id').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    eventType: text('event_type').notNull(),
    bpm: smallint('bpm'),
  },
  (t) => [index('cooldown_events_player_id_idx').on(t.playerId, t.id)],
);

/** Audit trail of gauge, chase speed and acorn changes by staff: who, when, old and new, why. */
export const playerStatChanges = pgTable(
  'player_stat_changes',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    field: text('field').$type<'hr_gauge' | 'chase_speed' | 'acorns'>().notNull(),
    oldValue: integer('old_value').notNull(),
    newValue: integer('new_value').notNull(),
    reason: text('reason').notNull(),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('player_stat_changes_player_idx').on(t.playerId, t.field, t.createdAt)],
);

/** A player named in a survey form for whom the account has no player yet (SPEC §4). */
export const incompleteProfiles = pgTable(
  'incomplete_profiles',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    playerName: text('player_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('incomplete_profiles_account_name_uq').on(t.accountId, sql`lower(btrim(${t.playerName}))`)],
);

/** A survey form (intake questionnaire, check-ins); payload holds its questions. */
export const surveys = pgTable('surveys', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One filled survey form. The form names the player it is about (player_name); player_id is set
 * once that profile is linked to a player of the account.
 */
export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: serial('id').primaryKey(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    playerId: integer('player_id').references(() => players.id, { onDelete: 'set null' }),
    playerName: text('player_name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('survey_responses_player_idx').on(t.playerId, t.id),
    index('survey_responses_user_idx').on(t.userId, t.id),
    index('survey_responses_account_idx').on(t.accountId),
  ],
);

/** The variant of an experiment campaign a player was assigned to. */
export const experimentVariants = pgTable(
  'experiment_variants',
  {
    id: serial('id').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    campaignName: text('campaign_name').notNull(),
    variantName: text('variant_name').notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('experiment_variants_player_campaign_uq').on(t.playerId, t.campaignName)],
);

/** Per-account settings the game reads (SPEC §3 remote configs; §4 the metagame one is replaced). */
export const remoteConfigs = pgTable(
  'remote_configs',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    configName: text('config_name').notNull(),
    configValue: jsonb('config_value').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('remote_configs_account_name_uq').on(t.accountId, t.configName)],
);
