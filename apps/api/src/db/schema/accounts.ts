import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    accountStatus: text('account_status').notNull().default('ACTIVE'),
    timeZone: text('time_zone').notNull().default('America/New_York'),
    coachUserId: integer('coach_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    experimentalData: jsonb('experimental_data').$type<Record<string, unknown>>().notNull().default({}),
    /** The family's note to its coach (SPEC §7 /accounts/{id}/custom_note/). */
    customNote: text('custom_note').notNull().default(''),
    customNoteUpdatedAt: timestamp('custom_note_updated_at', { withTimezone: true }),
    customNoteUpdatedBy: integer('custom_note_updated_by').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    /** The game version the family's devices run (staff migrate an account to a newer one). */
    gameVersion: integer('game_version').notNull().default(3),
    ...timestamps,
  },
  (t) => [index('accounts_coach_user_id_idx').on(t.coachUserId)],
);

export const accountTags = pgTable(
  'account_tags',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_tags_account_tag_uq').on(t.accountId, sql`lower(${t.tag})`),
    index('account_tags_tag_idx').on(sql`lower(${t.tag})`),
  ],
);

/**
 * People who sign in: parents (account holders), coaches and staff. A user belongs to at most one
 * account (SPEC §3: User.account); an account has many users (Account.users).
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phonenumber: text('phonenumber').notNull().default(''),
    country: text('country').notNull().default('US'),
    passwordHash: text('password_hash'),
    isStaff: boolean('is_staff').notNull().default(false),
    isCoach: boolean('is_coach').notNull().default(false),
    isBillingUser: boolean('is_billing_user').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    accountId: integer('account_id').references((): AnyPgColumn => accounts.id, { onDelete: 'set null' }),
    billingStatus: text('billing_status').notNull().default('NOT_PURCHASED'),
    /** A new e-mail address waiting for its confirmation link (one_time_tokens purpose 'email_change'). */
    pendingEmail: text('pending_email'),
    /** The community group's network and the name the parent uses there (POST /api/v1/social-acc/set). */
    socialProvider: text('social_provider'),
    socialHandle: text('social_handle'),
    /** The Monday e-mail with each player's week (opt-out). */
    weeklyDigest: boolean('weekly_digest').notNull().default(true),
    /**
     * The language the person chose (the profile, or the login page's picker): one of the domain's
     * LANGUAGES, for their e-mails and texts; null until they choose (docs/decisions/0074).
     */
    language: text('language'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    index('users_account_id_idx').on(t.accountId),
    // LANGUAGES of packages/domain/src/languages.ts (user.test.ts holds the two together).
    check('users_language_ck', sql`${t.language} in ('en', 'es')`),
  ],
);

/** Small key/value facts about the database itself (for example when demo data was loaded). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A tablet or phone that runs the games for an account (SPEC §3 Device, §7 kiosk mode). */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    platform: text('platform').notNull().default('tablet'),
    isKioskMode: boolean('is_kiosk_mode').notNull().default(false),
    /** The kiosk mode the device last read with its settings; a difference is a change still waiting. */
    kioskModeOnDevice: boolean('kiosk_mode_on_device').notNull().default(false),
    /** SHA-256 of the device token the game app uploads play sessions with. */
    tokenHash: text('token_hash'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('devices_account_id_idx').on(t.accountId), uniqueIndex('devices_token_hash_uq').on(t.tokenHash)],
);

/** The user's shipping address (SPEC §3 Shipping; GET/PATCH /api/v2/user/shipping/). */
export const userShipping = pgTable('user_shipping', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  address1: text('address_1').notNull().default(''),
  address2: text('address_2').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  zipcode: text('zipcode').notNull().default(''),
  country: text('country').notNull().default('US'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Things a person has done that the portal remembers (SPEC §7 user_actions, has_done); the first time counts. */
export const userActions = pgTable(
  'user_actions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_actions_user_action_uq').on(t.userId, t.action)],
);

/** Conversations staff and coaches had with a family (SPEC §7 customer_interactions). */
export const customerInteractions = pgTable(
  'customer_interactions',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    direction: text('direction').notNull().default('outbound'),
    /** What it was about (INTERACTION_TOPICS) and how it ended (INTERACTION_OUTCOMES); null on older rows. */
    topic: text('topic'),
    outcome: text('outcome'),
    summary: text('summary').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdByUserId: integer('created_by_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_interactions_account_idx').on(t.accountId, t.occurredAt)],
);
