/**
 * Deleting a player's data and closing an account (issue 17 item 3; docs/decisions/0039). A parent
 * asks; the request waits through the grace period (undo, or "delete now"); then the job
 * `privacy.deletion` erases, in one transaction, every row the catalogue (erasure.repository.ts)
 * names, keeps the billing records, redacts the audit log's rows about the family, and writes the
 * e-mail that says it is done. Staff see the pending requests and can neither undo nor run them.
 */
import type { Paging } from '@grove/domain/api/common';
import type { DeletionRequest, PendingDeletion } from '@grove/domain/api/data-rights';
import { RUNNING_STATUSES } from '@grove/domain';
import { DATA_RIGHTS_MESSAGES, DELETION, deletionDueAt, type DataScope } from '@grove/domain/data-rights';
import type { EmailSender } from '../../adapters/email/email.port.ts';
import { renderEmail } from '../../adapters/email/templates.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { CLOSED_ACCOUNT_STATUS } from '@grove/domain/roles';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import { assertFamilyMember as assertFamily, assertMembersOrStaff } from '../auth/access.ts';
import * as repo from './erasure.repository.ts';

export interface ErasureDeps {
  db: Db;
  email: EmailSender;
  jobs: JobQueue;
  /** PUBLIC_URL: the links of the e-mails are built on it. */
  publicUrl: string;
  /** The clock (tests move it). */
  now?: () => Date;
}

/** The job that carries out one request when it is due: `{ deletionId }`. */
export const DELETION_JOB = 'privacy.deletion';
export interface DeletionJob {
  deletionId: number;
}
/** A run that fails (a deadlock, the database away) is tried again over about half an hour. */
export const DELETION_JOB_OPTIONS = { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 30 * 60 };

export { CLOSED_ACCOUNT_STATUS };

/**
 * How far the job's clock may lag the database's: the queue hands a job out by the database's
 * clock (its start is the due date), the job checks the due date by the server's.
 */
const CLOCK_SKEW_MS = 60_000;

const nowOf = (deps: { now?: () => Date }) => (deps.now ? deps.now() : new Date());
const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();
const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

function toDeletionRequest(row: repo.DeletionRow): DeletionRequest {
  return {
    id: row.id,
    scope: row.scope as DataScope,
    player: row.scope === 'player' ? { id: row.playerId, name: row.playerName } : null,
    status: row.status as DeletionRequest['status'],
    requested_at: row.requestedAt.toISOString(),
    requested_by:
      row.requestedById === null
        ? null
        : { id: row.requestedById, name: fullName(row.requestedByFirstName, row.requestedByLastName) },
    due_at: row.dueAt.toISOString(),
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    cancelled_by:
      row.cancelledById === null
        ? null
        : { id: row.cancelledById, name: fullName(row.cancelledByFirstName, row.cancelledByLastName) },
    completed_at: row.completedAt?.toISOString() ?? null,
    removed: row.removed,
  };
}

async function loadRequest(db: Db, accountId: number, deletionId: number): Promise<DeletionRequest> {
  const row = await repo.findDeletion(db, accountId, deletionId);
  if (!row) throw notFound();
  return toDeletionRequest(row);
}

/** Members only: staff see the requests but do not ask for, undo or hasten a deletion (403). */
const assertFamilyMember = (db: Db, user: AuthUser, accountId: number) =>
  assertFamily(db, user, accountId, DATA_RIGHTS_MESSAGES.notFamily);

/** The account's latest requests, newest first (the data-rights overview; members and staff). */
export async function accountDeletions(db: Db, user: AuthUser, accountId: number): Promise<DeletionRequest[]> {
  await assertMembersOrStaff(db, user, accountId);
  const rows = await repo.listAccountDeletions(db, accountId, DELETION.listed);
  return rows.map(toDeletionRequest);
}

/**
 * POST /api/v2/user/accounts/{id}/deletions: one player's data (`player_id`) or the whole account
 * (none), erased at the end of the grace period. The family's row is locked, so two requests at
 * once cannot both pass the checks (the partial unique indexes stand behind it): 409 while the same
 * deletion or the account's closure is pending, 409 when closing an account whose subscription
 * still runs. The request and its job, due at the end of the grace period, are one transaction.
 */
