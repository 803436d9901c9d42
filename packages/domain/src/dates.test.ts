import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { DEFAULT_TIMEZONE } from './constants.ts';
import { dateTimeParts, formatDateTime, resolveTimeZone } from './dates.ts';

describe('formatDateTime: an instant in the family’s time zone, as MM-DD-YYYY h:mm:ss a zz (SPEC §9)', () => {
  it.each([
    [
      'the spec’s example, evening in New York',
      '2026-11-23T23:21:02Z',
      'America/New_York',
      '11-23-2026 6:21:02 PM EST',
    ],
    [
      'the day before in New York when it is already tomorrow in UTC',
      '2026-11-21T00:16:00.000Z',
      'America/New_York',
      '11-20-2026 7:16:00 PM EST',
    ],
    ['midnight reads 12 AM', '2026-01-01T05:00:00Z', 'America/New_York', '01-01-2026 12:00:00 AM EST'],
    ['noon reads 12 PM', '2026-01-01T17:00:00Z', 'America/New_York', '01-01-2026 12:00:00 PM EST'],
    [
      'the last second before the spring change is standard time',
      '2026-03-08T06:59:59Z',
      'America/New_York',
      '03-08-2026 1:59:59 AM EST',
    ],
    [
      'clocks jump from 2 AM to 3 AM daylight time',
      '2026-03-08T07:00:00Z',
      'America/New_York',
      '03-08-2026 3:00:00 AM EDT',
    ],
    [
      'the first 1:30 AM of the autumn change is daylight time',
      '2026-11-01T05:30:00Z',
      'America/New_York',
      '11-01-2026 1:30:00 AM EDT',
    ],
    [
      'the second 1:30 AM of the autumn change is standard time',
      '2026-11-01T06:30:00Z',
      'America/New_York',
      '11-01-2026 1:30:00 AM EST',
    ],
    ['another American zone', '2026-07-01T12:00:00Z', 'America/Los_Angeles', '07-01-2026 5:00:00 AM PDT'],
    ['a zone without daylight time', '2026-07-01T12:00:00Z', 'America/Phoenix', '07-01-2026 5:00:00 AM MST'],
    ['UTC', '2026-07-01T12:00:00Z', 'UTC', '07-01-2026 12:00:00 PM UTC'],
    [
      'a zone without an English abbreviation reads as an offset',
      '2026-07-01T12:00:00Z',
      'Asia/Tokyo',
      '07-01-2026 9:00:00 PM GMT+9',
    ],
    ['an unknown zone falls back to New York', '2026-11-23T23:21:02Z', 'Not/AZone', '11-23-2026 6:21:02 PM EST'],
    ['no zone falls back to New York', '2026-06-15T16:05:09Z', undefined, '06-15-2026 12:05:09 PM EDT'],
    ['an empty zone falls back to New York', '2026-06-15T16:05:09Z', '', '06-15-2026 12:05:09 PM EDT'],
    ['a null zone falls back to New York', '2026-06-15T16:05:09Z', null, '06-15-2026 12:05:09 PM EDT'],
    [
      'an offset in the ISO string is read as such',
      '2026-11-23T18:21:02-05:00',
      'America/New_York',
      '11-23-2026 6:21:02 PM EST',
    ],
  ] as const)('%s', (_case, instant, zone, expected) => {
    expect(formatDateTime(instant, zone)).toBe(expected);
  });

  it('accepts a Date and epoch milliseconds as well as an ISO string', () => {
    const iso = '2026-11-23T23:21:02Z';
    expect(formatDateTime(new Date(iso), 'America/New_York')).toBe('11-23-2026 6:21:02 PM EST');
    expect(formatDateTime(Date.parse(iso), 'America/New_York')).toBe('11-23-2026 6:21:02 PM EST');
    // In Spanish the pattern is the same but for the day period.
    expect(formatDateTime(iso, 'America/New_York', 'es')).toBe('11-23-2026 6:21:02 p. m. EST');
    expect(formatDateTime('2026-07-04T13:05:09Z', 'America/Los_Angeles', 'es')).toBe('07-04-2026 6:05:09 a. m. PDT');
  });

  it('refuses something that is not an instant', () => {
    expect(() => formatDateTime('yesterday', 'America/New_York')).toThrow(RangeError);
    expect(() => formatDateTime(Number.NaN)).toThrow(RangeError);
  });

  it('gives the date and the time apart, with the zone it used', () => {
    expect(dateTimeParts('2026-11-23T23:21:02Z', 'America/New_York')).toEqual({
      date: '11-23-2026',
      time: '6:21:02 PM EST',
      timeZone: 'America/New_York',
    });
    expect(dateTimeParts('2026-11-23T23:21:02Z', 'Mars/Olympus_Mons').timeZone).toBe(DEFAULT_TIMEZONE);
  });

  it.each([
    ['America/Chicago', 'America/Chicago'],
    ['  Europe/London ', 'Europe/London'],
    ['Not/AZone', DEFAULT_TIMEZONE],
    ['', DEFAULT_TIMEZONE],
    [undefined, DEFAULT_TIMEZONE],
  ] as const)('resolves the zone %j to %s', (zone, expected) => {
    expect(resolveTimeZone(zone)).toBe(expected);
  });

  it('in UTC, reads every instant’s own calendar fields in the spec’s pattern', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2199-12-31T23:59:59Z'), noInvalidDate: true }),
        (date) => {
          const pad = (n: number) => String(n).padStart(2, '0');
          const hours = date.getUTCHours();
          const expected =
            `${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}-${date.getUTCFullYear()} ` +
            `${hours % 12 === 0 ? 12 : hours % 12}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} ${hours < 12 ? 'AM' : 'PM'} UTC`;
          expect(formatDateTime(date, 'UTC')).toBe(expected);
        },
      ),
    );
  });

  it('always matches the pattern, whatever the zone', () => {
    const zones = [
      'America/New_York',
      'America/Anchorage',
      'Pacific/Honolulu',
      'Europe/Paris',
      'Australia/Lord_Howe',
      'Asia/Kolkata',
      'Nope/Nowhere',
    ];
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(...zones),
        (date, zone) => {
          expect(formatDateTime(date, zone)).toMatch(
            /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])-\d{4} (1[0-2]|[1-9]):[0-5]\d:[0-5]\d (AM|PM) (?:[A-Z]{3,5}|GMT[+-]\d{1,2}(?::\d{2})?)$/,
          );
        },
      ),
    );
  });
});
