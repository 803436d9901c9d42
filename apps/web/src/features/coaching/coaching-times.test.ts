import { describe, expect, it } from 'vitest';

import { addDays, dayHeading, isoWeekday, rangeLabel, slotsByDay, timeOfDay, todayIn } from './coaching-times.ts';

const slot = (starts_at: string) => ({ starts_at, ends_at: new Date(Date.parse(starts_at) + 1_800_000).toISOString() });

describe('coaching days and times', () => {
  it('adds calendar days across months and years', () => {
    expect(addDays('2026-11-28', 7)).toBe('2026-12-05');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('names days and ranges without a zone shift', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(dayHeading('2026-11-20')).toBe('Friday, November 20, 2026');
    expect(rangeLabel('2026-11-27', 7)).toBe('Nov 27 – Dec 3');
  });

  it('reads today and times in the zone', () => {
    const late = new Date('2026-11-21T03:00:00.000Z');
    expect(todayIn('America/New_York', late)).toBe('2026-11-20');
    expect(todayIn('Europe/Berlin', late)).toBe('2026-11-21');
    expect(timeOfDay('2026-11-21T14:00:00.000Z', 'America/Los_Angeles')).toBe('6:00 AM');
  });

  it('sorts slots into the days of the family’s zone, keeping empty days', () => {
    const days = slotsByDay(
      {
        days: [
          { date: '2026-11-22', slots: [] },
          { date: '2026-11-23', slots: [slot('2026-11-23T15:00:00.000Z'), slot('2026-11-23T04:30:00.000Z')] },
          { date: '2026-11-24', slots: [] },
        ],
      },
      'America/New_York',
    );
    expect(days).toEqual([
      { date: '2026-11-22', slots: [slot('2026-11-23T04:30:00.000Z')] },
      { date: '2026-11-23', slots: [slot('2026-11-23T15:00:00.000Z')] },
      { date: '2026-11-24', slots: [] },
    ]);
  });

  it('gives a slot outside the listed days a day of its own, in order', () => {
    const days = slotsByDay(
      { days: [{ date: '2026-11-23', slots: [slot('2026-11-23T02:00:00.000Z')] }] },
      'America/Los_Angeles',
    );
    expect(days.map((day) => [day.date, day.slots.length])).toEqual([
      ['2026-11-22', 1],
      ['2026-11-23', 0],
    ]);
  });
});
