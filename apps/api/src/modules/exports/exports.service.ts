/**
 * A family's copy of its data (issue 17 item 2; docs/decisions/0038). A parent asks for one
 * player's or the whole account's copy; the row and its job are written in one transaction; the
 * job reads every table of the catalogue (exports.repository.ts) page by page into a ZIP file kept
 * in the row, and e-mails the parent; the parent downloads it while its link lasts; an hourly sweep
 * empties expired files. Only the family's members ask and download: staff are refused (403), a
 * coach or another family finds nothing (404, as for a missing account).
 */
import { formatDateTime, resolveTimeZone } from '@grove/domain';
import type { DataExport } from '@grove/domain/api/data-rights';
import {
  DATA_EXPORT,
  DATA_RIGHTS_MESSAGES,
  exportExpiresAt,
  exportFileName,
  type ExportStatus,
} from '@grove/domain/data-rights';
import type { EmailSender } from '../../adapters/email/email.port.ts';
import { EMAIL_DELIVERY_QUEUE } from '../../adapters/email/outbox.sender.ts';
import { renderEmail } from '../../adapters/email/templates.ts';
import type { Db } from '../../db/client.ts';
import type { JobInfo, JobQueue } from '../../jobs/queue.ts';
import { conflict, fieldError, HttpError, notFound, tooManyRequests } from '../../lib/errors.ts';
import { languageOf } from '../../locales/i18n.ts';
import { assertFamilyMember as assertFamily } from '../auth/access.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import { ExportArchive } from './exports.archive.ts';
import { readme } from './exports.readme.ts';
import * as repo from './exports.repository.ts';

export interface ExportsDeps {
  db: Db;
  email: EmailSender;
  jobs: JobQueue;
  /** PUBLIC_URL: the e-mail's link is built on it. */
  publicUrl: string;
  /** The clock (tests move it). */
  now?: () => Date;
}

/** The job that builds one export: `{ exportId }`. */
export const EXPORT_JOB = 'privacy.export';
export interface ExportJob {
  exportId: number;
}
/**
 * Its retries: a failure (the database went away) is tried twice more, a minute and then about two
 * minutes later; after the last one the export is marked failed. A run may take half an hour.
 */
export const EXPORT_JOB_OPTIONS = { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 30 * 60 };

/** The sweep that empties expired files, hourly. */
export const EXPORT_SWEEP = 'privacy.export-sweep';
export const EXPORT_SWEEP_CRON = '23 * * * *';
/**
 * An export still queued this long after it was asked for has lost its job (a process that died
 * through every retry): the sweep marks it failed, so the family may ask again.
 */
export const EXPORT_STALE_HOURS = 6;

/** Rows read per query: the play tables of a long history are read in pages, never whole. */
export const EXPORT_PAGE_ROWS = 5000;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const nowOf = (deps: { now?: () => Date }) => (deps.now ? deps.now() : new Date());

const downloadUrl = (accountId: number, exportId: number) =>
  `/api/v2/user/accounts/${accountId}/exports/${exportId}/download`;

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/** Whether an export's file can no longer be downloaded at `now` (the sweep may not have run yet). */
const isExpired = (status: string, expiresAt: Date | null, now: Date) =>
  status === 'expired' || (status === 'ready' && expiresAt !== null && expiresAt.getTime() <= now.getTime());

function toDataExport(accountId: number, row: repo.ExportListRow, now: Date): DataExport {
  const status: ExportStatus = isExpired(row.status, row.expiresAt, now) ? 'expired' : (row.status as ExportStatus);
  return {
    id: row.id,
    scope: row.playerId === null ? 'account' : 'player',
    player: row.playerId === null ? null : { id: row.playerId, name: row.playerName ?? '' },
    status,
    requested_at: row.requestedAt.toISOString(),
    requested_by:
      row.requestedById === null
        ? null
        : { id: row.requestedById, name: fullName(row.requestedByFirstName, row.requestedByLastName) },
    ready_at: row.readyAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    file_name: row.fileName,
    size_bytes: row.sizeBytes,
    row_counts: row.rowCounts,
    download_url: status === 'ready' ? downloadUrl(accountId, row.id) : null,
  };
}

/**
 * The account's latest `limit` exports, newest first (the privacy page's list; the data-rights
 * overview). A finished export whose link has passed shows as expired before the sweep empties it.
 */
