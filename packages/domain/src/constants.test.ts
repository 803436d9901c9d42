import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  BREAKPOINTS,
  CACHE_TIMES_MS,
  CANCELLATION_GRACE_DAYS,
  CHART,
  DATE_FORMAT,
  DEFAULT_COUNTRY,
  DEFAULT_TIMEZONE,
  FIRST_PAGE,
  LIMITS,
  LOGIN_FORM_MAX_WIDTH_PX,
  NOTIFICATION_DELAY_MS,
  NOT_PURCHASED,
  PAGE_SIZES,
  PROFESSIONAL_PLAN,
  isAdminDesktopWidth,
  isMobileMenuWidth,
} from './constants.ts';

describe('SPEC §9 constants', () => {
  it.each([
    ['default country', DEFAULT_COUNTRY, 'US'],
    ['default time zone', DEFAULT_TIMEZONE, 'America/New_York'],
    ['date format', DATE_FORMAT, 'MM-DD-YYYY h:mm:ss a zz'],
    ['player cache', CACHE_TIMES_MS.player, 5 * 60_000],
    ['activity cache', CACHE_TIMES_MS.activity, 60 * 60_000],
    ['session token cache', CACHE_TIMES_MS.sessionToken, 5_000],
    ['user info stale time', CACHE_TIMES_MS.userInfoStale, 60 * 60_000],
    ['query data fresh', CACHE_TIMES_MS.queryFresh, 60_000],
    ['hr_rises page size', PAGE_SIZES.hrRises, 1000],
    ['cooldown events page size', PAGE_SIZES.cooldownEvents, 1000],
    ['first page', FIRST_PAGE, 1],
    ['grace period', CANCELLATION_GRACE_DAYS, 30],
    ['notification delay', NOTIFICATION_DELAY_MS, 10],
    ['login form width', LOGIN_FORM_MAX_WIDTH_PX, 300],
    ['mobile menu breakpoint', BREAKPOINTS.mobileMenuMax, 900],
    ['admin desktop breakpoint', BREAKPOINTS.adminDesktopMin, 1165],
    ['chart goal', CHART.goalMinutes, 45],
    ['chart y max', CHART.yMaxMinutes, 60],
    ['chart y ticks', CHART.yTickMinutes, 10],
    ['professional plan', PROFESSIONAL_PLAN, 'PROFESSIONAL'],
    ['not purchased', NOT_PURCHASED, 'NOT_PURCHASED'],
  ])('%s', (_label, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('field limits', () => {
    expect(LIMITS).toMatchObject({
      name: 56,
      fullName: 114,
      email: 254,
      passwordMin: 8,
      passwordMax: 255,
      loginPasswordMax: 40,
      phone: 20,
      address: 255,
      city: 50,
      zipcode: 12,
    });
  });

  it.each([
    [375, true, false],
    [900, true, false],
    [901, false, false],
    [1165, false, false],
    [1166, false, true],
    [1280, false, true],
  ])('width %i: mobile menu %s, admin desktop menu %s', (width, mobile, adminDesktop) => {
    expect(isMobileMenuWidth(width)).toBe(mobile);
    expect(isAdminDesktopWidth(width)).toBe(adminDesktop);
  });

  it('the breakpoint helpers follow the breakpoints at any width', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (width) => {
        expect(isMobileMenuWidth(width)).toBe(width <= 900);
        expect(isAdminDesktopWidth(width)).toBe(width > 1165);
      }),
    );
  });
});
