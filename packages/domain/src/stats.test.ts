import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { playApi } from './api/play.ts';
import { addDaysToDateKey, startOfLocalDate } from './sharing.ts';
import {
  DEFAULT_TIME_FRAME,
  NO_PLAY,
  TIME_FRAMES,
  averageCoolDown,
  frameStart,
  frameWeeks,
  isTimeFrameId,
  localDateKey,
  playMinutes,
  playTotals,
  recentWeeks,
  sumPlay,
  thisWeekStart,
  weekAgainstGoal,
  weekOfPlay,
  weekStart,
  weeklyBuckets,
  weeksBetween,
  weeksOfPlay,
} from './stats.ts';
import type { PlaySession, PlaySums, TimeFrameId, WeekSums, WeeklyBucket } from './stats.ts';

const NY = 'America/New_York';
const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();
const bucket = (week_start: string, seconds_played = 0, minutes = 0, sessions = 0): WeeklyBucket => ({
  week_start,
  seconds_played,
  minutes,
  sessions,
});

describe('TIME_FRAMES', () => {
  it('are 1W, 1Mo, 3Mos and All Time', () => {
    expect(TIME_FRAMES).toEqual([
      { id: '1W', label: '1W', days: 7 },
      { id: '1Mo', label: '1Mo', months: 1 },
      { id: '3Mos', label: '3Mos', months: 3 },
      { id: 'all', label: 'All Time' },
    ]);
    expect(isTimeFrameId('3Mos')).toBe(true);
    expect(isTimeFrameId('1Y')).toBe(false);
  });
});

describe('frameStart', () => {
  it.each<[string, TimeFrameId, string, string, string | null, string]>([
    ['1W', '1W', '2024-03-13T15:00:00Z', NY, null, '2024-03-06T05:00:00.000Z'],
    ['1Mo', '1Mo', '2024-03-13T15:00:00Z', NY, null, '2024-02-13T05:00:00.000Z'],
    ['3Mos across a year', '3Mos', '2024-03-13T15:00:00Z', NY, null, '2023-12-13T05:00:00.000Z'],
    [
      'All Time from the first play date (EDT)',
      'all',
      '2024-03-13T15:00:00Z',
      NY,
      '2023-06-01T12:00:00Z',
      '2023-06-01T04:00:00.000Z',
    ],
    [
      'All Time without a first play date is today',
      'all',
      '2024-03-13T15:00:00Z',
      NY,
      null,
      '2024-03-13T04:00:00.000Z',
    ],
    [
      'All Time with a first play date after today',
      'all',
      '2024-03-13T15:00:00Z',
      NY,
      '2024-04-01T12:00:00Z',
      '2024-03-13T04:00:00.000Z',
    ],
    ['3Mos from 31 May clamps to 29 Feb', '3Mos', '2024-05-31T16:00:00Z', NY, null, '2024-02-29T05:00:00.000Z'],
    ['1Mo from 31 March clamps to 29 Feb', '1Mo', '2024-03-31T16:00:00Z', NY, null, '2024-02-29T05:00:00.000Z'],
    ['today is the local date, not the UTC date', '1W', '2024-01-01T03:00:00Z', NY, null, '2023-12-24T05:00:00.000Z'],
    ['Tokyo', '1W', '2024-03-13T15:00:00Z', 'Asia/Tokyo', null, '2024-03-06T15:00:00.000Z'],
    ['London before summer time', '1W', '2024-04-02T12:00:00Z', 'Europe/London', null, '2024-03-26T00:00:00.000Z'],
    ['UTC', '1Mo', '2024-03-13T15:00:00Z', 'UTC', null, '2024-02-13T00:00:00.000Z'],
    [
      'a day whose midnight is skipped (Santiago, 2022-09-11) starts at 01:00',
      'all',
      '2022-09-11T12:00:00Z',
      'America/Santiago',
      '2022-09-11T12:00:00Z',
      '2022-09-11T04:00:00.000Z',
    ],
  ])('%s', (_label, frame, today, timeZone, firstPlayDate, expected) => {
    const start = frameStart(frame, {
      today: at(today),
      timeZone,
      firstPlayDate: firstPlayDate ? at(firstPlayDate) : null,
    });
    expect(iso(start)).toBe(expected);
  });

  it('takes a frame object too', () => {
    const frame = TIME_FRAMES[0];
    if (frame === undefined) throw new Error('no frames');
    expect(iso(frameStart(frame, { today: at('2024-03-13T15:00:00Z'), timeZone: NY }))).toBe(
      '2024-03-06T05:00:00.000Z',
    );
  });

  it('an invalid today gives an invalid date', () => {
    expect(Number.isNaN(frameStart('1W', { today: new Date(Number.NaN), timeZone: NY }).getTime())).toBe(true);
  });
});