export async function listExports(db: Db, accountId: number, limit: number, now = new Date()): Promise<DataExport[]> {
  const rows = await repo.listAccountExports(db, accountId, limit);
  return rows.map((row) => toDataExport(accountId, row, now));
}

/**
 * Members of the account only. A coach or another family gets 404 as for a missing account; staff
 * get 403 on an account that exists (a family's copy is the family's to ask for and to open).
 */
const assertFamilyMember = (db: Db, user: AuthUser, accountId: number) =>
  assertFamily(db, user, accountId, DATA_RIGHTS_MESSAGES.notFamily);

/**
 * POST /api/v2/user/accounts/{id}/exports: a copy of one player's data (`player_id`) or of the
 * whole account (none). The family's row is locked, so that two requests at once cannot both pass
 * the checks: 409 while the same scope is being prepared, 429 (Retry-After) past
 * DATA_EXPORT.perDay requests in 24 hours, as Grove answers its other limits. The row and its job
 * are written in one transaction; the worker is woken after the commit.
 */
export async function requestExport(
  deps: ExportsDeps,
  user: AuthUser,
  accountId: number,
  body: { player_id?: number | null | undefined },
): Promise<DataExport> {
  const { db } = deps;
  const now = nowOf(deps);
  await assertFamilyMember(db, user, accountId);
  const playerId = body.player_id ?? null;
  const exportId = await db.transaction(async (tx) => {
    if (!(await repo.lockAccount(tx, accountId))) throw notFound();
    if (playerId !== null && !(await repo.findAccountPlayer(tx, accountId, playerId))) {
      throw fieldError('player_id', DATA_RIGHTS_MESSAGES.playerMissing);
    }
    if (await repo.hasQueuedExport(tx, accountId, playerId))
      throw conflict(DATA_RIGHTS_MESSAGES.exportBusy, 'export_busy');
    const recent = await repo.recentRequests(tx, accountId, new Date(now.getTime() - DAY_MS), DATA_EXPORT.perDay);
    if (recent.length >= DATA_EXPORT.perDay) {
      const freeAt = recent.at(-1)!.getTime() + DAY_MS;
      throw tooManyRequests((freeAt - now.getTime()) / 1000, DATA_RIGHTS_MESSAGES.exportLimit);
    }
    const id = await repo.insertExport(tx, { accountId, playerId, requestedBy: user.id, requestedAt: now });
    const job: ExportJob = { exportId: id };
    await deps.jobs.sendInTransaction(tx, EXPORT_JOB, job);
    return id;
  });
  deps.jobs.notify(EXPORT_JOB);
  const [row] = await repo.listAccountExports(db, accountId, 1, exportId);
  return toDataExport(accountId, row!, now);
}

/**
 * GET …/exports/{exportId}/download: the ZIP file, for the account's members. 409 while it is being
 * prepared (or could not be), 410 once its link has expired; the download is recorded.
 */
export async function downloadExport(
  deps: Pick<ExportsDeps, 'db' | 'now'>,
  user: AuthUser,
  accountId: number,
  exportId: number,
): Promise<{ fileName: string; content: Buffer }> {
  const { db } = deps;
  const now = nowOf(deps);
  await assertFamilyMember(db, user, accountId);
  const row = await repo.findDownload(db, accountId, exportId);
  if (!row) throw notFound();
  if (isExpired(row.status, row.expiresAt, now)) {
    throw new HttpError(410, DATA_RIGHTS_MESSAGES.exportExpired, 'export_expired');
  }
  if (row.status !== 'ready' || !row.content || !row.fileName) {
    throw conflict(DATA_RIGHTS_MESSAGES.exportNotReady, 'export_not_ready');
  }
  await repo.markDownloaded(db, row.id, now);
  const content = row.content;
  return { fileName: row.fileName, content: Buffer.from(content.buffer, content.byteOffset, content.byteLength) };
}

/** The CSV column that names the player, before the table's own columns. */
const PLAYER_NAME = 'player_name';

/**
 * The job: builds export `exportId` and e-mails the parent who asked. Idempotent: an export that is
 * no longer queued (built, failed, or deleted with its player or account) is left alone, and the
 * file is stored only while the row is still queued. True when it stored one.
 */
