/**
 * Share links (issue 17 item 5; docs/decisions/0037). A parent makes a read-only link to one
 * player's summary over a time frame; the link's token is shown once and kept only as a hash. The
 * public summary reads the play data through the play and players repositories (the same queries
 * as the stats screen) and the domain's weekly rules, bounded to the link's player and frame.
 */
import type { Paging } from '@grove/domain/api/common';
import type { CreatedShareLink, ShareLink, SharedSummary, ShareLinkBody } from '@grove/domain/api/sharing';
import {
  CHART,
  DEFAULT_TIMEZONE,
  localDateKey,
  mondayOfDateKey,
  playStreak,
  playTotals,
  streakOnWire,
  weeksBetween,
  weeksOfPlay,
} from '@grove/domain';
import {
  SHARE_VIEW_THROTTLE,
  SHARE_VIEWS_LISTED,
  SHARING_MESSAGES,
  addDaysToDateKey,
  dayNumberOf,
  shareFrameIssues,
  shareLinkStatus,
  startOfLocalDate,
} from '@grove/domain/sharing';
import type { Db } from '../../db/client.ts';
import { fieldError, notFound, ValidationError } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import { assertFamilyMember, assertMembersOrStaff } from '../auth/access.ts';
import { countAttempt } from '../auth/auth.throttle.ts';
import { hashToken, newToken } from '../auth/auth.tokens.ts';
import { findPlayerForPlay, rollupWeeks, weeksPlayedUntil } from '../play/play.repository.ts';
import { listStatChanges } from '../players/players.repository.ts';
import {
  countAccountShareLinks,
  findAccountPlayer,
  findLiveLinkByTokenHash,
  findShareLink,
  insertShareLink,
  insertView,
  listAccountShareLinks,
  revokeShareLink,
  viewsOf,
  type ShareLinkRow,
} from './sharing.repository.ts';
import { browserFamily, networkOf } from './sharing.viewer.ts';

export interface SharingDeps {
  db: Db;
  /** PUBLIC_URL: the link's address is built on it. */
  publicUrl: string;
}

const DAY_MS = 86_400_000;
/** A token as newToken makes it: 32 random bytes, base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** Gauge and chase speed changes read per setting (newest first): years of a coach's changes. */
const STAT_CHANGES_READ = 1000;

type Views = Awaited<ReturnType<typeof viewsOf>>;

function toShareLink(row: ShareLinkRow, views: Views, now: Date): ShareLink {
  const revokedAt = row.revokedAt ? row.revokedAt.toISOString() : null;
  const expiresAt = row.expiresAt.toISOString();
  return {
    id: row.id,
    player: { id: row.playerId, name: row.playerName },
    display_name: row.displayName,
    from_date: row.fromDate,
    to_date: row.toDate,
    expires_at: expiresAt,
    revoked_at: revokedAt,
    status: shareLinkStatus({ revoked_at: revokedAt, expires_at: expiresAt }, now),
    created_at: row.createdAt.toISOString(),
    created_by:
      row.createdById === null
        ? null
        : { id: row.createdById, name: `${row.createdByFirstName ?? ''} ${row.createdByLastName ?? ''}`.trim() },
    view_count: views.counts.get(row.id) ?? 0,
    views: views.latest
      .filter((view) => view.shareLinkId === row.id)
      .map((view) => ({ viewed_at: view.viewedAt.toISOString(), browser: view.browser, network: view.network })),
  };
}

async function loadLink(db: Db, accountId: number, shareId: number, now: Date): Promise<ShareLink> {
  const row = await findShareLink(db, accountId, shareId);
  if (!row) throw notFound();
  return toShareLink(row, await viewsOf(db, [row.id], SHARE_VIEWS_LISTED), now);
}

/** GET /api/v2/user/accounts/{id}/shares/: the account's links, newest first, with their views. */
export async function listShareLinks(db: Db, user: AuthUser, accountId: number, paging: Paging, now = new Date()) {
  await assertMembersOrStaff(db, user, accountId);
  const offset = (paging.page - 1) * paging.page_size;
  const [total, rows] = await Promise.all([
    countAccountShareLinks(db, accountId),
    listAccountShareLinks(db, accountId, paging.page_size, offset),
  ]);
  const views = await viewsOf(
    db,
    rows.map((row) => row.id),
    SHARE_VIEWS_LISTED,
  );
  return {
    count: total,
    page: paging.page,
    pageSize: paging.page_size,
    results: rows.map((row) => toShareLink(row, views, now)),
  };
}

/**
 * POST /api/v2/user/accounts/{id}/shares/: a new link for one of the account's players. Only the
 * family shares its child's data: staff are refused (403). The start date may not lie in the
 * future of the account's time zone. The answer carries the address once.
 */
export async function createShareLink(
  deps: SharingDeps,
  user: AuthUser,
  accountId: number,
  body: ShareLinkBody,
  now = new Date(),
): Promise<CreatedShareLink> {
  const { db } = deps;
  await assertFamilyMember(db, user, accountId, SHARING_MESSAGES.notFamily);
  const player = await findAccountPlayer(db, accountId, body.player_id);
  if (!player) throw fieldError('player_id', SHARING_MESSAGES.player);
  const timeZone = (await findPlayerForPlay(db, player.id))?.timeZone || DEFAULT_TIMEZONE;
  const issues = shareFrameIssues(body.from_date, body.to_date, localDateKey(now, timeZone));
  if (issues.length > 0) {
    const fields: Record<string, string[]> = {};
    for (const issue of issues) (fields[issue.field] ??= []).push(issue.message);
    throw new ValidationError(fields);
  }
  const token = newToken();
  const id = await insertShareLink(db, {
    accountId,
    playerId: player.id,
    tokenHash: hashToken(token),
    displayName: body.display_name.trim(),
    fromDate: body.from_date,
    toDate: body.to_date,
    expiresAt: new Date(now.getTime() + body.expires_in_days * DAY_MS),
    createdBy: user.id,
  });
  const link = await loadLink(db, accountId, id, now);
  return { ...link, url: `${deps.publicUrl.replace(/\/+$/, '')}/shared/${token}` };
}

