import { describe, expect, it } from 'vitest';

import { billingApi } from './api/billing.ts';
import { consentRecord } from './api/privacy.ts';
import {
  CONSENT_KIND_LABELS,
  CONSENT_KINDS,
  CONSENT_MESSAGES,
  PRIVACY_POLICY_VERSION,
  PRIVACY_SUMMARY,
  RETENTION,
  THIRD_PARTIES,
  needsConsent,
} from './privacy.ts';

describe('needsConsent', () => {
  it.each([
    [null, PRIVACY_POLICY_VERSION, true],
    ['2020-01-01', PRIVACY_POLICY_VERSION, true],
    [PRIVACY_POLICY_VERSION, PRIVACY_POLICY_VERSION, false],
    [PRIVACY_POLICY_VERSION, '2099-01-01', true],
  ] as const)('consented to %s, in force %s: ask again %s', (consented, current, expected) => {
    expect(needsConsent(consented, current)).toBe(expected);
  });

  it('compares against the version in force by default', () => {
    expect(needsConsent(PRIVACY_POLICY_VERSION)).toBe(false);
    expect(needsConsent('1999-12-31')).toBe(true);
  });
});

describe('the policy texts', () => {
  it('names every kind, every third party the issue lists, and the retention periods', () => {
    expect(Object.keys(CONSENT_KIND_LABELS).sort()).toEqual([...CONSENT_KINDS].sort());
    expect(THIRD_PARTIES.map((party) => party.id)).toEqual(['payments', 'email', 'sms', 'support', 'analytics']);
    const howLong = PRIVACY_SUMMARY.find((part) => part.title === 'How long')!.text;
    expect(howLong).toContain(`${RETENTION.playDataMonthsAfterCancellation} months`);
    expect(howLong).toContain(`${RETENTION.billingRecordYears} years`);
    expect(PRIVACY_POLICY_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

/** The checkout confirmation's consent field alone, as the server checks it. */
function confirmOrderConsent(value: unknown): { success: true } | { success: false; message: string | undefined } {
  const result = billingApi.confirmOrder.schema.body.shape.consent.safeParse(value);
  return result.success ? { success: true } : { success: false, message: result.error.issues[0]?.message };
}

describe('the consent tick', () => {
  it('accepts only true, and words a missing or false tick as the form shows it', () => {
    expect(confirmOrderConsent(true)).toEqual({ success: true });
    for (const value of [undefined, false, 'true', 1]) {
      expect(confirmOrderConsent(value)).toEqual({ success: false, message: CONSENT_MESSAGES.checkoutRequired });
    }
    expect(consentRecord.shape.kind.options).toEqual([...CONSENT_KINDS]);
  });
});
