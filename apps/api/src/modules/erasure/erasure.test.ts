import { DATA_EXPORT, DATA_RIGHTS_MESSAGES, DELETION } from '@grove/domain/data-rights';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  accountSearch,
  auditLog,
  deletionRequests,
  orders,
  players,
  searchWords,
  subscriptions,
  users,
} from '../../db/schema/index.ts';
import { outboxEmailSender } from '../../adapters/email/outbox.sender.ts';
import { createCoach, createParent, createStaff } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { deliverEmails, emailsTo } from '../../../test/outbox.ts';
import { seededRandom } from '../../lib/random.ts';
import { ERASED_TABLES, KEPT_TABLES, REDACTED } from './erasure.repository.ts';
import { seedDeletionRequests } from './erasure.seed.ts';
import { CLOSED_ACCOUNT_STATUS, DELETION_JOB, runDeletion, type ErasureDeps } from './erasure.service.ts';
import {
  changes,
  createRichFamily,
  fillSharedTables,
  fingerprints,
  publicTables,
  snapshot,
  total,
  type RichFamily,
} from './erasure.test-support.ts';
import { runRetention } from './retention.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const NOT_FOUND = { detail: 'Not found.', code: 'not_found' };
const MISSING = 2_147_483_647;
const DAY = 86_400_000;

const deletionsUrl = (accountId: number) => `/api/v2/user/accounts/${accountId}/deletions`;
const ask = (accountId: number, headers: Record<string, string>, body: object) =>
  t.app.inject({ method: 'POST', url: deletionsUrl(accountId), headers, payload: body });
const undo = (accountId: number, id: number, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `${deletionsUrl(accountId)}/${id}/undo`, headers });
const now = (accountId: number, id: number, headers: Record<string, string>, body: object = { confirm: true }) =>
  t.app.inject({ method: 'POST', url: `${deletionsUrl(accountId)}/${id}/now`, headers, payload: body });
