/**
 * Share links (issue 17 item 5; docs/decisions/0037): a parent's read-only link to one player's
 * summary for a clinician. The parent's routes live with the other account routes under
 * /api/v2/user/accounts/{id}/; the summary itself is public at /api/v1/shared/{token}, the link's
 * only way in. Rules and messages are in ../sharing.ts.
 */
import * as z from 'zod';

import { SHARE_VIEWS_LISTED, shareLinkSchema } from '../sharing.ts';
import {
  count,
  endpoint,
  idParam,
  localDate,
  page,
  pageQuery,
  timestamp,
  type Reply,
  type RequestBody,
} from './common.ts';
import { playStreak, weeklyPlay } from './play.ts';

const tags = ['sharing'];
const accountParams = z.object({ id: idParam });
const shareParams = z.object({ id: idParam, shareId: idParam });

export const shareLinkView = z.object({
  viewed_at: timestamp,
  browser: z.string().describe('The viewer’s browser family and system, e.g. "Safari on iOS".'),
  network: z.string().describe('The viewer’s network, never the full address: an IPv4 /24 or an IPv6 /48.'),
});

export const shareLink = z.object({
  id: count,
  player: z.object({ id: count, name: z.string() }),
  display_name: z.string(),
  from_date: localDate,
  to_date: localDate,
  expires_at: timestamp,
  revoked_at: timestamp.nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
  created_at: timestamp,
  created_by: z.object({ id: count, name: z.string() }).nullable(),
  view_count: count,
  views: z.array(shareLinkView).describe(`The latest ${SHARE_VIEWS_LISTED} views, newest first.`),
});

/** The new link, with its address: shown once (only the token's hash is kept). */
const createdShareLink = shareLink.extend({
  url: z.string().describe('The address to give the clinician. It is shown only in this answer.'),
});

const statHistory = z.object({
  at_start: count.describe('The value when the time frame began.'),
  at_end: count.describe('The value at its end (or today, for a frame still running).'),
  changes: z.array(z.object({ changed_on: localDate, old_value: count, new_value: count })),
});

export const sharedSummary = z.object({
  display_name: z.string(),
  from_date: localDate,
  to_date: localDate,
  shown_until: localDate.describe('The last date with data: the end date, or today while the frame runs.'),
  expires_at: timestamp,
  goal_minutes: count,
  totals: z.object({
    sessions: count,
    seconds_played: count,
    hr_rises: count,
    cool_downs: count,
    average_cool_down_seconds: z.number().nullable(),
  }),
  weeks: z
    .array(weeklyPlay)
    .describe('Every week of the frame (Mondays), oldest first; only days inside the frame count.'),
  streak: playStreak.describe('The play streak on the last day shown (whole weeks, before the frame too).'),
  hr_gauge: statHistory,
  chase_speed: statHistory,
});

export const sharingApi = {
  list: endpoint('GET', '/api/v2/user/accounts/:id/shares', {
    tags,
    summary: 'The share links of an account’s players, newest first, with their views',
    description: 'Members of the account and staff; a coach or another family answers 404.',
    params: accountParams,
    querystring: pageQuery(),
    response: { 200: page(shareLink) },
  }),
  create: endpoint('POST', '/api/v2/user/accounts/:id/shares', {
    tags,
    summary: 'Share one player’s summary: a read-only link for a time frame, open for up to 90 days',
    description:
      'Members of the account only (staff answer 403). The answer carries the link’s address once; only a hash of its token is kept.',
    params: accountParams,
    body: shareLinkSchema,
    response: { 201: createdShareLink },
  }),
  revoke: endpoint('POST', '/api/v2/user/accounts/:id/shares/:shareId/revoke', {
    tags,
    summary: 'Revoke a share link: it answers 404 from now on (revoking twice changes nothing)',
    params: shareParams,
    response: { 200: shareLink },
  }),
  summary: endpoint('GET', '/api/v1/shared/:token', {
    tags,
    summary: 'A shared summary (no sign-in): one player, one time frame',
    description:
      'Weekly minutes against the goal, heart-rate rises, cooldowns and average cooldown time, gauge and chase speed history. An unknown, revoked or expired link answers 404; each answer is logged as a view and carries X-Robots-Tag: noindex.',
    params: z.object({ token: z.string().describe('The token of the link’s address.') }),
    response: { 200: sharedSummary },
  }),
};

export type ShareLink = Reply<typeof sharingApi.list>['results'][number];
export type ShareLinkPage = Reply<typeof sharingApi.list>;
export type CreatedShareLink = Reply<typeof sharingApi.create, 201>;
export type ShareLinkBody = RequestBody<typeof sharingApi.create>;
export type SharedSummary = Reply<typeof sharingApi.summary>;
