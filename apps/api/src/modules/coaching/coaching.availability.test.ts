/**
 * The slot computation on its own: working hours in the coach's zone, days in the family's zone,
 * bookings, time off, lead time, horizon, and the days the clocks change.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  availableSlots,
  isoWeekday,
  isTimeZone,
  localDate,
  slotRefusal,
  startOfLocalDay,
  wallClockInstant,
  type CoachCalendar,
  type WorkingRange,
} from './coaching.availability.ts';

const NY = 'America/New_York';
const LONDON = 'Europe/London';
const weekdays = (startMinute: number, endMinute: number): WorkingRange[] =>
  [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute, endMinute }));
const nineToNoon = weekdays(9 * 60, 12 * 60);
const calendar = (overrides: Partial<CoachCalendar> = {}): CoachCalendar => ({
  coachTimeZone: NY,
  workingHours: nineToNoon,
  calls: [],
  timeOff: [],
  ...overrides,
});
const iso = (date: Date) => date.toISOString();
const startsOf = (days: { slots: { startsAt: Date }[] }[]) => days.flatMap((d) => d.slots.map((s) => iso(s.startsAt)));
const span = (from: string, to: string) => ({ startsAt: new Date(from), endsAt: new Date(to) });

describe('calendar dates and wall clocks', () => {
  it.each([
    ['2026-11-23', 1],
    ['2026-11-28', 6],
    ['2026-11-29', 7],
    ['2024-02-29', 4],
  ])('%s is ISO weekday %i', (date, weekday) => {
    expect(isoWeekday(date)).toBe(weekday);
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it.each([
    // An ordinary winter and summer morning in New York.
    ['2026-01-15', 9 * 60, NY, '2026-01-15T14:00:00.000Z'],
    ['2026-07-15', 9 * 60, NY, '2026-07-15T13:00:00.000Z'],
    // The hour repeated when the clocks go back (1 November 2026): its first occurrence (EDT).
    ['2026-11-01', 60 + 30, NY, '2026-11-01T05:30:00.000Z'],
    ['2026-11-01', 2 * 60, NY, '2026-11-01T07:00:00.000Z'],
    // Half-hour zones.
    ['2026-06-01', 9 * 60, 'Asia/Kolkata', '2026-06-01T03:30:00.000Z'],
    ['2026-06-01', 0, 'UTC', '2026-06-01T00:00:00.000Z'],
  ])('%s + %i min in %s is %s', (date, minute, zone, expected) => {
    expect(new Date(wallClockInstant(date, minute, zone)!).toISOString()).toBe(expected);
  });

  it('a wall time skipped when the clocks go forward has no instant, or the moment of the jump', () => {
    // 8 March 2026, New York: 02:00 EST becomes 03:00 EDT at 07:00 UTC.
    expect(wallClockInstant('2026-03-08', 2 * 60 + 30, NY)).toBeNull();
    expect(new Date(wallClockInstant('2026-03-08', 2 * 60 + 30, NY, 'shift')!).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    // Where midnight itself is skipped (Santiago, 6 September 2026), the day starts at 01:00.
    expect(new Date(startOfLocalDay('2026-09-06', 'America/Santiago')).toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(localDate(startOfLocalDay('2026-09-06', 'America/Santiago'), 'America/Santiago')).toBe('2026-09-06');
  });

  it('knows time zones by their IANA names only', () => {
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('America/Los_Angeles')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(' Europe/London')).toBe(false);
  });
});

describe('available slots', () => {
  // Sunday 22 November 2026, 18:00 in New York: the week from Monday is within reach.
  const now = new Date('2026-11-22T23:00:00Z');

  it('lists the slots of the working hours, each family day even without any', () => {
    const days = availableSlots(calendar(), { now, familyTimeZone: NY, from: '2026-11-23', days: 7 });
    expect(days.map((d) => d.date)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(days.map((d) => d.slots.length)).toEqual([6, 6, 6, 6, 6, 0, 0]);
    expect(startsOf(days.slice(0, 1))).toEqual([
      '2026-11-23T14:00:00.000Z',
      '2026-11-23T14:30:00.000Z',
      '2026-11-23T15:00:00.000Z',
      '2026-11-23T15:30:00.000Z',
      '2026-11-23T16:00:00.000Z',
      '2026-11-23T16:30:00.000Z',
    ]);
    expect(iso(days[0]!.slots[5]!.endsAt)).toBe('2026-11-23T17:00:00.000Z');
  });

  it('puts slots on the grid from local midnight, whole slots only', () => {
    const days = availableSlots(
      calendar({ workingHours: [{ weekday: 1, startMinute: 9 * 60 + 15, endMinute: 11 * 60 + 10 }] }),
      {
        now,
        familyTimeZone: NY,
        from: '2026-11-23',
        days: 1,
      },
    );
    expect(startsOf(days)).toEqual([
      '2026-11-23T14:30:00.000Z',
      '2026-11-23T15:00:00.000Z',
      '2026-11-23T15:30:00.000Z',
    ]);
  });

  it('leaves out booked calls and time off, also where they only overlap a slot', () => {
    const days = availableSlots(
      calendar({
        calls: [span('2026-11-23T14:00:00Z', '2026-11-23T14:30:00Z')],
        timeOff: [
          span('2026-11-23T15:15:00Z', '2026-11-23T15:45:00Z'),
          span('2026-11-24T05:00:00Z', '2026-11-25T05:00:00Z'),
        ],
      }),
      { now, familyTimeZone: NY, from: '2026-11-23', days: 2 },
    );
    expect(startsOf(days.slice(0, 1))).toEqual([
      '2026-11-23T14:30:00.000Z',
      '2026-11-23T16:00:00.000Z',
      '2026-11-23T16:30:00.000Z',
    ]);
    expect(days[1]!.slots).toEqual([]);
  });

  it('offers nothing sooner than the lead time', () => {
    // Monday 02:00 in New York: the first bookable start is 14:00 — after Monday's hours.
    const early = new Date('2026-11-23T07:00:00Z');
    const days = availableSlots(calendar(), { now: early, familyTimeZone: NY, from: '2026-11-23', days: 2 });
    expect(days[0]!.slots).toEqual([]);
    expect(days[1]!.slots).toHaveLength(6);
    // Sunday 22:30: Monday from 10:30.
    const late = new Date('2026-11-23T03:30:00Z');
    const monday = availableSlots(calendar(), { now: late, familyTimeZone: NY, from: '2026-11-23', days: 1 });
    expect(startsOf(monday)[0]).toBe('2026-11-23T15:30:00.000Z');
  });

  it('offers nothing beyond the horizon, nor in the past', () => {
    const days = availableSlots(calendar(), { now, familyTimeZone: NY, from: '2026-12-17', days: 7 });
    // now + 28 days = Sunday 20 December 18:00: Thursday and Friday the 17th and 18th, then nothing.
    expect(days.map((d) => d.slots.length)).toEqual([6, 6, 0, 0, 0, 0, 0]);
    const past = availableSlots(calendar(), { now, familyTimeZone: NY, from: '2026-11-16', days: 7 });
    expect(past.every((d) => d.slots.length === 0)).toBe(true);
  });

  it('cuts the days in the family’s zone', () => {
    // Monday 09:00–12:00 in New York (14:00–17:00 UTC) is 23:00 Monday to 02:00 Tuesday in Tokyo.
    const days = availableSlots(calendar({ workingHours: [{ weekday: 1, startMinute: 540, endMinute: 720 }] }), {
      now,
      familyTimeZone: 'Asia/Tokyo',
      from: '2026-11-23',
      days: 3,
    });
    expect(days.map((d) => d.slots.length)).toEqual([2, 4, 0]);
    expect(startsOf(days.slice(0, 1))).toEqual(['2026-11-23T14:00:00.000Z', '2026-11-23T14:30:00.000Z']);
    expect(startsOf(days.slice(1, 2))[0]).toBe('2026-11-23T15:00:00.000Z');
  });

  describe('across a change of daylight saving time', () => {
    // A coach in New York working 09:00–12:00, a family in London. The US goes back to standard time
    // on 1 November 2026, a week after the UK: the same 09:00 in New York moves from 13:00 to 14:00
    // in London (and in UTC).
    const before = new Date('2026-10-18T12:00:00Z');

    it('autumn: slots shift by an hour in UTC and in the family’s day', () => {
      const days = availableSlots(calendar(), { now: before, familyTimeZone: LONDON, from: '2026-10-26', days: 14 });
      const friday = days.find((d) => d.date === '2026-10-30')!;
      const monday = days.find((d) => d.date === '2026-11-02')!;
      expect(iso(friday.slots[0]!.startsAt)).toBe('2026-10-30T13:00:00.000Z');
      expect(iso(monday.slots[0]!.startsAt)).toBe('2026-11-02T14:00:00.000Z');
      expect(iso(monday.slots.at(-1)!.startsAt)).toBe('2026-11-02T16:30:00.000Z');
      expect(days.filter((d) => d.slots.length > 0)).toHaveLength(10);
      expect(days.every((d) => d.slots.length === 0 || d.slots.length === 6)).toBe(true);
    });

    it('spring: 8 March 2026 moves 09:00 New York from 14:00 to 13:00 UTC', () => {
      const days = availableSlots(calendar(), {
        now: new Date('2026-03-01T12:00:00Z'),
        familyTimeZone: LONDON,
        from: '2026-03-02',
        days: 14,
      });
      expect(iso(days.find((d) => d.date === '2026-03-06')!.slots[0]!.startsAt)).toBe('2026-03-06T14:00:00.000Z');
      expect(iso(days.find((d) => d.date === '2026-03-09')!.slots[0]!.startsAt)).toBe('2026-03-09T13:00:00.000Z');
    });

    it('the skipped hour has no slots, the repeated hour one set', () => {
      const sunday = (date: string, now: Date) =>
        startsOf(
          availableSlots(calendar({ workingHours: [{ weekday: 7, startMinute: 0, endMinute: 4 * 60 }] }), {
            now,
            familyTimeZone: 'UTC',
            from: date,
            days: 1,
          }),
        );
      // 8 March: 02:00–03:00 does not exist.
      expect(sunday('2026-03-08', new Date('2026-03-01T00:00:00Z'))).toEqual([
        '2026-03-08T05:00:00.000Z',
        '2026-03-08T05:30:00.000Z',
        '2026-03-08T06:00:00.000Z',
        '2026-03-08T06:30:00.000Z',
        '2026-03-08T07:00:00.000Z',
        '2026-03-08T07:30:00.000Z',
      ]);
      // 1 November: 01:00–02:00 happens twice; its first occurrence is offered, never both.
      expect(sunday('2026-11-01', new Date('2026-10-25T00:00:00Z'))).toEqual([
        '2026-11-01T04:00:00.000Z',
        '2026-11-01T04:30:00.000Z',
        '2026-11-01T05:00:00.000Z',
        '2026-11-01T05:30:00.000Z',
        '2026-11-01T07:00:00.000Z',
        '2026-11-01T07:30:00.000Z',
        '2026-11-01T08:00:00.000Z',
        '2026-11-01T08:30:00.000Z',
      ]);
    });
  });

  it('merges overlapping working ranges of one day', () => {
    const hours = [
      { weekday: 1, startMinute: 540, endMinute: 630 },
      { weekday: 1, startMinute: 600, endMinute: 660 },
    ];
    const days = availableSlots(calendar({ workingHours: hours }), {
      now,
      familyTimeZone: NY,
      from: '2026-11-23',
      days: 1,
    });
    expect(days[0]!.slots).toHaveLength(4);
  });

  it('a working day that ends at 24:00 offers its last half hour', () => {
    const days = availableSlots(calendar({ workingHours: [{ weekday: 1, startMinute: 23 * 60, endMinute: 1440 }] }), {
      now,
      familyTimeZone: NY,
      from: '2026-11-23',
      days: 1,
    });
    expect(startsOf(days)).toEqual(['2026-11-24T04:00:00.000Z', '2026-11-24T04:30:00.000Z']);
  });
});

describe('whether a start may be booked', () => {
  const now = new Date('2026-11-22T23:00:00Z');
  const cal = calendar({
    calls: [span('2026-11-24T14:00:00Z', '2026-11-24T14:30:00Z')],
    timeOff: [span('2026-11-25T00:00:00Z', '2026-11-26T00:00:00Z')],
  });
  it.each([
    ['2026-11-23T14:00:00Z', null],
    ['2026-11-23T16:30:00Z', null],
    ['2026-11-22T23:30:00Z', 'tooSoon'],
    ['2026-11-23T10:30:00Z', 'tooSoon'],
    ['2026-12-21T14:00:00Z', 'tooFar'],
    ['2026-11-23T14:10:00Z', 'slotUnavailable'],
    ['2026-11-23T17:00:00Z', 'slotUnavailable'],
    ['2026-11-28T14:00:00Z', 'slotUnavailable'],
    ['2026-11-25T14:00:00Z', 'slotUnavailable'],
    ['2026-11-24T14:00:00Z', 'slotTaken'],
  ])('%s → %s', (startsAt, refusal) => {
    expect(slotRefusal(cal, new Date(startsAt), now)).toBe(refusal);
  });

  it('every slot offered may be booked, and none is refused for another reason', () => {
    const days = availableSlots(cal, { now, familyTimeZone: LONDON, from: '2026-11-22', days: 28 });
    const offered = days.flatMap((d) => d.slots);
    expect(offered.length).toBeGreaterThan(80);
    for (const slot of offered) expect(slotRefusal(cal, slot.startsAt, now)).toBeNull();
  });
});

const WEEKDAY_NUMBER: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
/** ISO weekday and minute of the day of an instant on the clocks of `timeZone`, as Intl reads them. */
function coachClock(date: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return { weekday: WEEKDAY_NUMBER[parts.weekday!]!, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

describe('properties', () => {
  const zones = ['America/New_York', 'America/Los_Angeles', 'Europe/London', 'Australia/Sydney', 'Asia/Kolkata', 'UTC'];
  const range = fc
    .record({
      weekday: fc.integer({ min: 1, max: 7 }),
      start: fc.integer({ min: 0, max: 47 }),
      len: fc.integer({ min: 1, max: 16 }),
    })
    .map(({ weekday, start, len }) => ({
      weekday,
      startMinute: start * 30,
      endMinute: Math.min(1440, (start + len) * 30),
    }));
  const instant = fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2027-12-31T00:00:00Z') });
  const interval = fc
    .tuple(fc.integer({ min: 0, max: 20 * 24 * 60 }), fc.integer({ min: 15, max: 24 * 60 }))
    .map(([startMin, lenMin]) => [startMin, lenMin] as const);

  it('slots are sorted, in the working hours, in the window, clear of calls and time off, on the days asked', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.constantFrom(...zones),
        fc.array(range, { minLength: 1, maxLength: 6 }),
        instant,
        fc.array(interval, { maxLength: 5 }),
        fc.array(interval, { maxLength: 3 }),
        fc.integer({ min: -3, max: 25 }),
        fc.integer({ min: 1, max: 28 }),
        (coachZone, familyZone, hours, nowMs, callSpecs, offSpecs, fromOffset, dayCount) => {
          const now = new Date(nowMs);
          const toSpan = ([start, len]: readonly [number, number]) => ({
            startsAt: new Date(nowMs + start * 60_000),
            endsAt: new Date(nowMs + (start + len) * 60_000),
          });
          const cal: CoachCalendar = {
            coachTimeZone: coachZone,
            workingHours: hours,
            calls: callSpecs.map(toSpan),
            timeOff: offSpecs.map(toSpan),
          };
          const from = addDays(localDate(nowMs, familyZone), fromOffset);
          const days = availableSlots(cal, { now, familyTimeZone: familyZone, from, days: dayCount });
          expect(days).toHaveLength(dayCount);
          const all = days.flatMap((d) => d.slots.map((s) => ({ ...s, date: d.date })));
          for (let i = 1; i < all.length; i++) expect(all[i]!.startsAt > all[i - 1]!.startsAt).toBe(true);
          for (const slot of all) {
            const start = slot.startsAt.getTime();
            expect(slot.endsAt.getTime() - start).toBe(30 * 60_000);
            expect(localDate(start, familyZone)).toBe(slot.date);
            expect(start).toBeGreaterThanOrEqual(nowMs + 12 * 3_600_000);
            expect(start).toBeLessThanOrEqual(nowMs + 28 * 86_400_000);
            expect(slotRefusal(cal, slot.startsAt, now)).toBeNull();
            // In one of the coach's ranges, on the grid, read on the coach's clock (Intl, not our code).
            const clock = coachClock(slot.startsAt, coachZone);
            expect(clock.minute % 30).toBe(0);
            const inHours = hours.some(
              (h) => h.weekday === clock.weekday && clock.minute >= h.startMinute && clock.minute + 30 <= h.endMinute,
            );
            expect(inHours, `${slot.startsAt.toISOString()} in ${coachZone}`).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