describe('weekStart', () => {
  it.each([
    ['Monday 00:30 EDT, the day after the spring change', '2024-03-11T04:30:00Z', NY, '2024-03-11T04:00:00.000Z'],
    ['Sunday 23:59 EDT, the spring change day', '2024-03-11T03:59:00Z', NY, '2024-03-04T05:00:00.000Z'],
    ['Sunday 03:30 EDT, just after the spring change', '2024-03-10T07:30:00Z', NY, '2024-03-04T05:00:00.000Z'],
    ['Sunday 23:30 EST, the autumn change day', '2024-11-04T04:30:00Z', NY, '2024-10-28T04:00:00.000Z'],
    ['Monday 00:00 EST after the autumn change', '2024-11-04T05:00:00Z', NY, '2024-11-04T05:00:00.000Z'],
    ['New Year’s Eve 23:30, across the year boundary', '2025-01-01T04:30:00Z', NY, '2024-12-30T05:00:00.000Z'],
    ['Tokyo Monday 00:30', '2024-12-29T15:30:00Z', 'Asia/Tokyo', '2024-12-29T15:00:00.000Z'],
    ['London, Sunday of the spring change', '2024-03-31T12:00:00Z', 'Europe/London', '2024-03-25T00:00:00.000Z'],
    ['London, Monday in summer time', '2024-04-01T00:30:00Z', 'Europe/London', '2024-03-31T23:00:00.000Z'],
    ['Sydney, Monday after its spring change', '2024-10-06T16:00:00Z', 'Australia/Sydney', '2024-10-06T13:00:00.000Z'],
  ])('%s', (_label, date, timeZone, expected) => {
    expect(iso(weekStart(at(date), timeZone))).toBe(expected);
  });

  it('an invalid date gives an invalid date', () => {
    expect(Number.isNaN(weekStart(new Date('nope'), NY).getTime())).toBe(true);
    expect(localDateKey(new Date('nope'), NY)).toBe('');
  });

  it('an unknown time zone falls back to the default one', () => {
    expect(iso(weekStart(at('2024-03-11T04:30:00Z'), 'Mars/Olympus_Mons'))).toBe('2024-03-11T04:00:00.000Z');
  });
});