const overview = (accountId: number, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/v2/user/accounts/${accountId}/data-rights`, headers });

type Answer = { id: number; status: string; due_at: string; removed: Record<string, number> | null };

async function requested(f: RichFamily, body: object): Promise<Answer> {
  const res = await ask(f.accountId, f.parent.headers, { confirm: true, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Answer;
}

/** The grace period is over: the request falls due, and its job (enqueued for then) runs. */
async function graceOver(deletionId: number) {
  await t.db
    .update(deletionRequests)
    .set({ dueAt: new Date(Date.now() - 1000) })
    .where(eq(deletionRequests.id, deletionId));
  return t.app.jobs.drain(DELETION_JOB, { includeFuture: true });
}

const requestRow = async (id: number) =>
  (await t.db.select().from(deletionRequests).where(eq(deletionRequests.id, id)))[0]!;

function deps(): ErasureDeps {
  return { db: t.db, email: outboxEmailSender(t.db, t.app.jobs), jobs: t.app.jobs, publicUrl: t.app.publicUrl };
}

/** The rows a rule chooses, per table, as fingerprints (taken before the erasure). */
async function expectedGone(rules: Record<string, string>, leaveOut: Record<string, string[]> = {}) {
  const out = new Map<string, Map<string, number>>();
  for (const [table, where] of Object.entries(rules)) {
    out.set(table, await fingerprints(t.database, table, where, leaveOut[table] ?? []));
  }
  return out;
}

const list = (ids: readonly (number | string)[]) =>
  ids.map((id) => (typeof id === 'number' ? id : `'${id}'`)).join(', ');

/** What a player's deletion must remove, table by table (written here independently of the catalogue). */
function playerRules(f: RichFamily): Record<string, string> {
  const P = f.maya.id;
  const A = f.accountId;
  const name = f.mayaName.toLowerCase().replace(/'/g, "''");
  return {
    share_link_views: `share_link_id in (select id from share_links where player_id = ${P})`,
    share_links: `player_id = ${P}`,
    data_exports: `account_id = ${A} and (player_id = ${P} or player_id is null)`,
    hr_rises: `player_id = ${P}`,
    cool_downs: `player_id = ${P}`,
    cooldown_events: `player_id = ${P}`,
    play_day_rollups: `player_id = ${P}`,
    play_week_rollups: `player_id = ${P}`,
    play_sessions: `player_id = ${P}`,
    player_stat_changes: `player_id = ${P}`,
    experiment_variants: `player_id = ${P}`,
    survey_responses: `player_id = ${P} or (account_id = ${A} and player_id is null and lower(btrim(player_name)) = '${name}')`,
    incomplete_profiles: `account_id = ${A} and lower(btrim(player_name)) = '${name}'`,
    coach_notes: `player_id = ${P}`,
    consent_records: `player_id = ${P}`,
    email_outbox: `id in (${list(f.mailsNamingMaya)})`,
    sms_outbox: `id = ${f.textNamingMaya}`,
    players: `id = ${P}`,
  };
}

/** What an account's closure must remove, table by table. */
function accountRules(f: RichFamily): Record<string, string> {
  const A = f.accountId;
  const M = list(f.members);
  const byAccount = `account_id = ${A}`;
  const byPlayers = `player_id in (select id from players where account_id = ${A})`;
  const byMember = `user_id in (${M})`;
  return {
    share_link_views: `share_link_id in (select id from share_links where account_id = ${A})`,
    share_links: byAccount,
    data_exports: byAccount,
    hr_rises: byPlayers,
    cool_downs: byPlayers,
    cooldown_events: byPlayers,
    play_day_rollups: byPlayers,
    play_week_rollups: byPlayers,
    play_sessions: byAccount,
    player_stat_changes: byPlayers,
    experiment_variants: byPlayers,
    survey_responses: byAccount,
    incomplete_profiles: byAccount,
    coach_notes: byAccount,
    consent_records: byAccount,
    email_outbox: `${byMember} or lower(to_address) in (${list(f.memberEmails)})`,
    sms_outbox: `${byMember} or sender_user_id in (${M})`,
    players: byAccount,
    account_tags: byAccount,
    device_authorizations: byAccount,
    devices: byAccount,
    customer_interactions: byAccount,
    account_notes: byAccount,
    coaching_calls: byAccount,
    support_tickets: `${byAccount} or requester_user_id in (${M})`,
    onboarding_steps: byAccount,
    remote_configs: byAccount,
    retention_notices: byAccount,
    digest_sends: byMember,
    webinar_registrations: byMember,
    user_shipping: byMember,
    user_actions: byMember,
    auth_tokens: `session_id in (select id from auth_sessions where ${byMember})`,
    auth_sessions: byMember,
    one_time_tokens: byMember,
    known_devices: byMember,
    login_throttles: `key in (${list(f.throttleKeys)})`,
    idempotency_keys: `key in (${list(f.idempotencyKeys)})`,
    users: `id in (${M})`,
  };
}

/** Asserts a table's change: exactly the expected rows gone, nothing added. */
function expectRemoved(change: ReturnType<typeof changes>, table: string, gone: Map<string, number>) {
  const actual = change.get(table);
  expect(actual?.gone ?? new Map(), table).toEqual(gone);
  expect(actual?.added ?? new Map(), table).toEqual(new Map());
}

/** A family of its own, another family, and staff, with every shared table filled. */
async function world() {
  const f = await createRichFamily(t.db);
  const other = await createRichFamily(t.db);
  await fillSharedTables(t.db, f.coach.user.id);
  const staff = await createStaff(t.db);
  return { f, other, staff };
}

describe('the catalogue', () => {
  it('names every table of the database once: erased, or kept with a reason', async () => {
    const tables = await publicTables(t.database);
    const erased = ERASED_TABLES.map((table) => table.name);
    const kept = Object.keys(KEPT_TABLES);
    expect(new Set(erased).size).toBe(erased.length);
    expect(erased.filter((name) => kept.includes(name))).toEqual([]);
    // A new table fails here until it is erased or kept with a reason.
    expect([...erased, ...kept].sort()).toEqual([...tables].sort());
    for (const [name, reason] of Object.entries(KEPT_TABLES)) expect(reason.length, name).toBeGreaterThan(20);
  });

  it('is tested against rows in every table: the family has rows in each table the erasure removes', async () => {
    const { f } = await world();
    const rules = accountRules(f);
    expect(Object.keys(rules).sort()).toEqual(ERASED_TABLES.map((table) => table.name).sort());
    for (const [table, where] of Object.entries(rules)) {
      expect(total(await fingerprints(t.database, table, where)), table).toBeGreaterThan(0);
    }
    for (const table of await publicTables(t.database)) {
      expect(total(await fingerprints(t.database, table, 'true')), table).toBeGreaterThan(0);
    }
  });
});

describe('deleting a player', () => {
  it('removes exactly that player’s rows everywhere, keeps the rest, and e-mails the parent', async () => {
    const { f, other } = await world();
    const asked = await requested(f, { player_id: f.maya.id });
    expect(asked).toMatchObject({ status: 'pending', removed: null });
    expect(new Date(asked.due_at).getTime() - Date.now()).toBeGreaterThan(DELETION.graceDays * DAY - 60_000);

    const gone = await expectedGone(playerRules(f));
    const before = await snapshot(t.database);
    expect(await graceOver(asked.id)).toBeGreaterThanOrEqual(1);
    const after = await snapshot(t.database);
    const change = changes(before, after);

    for (const [table, rows] of gone) {
      expect(total(rows), table).toBeGreaterThan(0);
      if (table !== 'email_outbox') expectRemoved(change, table, rows);
    }
    // The e-mail outbox lost the copies that name the child and gained the notice.
    expect(change.get('email_outbox')!.gone).toEqual(gone.get('email_outbox'));
    expect(total(change.get('email_outbox')!.added)).toBe(1);
    // Nothing else changed but the request itself (and the family's older request for the child,
    // which no longer points to a player), the search row, the search words and the audit values.
    const allowed = new Set([...gone.keys(), 'deletion_requests', 'account_search', 'search_words', 'audit_log']);
    expect([...change.keys()].filter((table) => !allowed.has(table))).toEqual([]);
    expect(total(change.get('account_search')!.added)).toBe(1);
    expect(total(change.get('deletion_requests')!.added)).toBe(2);

    const row = await requestRow(asked.id);
    expect(row).toMatchObject({ status: 'completed', notifyEmail: null, playerName: f.mayaName, playerId: null });
    expect(row.removed).toEqual(Object.fromEntries([...gone].map(([table, rows]) => [table, total(rows)])));

    // The other child, the other family, the account and its billing are all there.
    expect(await t.db.select({ id: players.id }).from(players).where(eq(players.id, f.eli.id))).toHaveLength(1);
    expect(
      await t.db.select({ id: players.id }).from(players).where(eq(players.accountId, other.accountId)),
    ).toHaveLength(2);
    const [search] = await t.db.select().from(accountSearch).where(eq(accountSearch.accountId, f.accountId));
    expect(search!.document).not.toContain(f.mayaName.toLowerCase());
    expect(search!.document).toContain(f.eliName.toLowerCase());
    const mayaWord = f.mayaName.split(' ')[1]!.toLowerCase();
    expect(await t.db.select().from(searchWords).where(eq(searchWords.word, mayaWord))).toEqual([]);

    // Staff's audit rows about the child keep who did what and when, without the values.
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.id} in ${f.mayaAudit}`);
    for (const entry of audit) {
      expect(entry).toMatchObject({ before: entry.before === null ? null : REDACTED, after: REDACTED });
      expect(entry.request === null || entry.request === REDACTED).toBe(true);
      expect(entry.actorUserId).toBe(f.staff.user.id);
    }
    expect(total(change.get('audit_log')!.added)).toBe(f.mayaAudit.length);

    const [mail] = await emailsTo(t.db, f.parent.user.email);
    expect(mail).toMatchObject({
      template: 'data_deleted',
      subject: `${f.mayaName}’s data has been deleted`,
      userId: f.parent.user.id,
    });
    expect(mail!.textBody).toContain('Hello Dana,');
    expect(mail!.textBody).toContain(`${t.app.publicUrl}/dashboard/account?segment=privacy`);
    await deliverEmails(t.app.jobs);
    expect((await emailsTo(t.db, f.parent.user.email))[0]!.status).toBe('sent');

    // The family's overview shows it done; the job run again changes nothing.
    const seen = await overview(f.accountId, f.parent.headers);
    expect(seen.json().deletions[0]).toMatchObject({
      id: asked.id,
      status: 'completed',
      player: { id: null, name: f.mayaName },
      requested_by: { id: f.parent.user.id, name: 'Dana Lopez' },
    });
    const settled = await snapshot(t.database);
    expect(await runDeletion(deps(), asked.id)).toEqual({ kind: 'not_pending' });
    expect(changes(settled, await snapshot(t.database))).toEqual(new Map());
  });

  it('answers 400 for a player of another family, 409 while the same deletion is pending, and one request for two clicks', async () => {
    const { f, other } = await world();
    const foreign = await ask(f.accountId, f.parent.headers, { player_id: other.maya.id, confirm: true });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ player_id: [DATA_RIGHTS_MESSAGES.playerMissing] });
    const unconfirmed = await ask(f.accountId, f.parent.headers, { player_id: f.maya.id });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toMatchObject({ confirm: [DATA_RIGHTS_MESSAGES.confirmDeletion] });

    const clicks = await Promise.all([
      ask(f.accountId, f.parent.headers, { player_id: f.maya.id, confirm: true }),
      ask(f.accountId, f.caregiverHeaders, { player_id: f.maya.id, confirm: true }),
    ]);
    expect(clicks.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(clicks.find((res) => res.statusCode === 409)!.json()).toEqual({
      detail: DATA_RIGHTS_MESSAGES.deletionPending,
      code: 'deletion_pending',
    });
    const pending = await t.db
      .select()
      .from(deletionRequests)
      .where(and(eq(deletionRequests.playerId, f.maya.id), eq(deletionRequests.status, 'pending')));
    expect(pending).toHaveLength(1);
    // The other child can still be deleted.
    await requested(f, { player_id: f.eli.id });
  });
});

