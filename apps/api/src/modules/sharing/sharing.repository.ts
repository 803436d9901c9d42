import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { countRows } from '../../db/count.ts';
import { players, shareLinks, shareLinkViews, users } from '../../db/schema/index.ts';

const linkColumns = {
  id: shareLinks.id,
  accountId: shareLinks.accountId,
  playerId: shareLinks.playerId,
  playerName: players.name,
  displayName: shareLinks.displayName,
  fromDate: shareLinks.fromDate,
  toDate: shareLinks.toDate,
  expiresAt: shareLinks.expiresAt,
  revokedAt: shareLinks.revokedAt,
  createdAt: shareLinks.createdAt,
  createdById: users.id,
  createdByFirstName: users.firstName,
  createdByLastName: users.lastName,
};

export type ShareLinkRow = {
  id: number;
  accountId: number;
  playerId: number;
  playerName: string;
  displayName: string;
  fromDate: string;
  toDate: string;
  expiresAt: Date;
  revokedAt: Date | null;
  createdAt: Date;
  createdById: number | null;
  createdByFirstName: string | null;
  createdByLastName: string | null;
};

const linkQuery = (db: Executor) =>
  db
    .select(linkColumns)
    .from(shareLinks)
    .innerJoin(players, eq(players.id, shareLinks.playerId))
    .leftJoin(users, eq(users.id, shareLinks.createdBy));

export { findAccountPlayer } from '../players/players.repository.ts';

export async function insertShareLink(
  tx: Executor,
  values: {
    accountId: number;
    playerId: number;
    tokenHash: string;
    displayName: string;
    fromDate: string;
    toDate: string;
    expiresAt: Date;
    createdBy: number;
  },
): Promise<number> {
  const [row] = await tx.insert(shareLinks).values(values).returning({ id: shareLinks.id });
  return row!.id;
}

export async function findShareLink(db: Executor, accountId: number, shareId: number): Promise<ShareLinkRow | null> {
  const rows = await linkQuery(db)
    .where(and(eq(shareLinks.id, shareId), eq(shareLinks.accountId, accountId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function countAccountShareLinks(db: Executor, accountId: number): Promise<number> {
  return countRows(db, shareLinks, eq(shareLinks.accountId, accountId));
}

/** An account's links, newest first. */
export async function listAccountShareLinks(
  db: Executor,
  accountId: number,
  limit: number,
  offset: number,
): Promise<ShareLinkRow[]> {
  return linkQuery(db)
    .where(eq(shareLinks.accountId, accountId))
    .orderBy(desc(shareLinks.id))
    .limit(limit)
    .offset(offset);
}

/** Revokes a live link (revoked_at stays as it was on a link already revoked). */
export async function revokeShareLink(tx: Executor, shareId: number, userId: number, now: Date): Promise<void> {
  await tx
    .update(shareLinks)
    .set({ revokedAt: now, revokedBy: userId })
    .where(and(eq(shareLinks.id, shareId), isNull(shareLinks.revokedAt)));
}

/** The views of some links: how many each has, and the latest `perLink` of each, newest first. */
export async function viewsOf(db: Executor, shareIds: number[], perLink: number) {
  if (shareIds.length === 0) return { counts: new Map<number, number>(), latest: [] };
  const counts = await db
    .select({ shareLinkId: shareLinkViews.shareLinkId, n: count() })
    .from(shareLinkViews)
    .where(inArray(shareLinkViews.shareLinkId, shareIds))
    .groupBy(shareLinkViews.shareLinkId);
  const ranked = db
    .select({
      shareLinkId: shareLinkViews.shareLinkId,
      viewedAt: shareLinkViews.viewedAt,
      browser: shareLinkViews.browser,
      network: shareLinkViews.network,
      rank: sql<number>`row_number() over (partition by ${shareLinkViews.shareLinkId} order by ${shareLinkViews.viewedAt} desc, ${shareLinkViews.id} desc)`.as(
        'rank',
      ),
    })
    .from(shareLinkViews)
    .where(inArray(shareLinkViews.shareLinkId, shareIds))
    .as('ranked');
  const latest = await db
    .select({
      shareLinkId: ranked.shareLinkId,
      viewedAt: ranked.viewedAt,
      browser: ranked.browser,
      network: ranked.network,
    })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${perLink}`)
    .orderBy(desc(ranked.viewedAt));
  return { counts: new Map(counts.map((c) => [c.shareLinkId, c.n])), latest };
}

/** The link a token opens: live (not revoked, not expired at `now`) or none. */
export async function findLiveLinkByTokenHash(db: Executor, tokenHash: string, now: Date) {
  const rows = await db
    .select({
      id: shareLinks.id,
      playerId: shareLinks.playerId,
      displayName: shareLinks.displayName,
      fromDate: shareLinks.fromDate,
      toDate: shareLinks.toDate,
      expiresAt: shareLinks.expiresAt,
    })
    .from(shareLinks)
    .where(
      and(
        eq(shareLinks.tokenHash, tokenHash),
        isNull(shareLinks.revokedAt),
        sql`${shareLinks.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function insertView(db: Executor, shareLinkId: number, browser: string, network: string, now: Date) {
  await db.insert(shareLinkViews).values({ shareLinkId, browser, network, viewedAt: now });
}