export async function requestDeletion(
  deps: ErasureDeps,
  user: AuthUser,
  accountId: number,
  body: { player_id?: number | null | undefined },
): Promise<DeletionRequest> {
  const { db } = deps;
  const now = nowOf(deps);
  await assertFamilyMember(db, user, accountId);
  const playerId = body.player_id ?? null;
  const clash = () =>
    playerId === null
      ? conflict(DATA_RIGHTS_MESSAGES.accountClosing, 'account_closing')
      : conflict(DATA_RIGHTS_MESSAGES.deletionPending, 'deletion_pending');
  let deletionId: number;
  try {
    deletionId = await db.transaction(async (tx) => {
      if (!(await repo.lockAccount(tx, accountId))) throw notFound();
      let playerName = '';
      if (playerId !== null) {
        const player = await repo.findAccountPlayer(tx, accountId, playerId);
        if (!player) throw fieldError('player_id', DATA_RIGHTS_MESSAGES.playerMissing);
        playerName = player.name;
      }
      if (await repo.findPending(tx, accountId, null)) {
        throw conflict(DATA_RIGHTS_MESSAGES.accountClosing, 'account_closing');
      }
      if (playerId !== null && (await repo.findPending(tx, accountId, playerId))) throw clash();
      if (playerId === null && (await repo.hasSubscriptionIn(tx, accountId, RUNNING_STATUSES))) {
        throw conflict(DATA_RIGHTS_MESSAGES.subscriptionRunning, 'subscription_running');
      }
      const dueAt = deletionDueAt(now);
      const id = await repo.insertDeletion(tx, {
        accountId,
        playerId,
        scope: playerId === null ? 'account' : 'player',
        playerName,
        requestedBy: user.id,
        requestedAt: now,
        dueAt,
        notifyEmail: user.email,
      });
      const job: DeletionJob = { deletionId: id };
      await deps.jobs.sendInTransaction(tx, DELETION_JOB, job, { startAfter: dueAt, singletonKey: String(id) });
      return id;
    });
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw clash();
    throw error;
  }
  return loadRequest(db, accountId, deletionId);
}

/** POST …/deletions/{deletionId}/undo: the request is cancelled and nothing is erased; 409 once it is not pending. */
export async function undoDeletion(deps: ErasureDeps, user: AuthUser, accountId: number, deletionId: number) {
  const { db } = deps;
  await assertFamilyMember(db, user, accountId);
  if (!(await repo.findDeletion(db, accountId, deletionId))) throw notFound();
  // A conditional update: when the erasure holds the row, this waits for it and then finds it done.
  if (!(await repo.cancelPending(db, accountId, deletionId, user.id, nowOf(deps)))) {
    throw conflict(DATA_RIGHTS_MESSAGES.notPending, 'not_pending');
  }
  return loadRequest(db, accountId, deletionId);
}

/**
 * POST …/deletions/{deletionId}/now: the request falls due now and a job due now is enqueued with
 * it (the one at the end of the grace period then finds it done). The answer is the request, still
 * pending until the job has run; 409 once it is not pending.
 */
export async function deleteNow(deps: ErasureDeps, user: AuthUser, accountId: number, deletionId: number) {
  const { db } = deps;
  await assertFamilyMember(db, user, accountId);
  if (!(await repo.findDeletion(db, accountId, deletionId))) throw notFound();
  const now = nowOf(deps);
  await db.transaction(async (tx) => {
    if (!(await repo.bringForward(tx, accountId, deletionId, now))) {
      throw conflict(DATA_RIGHTS_MESSAGES.notPending, 'not_pending');
    }
    const job: DeletionJob = { deletionId };
    await deps.jobs.sendInTransaction(tx, DELETION_JOB, job, { singletonKey: String(deletionId) });
  });
  deps.jobs.notify(DELETION_JOB);
  return loadRequest(db, accountId, deletionId);
}

/** GET /api/v2/admin/deletions: pending requests, soonest due first, with the account holder (staff). */
export async function pendingDeletions(db: Db, paging: Paging) {
  const offset = (paging.page - 1) * paging.page_size;
  const [total, rows] = await Promise.all([
    repo.countPendingDeletions(db),
    repo.listPendingDeletions(db, paging.page_size, offset),
  ]);
  return {
    count: total,
    page: paging.page,
    pageSize: paging.page_size,
    results: rows.map((row): PendingDeletion => ({
      ...toDeletionRequest(row),
      account: { id: row.accountId, holder_name: row.holderName, holder_email: row.holderEmail },
    })),
  };
}

/** The words of a name as the staff search keeps them (search_words: 3 to 60 characters, no digits or @). */
function wordsOf(name: string): string[] {
  return [
    ...new Set(
      name
        .toLowerCase()
        .split(' ')
        .filter((w) => w.length >= 3 && w.length <= 60 && !/[0-9@]/.test(w)),
    ),
  ];
}

/** A PostgreSQL regular expression that matches `name` as whole words, any case. */
function wholeWords(name: string): string {
  const escaped = name.trim().replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
  return `\\m${escaped}\\M`;
}

export type DeletionOutcome =
  | { kind: 'done'; removed: Record<string, number> }
  | { kind: 'not_pending' }
  | { kind: 'not_due' }
  /** A closure whose account runs a subscription again (a renewal during the grace period) is cancelled. */
  | { kind: 'cancelled' };

/**
 * The job: carries out request `deletionId` when it is pending and due, in one transaction. The
 * account's row is locked first, then the request's (whatever locks both takes them in that order;
 * undo and "delete now" lock the request alone), so an undo racing the job either commits first —
 * and the job finds the request cancelled and does nothing — or waits and finds it completed. Run
 * again, it finds the request completed and does nothing: idempotent.
 */
