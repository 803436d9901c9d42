/**
 * The data of a family's copy (issue 17 item 2; docs/decisions/0038): the `data_exports` rows, and
 * the catalogue of what an export reads — every table of the schema is either in EXPORTED_TABLES
 * (with the rows it gives for one player or for the whole account, and the columns it leaves out,
 * each with why) or in NOT_EXPORTED (with why). exports.test.ts holds the schema against both lists.
 */
import { and, asc, desc, eq, getTableColumns, getTableName, gt, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  accountNotes,
  accounts,
  accountTags,
  auditLog,
  authSessions,
  coachingCalls,
  coachNotes,
  consentRecords,
  coolDowns,
  cooldownEvents,
  customerInteractions,
  dataExports,
  deletionRequests,
  devices,
  digestSends,
  emailOutbox,
  experimentVariants,
  hrRises,
  incompleteProfiles,
  invoices,
  knownDevices,
  onboardingSteps,
  orders,
  paymentCustomers,
  players,
  playerStatChanges,
  playDayRollups,
  playSessions,
  playWeekRollups,
  refunds,
  remoteConfigs,
  retentionNotices,
  shareLinks,
  shareLinkViews,
  shipments,
  smsOutbox,
  subscriptionActions,
  subscriptions,
  supportTickets,
  surveyResponses,
  userActions,
  users,
  userShipping,
  webinarRegistrations,
} from '../../db/schema/index.ts';
import { removeSecrets } from '../../adapters/email/outbox.repository.ts';

// ---------------------------------------------------------------------------------------------
// The catalogue.

/** One row as it is written: the database's column names, the driver's values. */
export type ExportRow = Record<string, unknown>;

/** Which rows of a table an export holds. */
type RowsOf =
  /** Rows that name a player, read one player at a time: that player's, or each player's of the account. */
  | { byPlayer: PgColumn }
  /** Rows chosen by the player (absent: not part of a player's copy) or by the account. */
  | { player?: (playerId: number) => SQL; account: (accountId: number) => SQL };

export interface ExportedTable {
  /** The table's name in the database: the key in data.json and in row_counts. */
  name: string;
  table: PgTable;
  /** One line for README.txt: what a row is. */
  about: string;
  rows: RowsOf;
  /** Columns left out (database names), each with the reason README.txt gives. */
  leftOut: Readonly<Record<string, string>>;
  /** The columns written, in the table's order. */
  columns: string[];
  /** The CSV file that repeats the table (play data). */
  csv?: string;
  /** Reads in keyset pages by this unique column (all tables with an `id`). */
  pageBy: PgColumn | null;
  /** Columns read but not written, for `clean`. */
  reads: PgColumn[];
  /** Rewrites a row before it is written; `read` has the `reads` columns too. */
  clean?: (row: ExportRow, read: ExportRow) => ExportRow;
}

/** Rows whose person (`column`) is one of the account's people. */
const byMember = (column: PgColumn, accountId: number) =>
  sql`${column} in (select ${users.id} from ${users} where ${users.accountId} = ${accountId})`;

const REASONS = {
  tokenHash: 'A hash of a sign-in secret: it tells nothing about the family, and would only help someone guess it.',
  shareToken:
    'A hash of the share link’s secret: it tells nothing about the family, and would only help someone guess it.',
  password:
    'A hash of the password: it tells nothing about the person, and would only help someone guess the password.',
  sessionId: 'The signed-in session’s own id, with which Grove recognises it: a secret that is no information.',
  emailSecrets:
    'One-time link secrets (a password reset, an invitation) the message carried; they are also replaced in text_body.',
  emailHtml: 'The same message as text_body, formatted for e-mail programs.',
  smsSecrets: 'One-time link secrets (a card-update link) the text carried; they are also replaced in body.',
  paymentRefs:
    'The payment provider’s references to the customer and the card: of use only with Grove’s own key at the provider.',
  exportFiles: 'The export files themselves (this file is one of them).',
  staffEmail: 'The staff member’s own e-mail address: staff are named by their id, as elsewhere in this file.',
} as const;

