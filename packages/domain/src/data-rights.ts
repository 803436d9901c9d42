/**
 * Families' data rights, the export and deletion half (issue 17 items 2–4; docs/privacy.md,
 * docs/decisions/0038 and 0039): a parent's copy of what Grove holds about one player or the whole
 * account, deleting a player's data or closing the account after a grace period with undo, and the
 * retention periods the scheduled job enforces (RETENTION in ./privacy.ts).
 */
import { RETENTION } from './privacy.ts';
import { messages } from './translation.ts';

/** What an export or a deletion covers: one player, or the whole account. */
export const DATA_SCOPES = ['player', 'account'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

/** An export's life: built by a job, downloadable until its link expires, then emptied. */
export const EXPORT_STATUSES = ['queued', 'ready', 'failed', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const EXPORT_STATUS_LABELS: Readonly<Record<ExportStatus, string>> = {
  queued: 'Being prepared',
  ready: 'Ready to download',
  failed: 'Could not be prepared',
  expired: 'Expired',
};

export const DATA_EXPORT = {
  /** How long a finished export can be downloaded. */
  linkHours: 72,
  /** Exports listed on the privacy page (newest first). */
  listed: 10,
  /** Exports an account may ask for in a day (each one reads its whole history). */
  perDay: 10,
} as const;

/** A deletion's life: pending through the grace period (undo), then erased by a job. */
export const DELETION_STATUSES = ['pending', 'cancelled', 'completed'] as const;
export type DeletionStatus = (typeof DELETION_STATUSES)[number];

export const DELETION_STATUS_LABELS: Readonly<Record<DeletionStatus, string>> = {
  pending: 'Scheduled',
  cancelled: 'Cancelled',
  completed: 'Deleted',
};

export const DELETION = {
  /** Days between a parent's request and the erasure, during which it can be undone. */
  graceDays: 7,
  /** Deletions listed on the privacy page (newest first). */
  listed: 20,
} as const;

export const DATA_RIGHTS_MESSAGES = messages({
  /** Staff asking for a family's copy or deleting its data: that is the family's decision. */
  notFamily: 'Only the family can ask for a copy of its data or have it deleted.',
  confirmDeletion: 'Please confirm that you want this data deleted.',
  playerMissing: 'This player is not part of your account.',
  exportBusy: 'An export of this data is already being prepared. You will receive an e-mail when it is ready.',
  exportLimit: `You can ask for at most ${DATA_EXPORT.perDay} exports a day. Please try again tomorrow.`,
  exportExpired: 'This export has expired. Please ask for a new one.',
  exportNotReady: 'This export is not ready yet.',
  deletionPending: 'A deletion of this data is already scheduled.',
  accountClosing: 'This account is already scheduled to close.',
  subscriptionRunning:
    'Please cancel your subscription before closing the account: a running subscription still ships and bills.',
  /** Staff changing the status or settings of an account closed at the family's request. */
  accountClosed:
    'This account was closed at the family’s request: only its billing records remain, and it cannot be changed.',
  notPending: 'This deletion can no longer be changed: it was cancelled or has been carried out.',
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a deletion asked for at `requestedAt` is carried out (the grace period's end). */
export function deletionDueAt(requestedAt: Date, graceDays: number = DELETION.graceDays): Date {
  return new Date(requestedAt.getTime() + graceDays * DAY_MS);
}

/** When an export finished at `readyAt` stops being downloadable. */
export function exportExpiresAt(readyAt: Date, linkHours: number = DATA_EXPORT.linkHours): Date {
  return new Date(readyAt.getTime() + linkHours * 60 * 60 * 1000);
}

/** Adds calendar months in UTC, clamping to the month's last day (31 Jan + 1 month = 28/29 Feb). */
function addMonths(at: Date, months: number): Date {
  const result = new Date(at.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const last = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, last));
  return result;
}

/**
 * The retention of a cancelled account's play data: removed `playDataMonthsAfterCancellation`
 * months after the cancellation, with a reminder `reminderDaysBeforeRemoval` days before.
 */
export function retentionDates(cancelledAt: Date): { remindAt: Date; removeAt: Date } {
  const removeAt = addMonths(cancelledAt, RETENTION.playDataMonthsAfterCancellation);
  return { removeAt, remindAt: new Date(removeAt.getTime() - RETENTION.reminderDaysBeforeRemoval * DAY_MS) };
}

/** The moment before which sign-in security records (throttles, known browsers) are removed. */
export function securityRecordsCutoff(now: Date): Date {
  return addMonths(now, -RETENTION.securityRecordMonths);
}

/**
 * The moment before which a closed account's billing records have been kept long enough: a closed
 * account whose last order, invoice and closure are all older goes entirely.
 */
export function billingRecordsCutoff(now: Date): Date {
  return addMonths(now, -12 * RETENTION.billingRecordYears);
}

/** The download's file name: `grove-<player or account>-<YYYY-MM-DD>.zip`, ASCII only. */
export function exportFileName(scope: DataScope, playerName: string | null, accountId: number, readyAt: Date): string {
  const slug =
    scope === 'player'
      ? (playerName ?? '')
          .normalize('NFKD')
          .replace(/[^A-Za-z0-9]+/g, '-')
          .replace(/^-+|-+$/g, '')
          .toLowerCase()
          .slice(0, 40) || 'player'
      : `account-${accountId}`;
  return `grove-${slug}-${readyAt.toISOString().slice(0, 10)}.zip`;
}
