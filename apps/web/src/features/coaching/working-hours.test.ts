import { describe, expect, it } from 'vitest';
import { COACHING_MESSAGES } from '@grove/domain';

import { CLOCK_MESSAGE, sortRows, timeZoneChoices, workingHoursIssues, zonedInstant } from './working-hours.ts';

describe('working hours', () => {
  it('accepts ranges that end after they start, and touching ranges', () => {
    expect(
      workingHoursIssues([
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '12:00', end: '24:00' },
        { weekday: 2, start: '09:00', end: '12:00' },
      ]),
    ).toEqual([]);
  });

  it('refuses an end before (or at) the start, on the end', () => {
    expect(workingHoursIssues([{ weekday: 3, start: '13:00', end: '09:00' }])).toEqual([
      { index: 0, field: 'end', message: COACHING_MESSAGES.endBeforeStart },
    ]);
    expect(workingHoursIssues([{ weekday: 3, start: '13:00', end: '13:00' }])[0]?.message).toBe(
      COACHING_MESSAGES.endBeforeStart,
    );
  });

  it('refuses overlapping ranges of one day, not of two days', () => {
    const issues = workingHoursIssues([
      { weekday: 5, start: '09:00', end: '12:00' },
      { weekday: 5, start: '11:00', end: '14:00' },
      { weekday: 6, start: '11:00', end: '14:00' },
    ]);
    expect(issues).toEqual([
      { index: 0, field: 'start', message: COACHING_MESSAGES.hoursOverlap },
      { index: 1, field: 'start', message: COACHING_MESSAGES.hoursOverlap },
    ]);
  });

  it('refuses malformed times', () => {
    expect(workingHoursIssues([{ weekday: 1, start: '', end: '10:00' }])).toEqual([
      { index: 0, field: 'start', message: CLOCK_MESSAGE },
    ]);
    expect(workingHoursIssues([{ weekday: 1, start: '09:00', end: '25:00' }])[0]?.field).toBe('end');
  });

  it('sorts by weekday then start', () => {
    expect(
      sortRows([
        { weekday: 3, start: '09:00', end: '10:00' },
        { weekday: 1, start: '13:00', end: '14:00' },
        { weekday: 1, start: '09:00', end: '10:00' },
      ]).map((row) => `${row.weekday} ${row.start}`),
    ).toEqual(['1 09:00', '1 13:00', '3 09:00']);
  });

  it('lists Intl’s zones and keeps the current one', () => {
    const zones = timeZoneChoices('UTC');
    expect(zones).toContain('America/New_York');
    expect(zones).toContain('UTC');
  });

  it('reads a wall-clock time in the coach’s zone, summer and winter', () => {
    expect(zonedInstant('2026-12-24T09:00', 'America/New_York')).toBe('2026-12-24T14:00:00.000Z');
    expect(zonedInstant('2026-07-01T09:00', 'America/New_York')).toBe('2026-07-01T13:00:00.000Z');
    expect(zonedInstant('2026-07-01T09:00', 'Europe/Berlin')).toBe('2026-07-01T07:00:00.000Z');
    expect(zonedInstant('', 'America/New_York')).toBeNull();
  });
});