interface TableOptions {
  leftOut?: Record<string, string>;
  csv?: string;
  reads?: PgColumn[];
  clean?: (row: ExportRow, read: ExportRow) => ExportRow;
}

function exported(table: PgTable, about: string, rows: RowsOf, options: TableOptions = {}): ExportedTable {
  const name = getTableName(table);
  const all = Object.values(getTableColumns(table)) as PgColumn[];
  const leftOut = options.leftOut ?? {};
  for (const column of Object.keys(leftOut)) {
    if (!all.some((c) => c.name === column)) throw new Error(`exports: ${name} has no column ${column}`);
  }
  return {
    name,
    table,
    about,
    rows,
    leftOut,
    columns: all.map((c) => c.name).filter((column) => !(column in leftOut)),
    ...(options.csv ? { csv: options.csv } : {}),
    pageBy: all.find((c) => c.name === 'id') ?? null,
    reads: options.reads ?? [],
    ...(options.clean ? { clean: options.clean } : {}),
  };
}

/**
 * Everything Grove holds about a player or an account, in the order data.json lists it. A player's
 * copy holds the tables with a `player` rule (or `byPlayer`); the account's copy holds them all.
 */
export const EXPORTED_TABLES: readonly ExportedTable[] = [
  exported(accounts, 'The family’s account: its time zone, its note to the coach, its settings.', {
    account: (a) => eq(accounts.id, a),
  }),
  exported(
    users,
    'The account’s people (parents and caregivers): names, e-mail, phone, preferences.',
    {
      account: (a) => eq(users.accountId, a),
    },
    { leftOut: { password_hash: REASONS.password } },
  ),
  exported(userShipping, 'Each person’s shipping address.', { account: (a) => byMember(userShipping.userId, a) }),
  exported(userActions, 'Things a person has done in the portal, the first time (a tour seen, an app opened).', {
    account: (a) => byMember(userActions.userId, a),
  }),
  exported(
    authSessions,
    'Sign-ins: when, from which address and browser, and when they ended.',
    { account: (a) => byMember(authSessions.userId, a) },
    { leftOut: { id: REASONS.sessionId } },
  ),
  exported(
    knownDevices,
    'Browsers a person has signed in on, and when they were last used.',
    { account: (a) => byMember(knownDevices.userId, a) },
    { leftOut: { token_hash: REASONS.tokenHash } },
  ),
  exported(
    devices,
    'Tablets and phones that run the games for the family.',
    { account: (a) => eq(devices.accountId, a) },
    { leftOut: { token_hash: REASONS.tokenHash } },
  ),
  exported(accountTags, 'Labels staff gave the account.', { account: (a) => eq(accountTags.accountId, a) }),
  exported(customerInteractions, 'Conversations staff and coaches had with the family.', {
    account: (a) => eq(customerInteractions.accountId, a),
  }),
  exported(players, 'The players (children): name, role and game settings.', {
    player: (p) => eq(players.id, p),
    account: (a) => eq(players.accountId, a),
  }),
  exported(
    playSessions,
    'Each time a player played: when, for how long, and how many heart-rate rises and cooldowns.',
    { byPlayer: playSessions.playerId },
    { csv: 'sessions.csv' },
  ),
  exported(playDayRollups, 'Each player’s play summed per day of the family’s calendar (from the sessions).', {
    byPlayer: playDayRollups.playerId,
  }),
  exported(playWeekRollups, 'Each player’s play summed per week, Monday first (from the sessions).', {
    byPlayer: playWeekRollups.playerId,
  }),
  exported(
    hrRises,
    'Heart-rate rises during play: when, from which to which heart rate.',
    { byPlayer: hrRises.playerId },
    { csv: 'hr_rises.csv' },
  ),
  exported(
    coolDowns,
    'Cooldowns: the heart rate brought back down, from when to when.',
    { byPlayer: coolDowns.playerId },
    { csv: 'cool_downs.csv' },
  ),
  exported(
    cooldownEvents,
    'What the game reported around cooldowns (prompted, started, completed, skipped), with the heart rate.',
    { byPlayer: cooldownEvents.playerId },
    { csv: 'cooldown_events.csv' },
  ),
  exported(playerStatChanges, 'Changes of a player’s game settings by the coach or staff, and why.', {
    byPlayer: playerStatChanges.playerId,
  }),
  exported(experimentVariants, 'Versions of the game a player was given to try.', {
    byPlayer: experimentVariants.playerId,
  }),
  exported(surveyResponses, 'Questionnaires the family filled in.', {
    player: (p) => eq(surveyResponses.playerId, p),
    account: (a) => eq(surveyResponses.accountId, a),
  }),
  exported(incompleteProfiles, 'Children named in a questionnaire who have no player yet.', {
    account: (a) => eq(incompleteProfiles.accountId, a),
  }),
  exported(remoteConfigs, 'Settings the family’s games read.', { account: (a) => eq(remoteConfigs.accountId, a) }),
  exported(
    shareLinks,
    'Read-only links for a child’s clinician: for which player and time frame, until when.',
    { player: (p) => eq(shareLinks.playerId, p), account: (a) => eq(shareLinks.accountId, a) },
    { leftOut: { token_hash: REASONS.shareToken } },
  ),
  exported(shareLinkViews, 'Each time a share link was opened: when, which kind of browser, which network.', {
    player: (p) =>
      sql`${shareLinkViews.shareLinkId} in (select ${shareLinks.id} from ${shareLinks} where ${shareLinks.playerId} = ${p})`,
    account: (a) =>
      sql`${shareLinkViews.shareLinkId} in (select ${shareLinks.id} from ${shareLinks} where ${shareLinks.accountId} = ${a})`,
  }),
  exported(coachingCalls, 'Coaching calls booked: when, with which coach, and their status.', {
    account: (a) => eq(coachingCalls.accountId, a),
  }),
  exported(coachNotes, 'Notes coaches wrote about the family or a player.', {
    player: (p) => eq(coachNotes.playerId, p),
    account: (a) => eq(coachNotes.accountId, a),
  }),
  exported(accountNotes, 'Notes staff wrote about the account.', { account: (a) => eq(accountNotes.accountId, a) }),
  exported(onboardingSteps, 'Steps of getting started the family has passed.', {
    account: (a) => eq(onboardingSteps.accountId, a),
  }),
  exported(webinarRegistrations, 'Tutorials (webinars) a person signed up for.', {
    account: (a) => byMember(webinarRegistrations.userId, a),
  }),
  exported(supportTickets, 'Requests to support.', {
    account: (a) => sql`(${supportTickets.accountId} = ${a} or ${byMember(supportTickets.requesterUserId, a)})`,
  }),
  exported(orders, 'Orders of the program: plan, price, the name and address they were placed with.', {
    account: (a) => sql`(${orders.accountId} = ${a} or ${byMember(orders.userId, a)})`,
  }),
  exported(
    paymentCustomers,
    'The card on file: its brand, last four digits and expiry.',
    { account: (a) => eq(paymentCustomers.accountId, a) },
    { leftOut: { customer_id: REASONS.paymentRefs, method_id: REASONS.paymentRefs } },
  ),
  exported(subscriptions, 'The subscription: plan, price, periods, pauses and cancellation.', {
    account: (a) => eq(subscriptions.accountId, a),
  }),
  exported(subscriptionActions, 'Every change of the subscription: what, when, by whom, why.', {
    account: (a) => eq(subscriptionActions.accountId, a),
  }),
  exported(invoices, 'Invoices.', { account: (a) => eq(invoices.accountId, a) }),
  exported(refunds, 'Refunds of invoices.', {
    account: (a) =>
      sql`${refunds.invoiceId} in (select ${invoices.id} from ${invoices} where ${invoices.accountId} = ${a})`,
  }),
  exported(shipments, 'Kit shipments and returns: carrier, tracking, address.', {
    account: (a) => eq(shipments.accountId, a),
  }),
  exported(
    emailOutbox,
    'E-mails Grove wrote to the account’s people.',
    { account: (a) => byMember(emailOutbox.userId, a) },
    {
      leftOut: { secrets: REASONS.emailSecrets, html_body: REASONS.emailHtml },
      reads: [emailOutbox.secrets],
      clean: (row, read) => {
        const secrets = (read.secrets as string[] | null) ?? [];
        return secrets.length ? { ...row, text_body: removeSecrets(String(row.text_body), secrets) } : row;
      },
    },
  ),
  exported(
    smsOutbox,
    'Text messages Grove sent to, or on behalf of, the account’s people.',
    { account: (a) => sql`(${byMember(smsOutbox.userId, a)} or ${byMember(smsOutbox.senderUserId, a)})` },
    {
      leftOut: { secrets: REASONS.smsSecrets },
      reads: [smsOutbox.secrets],
      clean: (row, read) => {
        const secrets = (read.secrets as string[] | null) ?? [];
        return secrets.length ? { ...row, body: removeSecrets(String(row.body), secrets) } : row;
      },
    },
  ),
  exported(digestSends, 'The weekly e-mails with each player’s week, one per person and week.', {
    account: (a) => byMember(digestSends.userId, a),
  }),
  exported(consentRecords, 'What a parent agreed to (or withdrew), when, from where, at which policy version.', {
    player: (p) => eq(consentRecords.playerId, p),
    account: (a) => eq(consentRecords.accountId, a),
  }),
  exported(
    dataExports,
    'Copies of the family’s data asked for (this one included): when, by whom, and their status.',
    { player: (p) => eq(dataExports.playerId, p), account: (a) => eq(dataExports.accountId, a) },
    { leftOut: { content: REASONS.exportFiles } },
  ),
  exported(deletionRequests, 'Deletions asked for: of what, when, by whom, and whether they were carried out.', {
    player: (p) => eq(deletionRequests.playerId, p),
    account: (a) => eq(deletionRequests.accountId, a),
  }),
  exported(retentionNotices, 'Reminders sent before play data of a cancelled subscription is removed.', {
    account: (a) => eq(retentionNotices.accountId, a),
  }),
  exported(
    auditLog,
    'Every change staff made to the account: what, when, before and after.',
    { account: (a) => eq(auditLog.accountId, a) },
    { leftOut: { actor_email: REASONS.staffEmail } },
  ),
];