describe('undo and delete now', () => {
  it('undo inside the grace period loses nothing: every table is as it was after the job had its turn', async () => {
    const { f } = await world();
    const asked = await requested(f, { player_id: f.maya.id });
    const undone = await undo(f.accountId, asked.id, f.caregiverHeaders);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({
      status: 'cancelled',
      cancelled_by: { id: f.caregiver.id, name: 'Sam Lopez' },
      completed_at: null,
    });
    const before = await snapshot(t.database);
    await t.app.jobs.drain(DELETION_JOB, { includeFuture: true });
    expect(await runDeletion(deps(), asked.id, new Date(Date.now() + 30 * DAY))).toEqual({ kind: 'not_pending' });
    expect(changes(before, await snapshot(t.database))).toEqual(new Map());

    const again = await undo(f.accountId, asked.id, f.parent.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: DATA_RIGHTS_MESSAGES.notPending, code: 'not_pending' });
    expect((await now(f.accountId, asked.id, f.parent.headers)).statusCode).toBe(409);
    // A new request for the same child is possible again.
    await requested(f, { player_id: f.maya.id });
  });

  it('a job that runs before the due date does nothing', async () => {
    const { f } = await world();
    const asked = await requested(f, { player_id: f.eli.id });
    const before = await snapshot(t.database);
    expect(await runDeletion(deps(), asked.id)).toEqual({ kind: 'not_due' });
    expect(changes(before, await snapshot(t.database))).toEqual(new Map());
    expect(await undo(f.accountId, asked.id, f.parent.headers)).toMatchObject({ statusCode: 200 });
  });

  it('delete now moves the due date, the job due now carries it out, and the later job finds it done', async () => {
    const { f } = await world();
    const asked = await requested(f, { player_id: f.eli.id });
    const unconfirmed = await now(f.accountId, asked.id, f.parent.headers, {});
    expect(unconfirmed.statusCode).toBe(400);
    const res = await now(f.accountId, asked.id, f.parent.headers);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as Answer;
    expect(answer.status).toBe('pending');
    expect(Math.abs(new Date(answer.due_at).getTime() - Date.now())).toBeLessThan(60_000);

    expect(await t.app.jobs.drain(DELETION_JOB)).toBe(1);
    expect(await requestRow(asked.id)).toMatchObject({ status: 'completed' });
    expect(await t.db.select().from(players).where(eq(players.id, f.eli.id))).toEqual([]);
    const settled = await snapshot(t.database);
    expect(await t.app.jobs.drain(DELETION_JOB, { includeFuture: true })).toBeGreaterThanOrEqual(1);
    expect(changes(settled, await snapshot(t.database))).toEqual(new Map());
    expect((await undo(f.accountId, asked.id, f.parent.headers)).statusCode).toBe(409);
    expect((await now(f.accountId, asked.id, f.parent.headers)).statusCode).toBe(409);
  });

  it('undo racing the job: either nothing is erased, or the undo is refused', async () => {
    const { f } = await world();
    const asked = await requested(f, { player_id: f.maya.id });
    await t.db
      .update(deletionRequests)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(eq(deletionRequests.id, asked.id));
    const [outcome, undone] = await Promise.all([
      runDeletion(deps(), asked.id),
      undo(f.accountId, asked.id, f.parent.headers),
    ]);
    const mayaLeft = await t.db.select().from(players).where(eq(players.id, f.maya.id));
    if (undone.statusCode === 200) {
      expect(outcome.kind).toBe('not_pending');
      expect(mayaLeft).toHaveLength(1);
      expect(await requestRow(asked.id)).toMatchObject({ status: 'cancelled' });
    } else {
      expect(undone.statusCode).toBe(409);
      expect(outcome.kind).toBe('done');
      expect(mayaLeft).toEqual([]);
      expect(await requestRow(asked.id)).toMatchObject({ status: 'completed' });
    }
  });
});