/** POST …/shares/{shareId}/revoke: the link answers 404 from now on; a revoked link stays as it was. */
export async function revokeShare(db: Db, user: AuthUser, accountId: number, shareId: number, now = new Date()) {
  await assertMembersOrStaff(db, user, accountId);
  const row = await findShareLink(db, accountId, shareId);
  if (!row) throw notFound();
  await revokeShareLink(db, shareId, user.id, now);
  return loadLink(db, accountId, shareId, now);
}

type PlayPlayer = NonNullable<Awaited<ReturnType<typeof findPlayerForPlay>>>;

/**
 * The link's weeks by the domain's rules: the Mondays from the week of its first date to the week
 * of its last (weeksBetween), each summed from the play rollups over the link's local dates, and
 * the frame's totals (weeksOfPlay, playTotals: the same rules as the stats screen's).
 */
async function weeksOf(db: Db, playerId: number, fromDate: string, lastDate: string) {
  const rows = await rollupWeeks(db, playerId, fromDate, lastDate);
  const { weeks, sums } = weeksOfPlay(weeksBetween(fromDate, lastDate), rows);
  return { weeks, totals: playTotals(sums) };
}

/** A setting's value at the frame's start and end and its changes inside the frame (no names, no reasons). */
async function statHistory(
  db: Db,
  player: PlayPlayer,
  field: 'hr_gauge' | 'chase_speed',
  start: Date,
  end: Date,
  timeZone: string,
) {
  const current = field === 'hr_gauge' ? player.hrGauge : player.chaseSpeed;
  const changes = await listStatChanges(db, player.id, field, STAT_CHANGES_READ); // newest first
  const valueAt = (instant: Date) => {
    let value = current;
    for (const change of changes) {
      if (change.createdAt.getTime() >= instant.getTime()) value = change.oldValue;
      else break;
    }
    return value;
  };
  return {
    at_start: valueAt(start),
    at_end: valueAt(end),
    changes: changes
      .filter((c) => c.createdAt.getTime() >= start.getTime() && c.createdAt.getTime() < end.getTime())
      .reverse()
      .map((c) => ({ changed_on: localDateKey(c.createdAt, timeZone), old_value: c.oldValue, new_value: c.newValue })),
  };
}

export interface Viewer {
  ip: string;
  userAgent: string | undefined;
}

/**
 * GET /api/v1/shared/{token}: the summary a live link opens, logged as a view. Every request from
 * an address counts towards SHARE_VIEW_THROTTLE first (429 past it, whatever the token); an
 * unknown, revoked or expired link answers the same 404.
 */
export async function sharedSummary(db: Db, token: string, viewer: Viewer, now = new Date()): Promise<SharedSummary> {
  await countAttempt(
    db,
    `share-view:${viewer.ip}`,
    SHARE_VIEW_THROTTLE.perAddress,
    SHARE_VIEW_THROTTLE.windowSeconds,
    SHARING_MESSAGES.throttled,
    now,
  );
  if (!TOKEN_SHAPE.test(token)) throw notFound();
  const link = await findLiveLinkByTokenHash(db, hashToken(token), now);
  if (!link) throw notFound();
  const player = await findPlayerForPlay(db, link.playerId);
  if (!player) throw notFound();

  const timeZone = player.timeZone || DEFAULT_TIMEZONE;
  const today = localDateKey(now, timeZone);
  // Data up to the end date, or up to today while the frame still runs.
  let lastDate = dayNumberOf(link.toDate) <= dayNumberOf(today) ? link.toDate : today;
  if (dayNumberOf(lastDate) < dayNumberOf(link.fromDate)) lastDate = link.fromDate;
  const start = startOfLocalDate(link.fromDate, timeZone);
  const end = startOfLocalDate(addDaysToDateKey(lastDate, 1), timeZone);

  const [play, weeksPlayed, gauge, chase] = await Promise.all([
    weeksOf(db, player.id, link.fromDate, lastDate),
    weeksPlayedUntil(db, player.id, mondayOfDateKey(lastDate)),
    statHistory(db, player, 'hr_gauge', start, end, timeZone),
    statHistory(db, player, 'chase_speed', start, end, timeZone),
  ]);

  await insertView(db, link.id, browserFamily(viewer.userAgent), networkOf(viewer.ip), now);
  return {
    display_name: link.displayName,
    from_date: link.fromDate,
    to_date: link.toDate,
    shown_until: lastDate,
    expires_at: link.expiresAt.toISOString(),
    goal_minutes: CHART.goalMinutes,
    totals: play.totals,
    weeks: play.weeks,
    // The streak on the last day shown: whole weeks, those before the frame included.
    streak: streakOnWire(playStreak(weeksPlayed, { today: new Date(end.getTime() - 1), timeZone })),
    hr_gauge: gauge,
    chase_speed: chase,
  };
}