/**
 * Tables no export reads, with why (README.txt lists them): secrets only, Grove's own settings, or
 * the same for every family.
 */
export const NOT_EXPORTED: Readonly<Record<string, string>> = {
  auth_tokens: 'Sign-in tokens, kept only as hashes: secrets, no information.',
  one_time_tokens: 'Invitation and password-reset links, kept only as hashes: secrets, no information.',
  login_throttles:
    'Counters of sign-in attempts per address, shared by everyone who tries them and removed after a few months.',
  oauth_clients: 'The apps that may sign in to Grove: Grove’s own settings.',
  device_authorizations:
    'Codes a tablet showed while it was being connected: a hash and a code that lived ten minutes, removed a day after; the tablet itself is in devices.',
  app_meta: 'Facts about the database itself.',
  account_search:
    'A copy of the names, e-mail addresses and phone numbers above, kept for the staff search: nothing that is not in the tables above.',
  search_words: 'Single words the staff search has seen, linked to no account.',
  surveys: 'The questionnaires themselves, the same for every family (the answers are in survey_responses).',
  promo_codes: 'The program’s discount codes, the same for every family (an order names the one it used).',
  idempotency_keys:
    'Stored answers that keep a retried payment from being carried out twice: their content is in the tables above.',
  sandbox_operations:
    'The test payment provider’s own ledger (what a real provider keeps on its side): invoices and refunds are Grove’s record.',
  payment_events: 'The ids of the payment provider’s notifications already handled: nothing about the family.',
  coach_profiles: 'Coaches’ own profiles: about the coach, not the family.',
  coach_working_hours: 'Coaches’ working hours: about the coach, not the family.',
  coach_time_off: 'Coaches’ time off: about the coach, not the family.',
  webinars: 'The tutorials themselves, the same for every family (the registrations are in webinar_registrations).',
};

