import { describe, expect, it } from 'vitest';

import {
  formatCalendarDate,
  formatCalendarDay,
  formatDate,
  formatDuration,
  formatSeconds,
  plural,
  wholeMinutes,
} from './format.ts';

describe('play figures on screen', () => {
  it('rounds seconds to whole minutes and reads durations in hours and minutes', () => {
    expect(wholeMinutes(89)).toBe(1);
    expect(wholeMinutes(90)).toBe(2);
    expect(formatDuration(2700)).toBe('45 min');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(25_005)).toBe('6 h 57 min');
  });

  it('reads short times in seconds and longer ones in minutes', () => {
    expect(formatSeconds(36.4)).toBe('36 s');
    expect(formatSeconds(99)).toBe('99 s');
    expect(formatSeconds(125)).toBe('2 min 5 s');
    expect(formatSeconds(120)).toBe('2 min');
  });

  it('shows the date of an instant in the account time zone and calendar dates as they are', () => {
    expect(formatDate('2026-11-21T00:16:00.000Z', 'America/New_York')).toBe('Nov 20, 2026');
    expect(formatDate('2026-11-21T00:16:00.000Z', 'Europe/London')).toBe('Nov 21, 2026');
    expect(formatDate('2026-11-21T00:16:00.000Z', 'Not/AZone')).toBe('Nov 20, 2026');
    expect(formatCalendarDay('2026-11-16')).toBe('Nov 16');
    expect(formatCalendarDate('2026-11-16')).toBe('November 16, 2026');
  });

  it('says one and many', () => {
    expect(plural(1, 'session')).toBe('1 session');
    expect(plural(1200, 'acorn')).toBe('1,200 acorns');
  });
});