export async function buildExport(deps: ExportsDeps, exportId: number): Promise<boolean> {
  const { db } = deps;
  const job = await repo.findExportForJob(db, exportId);
  if (!job || job.status !== 'queued') return false;
  const account = await repo.findAccount(db, job.accountId);
  if (!account) return false;
  const timeZone = resolveTimeZone(account.timeZone);

  const people = await repo.accountPlayers(db, job.accountId);
  const inScope = job.playerId === null ? people : people.filter((player) => player.id === job.playerId);
  if (job.playerId !== null && inScope.length === 0) return false;
  const names = new Map(inScope.map((player) => [player.id, player.name]));
  const target = { accountId: job.accountId, playerId: job.playerId };
  const playerIds = inScope.map((player) => player.id);

  const startedAt = nowOf(deps);
  const csvTables = repo.EXPORTED_TABLES.filter((table) => table.csv);
  const archive = new ExportArchive(
    csvTables.map((table) => ({ fileName: table.csv!, columns: [PLAYER_NAME, ...table.columns] })),
    startedAt,
  );
  const rowCounts: Record<string, number> = {};
  for (const table of repo.EXPORTED_TABLES) {
    const conditions = repo.conditionsFor(table, target, playerIds);
    if (conditions === null) continue;
    let rows = 0;
    archive.beginTable(table.name);
    for (const where of conditions) {
      for await (const page of repo.readRows(db, table, where, EXPORT_PAGE_ROWS)) {
        archive.writeRows(page);
        if (table.csv) {
          archive.writeCsv(
            table.csv,
            page.map((row) => ({ ...row, [PLAYER_NAME]: names.get(row.player_id as number) ?? '' })),
          );
        }
        rows += page.length;
      }
    }
    archive.endTable();
    rowCounts[table.name] = rows;
  }

  const playerName = job.playerId === null ? null : (names.get(job.playerId) ?? null);
  const readyAt = nowOf(deps);
  const expiresAt = exportExpiresAt(readyAt);
  const content = archive.finish(
    {
      'README.txt': readme({
        what: playerName === null ? `your family’s account (account ${job.accountId})` : `${playerName}`,
        scope: job.playerId === null ? 'account' : 'player',
        madeAt: formatDateTime(startedAt, timeZone),
        rowCounts,
        csvFiles: Object.fromEntries(csvTables.map((table) => [table.csv!, table.name])),
      }),
    },
    startedAt,
  );

  const stored = await db.transaction(async (tx) => {
    const done = await repo.markReady(tx, exportId, {
      content,
      sizeBytes: content.byteLength,
      fileName: exportFileName(job.playerId === null ? 'account' : 'player', playerName, job.accountId, readyAt),
      rowCounts,
      readyAt,
      expiresAt,
    });
    if (!done) return false;
    const requester = job.requestedBy === null ? null : await repo.findRequester(tx, job.requestedBy, job.accountId);
    if (requester) {
      const email = await renderEmail(
        'data_export_ready',
        {
          firstName: requester.firstName,
          playerName,
          until: formatDateTime(expiresAt, timeZone, languageOf(requester.language)),
          privacyUrl: `${deps.publicUrl.replace(/\/+$/, '')}/dashboard/account?segment=privacy`,
        },
        requester.language,
      );
      await deps.email.send({ to: requester.email, userId: requester.id, ...email }, tx);
    }
    return true;
  });
  if (stored) deps.jobs.notify(EMAIL_DELIVERY_QUEUE);
  return stored;
}

/**
 * One run of the export job: a run that throws is retried by the queue; when the last retry fails
 * too, the export is marked failed before the error goes on (the page then offers a new one).
 */
export async function runExportJob(deps: ExportsDeps, data: ExportJob, job: Pick<JobInfo, 'retryCount'>) {
  try {
    await buildExport(deps, data.exportId);
  } catch (error) {
    if (job.retryCount >= EXPORT_JOB_OPTIONS.retryLimit) await repo.markFailed(deps.db, data.exportId);
    throw error;
  }
}

/**
 * The hourly sweep: files whose link has expired are emptied (status 'expired'), and exports
 * queued for longer than EXPORT_STALE_HOURS are marked failed.
 */
export async function sweepExports(deps: Pick<ExportsDeps, 'db' | 'now'>) {
  const now = nowOf(deps);
  const expired = await repo.expireExports(deps.db, now);
  const failed = await repo.failStaleExports(deps.db, new Date(now.getTime() - EXPORT_STALE_HOURS * HOUR_MS));
  return { expired, failed };
}
