import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';
import { players } from './players.ts';

/**
 * A parent's read-only link to one player's summary for a clinician (issue 17 item 5;
 * docs/decisions/0037). Only the SHA-256 hash of the link's token is kept. A deleted player (or
 * account) takes its links and their views with it.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    displayName: text('display_name').notNull(),
    /** The time frame of play shown: local dates in the account's time zone, both included. */
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('share_links_token_hash_uq').on(t.tokenHash),
    index('share_links_account_idx').on(t.accountId, t.id),
    index('share_links_player_idx').on(t.playerId),
    check('share_links_frame_ck', sql`${t.toDate} >= ${t.fromDate}`),
  ],
);

/** One answer of a shared summary: when, and a coarse description of who (browser family, network). */
export const shareLinkViews = pgTable(
  'share_link_views',
  {
    id: serial('id').primaryKey(),
    shareLinkId: integer('share_link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'Safari on iOS': the user agent's family only. */
    browser: text('browser').notNull(),
    /** '203.0.113.0/24' or '2001:db8:1::/48': never the full address. */
    network: text('network').notNull(),
  },
  (t) => [index('share_link_views_link_idx').on(t.shareLinkId, t.viewedAt)],
);
