/**
 * The data of deletions (issue 17 item 3; docs/decisions/0039): the `deletion_requests` rows, and
 * the catalogue of what an erasure removes. Every table of the schema is either in ERASED_TABLES
 * (with the rows it loses when one player's data goes and when the account closes, in the order
 * they are removed) or in KEPT_TABLES (with why it stays). erasure.test.ts holds the database's
 * tables against both lists, so a new table cannot be forgotten.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { countRows } from '../../db/count.ts';
import { rowsOf } from '../../db/raw.ts';
import { accounts, deletionRequests, subscriptions, users } from '../../db/schema/index.ts';

// ---------------------------------------------------------------------------------------------
// The catalogue.

/** One player's data going: the player, its account, and the account's people (to find their messages). */
export interface PlayerTarget {
  accountId: number;
  playerId: number;
  /** The player's name as stored (survey forms and incomplete profiles name a child by it). */
  name: string;
  /** A PostgreSQL regular expression matching the name as a whole word, any case (messages that name the child). */
  namePattern: string;
  /** The family's people (not staff or coaches who belong to it). */
  memberIds: readonly number[];
  memberEmails: readonly string[];
}

/** An account closing: the account, its people, and its orders' public ids (stored answers of checkout). */
export interface AccountTarget {
  accountId: number;
  memberIds: readonly number[];
  /** The people's e-mail addresses (and addresses waiting for confirmation), lower case. */
  memberEmails: readonly string[];
  orderRefs: readonly string[];
}

export interface ErasedTable {
  /** The table's name in the database: the key in `removed`. */
  name: string;
  /** What goes, in words (for the decision record and the test's messages). */
  about: string;
  /** The rows one player's deletion removes; absent: the table keeps its rows then. */
  player?: (target: PlayerTarget) => SQL;
  /** The rows an account's closure removes. */
  account: (target: AccountTarget) => SQL;
}

const ints = (values: readonly number[]) => sql`${sql.param([...values])}::int[]`;
const texts = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;
/** The ids of the account's players, as a subquery. */
export const accountPlayers = (accountId: number) => sql`(select id from players where account_id = ${accountId})`;
const byPlayer = (column: string): Pick<ErasedTable, 'player' | 'account'> => ({
  player: (t) => sql`${sql.identifier(column)} = ${t.playerId}`,
  account: (t) => sql`${sql.identifier(column)} in ${accountPlayers(t.accountId)}`,
});
/** The rows filed under the account (its `account_id`). */
const byAccount = (t: AccountTarget) => sql`account_id = ${t.accountId}`;
/** The player's rows (`player_id`) when one player's data goes; the account's (`account_id`) when it closes. */
const byPlayerOrAccount: Pick<ErasedTable, 'player' | 'account'> = {
  player: (t) => sql`player_id = ${t.playerId}`,
  account: byAccount,
};
const byMember = (column: string) => (t: AccountTarget) => sql`${sql.identifier(column)} = any(${ints(t.memberIds)})`;
/** The same name, as survey forms write it (trimmed, any case). */
const sameName = (t: PlayerTarget) => sql`lower(btrim(player_name)) = lower(btrim(${t.name}))`;

/**
 * Every table an erasure removes rows from, in the order it removes them (rows that point to
 * others go first, so each table's count is its own). A player's deletion removes the player and
 * everything about them; an account's closure removes everything of the family except the billing
 * records (KEPT_TABLES).
 */
