/** The flows each status offers (the domain's transition rules) and the dates shown before confirming. */
import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_STATUSES } from '@grove/domain';

import { ApiError } from '../../lib/api-client.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { keepsIdempotencyKey } from './billing.api.ts';
import { NOW, subscriptionFixture } from './billing.fixtures.ts';
import {
  allowedFlows,
  cancelEndDate,
  keyDate,
  pauseDates,
  resumeNextCharge,
  STATUS_WORDS,
} from './subscription-status.ts';

const OPEN_WINDOW = '2026-12-01T17:00:00.000Z';

describe('allowedFlows', () => {
  const offered = (status: (typeof SUBSCRIPTION_STATUSES)[number], returnDeadline = '2025-04-01T15:00:00.000Z') =>
    allowedFlows(subscriptionFixture({ status, return_deadline: returnDeadline }), NOW);

  it('offers what each status allows, a return only inside the window', () => {
    expect(offered('ACTIVE')).toEqual(['pause', 'renew_decline', 'cancel_request']);
    expect(offered('ACTIVE', OPEN_WINDOW)).toEqual(['pause', 'return_request', 'renew_decline', 'cancel_request']);
    expect(offered('PENDING_CANCELLATION')).toEqual(['cancel_undo', 'renew_confirm']);
    expect(offered('PAUSED')).toEqual(['resume', 'cancel_request']);
    expect(offered('TRIAL')).toEqual(['renew_decline', 'cancel_request']);
    expect(offered('PAST_DUE')).toEqual(['renew_confirm', 'cancel_request']);
    expect(offered('CANCELLED')).toEqual(['renew_confirm']);
    expect(offered('CANCELLED', OPEN_WINDOW)).toEqual(['renew_confirm', 'return_request']);
    expect(offered('RETURN_REQUESTED', OPEN_WINDOW)).toEqual([]);
    expect(offered('RETURNED')).toEqual([]);
  });

  it('has words for every status', () => {
    for (const status of SUBSCRIPTION_STATUSES) expect(STATUS_WORDS[status]).toBeTruthy();
  });
});

describe('dates', () => {
  it('reads every key date in the spec’s format', () => {
    expect(keyDate(subscriptionFixture(), null)).toEqual({
      label: 'Next renewal',
      value: '$390.00 on 03-01-2027 10:00:00 AM EST',
    });
    expect(keyDate(subscriptionFixture(), 'America/Los_Angeles')?.value).toBe('$390.00 on 03-01-2027 7:00:00 AM PST');
    expect(
      keyDate(
        subscriptionFixture({ status: 'TRIAL', trial_ends_at: '2026-12-04T17:00:00.000Z', next_charge_cents: 3900 }),
        null,
      ),
    ).toEqual({
      label: 'Trial ends',
      value: '12-04-2026 12:00:00 PM EST — first charge $39.00 on 12-04-2026 12:00:00 PM EST',
    });
    expect(
      keyDate(subscriptionFixture({ status: 'CANCELLED', cancelled_at: '2026-10-01T16:00:00.000Z' }), null),
    ).toEqual({ label: 'Ended on', value: '10-01-2026 12:00:00 PM EDT' });
  });

  it('computes what a cancellation, a pause and a resume lead to, as the server does', () => {
    expect(cancelEndDate(NOW, 30).toISOString()).toBe('2026-12-20T17:00:00.000Z');
    const { until, nextCharge } = pauseDates(subscriptionFixture(), NOW, 2);
    expect(until.toISOString()).toBe('2027-01-20T17:00:00.000Z');
    // The period ends later by the paused time.
    expect(nextCharge.getTime() - new Date('2027-03-01T15:00:00.000Z').getTime()).toBe(until.getTime() - NOW.getTime());
    const paused = subscriptionFixture({
      status: 'PAUSED',
      paused_until: '2026-12-20T17:00:00.000Z',
      current_period_end: '2027-03-31T15:00:00.000Z',
    });
    expect(resumeNextCharge(paused, NOW).toISOString()).toBe('2027-03-01T15:00:00.000Z');
  });
});

describe('Idempotency-Key', () => {
  it('is new each time, and kept for a retry only when no answer came or the server failed', () => {
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
    expect(keepsIdempotencyKey(new ApiError(0, '', null))).toBe(true);
    expect(keepsIdempotencyKey(new ApiError(503, 'Service Unavailable', null))).toBe(true);
    expect(keepsIdempotencyKey(new ApiError(409, 'Conflict', { detail: 'No.', code: 'invalid_transition' }))).toBe(
      false,
    );
    expect(keepsIdempotencyKey(new ApiError(402, 'Payment Required', { detail: 'Declined.' }))).toBe(false);
  });
});
