import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * A child or family member who plays the games. The spec's player link (player, role, player_name,
 * in_program) is this row seen from its account.
 */
export const players = pgTable(
  'players',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    role: text('role').notNull().default('child'),
    inProgram: boolean('in_program').notNull().default(true),
    hrGauge: integer('hr_gauge').notNull().default(5),
    chaseSpeed: integer('chase_speed').notNull().default(5),
    acorns: integer('acorns').notNull().default(0),
    /**
     * The player's play data version: bumped by the database whenever the player's sessions or
     * their local days change (migration 0015). With the row's own changes it makes the play reads'
     * ETag (docs/decisions/0056-play-rollups.md).
     */
    playVersion: integer('play_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('players_account_id_idx').on(t.accountId, t.id)],
);