/** The tables of a player's copy (a player rule or play data). */
export const inPlayerScope = (table: ExportedTable) => 'byPlayer' in table.rows || table.rows.player !== undefined;

/** The conditions an export reads a table with (one query each): none when the table is not part of it. */
export function conditionsFor(
  table: ExportedTable,
  target: { accountId: number; playerId: number | null },
  playerIds: readonly number[],
): SQL[] | null {
  const rows = table.rows;
  if ('byPlayer' in rows) return playerIds.map((id) => eq(rows.byPlayer, id));
  if (target.playerId === null) return [rows.account(target.accountId)];
  return rows.player ? [rows.player(target.playerId)] : null;
}

/**
 * The rows of `table` that `where` chooses, in pages of `pageSize` by the table's id (keyset: each
 * page is an index range), or at once for the few small tables without one. Rows come with the
 * written columns only (database names), cleaned.
 */
export async function* readRows(
  db: Executor,
  table: ExportedTable,
  where: SQL,
  pageSize: number,
): AsyncGenerator<ExportRow[]> {
  const all = getTableColumns(table.table) as Record<string, PgColumn>;
  const fields: Record<string, PgColumn> = {};
  for (const column of Object.values(all)) {
    if (table.columns.includes(column.name) || column === table.pageBy || table.reads.includes(column)) {
      fields[column.name] = column;
    }
  }
  const output = (read: ExportRow): ExportRow => {
    const row: ExportRow = {};
    for (const column of table.columns) row[column] = read[column];
    return table.clean ? table.clean(row, read) : row;
  };
  const select = () => db.select(fields).from(table.table);
  const key = table.pageBy;
  if (!key) {
    const rows = await select().where(where);
    if (rows.length > 0) yield rows.map(output);
    return;
  }
  let after: unknown;
  for (;;) {
    const rows: ExportRow[] = await select()
      .where(after === undefined ? where : and(where, gt(key, after)))
      .orderBy(asc(key))
      .limit(pageSize);
    if (rows.length > 0) yield rows.map(output);
    if (rows.length < pageSize) return;
    after = rows.at(-1)![key.name];
  }
}

