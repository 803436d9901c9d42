import { date, index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** Registered OAuth2 clients (SPEC §7: client id). Data, not code. */
export const oauthClients = pgTable('oauth_clients', {
  clientId: text('client_id').primaryKey(),
  name: text('name').notNull(),
  grantTypes: text('grant_types').array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One signed-in session: a login through the token endpoint, a login call or a cookie session. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    kind: text('kind').notNull().default('token'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('auth_sessions_user_id_idx').on(t.userId)],
);

/**
 * Access, refresh and cookie-session tokens, stored only as SHA-256 hashes. A refresh token is used
 * once: using it sets used_at and issues the next of its family (the session); a second use of a
 * used refresh token revokes the session.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_tokens_session_id_idx').on(t.sessionId)],
);

/** One-time links: invitations ("get access") and password resets; only the hash is stored. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_tokens_user_id_idx').on(t.userId)],
);

/**
 * Attempt counters shared by every server instance (keys like 'ip:…', 'email:…', 'device:…'; see
 * auth.throttle.ts). `failures` counts the attempts let through in the window, `refused` those
 * answered 429 without being evaluated.
 */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  refused: integer('refused').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/**
 * Browsers on which a person has signed in (the httpOnly grove_device cookie, stored as its SHA-256
 * hash). A login from a known device has its own throttle: failures elsewhere do not block it.
 * One browser may be known for several people (a shared family computer).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.userId] }), index('known_devices_user_id_idx').on(t.userId)],
);

/** Every e-mail Grove sends, whatever the adapter; the local adapter only stores it here. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    /** The HTML part; null for rows written before e-mails had one. */
    htmlBody: text('html_body'),
    template: text('template').notNull(),
    status: text('status').notNull().default('sent'),
    provider: text('provider').notNull(),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    /** The person it was written to, when Grove knows them (GET /api/v1/communications?user=). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Delivery attempts so far (the outbox job retries with backoff). */
    attempts: integer('attempts').notNull().default(0),
    /**
     * One-time secrets in the body (a link's token): an external provider's delivery replaces them
     * in text_body and html_body and empties this list, so a delivered row holds nothing usable.
     */
    secrets: text('secrets').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('email_outbox_to_idx').on(t.toAddress), index('email_outbox_user_idx').on(t.userId)],
);

/** Every text message Grove sends (ARCHITECTURE §4: the SMS port's outbox; Twilio when configured). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    /** The person it was written to, when Grove knows them. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who asked for it (a parent texting the app link, a staff member or coach). */
    senderUserId: integer('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    toNumber: text('to_number').notNull(),
    body: text('body').notNull(),
    /**
     * One-time secrets in the body (a card-update link's token): an external provider's delivery
     * replaces them (adapters/sms/sms.repository.ts), as for e-mail.
     */
    secrets: text('secrets').array(),
    kind: text('kind').notNull(),
    template: text('template').notNull(),
    status: text('status').notNull().default('queued'),
    provider: text('provider').notNull(),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('sms_outbox_user_idx').on(t.userId), index('sms_outbox_sender_idx').on(t.senderUserId, t.createdAt)],
);

/** One weekly family digest per parent per week (the week's Monday in the family's time zone). */
export const digestSends = pgTable(
  'digest_sends',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekStart: date('week_start').notNull(),
    emailOutboxId: integer('email_outbox_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.weekStart] })],
);
