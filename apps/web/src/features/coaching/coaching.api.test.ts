import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { COACHING_MESSAGES } from '@grove/domain';
import type { CoachingCallPage } from '@grove/domain/api/coaching';

import { coachingCallFixture } from '../../../test/fixtures.ts';
import { ApiError } from '../../lib/api-client.ts';
import { coachingKeys, putCall, refusalText } from './coaching.api.ts';

const page = (results: CoachingCallPage['results']): CoachingCallPage => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

describe('coaching api helpers', () => {
  it('puts a booked call into the upcoming list, soonest first', () => {
    const client = new QueryClient();
    client.setQueryData(coachingKeys.bookingList('upcoming'), page([coachingCallFixture({ id: 41 })]));
    putCall(client, coachingCallFixture({ id: 7, starts_at: '2026-11-21T14:00:00.000Z' }));
    const list = client.getQueryData<CoachingCallPage>(coachingKeys.bookingList('upcoming'));
    expect(list?.results.map((call) => call.id)).toEqual([7, 41]);
    expect(list?.count).toBe(2);
  });

  it('takes a cancelled call out of the upcoming list and into the past one', () => {
    const client = new QueryClient();
    client.setQueryData(coachingKeys.callList('upcoming'), page([coachingCallFixture({ id: 41 })]));
    client.setQueryData(coachingKeys.callList('past'), page([]));
    putCall(client, coachingCallFixture({ id: 41, status: 'cancelled' }));
    expect(client.getQueryData<CoachingCallPage>(coachingKeys.callList('upcoming'))?.count).toBe(0);
    expect(client.getQueryData<CoachingCallPage>(coachingKeys.callList('past'))?.results[0]?.status).toBe('cancelled');
  });

  it('says why a change was refused, without field labels', () => {
    expect(
      refusalText(new ApiError(409, 'Conflict', { detail: COACHING_MESSAGES.slotTaken, code: 'slot_taken' })),
    ).toBe(COACHING_MESSAGES.slotTaken);
    expect(refusalText(new ApiError(400, 'Bad Request', { starts_at: [COACHING_MESSAGES.tooSoon] }))).toBe(
      COACHING_MESSAGES.tooSoon,
    );
    expect(refusalText(new ApiError(500, 'Internal Server Error', null))).toBe('Internal Server Error');
  });
});