describe('closing the account', () => {
  /** Billing rows compared whole, less the references to the people who are gone and the parent's comment. */
  const BILLING_LEAVE_OUT = {
    orders: ['user_id'],
    subscription_actions: ['actor_user_id'],
    subscriptions: ['cancel_comment'],
    users: ['account_id', 'updated_at'],
  };
  const BILLING = [
    'orders',
    'invoices',
    'refunds',
    'subscriptions',
    'subscription_actions',
    'payment_customers',
    'payment_events',
    'sandbox_operations',
    'shipments',
  ];

  it('removes everything personal, keeps the billing records, closes the account and e-mails the old address', async () => {
    const { f, other, staff } = await world();
    const pendingForEli = await requested(f, { player_id: f.eli.id });
    const asked = await requested(f, {});
    expect(asked).toMatchObject({ status: 'pending' });
    const billingBefore = new Map<string, Map<string, number>>();
    for (const table of BILLING) {
      billingBefore.set(
        table,
        await fingerprints(t.database, table, 'true', BILLING_LEAVE_OUT[table as 'orders'] ?? []),
      );
    }
    const words = (await t.db.select().from(accountSearch).where(eq(accountSearch.accountId, f.accountId)))[0]!
      .document;
    expect(words).toContain(f.mayaName.toLowerCase());

    const gone = await expectedGone(accountRules(f), BILLING_LEAVE_OUT);
    const before = await snapshot(t.database, BILLING_LEAVE_OUT);
    await graceOver(asked.id);
    const after = await snapshot(t.database, BILLING_LEAVE_OUT);
    const change = changes(before, after);

    for (const [table, rows] of gone) {
      expect(total(rows), table).toBeGreaterThan(0);
      if (table !== 'email_outbox') expectRemoved(change, table, rows);
    }
    expect(change.get('email_outbox')!.gone).toEqual(gone.get('email_outbox'));
    expect(total(change.get('email_outbox')!.added)).toBe(1);
    const allowed = new Set([
      ...gone.keys(),
      'accounts',
      'account_search',
      'search_words',
      'audit_log',
      'deletion_requests',
    ]);
    expect([...change.keys()].filter((table) => !allowed.has(table))).toEqual([]);
    expect(total(change.get('accounts')!.added)).toBe(1);
    for (const table of BILLING) {
      expect(await fingerprints(t.database, table, 'true', BILLING_LEAVE_OUT[table as 'orders'] ?? []), table).toEqual(
        billingBefore.get(table),
      );
    }

    const row = await requestRow(asked.id);
    expect(row).toMatchObject({ status: 'completed', notifyEmail: null });
    expect(row.removed).toEqual(Object.fromEntries([...gone].map(([table, rows]) => [table, total(rows)])));
    // The family's other requests: the pending one went with the account; none keeps a name.
    const familyRequests = await t.db
      .select()
      .from(deletionRequests)
      .where(eq(deletionRequests.accountId, f.accountId));
    expect(familyRequests.find((r) => r.id === pendingForEli.id)).toMatchObject({ status: 'completed', removed: {} });
    for (const request of familyRequests)
      expect(request).toMatchObject({ playerName: '', notifyEmail: null, requestedBy: null });

    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, f.accountId));
    expect(account).toMatchObject({
      accountStatus: CLOSED_ACCOUNT_STATUS,
      customNote: '',
      customNoteUpdatedBy: null,
      experimentalData: {},
      coachUserId: null,
    });
    const [search] = await t.db.select().from(accountSearch).where(eq(accountSearch.accountId, f.accountId));
    expect(search).toMatchObject({
      document: String(f.accountId),
      holderName: '',
      holderEmail: '',
      accountStatus: 'CLOSED',
    });
    for (const word of [f.mayaName, f.eliName].map((name) => name.split(' ')[1]!.toLowerCase())) {
      expect(await t.db.select().from(searchWords).where(eq(searchWords.word, word)), word).toEqual([]);
    }
    expect(await t.db.select().from(users).where(eq(users.accountId, f.accountId))).toEqual([]);
    // The colleague who belonged to the account keeps their sign-in.
    expect((await t.db.select().from(users).where(eq(users.id, f.worker.id)))[0]).toMatchObject({ accountId: null });
    const [order] = await t.db.select().from(orders).where(eq(orders.accountId, f.accountId));
    expect(order).toMatchObject({ userId: null, firstName: 'Dana', lastName: 'Lopez' });
    const [subscription] = await t.db.select().from(subscriptions).where(eq(subscriptions.accountId, f.accountId));
    expect(subscription).toMatchObject({ status: 'CANCELLED', cancelComment: null });
    for (const entry of await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.id} in ${f.familyAudit}`)) {
      expect(entry.after, String(entry.id)).toBe(REDACTED);
    }

    const [mail] = await emailsTo(t.db, f.parent.user.email);
    expect(mail).toMatchObject({ template: 'data_deleted', subject: 'Your Grove account is closed', userId: null });
    expect(mail!.textBody).toContain('Hello Dana,');
    expect(mail!.textBody).toContain(`${t.app.publicUrl}/`);
    expect(await emailsTo(t.db, f.caregiver.email)).toEqual([]);

    // Nobody signs in as the family any more; staff still see the account and its erasure.
    expect((await overview(f.accountId, f.parent.headers)).statusCode).toBe(401);
    const seen = await overview(f.accountId, staff.headers);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().deletions[0]).toMatchObject({ id: asked.id, status: 'completed', requested_by: null });
    const admin = await t.app.inject({
      method: 'GET',
      url: `/api/v2/admin/accounts/${f.accountId}`,
      headers: staff.headers,
    });
    expect(admin.statusCode, admin.body).toBe(200);
    // Staff cannot bring a closed account back to life: its status and settings are refused.
    for (const change of [
      { method: 'PATCH' as const, url: `/api/v2/admin/accounts/${f.accountId}`, payload: { account_status: 'ACTIVE' } },
      { method: 'PUT' as const, url: `/api/v1/accounts/${f.accountId}/status`, payload: { account_status: 'ACTIVE' } },
    ]) {
      const refused = await t.app.inject({ ...change, headers: staff.headers });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({ detail: DATA_RIGHTS_MESSAGES.accountClosed });
    }
    expect((await t.db.select().from(accounts).where(eq(accounts.id, f.accountId)))[0]!.accountStatus).toBe(
      CLOSED_ACCOUNT_STATUS,
    );
    // The other family is whole.
    expect(await t.db.select().from(users).where(eq(users.accountId, other.accountId))).toHaveLength(3);

    const settled = await snapshot(t.database);
    expect(await runDeletion(deps(), asked.id)).toEqual({ kind: 'not_pending' });
    expect(changes(settled, await snapshot(t.database))).toEqual(new Map());
  });

  it('answers 409 while the subscription runs, while a closure is pending, and for a player then', async () => {
    const { f } = await world();
    await t.db.update(subscriptions).set({ status: 'ACTIVE' }).where(eq(subscriptions.accountId, f.accountId));
    const running = await ask(f.accountId, f.parent.headers, { confirm: true });
    expect(running.statusCode).toBe(409);
    expect(running.json()).toEqual({ detail: DATA_RIGHTS_MESSAGES.subscriptionRunning, code: 'subscription_running' });
    await t.db.update(subscriptions).set({ status: 'CANCELLED' }).where(eq(subscriptions.accountId, f.accountId));

    const clicks = await Promise.all([
      ask(f.accountId, f.parent.headers, { confirm: true, player_id: null }),
      ask(f.accountId, f.caregiverHeaders, { confirm: true }),
    ]);
    expect(clicks.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const closing = { detail: DATA_RIGHTS_MESSAGES.accountClosing, code: 'account_closing' };
    expect(clicks.find((res) => res.statusCode === 409)!.json()).toEqual(closing);
    const forMaya = await ask(f.accountId, f.parent.headers, { confirm: true, player_id: f.maya.id });
    expect(forMaya.statusCode).toBe(409);
    expect(forMaya.json()).toEqual(closing);
    expect(
      await t.db
        .select()
        .from(deletionRequests)
        .where(and(eq(deletionRequests.accountId, f.accountId), eq(deletionRequests.status, 'pending'))),
    ).toHaveLength(1);

    // A renewal during the grace period: the job cancels the closure instead of erasing a paying family.
    const closure = clicks.find((res) => res.statusCode === 201)!.json() as Answer;
    await t.db.update(subscriptions).set({ status: 'ACTIVE' }).where(eq(subscriptions.accountId, f.accountId));
    const before = await snapshot(t.database);
    await graceOver(closure.id);
    const change = changes(before, await snapshot(t.database));
    expect([...change.keys()]).toEqual(['deletion_requests']);
    expect(await requestRow(closure.id)).toMatchObject({ status: 'cancelled', cancelledBy: null });
  });
});

describe('who may do what', () => {
  it('members ask, undo and hasten; staff read and are refused; coaches, other families and missing accounts are 404 alike', async () => {
    const { f, other, staff } = await world();
    const coach = await createCoach(t.db);
    await t.db.update(accounts).set({ coachUserId: coach.user.id }).where(eq(accounts.id, f.accountId));
    const asked = await requested(f, { player_id: f.maya.id });

    const read = async (accountId: number, headers: Record<string, string>) =>
      (await overview(accountId, headers)).statusCode;
    expect(await read(f.accountId, f.parent.headers)).toBe(200);
    expect(await read(f.accountId, f.caregiverHeaders)).toBe(200);
    expect(await read(f.accountId, staff.headers)).toBe(200);
    expect(await read(f.accountId, coach.headers)).toBe(404);
    expect(await read(f.accountId, other.parent.headers)).toBe(404);
    expect(await read(MISSING, staff.headers)).toBe(404);
    expect(await read(MISSING, f.parent.headers)).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v2/user/accounts/${f.accountId}/data-rights` })).statusCode,
    ).toBe(401);

    for (const headers of [coach.headers, other.parent.headers]) {
      const res = await ask(f.accountId, headers, { confirm: true, player_id: f.eli.id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
      expect((await undo(f.accountId, asked.id, headers)).statusCode).toBe(404);
      expect((await now(f.accountId, asked.id, headers)).statusCode).toBe(404);
    }
    // Another family's request id under one's own account is as missing as a missing one.
    expect((await undo(other.accountId, asked.id, other.parent.headers)).statusCode).toBe(404);
    expect((await undo(f.accountId, MISSING, f.parent.headers)).statusCode).toBe(404);
    for (const res of [
      await ask(f.accountId, staff.headers, { confirm: true, player_id: f.eli.id }),
      await undo(f.accountId, asked.id, staff.headers),
      await now(f.accountId, asked.id, staff.headers),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    expect((await ask(MISSING, staff.headers, { confirm: true })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: deletionsUrl(f.accountId), payload: { confirm: true } })).statusCode,
    ).toBe(401);
    // Nothing of it changed the request.
    expect(await requestRow(asked.id)).toMatchObject({ status: 'pending' });

    const body = (await overview(f.accountId, f.parent.headers)).json();
    expect(body).toMatchObject({ grace_days: DELETION.graceDays, link_hours: DATA_EXPORT.linkHours });
    expect(Array.isArray(body.exports)).toBe(true);
    expect(body.exports.length).toBeGreaterThan(0);
    expect(body.deletions[0]).toMatchObject({
      id: asked.id,
      scope: 'player',
      player: { id: f.maya.id, name: f.mayaName },
    });
    expect(await undo(f.accountId, asked.id, f.parent.headers)).toMatchObject({ statusCode: 200 });
  });
});