// ---------------------------------------------------------------------------------------------
// data_exports.

export async function findAccount(db: Executor, accountId: number) {
  const [row] = await db
    .select({ id: accounts.id, timeZone: accounts.timeZone })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row ?? null;
}

/** Locks the account's row: one export request of a family at a time (the busy and daily checks hold). */
export async function lockAccount(tx: Executor, accountId: number) {
  const [row] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
  return row ?? null;
}

export { findAccountPlayer } from '../players/players.repository.ts';

/** The account's players, by id. */
export async function accountPlayers(db: Executor, accountId: number) {
  return db
    .select({ id: players.id, name: players.name })
    .from(players)
    .where(eq(players.accountId, accountId))
    .orderBy(asc(players.id));
}

/** Whether an export of the same scope (the player, or the whole account when null) is being prepared. */
export async function hasQueuedExport(tx: Executor, accountId: number, playerId: number | null) {
  const rows = await tx
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.accountId, accountId),
        eq(dataExports.status, 'queued'),
        playerId === null ? isNull(dataExports.playerId) : eq(dataExports.playerId, playerId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** When the account's latest `limit` exports since `since` were asked for, newest first. */
export async function recentRequests(tx: Executor, accountId: number, since: Date, limit: number) {
  const rows = await tx
    .select({ requestedAt: dataExports.requestedAt })
    .from(dataExports)
    .where(and(eq(dataExports.accountId, accountId), gt(dataExports.requestedAt, since)))
    .orderBy(desc(dataExports.requestedAt))
    .limit(limit);
  return rows.map((row) => row.requestedAt);
}

export async function insertExport(
  tx: Executor,
  values: { accountId: number; playerId: number | null; requestedBy: number; requestedAt: Date },
): Promise<number> {
  const [row] = await tx
    .insert(dataExports)
    .values({ ...values, status: 'queued' })
    .returning({ id: dataExports.id });
  return row!.id;
}

export interface ExportListRow {
  id: number;
  playerId: number | null;
  playerName: string | null;
  status: string;
  requestedAt: Date;
  requestedById: number | null;
  requestedByFirstName: string | null;
  requestedByLastName: string | null;
  readyAt: Date | null;
  expiresAt: Date | null;
  fileName: string | null;
  sizeBytes: number | null;
  rowCounts: Record<string, number> | null;
}

/** The account's exports, newest first (or the one `exportId`), without their files. */
export async function listAccountExports(
  db: Executor,
  accountId: number,
  limit: number,
  exportId?: number,
): Promise<ExportListRow[]> {
  return db
    .select({
      id: dataExports.id,
      playerId: dataExports.playerId,
      playerName: players.name,
      status: dataExports.status,
      requestedAt: dataExports.requestedAt,
      requestedById: users.id,
      requestedByFirstName: users.firstName,
      requestedByLastName: users.lastName,
      readyAt: dataExports.readyAt,
      expiresAt: dataExports.expiresAt,
      fileName: dataExports.fileName,
      sizeBytes: dataExports.sizeBytes,
      rowCounts: dataExports.rowCounts,
    })
    .from(dataExports)
    .leftJoin(players, eq(players.id, dataExports.playerId))
    .leftJoin(users, eq(users.id, dataExports.requestedBy))
    .where(
      exportId === undefined
        ? eq(dataExports.accountId, accountId)
        : and(eq(dataExports.accountId, accountId), eq(dataExports.id, exportId)),
    )
    .orderBy(desc(dataExports.id))
    .limit(limit);
}

/** What the job needs of an export (not its file). */
export async function findExportForJob(db: Executor, exportId: number) {
  const [row] = await db
    .select({
      id: dataExports.id,
      accountId: dataExports.accountId,
      playerId: dataExports.playerId,
      status: dataExports.status,
      requestedBy: dataExports.requestedBy,
    })
    .from(dataExports)
    .where(eq(dataExports.id, exportId))
    .limit(1);
  return row ?? null;
}

/** The person who asked, while they are still one of the account's people. */
export async function findRequester(db: Executor, userId: number, accountId: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

/** Stores the finished file, only while the export is still queued; true when it did. */
export async function markReady(
  tx: Executor,
  exportId: number,
  values: {
    content: Uint8Array;
    sizeBytes: number;
    fileName: string;
    rowCounts: Record<string, number>;
    readyAt: Date;
    expiresAt: Date;
  },
): Promise<boolean> {
  const rows = await tx
    .update(dataExports)
    .set({ ...values, status: 'ready' })
    .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'queued')))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

/** Marks a queued export failed (its job gave up); true when it did. */
export async function markFailed(db: Executor, exportId: number): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({ status: 'failed' })
    .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'queued')))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

/** An export of the account with its file. */
export async function findDownload(db: Executor, accountId: number, exportId: number) {
  const [row] = await db
    .select({
      id: dataExports.id,
      status: dataExports.status,
      expiresAt: dataExports.expiresAt,
      fileName: dataExports.fileName,
      content: dataExports.content,
    })
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

export async function markDownloaded(db: Executor, exportId: number, at: Date) {
  await db.update(dataExports).set({ downloadedAt: at }).where(eq(dataExports.id, exportId));
}

/** Empties the files whose link has expired by `now`; answers how many. */
export async function expireExports(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .update(dataExports)
    .set({ status: 'expired', content: null })
    .where(and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, now)))
    .returning({ id: dataExports.id });
  return rows.length;
}

/** Marks failed the exports still queued since before `before` (their job is long gone); answers how many. */
export async function failStaleExports(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .update(dataExports)
    .set({ status: 'failed' })
    .where(and(eq(dataExports.status, 'queued'), lte(dataExports.requestedAt, before)))
    .returning({ id: dataExports.id });
  return rows.length;
}