describe('weeklyBuckets', () => {
  it('across the spring DST change (America/New_York, March 2024)', () => {
    const sessions: PlaySession[] = [
      { period_datetime: '2024-02-19T12:00:00Z', seconds_played: 600 }, // before the frame start
      { period_datetime: '2024-02-20T05:00:00Z', seconds_played: 300 }, // the frame start itself
      { period_datetime: '2024-03-10T06:30:00Z', seconds_played: 900 }, // Sun 01:30 EST
      { period_datetime: '2024-03-10T07:30:00Z', seconds_played: 600 }, // Sun 03:30 EDT
      { period_datetime: at('2024-03-11T03:30:00Z'), seconds_played: 1200 }, // Sun 23:30 EDT
      { period_datetime: '2024-03-11T04:30:00Z', seconds_played: 2700 }, // Mon 00:30 EDT
      { period_datetime: '2024-03-19T14:00:00-04:00', seconds_played: 89 },
    ];
    expect(weeklyBuckets(sessions, '1Mo', { today: at('2024-03-20T12:00:00Z'), timeZone: NY })).toEqual([
      bucket('2024-02-19', 300, 5, 1),
      bucket('2024-02-26'),
      bucket('2024-03-04', 2700, 45, 3),
      bucket('2024-03-11', 2700, 45, 1),
      bucket('2024-03-18', 89, 1, 1),
    ]);
  });

  it('across the autumn DST change (America/New_York, November 2024)', () => {
    const sessions: PlaySession[] = [
      { period_datetime: '2024-10-29T12:00:00Z', seconds_played: 999 }, // in the first week, before the start
      { period_datetime: '2024-10-30T04:00:00Z', seconds_played: 60 },
      { period_datetime: '2024-11-03T05:30:00Z', seconds_played: 60 }, // 01:30 EDT
      { period_datetime: '2024-11-03T06:30:00Z', seconds_played: 60 }, // 01:30 EST, the repeated hour
      { period_datetime: '2024-11-04T04:30:00Z', seconds_played: 90 }, // Sun 23:30 EST
      { period_datetime: '2024-11-04T05:00:00Z', seconds_played: 30 }, // Mon 00:00 EST
    ];
    expect(weeklyBuckets(sessions, '1W', { today: at('2024-11-06T12:00:00Z'), timeZone: NY })).toEqual([
      bucket('2024-10-28', 270, 5, 4),
      bucket('2024-11-04', 30, 1, 1),
    ]);
  });

  it('across a year boundary', () => {
    const sessions: PlaySession[] = [
      { period_datetime: '2024-12-07T12:00:00Z', seconds_played: 600 },
      { period_datetime: '2024-12-08T05:00:00Z', seconds_played: 120 },
      { period_datetime: '2024-12-31T23:30:00Z', seconds_played: 600 },
      { period_datetime: '2025-01-01T04:30:00Z', seconds_played: 600 },
      { period_datetime: '2025-01-05T12:00:00Z', seconds_played: 600 },
      { period_datetime: '2025-01-06T04:59:00Z', seconds_played: 600 },
      { period_datetime: '2025-01-06T05:00:00Z', seconds_played: 60 },
    ];
    expect(weeklyBuckets(sessions, '1Mo', { today: at('2025-01-08T15:00:00Z'), timeZone: NY })).toEqual([
      bucket('2024-12-02', 120, 2, 1),
      bucket('2024-12-09'),
      bucket('2024-12-16'),
      bucket('2024-12-23'),
      bucket('2024-12-30', 2400, 40, 4),
      bucket('2025-01-06', 60, 1, 1),
    ]);
  });

  it('All Time starts at the first play date, or else at the earliest session', () => {
    const sessions: PlaySession[] = [
      { period_datetime: '2024-03-01T15:00:00Z', seconds_played: 120 },
      { period_datetime: '2024-03-12T15:00:00Z', seconds_played: 60 },
    ];
    const expected = [bucket('2024-02-26', 120, 2, 1), bucket('2024-03-04'), bucket('2024-03-11', 60, 1, 1)];
    const today = at('2024-03-13T15:00:00Z');
    expect(weeklyBuckets(sessions, 'all', { today, timeZone: NY, firstPlayDate: at('2024-02-28T15:00:00Z') })).toEqual(
      expected,
    );
    expect(weeklyBuckets(sessions, 'all', { today, timeZone: NY })).toEqual(expected);
    expect(weeklyBuckets([], 'all', { today, timeZone: NY })).toEqual([bucket('2024-03-11')]);
  });

  it.each([
    [89, 1],
    [90, 2],
    [2700, 45],
    [3600, 60],
  ])('%i seconds are %i minutes', (seconds, minutes) => {
    const result = weeklyBuckets([{ period_datetime: '2024-03-12T15:00:00Z', seconds_played: seconds }], '1W', {
      today: at('2024-03-13T15:00:00Z'),
      timeZone: NY,
    });
    expect(result.at(-1)?.minutes).toBe(minutes);
  });

  it('skips unreadable dates and sessions after today’s week, and counts bad seconds as zero', () => {
    const sessions = [
      { period_datetime: 'not a date', seconds_played: 600 },
      { period_datetime: '2024-03-18T15:00:00Z', seconds_played: 600 },
      { period_datetime: '2024-03-12T15:00:00Z', seconds_played: -5 },
      { period_datetime: '2024-03-12T16:00:00Z', seconds_played: Number.NaN },
      { period_datetime: '2024-03-12T17:00:00Z', seconds_played: 30 },
    ];
    expect(weeklyBuckets(sessions, '1W', { today: at('2024-03-13T15:00:00Z'), timeZone: NY })).toEqual([
      bucket('2024-03-04'),
      bucket('2024-03-11', 30, 1, 3),
    ]);
  });

  it('an invalid today gives no buckets', () => {
    expect(weeklyBuckets([], '1W', { today: new Date(Number.NaN), timeZone: NY })).toEqual([]);
  });
});