describe('staff’s pending deletions', () => {
  it('lists pending requests soonest first with the account holder, paged; staff only', async () => {
    const { f, other, staff } = await world();
    const later = await requested(f, { player_id: f.maya.id });
    const sooner = await requested(other, {});
    await t.db
      .update(deletionRequests)
      .set({ dueAt: new Date(Date.now() + DAY) })
      .where(eq(deletionRequests.id, sooner.id));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/admin/deletions?page_size=100',
      headers: staff.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as {
      count: number;
      results: { id: number; status: string; due_at: string; account: object }[];
    };
    expect(page.results.every((row) => row.status === 'pending')).toBe(true);
    const dues = page.results.map((row) => new Date(row.due_at).getTime());
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
    const ids = page.results.map((row) => row.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    expect(page.results.find((row) => row.id === later.id)).toMatchObject({
      scope: 'player',
      player: { id: f.maya.id, name: f.mayaName },
      account: { id: f.accountId, holder_name: 'Dana Lopez', holder_email: f.parent.user.email },
    });
    expect(page.results.find((row) => row.id === sooner.id)).toMatchObject({ scope: 'account', player: null });

    const first = await t.app.inject({
      method: 'GET',
      url: '/api/v2/admin/deletions?page_size=1',
      headers: staff.headers,
    });
    expect(first.json()).toMatchObject({ count: page.count, results: [{ id: page.results[0]!.id }] });
    expect(first.json().next).toContain('page=2');

    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/admin/deletions', headers: f.parent.headers })).statusCode,
    ).toBe(403);
    const parent = await createParent(t.db);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/admin/deletions', headers: parent.headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/admin/deletions' })).statusCode).toBe(401);
    // Staff have no way to undo or run one.
    expect((await undo(f.accountId, later.id, staff.headers)).statusCode).toBe(403);
    for (const id of [later.id, sooner.id]) {
      const row = await requestRow(id);
      await undo(row.accountId, id, row.accountId === f.accountId ? f.parent.headers : other.parent.headers);
    }
  });
});

