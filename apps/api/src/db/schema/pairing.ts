import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, devices, users } from './accounts.ts';
import { oauthClients } from './auth.ts';

/**
 * Connecting a tablet (RFC 8628 device authorization; docs/decisions/0042-device-pairing.md): one
 * row per code the game asked for. Only the SHA-256 hash of the device code (the game's secret) is
 * kept; the user code (what a parent types) is short-lived and kept normalised ('WDJBMJHT'), unique
 * among the pending codes. Rows are transient: removed a day after they expire, and with the account.
 */
export const deviceAuthorizations = pgTable(
  'device_authorizations',
  {
    id: serial('id').primaryKey(),
    deviceCodeHash: text('device_code_hash').notNull(),
    userCode: text('user_code').notNull(),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.clientId),
    /** What the tablet calls itself (the parent names the device when approving). */
    suggestedName: text('suggested_name').notNull().default(''),
    platform: text('platform').notNull().default(''),
    /** pending · approved (the device exists, its token not yet picked up) · denied · consumed. */
    status: text('status').notNull().default('pending'),
    /** Seconds the game must wait between polls; grows by 5 at each slow_down. */
    intervalSeconds: integer('interval_seconds').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    /** Set when a parent approves or declines: the account in the path, the device made for it. */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('device_authorizations_device_code_hash_uq').on(t.deviceCodeHash),
    uniqueIndex('device_authorizations_live_user_code_uq')
      .on(t.userCode)
      .where(sql`${t.status} = 'pending'`),
    index('device_authorizations_user_code_idx').on(t.userCode),
    index('device_authorizations_expires_at_idx').on(t.expiresAt),
    index('device_authorizations_account_id_idx').on(t.accountId),
    check('device_authorizations_status_ck', sql`${t.status} in ('pending', 'approved', 'denied', 'consumed')`),
  ],
);