describe('properties', () => {
  const zones = fc.constantFrom(
    NY,
    'Europe/London',
    'Asia/Tokyo',
    'Australia/Sydney',
    'America/Santiago',
    'Asia/Kolkata',
    'Pacific/Chatham',
    'UTC',
  );
  const instant = fc.date({ min: at('2020-01-01T00:00:00Z'), max: at('2026-12-31T00:00:00Z'), noInvalidDate: true });
  const dayMs = 86_400_000;

  it('the local date is Intl’s for any instant, clock changes included (the per-day offset cache)', () => {
    const intlDate = (date: Date, timeZone: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
    const changeZones = fc.constantFrom(
      NY,
      'Europe/London',
      'Australia/Lord_Howe',
      'America/Santiago',
      'Pacific/Chatham',
    );
    // Instants near the hours clocks change at, and anywhere.
    const nearChange = fc
      .tuple(instant, fc.integer({ min: 0, max: 23 }), fc.integer({ min: -90, max: 90 }))
      .map(
        ([date, hour, minutes]) =>
          new Date(Math.floor(date.getTime() / dayMs) * dayMs + hour * 3_600_000 + minutes * 60_000),
      );
    fc.assert(
      fc.property(fc.oneof(instant, nearChange), changeZones, (date, timeZone) => {
        expect(localDateKey(date, timeZone)).toBe(intlDate(date, timeZone));
      }),
      { numRuns: 2000 },
    );
  });

  it('weekStart is the first instant of the local Monday on or before the date', () => {
    fc.assert(
      fc.property(instant, zones, (date, timeZone) => {
        const start = weekStart(date, timeZone);
        expect(start.getTime()).toBeLessThanOrEqual(date.getTime());
        expect(date.getTime() - start.getTime()).toBeLessThan(7 * dayMs + 3_600_000);
        expect(new Date(`${localDateKey(start, timeZone)}T00:00:00Z`).getUTCDay()).toBe(1);
        expect(new Date(`${localDateKey(new Date(start.getTime() - 1), timeZone)}T00:00:00Z`).getUTCDay()).toBe(0);
      }),
    );
  });

  it('buckets are consecutive weeks from the frame start to today and count each session in range once', () => {
    const session = fc.record({
      period_datetime: fc.oneof(
        instant,
        instant.map((d) => d.toISOString()),
        fc.string(),
      ),
      seconds_played: fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.double()),
    });
    fc.assert(
      fc.property(
        fc.array(session, { maxLength: 40 }),
        fc.constantFrom<TimeFrameId>('1W', '1Mo', '3Mos', 'all'),
        instant,
        fc.option(instant, { nil: null }),
        zones,
        (sessions, frame, today, firstPlayDate, timeZone) => {
          const options = { today, timeZone, firstPlayDate };
          const buckets = weeklyBuckets(sessions, frame, options);
          const keys = buckets.map((b) => b.week_start);
          expect(keys.at(-1)).toBe(localDateKey(weekStart(today, timeZone), timeZone));
          keys.slice(1).forEach((key, i) => {
            expect(Date.parse(`${key}T00:00:00Z`) - Date.parse(`${keys[i]}T00:00:00Z`)).toBe(7 * dayMs);
          });
          if (frame !== 'all' || firstPlayDate !== null) {
            const start = frameStart(frame, options);
            expect(keys[0]).toBe(localDateKey(weekStart(start, timeZone), timeZone));
            const lastWeek = weekStart(today, timeZone).getTime();
            const inRange = sessions.filter((s) => {
              const t = new Date(s.period_datetime).getTime();
              return !Number.isNaN(t) && t >= start.getTime() && weekStart(new Date(t), timeZone).getTime() <= lastWeek;
            });
            expect(buckets.reduce((sum, b) => sum + b.sessions, 0)).toBe(inRange.length);
          }
          for (const b of buckets) {
            expect(b.seconds_played).toBeGreaterThanOrEqual(0);
            expect(b.minutes).toBe(Math.round(b.seconds_played / 60));
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the default time frame', () => {
  it('is one of the frames, and the contract takes it when a request names none', () => {
    expect(DEFAULT_TIME_FRAME).toBe('1Mo');
    expect(isTimeFrameId(DEFAULT_TIME_FRAME)).toBe(true);
    expect(playApi.weekly.schema.querystring.parse({}).time_frame).toBe(DEFAULT_TIME_FRAME);
    expect(playApi.activity.schema.querystring.parse({}).time_frame).toBe(DEFAULT_TIME_FRAME);
    expect(playApi.weekly.schema.querystring.parse({ time_frame: 'all' }).time_frame).toBe('all');
  });
});

describe('playMinutes and averageCoolDown', () => {
  it.each([
    [0, 0],
    [29, 0],
    [30, 1],
    [89, 1],
    [90, 2],
    [2_700, 45],
    [-120, 0],
    [Number.NaN, 0],
  ])('%s seconds are %s minutes', (seconds, minutes) => {
    expect(playMinutes(seconds)).toBe(minutes);
  });

  it('averages the cooldowns of several sessions in whole seconds, rounded to the nearest', () => {
    // Sessions with 2 cooldowns (70 s in all), 1 (50 s) and 3 (130 s): 250 s over 6 cooldowns.
    const sessions = [
      { coolDowns: 2, seconds: 70 },
      { coolDowns: 1, seconds: 50 },
      { coolDowns: 3, seconds: 130 },
    ];
    const seconds = sessions.reduce((sum, s) => sum + s.seconds, 0);
    const coolDowns = sessions.reduce((sum, s) => sum + s.coolDowns, 0);
    expect(averageCoolDown(seconds, coolDowns)).toBe(42); // 41.67
    expect(averageCoolDown(5, 2)).toBe(3); // 2.5 rounds up
    expect(averageCoolDown(40, 1)).toBe(40);
  });

  it('is null without cooldowns, whatever the seconds', () => {
    expect(averageCoolDown(0, 0)).toBeNull();
    expect(averageCoolDown(120, 0)).toBeNull();
  });
});

const sums = (over: Partial<PlaySums> = {}): PlaySums => ({ ...NO_PLAY, ...over });

describe('a week of play, the totals of several', () => {
  it('a week with play: its minutes and its average cooldown', () => {
    expect(
      weekOfPlay(
        '2024-03-11',
        sums({ sessions: 3, secondsPlayed: 2_730, hrRises: 7, coolDowns: 4, coolDownSeconds: 150 }),
      ),
    ).toEqual({
      week_start: '2024-03-11',
      seconds_played: 2_730,
      minutes: 46,
      sessions: 3,
      hr_rises: 7,
      cool_downs: 4,
      average_cool_down_seconds: 38, // 37.5
    });
  });

  it('an empty week is zero, with no average cooldown', () => {
    const empty = {
      week_start: '2024-03-18',
      seconds_played: 0,
      minutes: 0,
      sessions: 0,
      hr_rises: 0,
      cool_downs: 0,
      average_cool_down_seconds: null,
    };
    expect(weekOfPlay('2024-03-18', undefined)).toEqual(empty);
    expect(weekOfPlay('2024-03-18', NO_PLAY)).toEqual(empty);
  });

  it('totals average over all the cooldowns, not over the weeks’ averages', () => {
    // 2 cooldowns of 50 s on average and 1 of 20 s: 40 s (the weeks' averages would say 35).
    const weeks = [
      sums({ sessions: 2, secondsPlayed: 1_200, hrRises: 3, coolDowns: 2, coolDownSeconds: 100 }),
      sums({ sessions: 1, secondsPlayed: 600, hrRises: 1, coolDowns: 1, coolDownSeconds: 20 }),
    ];
    expect(sumPlay(weeks)).toEqual({
      sessions: 3,
      secondsPlayed: 1_800,
      hrRises: 4,
      coolDowns: 3,
      coolDownSeconds: 120,
    });
    expect(playTotals(sumPlay(weeks))).toEqual({
      sessions: 3,
      seconds_played: 1_800,
      hr_rises: 4,
      cool_downs: 3,
      average_cool_down_seconds: 40,
    });
  });

  it('no play totals zero, with no average cooldown', () => {
    const none = { sessions: 0, seconds_played: 0, hr_rises: 0, cool_downs: 0, average_cool_down_seconds: null };
    expect(sumPlay([])).toEqual(NO_PLAY);
    expect(playTotals(undefined)).toEqual(none);
    expect(playTotals(sumPlay([]))).toEqual(none);
    expect(playTotals(sums({ sessions: 2, secondsPlayed: 300 }))).toEqual({
      ...none,
      sessions: 2,
      seconds_played: 300,
    });
  });

  it('this week against the goal: the week’s figures as the chart counts them, and the 45-minute goal', () => {
    const week = weekAgainstGoal(
      '2024-03-11',
      sums({ sessions: 3, secondsPlayed: 2_670, hrRises: 7, coolDowns: 4, coolDownSeconds: 150 }),
    );
    expect(week).toEqual({
      week_start: '2024-03-11',
      seconds_played: 2_670,
      minutes: 45, // 44.5 minutes: on the goal line, as the chart and the streak count it
      sessions: 3,
      hr_rises: 7,
      cool_downs: 4,
      goal_minutes: 45,
    });
    expect(playApi.overview.schema.response[200].shape.this_week.parse(week)).toEqual(week);
    expect(weekAgainstGoal('2024-03-18', undefined)).toEqual({
      week_start: '2024-03-18',
      seconds_played: 0,
      minutes: 0,
      sessions: 0,
      hr_rises: 0,
      cool_downs: 0,
      goal_minutes: 45,
    });
  });

  it('weeksOfPlay lays the rows on the frame’s Mondays, empty weeks as zero, and sums only those weeks', () => {
    const row = (week: string, over: Partial<PlaySums>): WeekSums => ({ week, ...sums(over) });
    const { weeks, sums: total } = weeksOfPlay(
      ['2024-03-04', '2024-03-11', '2024-03-18'],
      [
        row('2024-02-26', { sessions: 9, secondsPlayed: 9_000, coolDowns: 9, coolDownSeconds: 900 }), // before the frame
        row('2024-03-04', { sessions: 2, secondsPlayed: 1_500, hrRises: 2, coolDowns: 2, coolDownSeconds: 70 }),
        row('2024-03-18', { sessions: 1, secondsPlayed: 600, hrRises: 1, coolDowns: 1, coolDownSeconds: 50 }),
      ],
    );
    expect(weeks.map((w) => [w.week_start, w.minutes, w.sessions, w.average_cool_down_seconds])).toEqual([
      ['2024-03-04', 25, 2, 35],
      ['2024-03-11', 0, 0, null],
      ['2024-03-18', 10, 1, 50],
    ]);
    expect(total).toEqual({ sessions: 3, secondsPlayed: 2_100, hrRises: 3, coolDowns: 3, coolDownSeconds: 120 });
    expect(playTotals(total).average_cool_down_seconds).toBe(40);
    expect(weeksOfPlay([], [row('2024-03-04', { sessions: 1 })])).toEqual({ weeks: [], sums: NO_PLAY });
  });
});

describe('weeks in the account’s time zone', () => {
  // Sunday 10 March 2024, 23:30 in New York (EDT since 02:00 that day); Monday 11 March in UTC,
  // London and Tokyo.
  const sundayNightInNewYork = at('2024-03-11T03:30:00Z');

  it('a week starts on Monday at local midnight: the same instant is in two weeks in two zones', () => {
    expect(recentWeeks(2, { today: sundayNightInNewYork, timeZone: NY })).toEqual(['2024-02-26', '2024-03-04']);
    expect(recentWeeks(2, { today: sundayNightInNewYork, timeZone: 'Europe/London' })).toEqual([
      '2024-03-04',
      '2024-03-11',
    ]);
    expect(recentWeeks(4, { today: sundayNightInNewYork, timeZone: 'Asia/Tokyo' })).toEqual([
      '2024-02-19',
      '2024-02-26',
      '2024-03-04',
      '2024-03-11',
    ]);
    expect(recentWeeks(0, { today: sundayNightInNewYork, timeZone: NY })).toEqual([]);
    expect(recentWeeks(2, { today: new Date(Number.NaN), timeZone: NY })).toEqual([]);
  });

  it('this week is the Monday of today in the family’s zone', () => {
    expect(thisWeekStart({ today: sundayNightInNewYork, timeZone: NY })).toBe('2024-03-04');
    expect(thisWeekStart({ today: sundayNightInNewYork, timeZone: 'Europe/London' })).toBe('2024-03-11');
    expect(thisWeekStart({ today: new Date(Number.NaN), timeZone: NY })).toBe('');
  });

  it('frameWeeks: 1W ending on a Sunday night in New York is two weeks, in UTC it is the Monday’s', () => {
    expect(frameWeeks('1W', { today: sundayNightInNewYork, timeZone: NY })).toEqual({
      start: '2024-03-03',
      weeks: ['2024-02-26', '2024-03-04'],
    });
    expect(frameWeeks('1W', { today: sundayNightInNewYork, timeZone: 'UTC' })).toEqual({
      start: '2024-03-04',
      weeks: ['2024-03-04', '2024-03-11'],
    });
  });

  it('weeksBetween: the Mondays from the first date’s week to the last date’s', () => {
    expect(weeksBetween('2024-03-10', '2024-03-11')).toEqual(['2024-03-04', '2024-03-11']); // Sunday, Monday
    expect(weeksBetween('2024-03-11', '2024-03-17')).toEqual(['2024-03-11']); // Monday to Sunday
    expect(weeksBetween('2024-12-30', '2025-01-13')).toEqual(['2024-12-30', '2025-01-06', '2025-01-13']);
    expect(weeksBetween('2024-02-28', '2024-03-01')).toEqual(['2024-02-26']); // over 29 February
    expect(weeksBetween('2024-03-18', '2024-03-11')).toEqual([]);
    expect(weeksBetween('2024-03-18', '2024-03-17')).toEqual([]);
    expect(weeksBetween('2024-03-18', '2024-03-18')).toEqual(['2024-03-18']);
    expect(weeksBetween('soon', '2024-03-18')).toEqual([]);
  });

  it('weeksBetween is the weeks of a frame of those days ending on the last date, in any zone', () => {
    const zones = fc.constantFrom(NY, 'Europe/London', 'Asia/Tokyo', 'Australia/Lord_Howe', 'Pacific/Chatham', 'UTC');
    const firstDay = fc.integer({ min: Date.UTC(2020, 0, 1) / 86_400_000, max: Date.UTC(2026, 11, 31) / 86_400_000 });
    fc.assert(
      fc.property(firstDay, fc.integer({ min: 0, max: 3 * 366 }), zones, (day, days, timeZone) => {
        const from = new Date(day * 86_400_000).toISOString().slice(0, 10);
        const last = addDaysToDateKey(from, days);
        const endOfLast = startOfLocalDate(addDaysToDateKey(last, 1), timeZone).getTime() - 1;
        const { weeks } = frameWeeks(
          { id: '1W', label: `${from} – ${last}`, days },
          { today: new Date(endOfLast), timeZone, firstPlayDate: null },
        );
        expect(weeksBetween(from, last)).toEqual(weeks);
      }),
      { numRuns: 300 },
    );
  });
});
