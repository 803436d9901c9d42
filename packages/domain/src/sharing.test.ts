import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { toFieldErrors } from './validation.ts';
import {
  SHARE_LINK_MAX_DAYS,
  SHARING_MESSAGES,
  addDaysToDateKey,
  dayNumberOf,
  defaultDisplayName,
  shareFrameIssues,
  shareLinkSchema,
  shareLinkStatus,
  startOfLocalDate,
} from './sharing.ts';
import { localDateKey } from './stats.ts';

const valid = {
  player_id: 3,
  from_date: '2025-03-03',
  to_date: '2025-03-16',
  expires_in_days: 30,
  display_name: ' M. ',
};

describe('shareLinkSchema', () => {
  it('accepts a link and trims its name', () => {
    expect(shareLinkSchema.parse(valid)).toEqual({ ...valid, display_name: 'M.' });
  });

  it.each([
    [{ expires_in_days: SHARE_LINK_MAX_DAYS + 1 }, { expires_in_days: [SHARING_MESSAGES.expiry] }],
    [{ expires_in_days: 1.5 }, { expires_in_days: [SHARING_MESSAGES.expiry] }],
    [{ expires_in_days: '30' }, { expires_in_days: [SHARING_MESSAGES.expiry] }],
    [{ player_id: undefined }, { player_id: [SHARING_MESSAGES.player] }],
    [{ from_date: '' }, { from_date: [SHARING_MESSAGES.dateInvalid] }],
    [{ from_date: undefined }, { from_date: [SHARING_MESSAGES.dateRequired] }],
    [{ to_date: '2025-02-29' }, { to_date: [SHARING_MESSAGES.dateInvalid] }],
    [{ to_date: '2025-03-02' }, { to_date: [SHARING_MESSAGES.toBeforeFrom] }],
    [{ from_date: '2022-03-01', to_date: '2025-03-16' }, { to_date: [SHARING_MESSAGES.frameTooLong] }],
    [{ display_name: '' }, { display_name: [SHARING_MESSAGES.displayNameRequired] }],
    [{ display_name: 'x'.repeat(57) }, { display_name: [SHARING_MESSAGES.displayNameTooLong] }],
  ])('refuses %o with its field message', (change, fields) => {
    const result = shareLinkSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(toFieldErrors(result.error!)).toEqual(fields);
  });
});

describe('time frames', () => {
  it('refuses a start after today only when today is known', () => {
    expect(shareFrameIssues('2025-03-05', '2025-03-06')).toEqual([]);
    expect(shareFrameIssues('2025-03-05', '2025-03-06', '2025-03-04')).toEqual([
      { field: 'from_date', message: SHARING_MESSAGES.fromInFuture },
    ]);
    expect(shareFrameIssues('2025-03-04', '2025-03-04', '2025-03-04')).toEqual([]);
  });

  it('reads and moves local dates', () => {
    expect(dayNumberOf('1970-01-02')).toBe(1);
    expect(dayNumberOf('2025-13-01')).toBeNaN();
    expect(addDaysToDateKey('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDaysToDateKey('2024-12-31', 1)).toBe('2025-01-01');
  });

  it.each([
    ['2025-03-03', 'America/New_York', '2025-03-03T05:00:00.000Z'],
    ['2025-03-10', 'America/New_York', '2025-03-10T04:00:00.000Z'],
    ['2025-03-03', 'Pacific/Kiritimati', '2025-03-02T10:00:00.000Z'],
    ['2025-03-03', 'Pacific/Pago_Pago', '2025-03-03T11:00:00.000Z'],
    ['2025-03-03', 'UTC', '2025-03-03T00:00:00.000Z'],
  ])('%s starts in %s at %s', (date, zone, instant) => {
    expect(startOfLocalDate(date, zone).toISOString()).toBe(instant);
  });

  it('starts every local date on that date, in zones from UTC-11 to UTC+14', () => {
    const zones = [
      'Pacific/Pago_Pago',
      'America/Los_Angeles',
      'America/Sao_Paulo',
      'Europe/London',
      'Asia/Kolkata',
      'Pacific/Kiritimati',
    ];
    fc.assert(
      fc.property(fc.integer({ min: 18_000, max: 22_000 }), fc.constantFrom(...zones), (day, zone) => {
        const key = new Date(day * 86_400_000).toISOString().slice(0, 10);
        const start = startOfLocalDate(key, zone);
        expect(localDateKey(start, zone)).toBe(key);
        expect(localDateKey(new Date(start.getTime() - 1), zone)).toBe(addDaysToDateKey(key, -1));
      }),
      { numRuns: 200 },
    );
  });
});

describe('status and names', () => {
  it('is revoked, expired or active', () => {
    const now = new Date('2025-03-10T12:00:00Z');
    expect(shareLinkStatus({ revoked_at: '2025-03-01T00:00:00Z', expires_at: '2025-04-01T00:00:00Z' }, now)).toBe(
      'revoked',
    );
    expect(shareLinkStatus({ revoked_at: null, expires_at: '2025-03-10T12:00:00Z' }, now)).toBe('expired');
    expect(shareLinkStatus({ revoked_at: null, expires_at: '2025-03-10T12:00:01Z' }, now)).toBe('active');
  });

  it('proposes the first name', () => {
    expect(defaultDisplayName('  Maya Lopez ')).toBe('Maya');
  });
});
