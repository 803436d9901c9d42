/**
 * The retention job (issue 17 item 4; docs/privacy.md, docs/decisions/0040), run every night: the
 * play data of an account whose subscriptions all ended RETENTION.playDataMonthsAfterCancellation
 * months ago is removed, after a reminder RETENTION.reminderDaysBeforeRemoval days before; sign-in
 * security records older than RETENTION.securityRecordMonths are removed; closed accounts go with
 * their billing records once those are RETENTION.billingRecordYears old; and pending deletions
 * whose job was lost are carried out. Each account is one transaction that records its step in
 * `retention_notices`, so a run that is retried or runs twice sends nothing twice.
 */
import { CANCELLED_BILLING_STATUSES, dateTimeParts } from '@grove/domain';
import { billingRecordsCutoff, retentionDates, securityRecordsCutoff } from '@grove/domain/data-rights';
import { RETENTION } from '@grove/domain/privacy';
import { renderEmail } from '../../adapters/email/templates.ts';
import { languageOf } from '../../locales/i18n.ts';
import { removeRows } from './erasure.repository.ts';
import { CLOSED_ACCOUNT_STATUS, runDueDeletions, type ErasureDeps } from './erasure.service.ts';
import * as repo from './retention.repository.ts';

export const RETENTION_JOB = 'privacy.retention';
/** Every night at 03:00 UTC (one run per night whatever the number of server instances). */
export const RETENTION_CRON = '0 3 * * *';

const DAY_MS = 86_400_000;
const REMINDER_MS = RETENTION.reminderDaysBeforeRemoval * DAY_MS;
/**
 * The latest end of a subscription whose reminder may be due at `now`: a month has at least 28
 * days, so an end later than this has its reminder after `now` (each candidate is then checked
 * with the exact dates).
 */
const candidatesUntil = (now: Date) =>
  new Date(now.getTime() - RETENTION.playDataMonthsAfterCancellation * 28 * DAY_MS + REMINDER_MS);

const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

export interface RetentionSummary {
  /** Accounts whose parents were reminded. */
  reminded: number;
  /** Accounts whose play data was removed, and the rows removed per table. */
  purged: number;
  removed: Record<string, number>;
  /** Old sign-in attempt counters and known browsers removed. */
  throttles: number;
  knownDevices: number;
  /** Closed accounts whose billing records were kept their full period, removed with them. */
  closedAccounts: number;
  /** Overdue deletion requests carried out, and those that failed (retried the next night). */
  deletions: number;
  failedDeletions: number[];
}

/** One account's step, in its own transaction: the reminder, the removal, or nothing. */
async function retainAccount(deps: ErasureDeps, accountId: number, now: Date, summary: RetentionSummary) {
  const base = deps.publicUrl.replace(/\/+$/, '');
  await deps.db.transaction(async (tx) => {
    const account = await repo.lockEndedAccount(tx, accountId, CANCELLED_BILLING_STATUSES);
    // A renewal (a subscription running again) or a closure since the list was read: nothing to do.
    if (!account || !account.ended || !account.cancelledAt || account.accountStatus === CLOSED_ACCOUNT_STATUS) return;
    const { remindAt, removeAt } = retentionDates(account.cancelledAt);
    if (now.getTime() < remindAt.getTime()) return;
    const notice = await repo.lockNotice(tx, accountId, account.cancelledAt);
    if (notice.purgedAt) return;

    if (!notice.remindedAt) {
      await repo.markReminded(tx, notice.id, now);
      // A reminder sent late pushes the removal back: the family always has its full notice.
      const removal = later(removeAt, new Date(now.getTime() + REMINDER_MS));
      for (const parent of await repo.parentsOf(tx, accountId)) {
        await deps.email.send(
          {
            to: parent.email,
            userId: parent.id,
            ...(await renderEmail(
              'retention_reminder',
              {
                firstName: parent.firstName,
                removalDate: dateTimeParts(removal, account.timeZone, languageOf(parent.language)).date,
                monthsAfterCancellation: RETENTION.playDataMonthsAfterCancellation,
                privacyUrl: `${base}/dashboard/account?segment=privacy`,
                renewUrl: `${base}/dashboard/account?segment=billing`,
              },
              parent.language,
            )),
          },
          tx,
        );
      }
      summary.reminded++;
      return;
    }

    if (now.getTime() < later(removeAt, new Date(notice.remindedAt.getTime() + REMINDER_MS)).getTime()) return;
    const removed: Record<string, number> = {};
    for (const table of repo.PURGED_PLAY_DATA) {
      const rows = await removeRows(tx, table.name, table.where(accountId));
      if (rows > 0) {
        removed[table.name] = rows;
        summary.removed[table.name] = (summary.removed[table.name] ?? 0) + rows;
      }
    }
    await repo.markPurged(tx, notice.id, now, removed);
    summary.purged++;
  });
}

/**
 * One run of the retention job at `now` (the caller's clock, so tests run it at any date).
 * Idempotent: a second run at the same moment finds every step recorded and does nothing more.
 */
export async function runRetention(deps: ErasureDeps, now: Date): Promise<RetentionSummary> {
  const summary: RetentionSummary = {
    reminded: 0,
    purged: 0,
    removed: {},
    throttles: 0,
    knownDevices: 0,
    closedAccounts: 0,
    deletions: 0,
    failedDeletions: [],
  };
  const candidates = await repo.endedAccounts(
    deps.db,
    CANCELLED_BILLING_STATUSES,
    candidatesUntil(now),
    CLOSED_ACCOUNT_STATUS,
  );
  for (const candidate of candidates) {
    if (now.getTime() < retentionDates(candidate.cancelledAt).remindAt.getTime()) continue;
    await retainAccount(deps, candidate.accountId, now, summary);
  }
  const cutoff = securityRecordsCutoff(now);
  summary.throttles = await repo.removeOldThrottles(deps.db, cutoff);
  summary.knownDevices = await repo.removeOldKnownDevices(deps.db, cutoff);
  summary.closedAccounts = await repo.removeExpiredClosedAccounts(
    deps.db,
    billingRecordsCutoff(now),
    CLOSED_ACCOUNT_STATUS,
  );
  summary.deletions = await runDueDeletions(deps, now, (deletionId) => summary.failedDeletions.push(deletionId));
  return summary;
}