export const ERASED_TABLES: readonly ErasedTable[] = [
  {
    name: 'share_link_views',
    about: 'Views of the share links of the player (account: of all its players).',
    player: (t) => sql`share_link_id in (select id from share_links where player_id = ${t.playerId})`,
    account: (t) => sql`share_link_id in (select id from share_links where account_id = ${t.accountId})`,
  },
  {
    name: 'share_links',
    about: 'Share links of the player (account: all).',
    ...byPlayerOrAccount,
  },
  {
    name: 'data_exports',
    about:
      'Copies of the player’s data, and the copies of the whole account, which hold the player’s data too (account: all).',
    player: (t) => sql`account_id = ${t.accountId} and (player_id = ${t.playerId} or player_id is null)`,
    account: byAccount,
  },
  {
    name: 'hr_rises',
    about: 'Heart-rate rises.',
    ...byPlayer('player_id'),
  },
  {
    name: 'cool_downs',
    about: 'Cooldowns.',
    ...byPlayer('player_id'),
  },
  {
    name: 'cooldown_events',
    about: 'Cooldown events.',
    ...byPlayer('player_id'),
  },
  {
    name: 'play_day_rollups',
    about: 'The play sessions summed per day (the database also takes them away with the sessions).',
    ...byPlayer('player_id'),
  },
  {
    name: 'play_week_rollups',
    about: 'The play sessions summed per week (the database also takes them away with the sessions).',
    ...byPlayer('player_id'),
  },
  {
    name: 'play_sessions',
    about: 'Play sessions.',
    player: (t) => sql`player_id = ${t.playerId}`,
    account: (t) => sql`account_id = ${t.accountId} or player_id in ${accountPlayers(t.accountId)}`,
  },
  {
    name: 'player_stat_changes',
    about: 'Changes of the game settings, with their reasons.',
    ...byPlayer('player_id'),
  },
  {
    name: 'experiment_variants',
    about: 'Versions of the game the player was given.',
    ...byPlayer('player_id'),
  },
  {
    name: 'survey_responses',
    about:
      'Questionnaires about the player, including those filled in under the same name before the player was linked (account: all).',
    player: (t) =>
      sql`player_id = ${t.playerId} or (account_id = ${t.accountId} and player_id is null and ${sameName(t)})`,
    account: byAccount,
  },
  {
    name: 'incomplete_profiles',
    about: 'A child named in a questionnaire under the player’s name (account: all).',
    player: (t) => sql`account_id = ${t.accountId} and ${sameName(t)}`,
    account: byAccount,
  },
  {
    name: 'coach_notes',
    about: 'Coach notes about the player (account: all of the family’s).',
    ...byPlayerOrAccount,
  },
  {
    name: 'consent_records',
    about: 'The consent given when the player was added (account: all).',
    ...byPlayerOrAccount,
  },
  {
    name: 'email_outbox',
    about:
      'Copies of e-mails to the family’s people: those that name the player (the weekly digest, an export’s notice…); account: all.',
    player: (t) =>
      sql`(user_id = any(${ints(t.memberIds)}) or lower(to_address) = any(${texts(t.memberEmails)}))
          and (subject ~* ${t.namePattern} or text_body ~* ${t.namePattern})`,
    account: (t) => sql`user_id = any(${ints(t.memberIds)}) or lower(to_address) = any(${texts(t.memberEmails)})`,
  },
  {
    name: 'sms_outbox',
    about: 'Copies of text messages to or from the family’s people: those that name the player; account: all.',
    player: (t) =>
      sql`(user_id = any(${ints(t.memberIds)}) or sender_user_id = any(${ints(t.memberIds)})) and body ~* ${t.namePattern}`,
    account: (t) => sql`user_id = any(${ints(t.memberIds)}) or sender_user_id = any(${ints(t.memberIds)})`,
  },
  {
    name: 'players',
    about: 'The player (account: all players).',
    player: (t) => sql`id = ${t.playerId}`,
    account: byAccount,
  },
  { name: 'account_tags', about: 'Labels staff gave the account.', account: byAccount },
  {
    name: 'device_authorizations',
    about:
      'Codes a tablet showed that a parent approved or declined (transient: removed a day after they expire anyway).',
    account: byAccount,
  },
  { name: 'devices', about: 'The family’s tablets and phones.', account: byAccount },
  {
    name: 'customer_interactions',
    about: 'Conversations with the family.',
    account: byAccount,
  },
  { name: 'account_notes', about: 'Staff notes on the account.', account: byAccount },
  { name: 'coaching_calls', about: 'Coaching calls.', account: byAccount },
  {
    name: 'support_tickets',
    about: 'Support requests of the account or its people.',
    account: (t) => sql`account_id = ${t.accountId} or requester_user_id = any(${ints(t.memberIds)})`,
  },
  { name: 'onboarding_steps', about: 'Getting-started steps.', account: byAccount },
  { name: 'remote_configs', about: 'Settings the games read.', account: byAccount },
  {
    name: 'retention_notices',
    about: 'Retention reminders (nothing is left to remove later).',
    account: byAccount,
  },
  { name: 'digest_sends', about: 'Weekly digests sent to the people.', account: byMember('user_id') },
  { name: 'webinar_registrations', about: 'Tutorials the people signed up for.', account: byMember('user_id') },
  { name: 'user_shipping', about: 'The people’s shipping addresses.', account: byMember('user_id') },
  { name: 'user_actions', about: 'What the people did in the portal.', account: byMember('user_id') },
  {
    name: 'auth_tokens',
    about: 'Sign-in tokens (hashes).',
    account: (t) => sql`session_id in (select id from auth_sessions where user_id = any(${ints(t.memberIds)}))`,
  },
  { name: 'auth_sessions', about: 'Sign-ins: when, from where.', account: byMember('user_id') },
  { name: 'one_time_tokens', about: 'Invitation and password-reset links (hashes).', account: byMember('user_id') },
  { name: 'known_devices', about: 'Browsers the people signed in on.', account: byMember('user_id') },
  {
    name: 'login_throttles',
    about:
      'Attempt counters that name a person: by e-mail address (sign-in, sign-in links) or by person (devices, texts, e-mail and password changes, invitations, tickets), and the account’s count of wrong tablet codes.',
    account: (t) => sql`
      key = any(select 'email:' || e from unnest(${texts(t.memberEmails)}) e)
      or key = any(select 'link:' || e from unnest(${texts(t.memberEmails)}) e)
      or (key ~ '^(sms|email-change|password-change|invite-resend|support-ticket):'
          and split_part(key, ':', 2) = any(${texts(t.memberIds.map(String))}))
      or (key like 'device:%' and split_part(key, ':', 3) = any(${texts(t.memberIds.map(String))}))
      or key = ${`pairing-account:${t.accountId}`}`,
  },
  {
    name: 'idempotency_keys',
    about:
      'Stored answers of the people’s retried requests and of the account’s checkout (they repeat names and notes).',
    account: (t) => sql`
      scope = any(select 'user:' || i from unnest(${ints(t.memberIds)}) i)
      or scope = any(select 'order:' || r from unnest(${texts(t.orderRefs)}) r)
      or response->>'external_id' = any(${texts(t.orderRefs)})
      or response->'order'->>'external_id' = any(${texts(t.orderRefs)})
      or response->>'account_id' = ${String(t.accountId)}`,
  },
  {
    name: 'users',
    about: 'The family’s people (a staff member or coach who belongs to the account only leaves it).',
    account: byMember('id'),
  },
];

