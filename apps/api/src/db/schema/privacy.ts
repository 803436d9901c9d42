import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts, users } from './accounts.ts';
import { players } from './players.ts';

/**
 * Consent given (or withdrawn) by a parent (issue 17; docs/privacy.md): at checkout, when a player
 * is added, on a new policy version, and the analytics choice. Append-only: nothing updates a
 * row; a withdrawal is a new row with granted = false, and the latest row of a kind is in force.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Who agreed; null once that person is removed from Grove (the household's record stays). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The player a 'player_added' consent is for. */
    playerId: integer('player_id').references(() => players.id, { onDelete: 'set null' }),
    /** 'program_terms' | 'player_added' | 'analytics' | 'payment_texts' (packages/domain CONSENT_KINDS). */
    kind: text('kind').notNull(),
    granted: boolean('granted').notNull(),
    policyVersion: text('policy_version').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consent_records_account_idx').on(t.accountId, t.id), index('consent_records_user_idx').on(t.userId)],
);

/** Binary content (PostgreSQL bytea), read and written as a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A parent's copy of what Grove holds about one player or the whole account (issue 17 item 2;
 * docs/decisions/0038): a ZIP (JSON plus CSV for sessions and heart-rate events) built by a job
 * and kept in the database until its link expires, when the job's sweep empties `content`.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The player exported; null for the whole account. A deleted player takes its exports along. */
    playerId: integer('player_id').references(() => players.id, { onDelete: 'cascade' }),
    /** 'queued' | 'ready' | 'failed' | 'expired' (packages/domain EXPORT_STATUSES). */
    status: text('status').notNull().default('queued'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    fileName: text('file_name'),
    content: bytea('content'),
    sizeBytes: integer('size_bytes'),
    /** Rows written per table, e.g. { "play_sessions": 120 }. */
    rowCounts: jsonb('row_counts').$type<Record<string, number>>(),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_account_idx').on(t.accountId, t.id),
    index('data_exports_player_idx').on(t.playerId),
    index('data_exports_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status = 'ready'`),
  ],
);

/**
 * A parent's request to delete one player's data or to close the account (issue 17 item 3;
 * docs/decisions/0039): pending through the grace period (undo), then a job erases the data and
 * marks it completed with the rows it removed. The row itself stays as the family's record.
 */
export const deletionRequests = pgTable(
  'deletion_requests',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The player whose data goes; null when the account closes. Set null once the player is erased. */
    playerId: integer('player_id').references(() => players.id, { onDelete: 'set null' }),
    /** 'player' | 'account' (packages/domain DATA_SCOPES). */
    scope: text('scope').notNull(),
    /** The player's first name when asked (shown in the family's history; cleared when the account closes). */
    playerName: text('player_name').notNull().default(''),
    /** 'pending' | 'cancelled' | 'completed' (packages/domain DELETION_STATUSES). */
    status: text('status').notNull().default('pending'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the job erases the data: the end of the grace period, or earlier when the parent says "now". */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Where the "done" e-mail goes (kept until it is sent, since an account's people are erased too). */
    notifyEmail: text('notify_email'),
    /** Rows removed per table, e.g. { "play_sessions": 120 }. */
    removed: jsonb('removed').$type<Record<string, number>>(),
  },
  (t) => [
    index('deletion_requests_account_idx').on(t.accountId, t.id),
    index('deletion_requests_pending_idx')
      .on(t.dueAt)
      .where(sql`status = 'pending'`),
    // At most one pending request per player, and one pending account closure.
    uniqueIndex('deletion_requests_pending_player_uq')
      .on(t.playerId)
      .where(sql`status = 'pending' and scope = 'player'`),
    uniqueIndex('deletion_requests_pending_account_uq')
      .on(t.accountId)
      .where(sql`status = 'pending' and scope = 'account'`),
  ],
);

/**
 * The retention job's work on a cancelled account (issue 17 item 4; docs/privacy.md): one row per
 * cancellation it acts on, so the reminder is sent once and the removal recorded.
 */
export const retentionNotices = pgTable(
  'retention_notices',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The cancellation this notice is about (the subscription's end). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }).notNull(),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    purgedAt: timestamp('purged_at', { withTimezone: true }),
    removed: jsonb('removed').$type<Record<string, number>>(),
  },
  (t) => [uniqueIndex('retention_notices_account_cancel_uq').on(t.accountId, t.cancelledAt)],
);
