/**
 * The back-office (issue 14, docs/admin.md): staff notes on an account, support tickets (the local
 * default of the support-ticket port), the append-only audit log of every staff write, and the
 * accounts search table that the admin accounts list reads (kept by triggers, migration 0006).
 */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A staff note on an account (SPEC §7 /admin/accounts/{id}/notes/). */
export const accountNotes = pgTable(
  'account_notes',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    editedByUserId: integer('edited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt,
    updatedAt,
  },
  (t) => [index('account_notes_account_idx').on(t.accountId, t.id)],
);

/** A support request (the local support-ticket port; Zendesk holds them when configured). */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial('id').primaryKey(),
    requesterUserId: integer('requester_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull().default('new'),
    priority: text('priority').notNull().default('normal'),
    channel: text('channel').notNull().default('web'),
    createdAt,
    updatedAt,
  },
  (t) => [index('support_tickets_requester_idx').on(t.requesterUserId, t.id)],
);

/**
 * Every staff write (issue 14 §7): who, when, what, before and after, the reason when given.
 * Append-only: a trigger refuses UPDATE and DELETE (migration 0006). No foreign keys, so the rows
 * outlive the people and accounts they name.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: integer('actor_user_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    /** What was done, in words (the endpoint's summary). */
    action: text('action').notNull(),
    method: text('method').notNull(),
    /** The route's path pattern ('/api/v2/admin/accounts/:id/notes'). */
    route: text('route').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    accountId: integer('account_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The request's body and query, secrets left out. */
    request: jsonb('request'),
    reason: text('reason'),
    status: integer('status').notNull(),
    createdAt,
  },
  (t) => [index('audit_log_account_idx').on(t.accountId, t.id), index('audit_log_actor_idx').on(t.actorUserId, t.id)],
);

/**
 * One row per account with what the admin list searches, filters and sorts on, kept by triggers on
 * accounts, users, players, account_tags and subscriptions (migration 0006, refresh_account_search).
 */
export const accountSearch = pgTable(
  'account_search',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The account holder's "last first", lower case (the name sort). */
    holderName: text('holder_name').notNull().default(''),
    holderEmail: text('holder_email').notNull().default(''),
    /** Names, e-mails, phone digits, player names and the account id, lower case, space separated. */
    document: text('document').notNull().default(''),
    accountStatus: text('account_status').notNull(),
    billingStatus: text('billing_status').notNull(),
    planTag: text('plan_tag'),
    coachUserId: integer('coach_user_id'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('account_search_document_trgm').using('gin', sql`${t.document} gin_trgm_ops`),
    index('account_search_tags_gin').using('gin', t.tags),
    index('account_search_name_idx').on(t.holderName, t.accountId),
    index('account_search_email_idx').on(t.holderEmail, t.accountId),
    index('account_search_created_idx').on(t.createdAt, t.accountId),
    index('account_search_status_name_idx').on(t.accountStatus, t.holderName, t.accountId),
    index('account_search_billing_name_idx').on(t.billingStatus, t.holderName, t.accountId),
    index('account_search_coach_name_idx').on(t.coachUserId, t.holderName, t.accountId),
    index('account_search_plan_name_idx').on(t.planTag, t.holderName, t.accountId),
  ],
);

/**
 * Every name the accounts search has seen (words without digits or @), for typo tolerance: a
 * mistyped word is matched to its nearest known words (pg_trgm similarity on this small table),
 * which are then searched exactly. Kept by refresh_account_search (migration 0007); a word is
 * never removed (a stale one only widens a typo's guess).
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm').using('gin', sql`${t.word} gin_trgm_ops`),
]);