/**
 * Tables an erasure leaves as they are, each with why. Billing records stay for the years tax law
 * requires (RETENTION.billingRecordYears); the rest holds nothing of a family, or is handled apart
 * (the account row is emptied, the audit log redacted, the search rebuilt by its triggers).
 */
export const KEPT_TABLES: Readonly<Record<string, string>> = {
  accounts:
    'The row the billing records belong to: kept, marked CLOSED, its note, settings and coach emptied (player deletions leave it alone).',
  orders: 'Billing record (tax law): the order’s name, e-mail and addresses are those of the invoice.',
  invoices: 'Billing record (tax law).',
  refunds: 'Billing record (tax law).',
  subscriptions: 'Billing record (tax law); on closure the parent’s free-text cancellation comment is emptied.',
  subscription_actions: 'Billing record: the history of the subscription.',
  payment_customers: 'Billing record: the payment provider’s customer and the card’s brand and last digits.',
  payment_events: 'Ids of the payment provider’s notifications already handled: nothing about the family.',
  sandbox_operations:
    'The test payment provider’s own ledger: what a real provider (Stripe) keeps on its side for its own legal duties.',
  shipments: 'Part of the sale’s record: the kit sent and returned (a refund depends on it), to the order’s address.',
  deletion_requests:
    'The record of the erasure itself (what, when, rows removed); on closure the players’ names are emptied, and the address the notice went to is emptied once it is written.',
  audit_log:
    'Append-only record of staff work: who did what and when stays; the values, request bodies and reasons of rows about the family are redacted.',
  account_search:
    'The staff search’s copy of the account (kept by triggers): rebuilt from what is left, so no name remains.',
  search_words:
    'Words the staff search has seen, linked to no account: the family’s words that no other account uses are removed.',
  promo_codes: 'The program’s discount codes, the same for every family.',
  surveys: 'The questionnaires themselves, the same for every family.',
  webinars: 'The tutorials themselves, the same for every family.',
  coach_profiles: 'Coaches’ own profiles: about the coach, not about a family.',
  coach_working_hours: 'Coaches’ working hours: about the coach, not about a family.',
  coach_time_off: 'Coaches’ time off: about the coach, not about a family.',
  oauth_clients: 'The apps that may sign in to Grove: Grove’s own settings.',
  app_meta: 'Facts about the database itself.',
};