describe('the audit log stays append-only', () => {
  it('refuses updates and deletes outside an erasure, and any other change inside one', async () => {
    const { f } = await world();
    const id = f.familyAudit[0]!;
    await expect(t.db.update(auditLog).set({ after: REDACTED }).where(eq(auditLog.id, id))).rejects.toThrow();
    await expect(t.db.delete(auditLog).where(eq(auditLog.id, id))).rejects.toThrow();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('grove.erasure', 'on', true)`);
        await tx.update(auditLog).set({ actorEmail: 'someone@example.test' }).where(eq(auditLog.id, id));
      }),
    ).rejects.toThrow();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('grove.erasure', 'on', true)`);
        await tx
          .update(auditLog)
          .set({ after: { text: 'rewritten' } })
          .where(eq(auditLog.id, id));
      }),
    ).rejects.toThrow();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('grove.erasure', 'on', true)`);
        await tx.delete(auditLog).where(eq(auditLog.id, id));
      }),
    ).rejects.toThrow();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('grove.erasure', 'on', true)`);
        await tx.execute(sql`truncate audit_log`);
      }),
    ).rejects.toThrow();
    // The setting lasts one transaction: the next one is refused again.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('grove.erasure', 'on', true)`);
      await tx.update(auditLog).set({ after: REDACTED }).where(eq(auditLog.id, f.familyAudit[1]!));
    });
    await expect(
      t.db
        .update(auditLog)
        .set({ after: { back: true } })
        .where(eq(auditLog.id, f.familyAudit[1]!)),
    ).rejects.toThrow();
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.id, id));
    expect(row!.after).not.toBe(REDACTED);
  });
});

