import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
    /** 'program_terms' | 'player_added' | 'analytics' (packages/domain CONSENT_KINDS). */
    kind: text('kind').notNull(),
    granted: boolean('granted').notNull(),
    policyVersion: text('policy_version').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consent_records_account_idx').on(t.accountId, t.id), index('consent_records_user_idx').on(t.userId)],
);