export async function runDeletion(deps: ErasureDeps, deletionId: number, now = nowOf(deps)): Promise<DeletionOutcome> {
  const { db } = deps;
  const first = await repo.deletionState(db, deletionId);
  if (!first || first.status !== 'pending') return { kind: 'not_pending' };
  return db.transaction(async (tx): Promise<DeletionOutcome> => {
    await repo.lockAccount(tx, first.accountId);
    const request = await repo.lockDeletion(tx, deletionId);
    if (!request || request.status !== 'pending') return { kind: 'not_pending' };
    if (request.dueAt.getTime() > now.getTime() + CLOCK_SKEW_MS) return { kind: 'not_due' };
    const { accountId } = request;
    if (request.scope === 'account' && (await repo.hasSubscriptionIn(tx, accountId, RUNNING_STATUSES))) {
      await repo.cancelBySystem(tx, request.id, now);
      return { kind: 'cancelled' };
    }

    const people = await repo.peopleOf(tx, accountId);
    const family = people.filter((person) => !person.isStaff && !person.isCoach);
    const memberIds = family.map((person) => person.id);
    const memberEmails = [
      ...new Set(
        family
          .flatMap((p) => [p.email, p.pendingEmail ?? ''])
          .filter(Boolean)
          .map((e) => e.toLowerCase()),
      ),
    ];
    const requester = request.requestedBy === null ? null : await repo.findUser(tx, request.requestedBy);
    const firstName = requester?.firstName || family[0]?.firstName || 'there';
    // The e-mail is written to the requester, in their language (else the family's first person's).
    const language = requester ? requester.language : (family[0]?.language ?? null);

    await repo.allowAuditRedaction(tx);
    const removed: Record<string, number> = {};
    const count = (table: string, rows: number) => {
      if (rows > 0) removed[table] = (removed[table] ?? 0) + rows;
    };
    let words: string[] = [];
    if (request.scope === 'player') {
      const player = request.playerId === null ? null : await repo.findAccountPlayer(tx, accountId, request.playerId);
      if (player) {
        const target: repo.PlayerTarget = {
          accountId,
          playerId: player.id,
          name: player.name,
          namePattern: wholeWords(player.name),
          memberIds,
          memberEmails,
        };
        const linkIds = await repo.shareLinkIdsOf(tx, player.id);
        for (const table of repo.PLAYER_ERASED)
          count(table.name, await repo.removeRows(tx, table.name, table.player!(target)));
        await repo.redactAudit(tx, repo.playerAuditRows(accountId, player.id, linkIds));
        words = wordsOf(player.name);
      }
    } else {
      const target: repo.AccountTarget = {
        accountId,
        memberIds,
        memberEmails,
        orderRefs: await repo.orderRefsOf(tx, accountId),
      };
      const ticketIds = await repo.ticketIdsOf(tx, accountId, memberIds);
      words = await repo.searchWordsOf(tx, accountId);
      await repo.detachWorkers(tx, accountId);
      for (const table of repo.ERASED_TABLES)
        count(table.name, await repo.removeRows(tx, table.name, table.account(target)));
      await repo.redactAudit(tx, repo.accountAuditRows(accountId, ticketIds, memberIds));
      await repo.clearCancelComments(tx, accountId);
      await repo.settleOtherRequests(tx, accountId, request.id, now);
      await repo.closeAccountRow(tx, accountId, CLOSED_ACCOUNT_STATUS, now);
    }
    await repo.forgetSearchWords(tx, words);
    await repo.completeDeletion(tx, request.id, now, removed);

    if (request.notifyEmail) {
      const url =
        request.scope === 'player'
          ? `${base(deps.publicUrl)}/dashboard/account?segment=privacy`
          : `${base(deps.publicUrl)}/`;
      const stillMember = request.scope === 'player' && requester?.accountId === accountId;
      await deps.email.send(
        {
          to: request.notifyEmail,
          ...(stillMember ? { userId: requester!.id } : {}),
          ...(await renderEmail(
            'data_deleted',
            { firstName, scope: request.scope as DataScope, playerName: request.playerName, url },
            language,
          )),
        },
        tx,
      );
    }
    return { kind: 'done', removed };
  });
}

/** One run of the job. */
export async function runDeletionJob(deps: ErasureDeps, data: DeletionJob) {
  return runDeletion(deps, data.deletionId);
}

/** Requests read per catch-up run. */
const CATCH_UP_BATCH = 100;

/**
 * Carries out the pending requests whose due date has passed (the nightly run): a request whose
 * job was lost — it failed for good, or the demo data wrote the request without one — is still
 * carried out within a day.
 */
export async function runDueDeletions(
  deps: ErasureDeps,
  now: Date,
  onError: (deletionId: number, error: unknown) => void,
): Promise<number> {
  let done = 0;
  const seen = new Set<number>();
  for (;;) {
    const ids = (await repo.overdueDeletions(deps.db, now, CATCH_UP_BATCH)).filter((id) => !seen.has(id));
    if (ids.length === 0) return done;
    for (const id of ids) {
      seen.add(id);
      try {
        if ((await runDeletion(deps, id, now)).kind === 'done') done++;
      } catch (error) {
        // One request that fails (it is retried by its own job, or the next night) holds up no other.
        onError(id, error);
      }
    }
  }
}
