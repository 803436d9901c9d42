/**
 * Sharing one player's summary with a clinician (issue 17 item 5; docs/decisions/0037): a parent
 * makes a read-only link for a time frame of play data (from–to, local dates in the account's time
 * zone), open for at most SHARE_LINK_MAX_DAYS days, revocable, every view logged. The rules and
 * messages live here once; the API contract (./api/sharing.ts) and the web form use them as they are.
 */
import * as z from 'zod';

import { frameStart, localDateKey } from './stats.ts';
import { stringInput, unsafeTextMessage } from './text.ts';
import { messages } from './translation.ts';

/** The longest a share link stays open (days from its creation). */
export const SHARE_LINK_MAX_DAYS = 90;
/** What the form proposes. */
export const SHARE_LINK_DEFAULT_DAYS = 30;
/** The longest time frame a link may show: three years of weeks keeps the summary readable. */
export const SHARE_FRAME_MAX_DAYS = 3 * 366;
/** The name the summary shows instead of the player's (a first name by default). */
export const SHARE_DISPLAY_NAME_MAX = 56;
/** How many views of a link the parent's list carries (the count covers them all). */
export const SHARE_VIEWS_LISTED = 50;
/**
 * Requests to the public summary from one client address (every instance counts the same rows):
 * far beyond a clinician reopening a link, far below what guessing 256-bit tokens would need.
 */
export const SHARE_VIEW_THROTTLE = { perAddress: 120, windowSeconds: 3600 } as const;

export const SHARING_MESSAGES = messages({
  player: 'Choose a player.',
  dateRequired: 'Choose a date.',
  dateInvalid: 'Enter a date as YYYY-MM-DD.',
  toBeforeFrom: 'The end date must be on or after the start date.',
  fromInFuture: 'The start date may not be in the future.',
  frameTooLong: 'A summary may cover at most 3 years.',
  expiry: `A link can stay open for 1 to ${SHARE_LINK_MAX_DAYS} days.`,
  displayNameRequired: 'Enter the name the summary shows.',
  displayNameTooLong: `At most ${SHARE_DISPLAY_NAME_MAX} characters.`,
  notFamily: 'Only the family can share a player’s summary.',
  throttled: 'Too many requests for shared summaries from your network. Please try again later.',
});

export type ShareLinkStatus = 'active' | 'expired' | 'revoked';

/** A link is revoked once revoked; otherwise expired from its expiry on; otherwise active. */
export function shareLinkStatus(
  link: { revoked_at: string | Date | null; expires_at: string | Date },
  now: Date = new Date(),
): ShareLinkStatus {
  if (link.revoked_at !== null) return 'revoked';
  return new Date(link.expires_at).getTime() <= now.getTime() ? 'expired' : 'active';
}

const DAY_MS = 86_400_000;
const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a local date 'YYYY-MM-DD' (NaN when it is not one). */
export function dayNumberOf(dateKey: string): number {
  const match = DATE_KEY.exec(dateKey);
  if (!match) return Number.NaN;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day)
    return Number.NaN;
  return ms / DAY_MS;
}

/** The local date `days` after `dateKey`. */
export function addDaysToDateKey(dateKey: string, days: number): string {
  return new Date((dayNumberOf(dateKey) + days) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The first instant of local date `dateKey` in `timeZone` (local midnight, or the end of a DST gap
 * at midnight), through the stats rules of ./stats.ts: an instant inside that local day is found
 * (noon UTC is, for every zone up to UTC+11; midnight UTC for the zones further east) and its
 * day's start is the start of a frame of zero days ending that day.
 */
export function startOfLocalDate(dateKey: string, timeZone: string): Date {
  const dayMs = dayNumberOf(dateKey) * DAY_MS;
  if (Number.isNaN(dayMs)) return new Date(Number.NaN);
  for (const hour of [12, 0, 23]) {
    const probe = new Date(dayMs + hour * 3_600_000);
    if (localDateKey(probe, timeZone) === dateKey) {
      return frameStart({ id: '1W', label: dateKey, days: 0 }, { today: probe, timeZone });
    }
  }
  return new Date(dayMs);
}

export type ShareFrameIssue = { field: 'from_date' | 'to_date'; message: string };

/**
 * What is wrong with a time frame: an end before the start, a frame longer than
 * SHARE_FRAME_MAX_DAYS, and (given `today`, the local date in the account's zone) a start in the
 * future. Both dates are taken as valid 'YYYY-MM-DD' dates.
 */
export function shareFrameIssues(fromDate: string, toDate: string, today?: string): ShareFrameIssue[] {
  const from = dayNumberOf(fromDate);
  const to = dayNumberOf(toDate);
  const issues: ShareFrameIssue[] = [];
  if (today !== undefined && from > dayNumberOf(today)) {
    issues.push({ field: 'from_date', message: SHARING_MESSAGES.fromInFuture });
  }
  if (to < from) issues.push({ field: 'to_date', message: SHARING_MESSAGES.toBeforeFrom });
  else if (to - from + 1 > SHARE_FRAME_MAX_DAYS)
    issues.push({ field: 'to_date', message: SHARING_MESSAGES.frameTooLong });
  return issues;
}

const shareDate = stringInput(SHARING_MESSAGES.dateRequired).refine((value) => !Number.isNaN(dayNumberOf(value)), {
  message: SHARING_MESSAGES.dateInvalid,
});

const wholeNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

const displayName = stringInput(SHARING_MESSAGES.displayNameRequired)
  .superRefine((value, ctx) => {
    const unsafe = unsafeTextMessage(value);
    if (unsafe) ctx.addIssue({ code: 'custom', message: unsafe });
    else if (value.trim() === '') ctx.addIssue({ code: 'custom', message: SHARING_MESSAGES.displayNameRequired });
    else if ([...value.trim()].length > SHARE_DISPLAY_NAME_MAX) {
      ctx.addIssue({ code: 'custom', message: SHARING_MESSAGES.displayNameTooLong });
    }
  })
  .transform((value) => value.trim())
  .meta({ maxLength: SHARE_DISPLAY_NAME_MAX });

/** A new share link: the player, the time frame, how many days it stays open, the name it shows. */
export const shareLinkSchema = z
  .object({
    player_id: wholeNumber(SHARING_MESSAGES.player, 1, 2_147_483_647),
    from_date: shareDate.describe('The first local date of play the summary shows (YYYY-MM-DD).'),
    to_date: shareDate.describe('The last local date of play the summary shows (YYYY-MM-DD).'),
    expires_in_days: wholeNumber(SHARING_MESSAGES.expiry, 1, SHARE_LINK_MAX_DAYS).describe(
      `Days the link stays open, 1–${SHARE_LINK_MAX_DAYS}.`,
    ),
    display_name: displayName.describe('The name the summary shows for the player.'),
  })
  .superRefine((value, ctx) => {
    if (Number.isNaN(dayNumberOf(value.from_date)) || Number.isNaN(dayNumberOf(value.to_date))) return;
    for (const issue of shareFrameIssues(value.from_date, value.to_date)) {
      ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
    }
  });

export type ShareLinkInput = z.input<typeof shareLinkSchema>;

/** The name a summary proposes for a player: the first word of the player's name. */
export function defaultDisplayName(playerName: string): string {
  return playerName.trim().split(/\s+/)[0] ?? '';
}