describe('demo data', () => {
  it('gives staff pending deletions to look at and a family a finished one in its history', async () => {
    const staff = await createStaff(t.db);
    const closing = await createParent(t.db, {
      players: ['Otto'],
      user: { email: 'cancelled@example.com', firstName: 'Jamie', lastName: 'Foster' },
    });
    const history = await createParent(t.db, { players: ['Finn'], user: { email: 'magellan@example.com' } });
    const generated = await createParent(t.db, { players: ['Ada'] });
    const seeded = [closing, history, generated].flatMap((family) =>
      family.players.map((player) => ({
        id: player.id,
        accountId: player.accountId,
        name: player.name,
        startedAt: player.createdAt,
      })),
    );
    const now = new Date();
    await seedDeletionRequests({
      db: t.db,
      rng: seededRandom(1),
      now,
      passwordHash: '',
      accountIds: [closing.account.id, history.account.id, generated.account.id],
      players: seeded,
      log: () => undefined,
      publicUrl: 'http://localhost:3000',
    });

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/admin/deletions?page_size=100',
      headers: staff.headers,
    });
    const results = res.json().results as { scope: string; account: { id: number; holder_email: string } }[];
    expect(results.find((row) => row.account.id === closing.account.id)).toMatchObject({
      scope: 'account',
      account: { holder_email: 'cancelled@example.com' },
    });
    expect(results.find((row) => row.account.id === generated.account.id)).toMatchObject({ scope: 'player' });
    const past = (await overview(history.account.id, history.headers)).json().deletions;
    expect(past).toEqual([
      expect.objectContaining({ scope: 'player', status: 'completed', player: { id: null, name: 'Rowan' } }),
    ]);

    // Without a job of their own, the nightly run carries them out once their date has come.
    const summary = await runRetention(deps(), new Date(now.getTime() + (DELETION.graceDays + 1) * DAY));
    expect(summary.failedDeletions).toEqual([]);
    expect((await t.db.select().from(accounts).where(eq(accounts.id, closing.account.id)))[0]).toMatchObject({
      accountStatus: CLOSED_ACCOUNT_STATUS,
    });
    expect(await t.db.select().from(players).where(eq(players.accountId, generated.account.id))).toEqual([]);
    expect((await emailsTo(t.db, 'cancelled@example.com'))[0]).toMatchObject({ template: 'data_deleted' });
  });
});
