/** Business constants and limits (SPEC §9). */

export const DEFAULT_COUNTRY = 'US';
export const DEFAULT_TIMEZONE = 'America/New_York';
/** Display format of dates and times (moment-style tokens, `zz` = time zone abbreviation); formatDateTime in dates.ts renders it. */
export const DATE_FORMAT = 'MM-DD-YYYY h:mm:ss a zz';

/**
 * Field lengths, counted in Unicode code points.
 *
 * Where the message reads "must be less than N characters" (name, full name, email, password
 * maximum, address, city, zipcode) the value N itself is rejected: the limit is exclusive.
 * `passwordMin` is inclusive ("should not be less than 8"), `loginPasswordMax` is inclusive
 * (a stored 40-character password can be typed at login), `phone` is the number of digits kept.
 * See docs/decisions/0003-validation-boundaries.md.
 */
export const LIMITS = {
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
  state: 50,
} as const;

export const CACHE_TIMES_MS = {
  player: 300_000,
  activity: 3_600_000,
  sessionToken: 5_000,
  userInfoStale: 3_600_000,
  queryFresh: 60_000,
} as const;

export const PAGE_SIZES = {
  default: 50,
  max: 1000,
  hrRises: 1000,
  cooldownEvents: 1000,
} as const;
export const FIRST_PAGE = 1;

export const CANCELLATION_GRACE_DAYS = 30;
export const NOTIFICATION_DELAY_MS = 10;
export const LOGIN_FORM_MAX_WIDTH_PX = 300;

/** The mobile menu is used at widths <= 900 px; the admin desktop menu at widths > 1165 px. */
export const BREAKPOINTS = {
  mobileMenuMax: 900,
  adminDesktopMin: 1165,
} as const;

export function isMobileMenuWidth(widthPx: number): boolean {
  return widthPx <= BREAKPOINTS.mobileMenuMax;
}

export function isAdminDesktopWidth(widthPx: number): boolean {
  return widthPx > BREAKPOINTS.adminDesktopMin;
}

export const CHART = {
  goalMinutes: 45,
  yMaxMinutes: 60,
  yTickMinutes: 10,
} as const;

export const PROFESSIONAL_PLAN = 'PROFESSIONAL';
export const NOT_PURCHASED = 'NOT_PURCHASED';

/** The OAuth client id of the web portal (a row of oauth_clients, seeded with the database). */
export const WEB_CLIENT_ID = 'grove-web';