/** Tables a player's deletion touches (its catalogue entries with a player rule). */
export const PLAYER_ERASED = ERASED_TABLES.filter((table) => table.player !== undefined);

/** The `n` a `… select count(*)::int as n from gone` statement answers. */
const countOf = (result: unknown) => Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);

/** Removes the rows `where` chooses from `table`; answers how many. */
export async function removeRows(tx: Executor, table: string, where: SQL): Promise<number> {
  const result = await tx.execute(
    sql`with gone as (delete from ${sql.identifier(table)} where ${where} returning 1) select count(*)::int as n from gone`,
  );
  return countOf(result);
}

/**
 * Lets this transaction redact audit rows: the append-only trigger (migration 0011) accepts an
 * UPDATE that only sets before, after, request and reason to the redaction marker while
 * `grove.erasure` is on, which lasts until the transaction ends.
 */
export async function allowAuditRedaction(tx: Executor) {
  await tx.execute(sql`select set_config('grove.erasure', 'on', true)`);
}

/** The marker redacted audit values become (the trigger accepts nothing else). */
export const REDACTED = '[erased]';

/** Redacts the audit rows `where` chooses; answers how many it changed. */
export async function redactAudit(tx: Executor, where: SQL): Promise<number> {
  const marker = JSON.stringify(REDACTED);
  const result = await tx.execute(sql`
    with changed as (
      update audit_log set
        before = case when before is null then null else ${marker}::jsonb end,
        after = case when after is null then null else ${marker}::jsonb end,
        request = case when request is null then null else ${marker}::jsonb end,
        reason = case when reason is null then null else ${REDACTED} end
      where (${where})
        and (before is distinct from ${marker}::jsonb or after is distinct from ${marker}::jsonb
             or request is distinct from ${marker}::jsonb or reason is distinct from ${REDACTED})
      returning 1)
    select count(*)::int as n from changed`);
  return countOf(result);
}

/** Audit rows about one player: staff changes of its settings and of its share links. */
export const playerAuditRows = (accountId: number, playerId: number, shareLinkIds: readonly number[]) => sql`
  account_id = ${accountId} and (
    (entity = 'player' and entity_id = ${String(playerId)})
    or (entity = 'share_link' and entity_id = any(${texts(shareLinkIds.map(String))})))`;

/** Audit rows about an account: those filed under it, its support tickets and its people's addresses. */
export const accountAuditRows = (accountId: number, ticketIds: readonly number[], memberIds: readonly number[]) => sql`
  account_id = ${accountId}
  or (entity = 'support_ticket' and entity_id = any(${texts(ticketIds.map(String))}))
  or (entity = 'shipping' and entity_id = any(${texts(memberIds.map(String))}))`;

/**
 * Removes, of `words` (the erased names), those no account's search document still holds: the
 * staff search's typo list forgets the family's names unless another family has the same.
 */
export async function forgetSearchWords(tx: Executor, words: readonly string[]): Promise<number> {
  if (words.length === 0) return 0;
  const result = await tx.execute(sql`
    with gone as (
      delete from search_words w
      where w.word = any(${texts(words)})
        and not exists (
          select 1 from account_search s
          where s.document like '%' || replace(replace(replace(w.word, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
            and w.word = any(string_to_array(s.document, ' ')))
      returning 1)
    select count(*)::int as n from gone`);
  return countOf(result);
}

/** The words of an account's search document, as the search trigger keeps them in search_words. */
export async function searchWordsOf(tx: Executor, accountId: number): Promise<string[]> {
  const result = await tx.execute(sql`
    select distinct w from account_search s, regexp_split_to_table(s.document, ' ') w
    where s.account_id = ${accountId} and length(w) between 3 and 60 and w !~ '[0-9@]'`);
  return rowsOf<{ w: string }>(result).map((row) => row.w);
}

