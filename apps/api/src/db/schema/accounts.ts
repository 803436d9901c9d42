import { sql } from 'drizzle-orm';
import {
  boolean,
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
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_uq').on(sql`lower(${t.email})`), index('users_account_id_idx').on(t.accountId)],
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
    /** SHA-256 of the device token the game app uploads play sessions with. */
    tokenHash: text('token_hash'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('devices_account_id_idx').on(t.accountId), uniqueIndex('devices_token_hash_uq').on(t.tokenHash)],
);
