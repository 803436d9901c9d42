import { describe, expect, it } from 'vitest';

import {
  billingRecordsCutoff,
  DATA_EXPORT,
  DELETION,
  deletionDueAt,
  exportExpiresAt,
  exportFileName,
  retentionDates,
  securityRecordsCutoff,
} from './data-rights.ts';
import { RETENTION } from './privacy.ts';

describe('deletion and export timing', () => {
  it('carries out a deletion when the grace period ends', () => {
    const asked = new Date('2026-11-25T22:40:00Z');
    expect(deletionDueAt(asked).toISOString()).toBe('2026-12-02T22:40:00.000Z');
    expect(DELETION.graceDays).toBe(7);
    expect(deletionDueAt(asked, 0).getTime()).toBe(asked.getTime());
  });

  it('lets an export be downloaded for the link hours after it is ready', () => {
    const ready = new Date('2026-11-25T10:00:00Z');
    expect(exportExpiresAt(ready).toISOString()).toBe('2026-11-28T10:00:00.000Z');
    expect(DATA_EXPORT.linkHours).toBe(72);
  });
});

describe('retentionDates', () => {
  it('removes play data 12 months after the cancellation and reminds 30 days before', () => {
    const { removeAt, remindAt } = retentionDates(new Date('2025-03-15T12:00:00Z'));
    expect(RETENTION.playDataMonthsAfterCancellation).toBe(12);
    expect(removeAt.toISOString()).toBe('2026-03-15T12:00:00.000Z');
    expect(remindAt.toISOString()).toBe('2026-02-13T12:00:00.000Z');
  });

  it('clamps to the end of a shorter month', () => {
    // 29 February 2024 + 12 months: there is no 29 February 2025.
    expect(retentionDates(new Date('2024-02-29T08:00:00Z')).removeAt.toISOString()).toBe('2025-02-28T08:00:00.000Z');
  });

  it('keeps a closed account’s billing records 7 years', () => {
    expect(billingRecordsCutoff(new Date('2026-11-25T00:00:00Z')).toISOString()).toBe('2019-11-25T00:00:00.000Z');
  });

  it('keeps sign-in security records 12 months', () => {
    expect(securityRecordsCutoff(new Date('2026-11-25T00:00:00Z')).toISOString()).toBe('2025-11-25T00:00:00.000Z');
    expect(securityRecordsCutoff(new Date('2026-03-31T00:00:00Z')).toISOString()).toBe('2025-03-31T00:00:00.000Z');
  });
});

describe('exportFileName', () => {
  const ready = new Date('2026-11-25T10:00:00Z');
  it('names a player export after the player, in plain ASCII', () => {
    expect(exportFileName('player', 'Zoë Ann', 4, ready)).toBe('grove-zoe-ann-2026-11-25.zip');
    expect(exportFileName('player', '../../etc/passwd', 4, ready)).toBe('grove-etc-passwd-2026-11-25.zip');
    expect(exportFileName('player', '山田', 4, ready)).toBe('grove-player-2026-11-25.zip');
  });
  it('names an account export after the account', () => {
    expect(exportFileName('account', null, 42, ready)).toBe('grove-account-42-2026-11-25.zip');
  });
});