// ---------------------------------------------------------------------------------------------
// The family.

/** Locks the account's row: one deletion request or erasure of a family at a time. */
export async function lockAccount(tx: Executor, accountId: number) {
  const [row] = await tx
    .select({ id: accounts.id, accountStatus: accounts.accountStatus })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('update');
  return row ?? null;
}

export { findAccountPlayer } from '../players/players.repository.ts';

/** The account's people: its members who are neither staff nor coaches, and those who are. */
export async function peopleOf(tx: Executor, accountId: number) {
  return tx
    .select({
      id: users.id,
      email: users.email,
      pendingEmail: users.pendingEmail,
      firstName: users.firstName,
      isStaff: users.isStaff,
      isCoach: users.isCoach,
      language: users.language,
    })
    .from(users)
    .where(eq(users.accountId, accountId))
    .orderBy(asc(users.id));
}

export async function findUser(tx: Executor, userId: number) {
  const [row] = await tx
    .select({ id: users.id, firstName: users.firstName, accountId: users.accountId, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Staff or coaches who belong to a closing account: they keep their sign-in and leave it. */
export async function detachWorkers(tx: Executor, accountId: number): Promise<number> {
  const rows = await tx
    .update(users)
    .set({ accountId: null, updatedAt: new Date() })
    .where(and(eq(users.accountId, accountId), sql`(${users.isStaff} or ${users.isCoach})`))
    .returning({ id: users.id });
  return rows.length;
}

export async function orderRefsOf(tx: Executor, accountId: number): Promise<string[]> {
  const result = await tx.execute(sql`select external_id::text as ref from orders where account_id = ${accountId}`);
  return rowsOf<{ ref: string }>(result).map((row) => row.ref);
}

export async function shareLinkIdsOf(tx: Executor, playerId: number): Promise<number[]> {
  const result = await tx.execute(sql`select id from share_links where player_id = ${playerId}`);
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
}

export async function ticketIdsOf(tx: Executor, accountId: number, memberIds: readonly number[]): Promise<number[]> {
  const result = await tx.execute(
    sql`select id from support_tickets where account_id = ${accountId} or requester_user_id = any(${ints(memberIds)})`,
  );
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
}

/** Whether the account has a subscription in one of `statuses` (the running ones). */
export async function hasSubscriptionIn(tx: Executor, accountId: number, statuses: readonly string[]) {
  const rows = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.accountId, accountId), sql`${subscriptions.status} = any(${texts(statuses)})`))
    .limit(1);
  return rows.length > 0;
}

/**
 * Closes the account row: its status, and nothing personal left on it (the family's note to its
 * coach, the game's experiment data, the coach). The row stays for the billing records.
 */
export async function closeAccountRow(tx: Executor, accountId: number, status: string, now: Date) {
  await tx
    .update(accounts)
    .set({
      accountStatus: status,
      customNote: '',
      customNoteUpdatedAt: null,
      customNoteUpdatedBy: null,
      experimentalData: {},
      coachUserId: null,
      updatedAt: now,
    })
    .where(eq(accounts.id, accountId));
}

/** A closing account's subscriptions keep everything but the parent's free-text cancellation comment. */
export async function clearCancelComments(tx: Executor, accountId: number) {
  await tx
    .update(subscriptions)
    .set({ cancelComment: null })
    .where(and(eq(subscriptions.accountId, accountId), sql`${subscriptions.cancelComment} is not null`));
}

// ---------------------------------------------------------------------------------------------
// deletion_requests.

const requester = alias(users, 'requester');
const canceller = alias(users, 'canceller');

const requestColumns = {
  id: deletionRequests.id,
  accountId: deletionRequests.accountId,
  playerId: deletionRequests.playerId,
  scope: deletionRequests.scope,
  playerName: deletionRequests.playerName,
  status: deletionRequests.status,
  requestedAt: deletionRequests.requestedAt,
  dueAt: deletionRequests.dueAt,
  cancelledAt: deletionRequests.cancelledAt,
  completedAt: deletionRequests.completedAt,
  removed: deletionRequests.removed,
  requestedById: requester.id,
  requestedByFirstName: requester.firstName,
  requestedByLastName: requester.lastName,
  cancelledById: canceller.id,
  cancelledByFirstName: canceller.firstName,
  cancelledByLastName: canceller.lastName,
};

