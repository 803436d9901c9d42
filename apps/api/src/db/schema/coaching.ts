/**
 * Coaching (issue 13): coach profiles, working hours and time off, coaching calls (bookings), coach
 * notes; webinars (tutorials) and their registrations; the onboarding steps an account passed.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
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

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A coach's public profile and calendar settings; `widget_id` names their booking calendar. */
export const coachProfiles = pgTable(
  'coach_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default('Grove coach'),
    bio: text('bio').notNull().default(''),
    timeZone: text('time_zone').notNull().default('America/New_York'),
    widgetId: text('widget_id').notNull(),
    acceptsBookings: boolean('accepts_bookings').notNull().default(true),
    createdAt,
    updatedAt,
  },
  (t) => [uniqueIndex('coach_profiles_widget_uq').on(t.widgetId)],
);

/** Weekly working hours in the coach's time zone: ISO weekday (1 = Monday) and minutes from midnight. */
export const coachWorkingHours = pgTable(
  'coach_working_hours',
  {
    id: serial('id').primaryKey(),
    coachUserId: integer('coach_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
  },
  (t) => [
    index('coach_working_hours_coach_idx').on(t.coachUserId),
    check(
      'coach_working_hours_range',
      sql`${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.startMinute} < ${t.endMinute} and ${t.weekday} between 1 and 7`,
    ),
  ],
);

export const coachTimeOff = pgTable(
  'coach_time_off',
  {
    id: serial('id').primaryKey(),
    coachUserId: integer('coach_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull().default(''),
    createdAt,
  },
  (t) => [
    index('coach_time_off_coach_idx').on(t.coachUserId, t.startsAt),
    check('coach_time_off_range', sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

/**
 * A coaching call (SPEC §3 coach bookings, coaching calls). The partial unique index on
 * (coach, start) among scheduled calls is what makes double booking impossible, whatever the
 * number of concurrent requests.
 */
export const coachingCalls = pgTable(
  'coaching_calls',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    coachUserId: integer('coach_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookedByUserId: integer('booked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('scheduled'),
    summary: text('summary').notNull().default(''),
    ref: text('ref'),
    rescheduleCount: integer('reschedule_count').notNull().default(0),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex('coaching_calls_coach_slot_uq')
      .on(t.coachUserId, t.startsAt)
      .where(sql`${t.status} = 'scheduled'`),
    index('coaching_calls_account_idx').on(t.accountId, t.startsAt),
    index('coaching_calls_coach_idx').on(t.coachUserId, t.startsAt),
  ],
);

/** A coach's note about a family; `shared` notes are read by the family's parents. */
export const coachNotes = pgTable(
  'coach_notes',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    coachUserId: integer('coach_user_id').references(() => users.id, { onDelete: 'set null' }),
    callId: integer('call_id').references(() => coachingCalls.id, { onDelete: 'set null' }),
    playerId: integer('player_id').references(() => players.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    shared: boolean('shared').notNull().default(true),
    createdAt,
    updatedAt,
  },
  (t) => [index('coach_notes_account_idx').on(t.accountId, t.createdAt)],
);

/** A live online tutorial (SPEC: webinars, "tutorials" in the interface). */
export const webinars = pgTable(
  'webinars',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    hostName: text('host_name').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(30),
    capacity: integer('capacity').notNull(),
    joinUrl: text('join_url').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (t) => [index('webinars_starts_idx').on(t.startsAt)],
);

export const webinarRegistrations = pgTable(
  'webinar_registrations',
  {
    id: serial('id').primaryKey(),
    webinarId: integer('webinar_id')
      .notNull()
      .references(() => webinars.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt,
  },
  (t) => [
    uniqueIndex('webinar_registrations_uq').on(t.webinarId, t.userId),
    index('webinar_registrations_user_idx').on(t.userId),
  ],
);

/** Onboarding steps an account has passed (SPEC §4: finishing a step removes it from the steps to pass). */
export const onboardingSteps = pgTable(
  'onboarding_steps',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    passedAt: timestamp('passed_at', { withTimezone: true }).notNull().defaultNow(),
    passedByUserId: integer('passed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.step] })],
);
