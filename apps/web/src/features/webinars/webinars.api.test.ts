/** The tutorials' rules: the registered ids (SPEC §3), what a tutorial offers, lengths and seats. */
import { describe, expect, it } from 'vitest';

import { webinarFixture } from '../../../test/fixtures.ts';
import { formatMinutes, seatsText } from './webinar-card.tsx';
import { registeredWebinarIds, webinarState } from './webinars.api.ts';

describe('registeredWebinarIds (SPEC §3)', () => {
  it('takes each registration’s webinar id', () => {
    const ids = registeredWebinarIds([
      { id: 7, webinar_id: 21, created_at: '2026-11-20T15:00:00Z' },
      { id: 9, webinar_id: 30, created_at: '2026-11-21T15:00:00Z' },
    ]);
    expect([...ids]).toEqual([21, 30]);
  });
});

describe('webinarState', () => {
  // The fixture starts at 23:00 UTC on 2 December 2026.
  const before = new Date('2026-11-23T15:00:00.000Z');
  const during = new Date('2026-12-02T23:10:00.000Z');
  it.each([
    [{}, false, 'upcoming', before, 'open'],
    [{}, true, 'upcoming', before, 'registered'],
    [{ seats_left: 0 }, false, 'upcoming', before, 'full'],
    // A registrant keeps their seat in a full tutorial.
    [{ seats_left: 0 }, true, 'upcoming', before, 'registered'],
    // Begun: a registrant can only join; nobody else can register.
    [{}, true, 'upcoming', during, 'live'],
    [{}, false, 'upcoming', during, 'started'],
    [{ cancelled: true }, true, 'upcoming', before, 'cancelled'],
    [{}, true, 'past', during, 'past'],
    [{ cancelled: true }, false, 'past', during, 'cancelled'],
  ] as const)('%j, registered %j, %s, at %s → %s', (overrides, registered, when, now, state) => {
    expect(webinarState(webinarFixture(overrides), registered, when, now)).toBe(state);
  });
});

describe('lengths and seats', () => {
  it.each([
    [1, '1 minute'],
    [45, '45 minutes'],
    [60, '1 hour'],
    [90, '1 hour 30 minutes'],
    [120, '2 hours'],
  ])('%i minutes read “%s”', (minutes, text) => {
    expect(formatMinutes(minutes)).toBe(text);
  });

  it('says how many seats are left of how many', () => {
    expect(seatsText({ seats_left: 12, capacity: 30 })).toBe('12 of 30 seats left');
    expect(seatsText({ seats_left: 1, capacity: 1 })).toBe('1 of 1 seat left');
    expect(seatsText({ seats_left: 0, capacity: 30 })).toBe('No seats left');
  });
});