export type DeletionRow = {
  id: number;
  accountId: number;
  playerId: number | null;
  scope: string;
  playerName: string;
  status: string;
  requestedAt: Date;
  dueAt: Date;
  cancelledAt: Date | null;
  completedAt: Date | null;
  removed: Record<string, number> | null;
  requestedById: number | null;
  requestedByFirstName: string | null;
  requestedByLastName: string | null;
  cancelledById: number | null;
  cancelledByFirstName: string | null;
  cancelledByLastName: string | null;
};

const requestQuery = (db: Executor) =>
  db
    .select(requestColumns)
    .from(deletionRequests)
    .leftJoin(requester, eq(requester.id, deletionRequests.requestedBy))
    .leftJoin(canceller, eq(canceller.id, deletionRequests.cancelledBy));

/** The account's latest `limit` requests, newest first. */
export async function listAccountDeletions(db: Executor, accountId: number, limit: number): Promise<DeletionRow[]> {
  return requestQuery(db)
    .where(eq(deletionRequests.accountId, accountId))
    .orderBy(desc(deletionRequests.id))
    .limit(limit);
}

export async function findDeletion(db: Executor, accountId: number, deletionId: number): Promise<DeletionRow | null> {
  const [row] = await requestQuery(db)
    .where(and(eq(deletionRequests.id, deletionId), eq(deletionRequests.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

/** The pending request of the account's closure, or of one player. */
export async function findPending(tx: Executor, accountId: number, playerId: number | null) {
  const [row] = await tx
    .select({ id: deletionRequests.id })
    .from(deletionRequests)
    .where(
      and(
        eq(deletionRequests.accountId, accountId),
        eq(deletionRequests.status, 'pending'),
        playerId === null
          ? eq(deletionRequests.scope, 'account')
          : and(eq(deletionRequests.scope, 'player'), eq(deletionRequests.playerId, playerId)),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertDeletion(
  tx: Executor,
  values: {
    accountId: number;
    playerId: number | null;
    scope: 'player' | 'account';
    playerName: string;
    requestedBy: number;
    requestedAt: Date;
    dueAt: Date;
    notifyEmail: string;
  },
): Promise<number> {
  const [row] = await tx.insert(deletionRequests).values(values).returning({ id: deletionRequests.id });
  return row!.id;
}

/** Request `deletionId` of the account, while it is pending. */
const pendingRequest = (accountId: number, deletionId: number) =>
  and(
    eq(deletionRequests.id, deletionId),
    eq(deletionRequests.accountId, accountId),
    eq(deletionRequests.status, 'pending'),
  );

/** Cancels a pending request (a conditional update: it waits for an erasure holding the row, then finds it done). */
export async function cancelPending(tx: Executor, accountId: number, deletionId: number, userId: number, now: Date) {
  const rows = await tx
    .update(deletionRequests)
    .set({ status: 'cancelled', cancelledAt: now, cancelledBy: userId, notifyEmail: null })
    .where(pendingRequest(accountId, deletionId))
    .returning({ id: deletionRequests.id });
  return rows.length === 1;
}

/** Moves a pending request's due date to `now` ("delete now"). */
export async function bringForward(tx: Executor, accountId: number, deletionId: number, now: Date) {
  const rows = await tx
    .update(deletionRequests)
    .set({ dueAt: now })
    .where(pendingRequest(accountId, deletionId))
    .returning({ id: deletionRequests.id });
  return rows.length === 1;
}

/** A request's account and status, read without a lock (the erasure then locks the account first). */
export async function deletionState(db: Executor, deletionId: number) {
  const [row] = await db
    .select({ accountId: deletionRequests.accountId, status: deletionRequests.status })
    .from(deletionRequests)
    .where(eq(deletionRequests.id, deletionId));
  return row ?? null;
}

/** A unique index refused the write: a second pending request (PostgreSQL 23505). */
export { isUniqueViolation } from '../../db/errors.ts';

/** The request the erasure acts on, locked until its transaction ends. */
export async function lockDeletion(tx: Executor, deletionId: number) {
  const [row] = await tx
    .select({
      id: deletionRequests.id,
      accountId: deletionRequests.accountId,
      playerId: deletionRequests.playerId,
      scope: deletionRequests.scope,
      playerName: deletionRequests.playerName,
      status: deletionRequests.status,
      dueAt: deletionRequests.dueAt,
      requestedBy: deletionRequests.requestedBy,
      notifyEmail: deletionRequests.notifyEmail,
    })
    .from(deletionRequests)
    .where(eq(deletionRequests.id, deletionId))
    .for('update');
  return row ?? null;
}

export async function completeDeletion(tx: Executor, deletionId: number, now: Date, removed: Record<string, number>) {
  await tx
    .update(deletionRequests)
    .set({ status: 'completed', completedAt: now, removed, notifyEmail: null })
    .where(eq(deletionRequests.id, deletionId));
}

/** A request the erasure found it cannot carry out (the account runs a subscription again). */
export async function cancelBySystem(tx: Executor, deletionId: number, now: Date) {
  await tx
    .update(deletionRequests)
    .set({ status: 'cancelled', cancelledAt: now, cancelledBy: null, notifyEmail: null })
    .where(eq(deletionRequests.id, deletionId));
}

/**
 * A closed account's other requests: the pending ones are carried out with it (nothing of theirs is
 * left), and no request keeps a player's name or an address.
 */
export async function settleOtherRequests(tx: Executor, accountId: number, exceptId: number, now: Date) {
  await tx
    .update(deletionRequests)
    .set({ status: 'completed', completedAt: now, removed: {} })
    .where(
      and(
        eq(deletionRequests.accountId, accountId),
        eq(deletionRequests.status, 'pending'),
        sql`${deletionRequests.id} <> ${exceptId}`,
      ),
    );
  await tx
    .update(deletionRequests)
    .set({ playerName: '', notifyEmail: null })
    .where(
      and(
        eq(deletionRequests.accountId, accountId),
        sql`(${deletionRequests.playerName} <> '' or ${deletionRequests.notifyEmail} is not null)`,
      ),
    );
}

/** Pending requests whose due date has passed (the nightly catch-up for a job that was lost). */
export async function overdueDeletions(db: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: deletionRequests.id })
    .from(deletionRequests)
    .where(
      and(eq(deletionRequests.status, 'pending'), sql`${deletionRequests.dueAt} <= ${now.toISOString()}::timestamptz`),
    )
    .orderBy(asc(deletionRequests.dueAt), asc(deletionRequests.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function countPendingDeletions(db: Executor): Promise<number> {
  return countRows(db, deletionRequests, eq(deletionRequests.status, 'pending'));
}

/** Pending requests, soonest due first, with the account holder (its billing user, else its first person). */
export async function listPendingDeletions(db: Executor, limit: number, offset: number) {
  const ids = await db
    .select({ id: deletionRequests.id })
    .from(deletionRequests)
    .where(eq(deletionRequests.status, 'pending'))
    .orderBy(asc(deletionRequests.dueAt), asc(deletionRequests.id))
    .limit(limit)
    .offset(offset);
  if (ids.length === 0) return [];
  const rows = await requestQuery(db).where(sql`${deletionRequests.id} = any(${ints(ids.map((row) => row.id))})`);
  const holders = await db.execute(sql`
    select a.account_id, h.first_name, h.last_name, h.email
    from (select distinct account_id from deletion_requests where id = any(${ints(ids.map((row) => row.id))})) a
    left join lateral (
      select u.first_name, u.last_name, u.email from users u
      where u.account_id = a.account_id and not u.is_staff and not u.is_coach
      order by u.is_billing_user desc, u.id limit 1
    ) h on true`);
  const byAccount = new Map(
    rowsOf<{ account_id: number; first_name: string | null; last_name: string | null; email: string | null }>(
      holders,
    ).map((row) => [Number(row.account_id), row]),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map(({ id }) => {
    const row = byId.get(id)!;
    const holder = byAccount.get(row.accountId);
    return {
      ...row,
      holderName: `${holder?.first_name ?? ''} ${holder?.last_name ?? ''}`.trim(),
      holderEmail: holder?.email ?? '',
    };
  });
}
