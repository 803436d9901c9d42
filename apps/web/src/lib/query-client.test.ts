import { describe, expect, it } from 'vitest';
import { CACHE_TIMES_MS } from '@grove/domain';

import { ApiError, CancelledRequestError } from './api-client.ts';
import { STALE_TIMES, createQueryClient, shouldReport, shouldRetry } from './query-client.ts';

const failure = (status: number) => new ApiError(status, '', { detail: 'x' });

describe('query client', () => {
  it('uses the spec cache times', () => {
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(60_000);
    expect(STALE_TIMES).toEqual({
      default: CACHE_TIMES_MS.queryFresh,
      player: 300_000,
      activity: 3_600_000,
      userInfo: 3_600_000,
    });
  });

  it('shows a failure only when the call asks for it, following SPEC §8 per kind', () => {
    expect(shouldReport(failure(500), undefined)).toBe(false);
    expect(shouldReport(failure(500), { errorTitle: 'Loading players' })).toBe(true);
    expect(shouldReport(failure(500), { errorTitle: 'Loading players', showErrors: false })).toBe(false);
    expect(shouldReport(failure(404), { errorTitle: 'Loading the order', notify: 'orderFetch' })).toBe(false);
    expect(shouldReport(failure(500), { errorTitle: 'Loading shipments', notify: 'shipmentFetch' })).toBe(true);
    expect(shouldReport(failure(403), { errorTitle: 'Saving your profile', notify: 'profileUpdate' })).toBe(false);
    expect(shouldReport(failure(400), { errorTitle: 'Saving your profile', notify: 'profileUpdate' })).toBe(true);
    expect(shouldReport(failure(500), { errorTitle: 'Updating a user', notify: 'accountUserUpdate' })).toBe(false);
    expect(shouldReport(failure(401), { errorTitle: 'Loading players' })).toBe(false);
    expect(shouldReport(new CancelledRequestError(), { errorTitle: 'Loading players' })).toBe(false);
  });

  it('retries only failures without an answer or of the server', () => {
    expect(shouldRetry(0, failure(500))).toBe(true);
    expect(shouldRetry(0, failure(0))).toBe(true);
    expect(shouldRetry(2, failure(500))).toBe(false);
    expect(shouldRetry(0, failure(404))).toBe(false);
    expect(shouldRetry(0, new CancelledRequestError())).toBe(false);
  });
});
