import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { countRows } from '../../db/count.ts';
import { incompleteProfiles, players, surveyResponses, surveys, users } from '../../db/schema/index.ts';

export async function countActiveSurveys(db: Executor): Promise<number> {
  return countRows(db, surveys, eq(surveys.isActive, true));
}

export async function listActiveSurveys(db: Executor, limit: number, offset: number) {
  return db
    .select({
      id: surveys.id,
      slug: surveys.slug,
      title: surveys.title,
      payload: surveys.payload,
      createdAt: surveys.createdAt,
    })
    .from(surveys)
    .where(eq(surveys.isActive, true))
    .orderBy(asc(surveys.id))
    .limit(limit)
    .offset(offset);
}

const responseColumns = {
  id: surveyResponses.id,
  surveyId: surveyResponses.surveyId,
  surveySlug: surveys.slug,
  surveyTitle: surveys.title,
  accountId: surveyResponses.accountId,
  userId: surveyResponses.userId,
  playerId: surveyResponses.playerId,
  playerName: surveyResponses.playerName,
  payload: surveyResponses.payload,
  createdAt: surveyResponses.createdAt,
};

async function pageResponses(db: Executor, where: SQL, limit: number, offset: number) {
  const total = await countRows(db, surveyResponses, where);
  const rows = await db
    .select(responseColumns)
    .from(surveyResponses)
    .innerJoin(surveys, eq(surveys.id, surveyResponses.surveyId))
    .where(where)
    .orderBy(desc(surveyResponses.id))
    .limit(limit)
    .offset(offset);
  return { count: total, rows };
}

export const pagePlayerResponses = (db: Executor, playerId: number, limit: number, offset: number) =>
  pageResponses(db, eq(surveyResponses.playerId, playerId), limit, offset);

export const pageUserResponses = (db: Executor, userId: number, limit: number, offset: number) =>
  pageResponses(db, eq(surveyResponses.userId, userId), limit, offset);

export async function findUserAccountId(db: Executor, userId: number): Promise<{ accountId: number | null } | null> {
  const rows = await db.select({ accountId: users.accountId }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0] ?? null;
}

export async function findPlayer(db: Executor, playerId: number) {
  const rows = await db
    .select({ id: players.id, accountId: players.accountId, name: players.name })
    .from(players)
    .where(eq(players.id, playerId))
    .limit(1);
  return rows[0] ?? null;
}

export async function findIncompleteProfile(db: Executor, id: number) {
  const rows = await db
    .select({
      id: incompleteProfiles.id,
      accountId: incompleteProfiles.accountId,
      playerName: incompleteProfiles.playerName,
    })
    .from(incompleteProfiles)
    .where(eq(incompleteProfiles.id, id))
    .limit(1);
  return rows[0] ?? null;
}

const sameName = (column: typeof surveyResponses.playerName | typeof incompleteProfiles.playerName, name: string) =>
  sql`lower(btrim(${column})) = lower(btrim(${name}))`;

/** Links the account's unlinked responses about `name` to the player and drops the incomplete profile. */
export async function linkProfile(tx: Executor, accountId: number, name: string, playerId: number) {
  const linked = await tx
    .update(surveyResponses)
    .set({ playerId })
    .where(
      and(
        eq(surveyResponses.accountId, accountId),
        isNull(surveyResponses.playerId),
        sameName(surveyResponses.playerName, name),
      ),
    )
    .returning({ id: surveyResponses.id });
  await tx
    .delete(incompleteProfiles)
    .where(and(eq(incompleteProfiles.accountId, accountId), sameName(incompleteProfiles.playerName, name)));
  return linked.length;
}

/**
 * Unlinks the player's responses (only those about `name` when given). Each name they were about
 * becomes an incomplete profile of the account again.
 */
export async function delinkProfile(tx: Executor, accountId: number, playerId: number, name: string | null) {
  const delinked = await tx
    .update(surveyResponses)
    .set({ playerId: null })
    .where(
      and(
        eq(surveyResponses.playerId, playerId),
        name === null ? undefined : sameName(surveyResponses.playerName, name),
      ),
    )
    .returning({ playerName: surveyResponses.playerName });
  const names = new Map<string, string>();
  for (const row of delinked) names.set(row.playerName.trim().toLowerCase(), row.playerName.trim());
  if (names.size > 0) {
    await tx
      .insert(incompleteProfiles)
      .values([...names.values()].map((playerName) => ({ accountId, playerName })))
      .onConflictDoNothing();
  }
  return delinked.length;
}

export async function findActiveSurvey(db: Executor, surveyId: number) {
  const rows = await db
    .select({ id: surveys.id, payload: surveys.payload })
    .from(surveys)
    .where(and(eq(surveys.id, surveyId), eq(surveys.isActive, true)))
    .limit(1);
  return rows[0] ?? null;
}

/** Stores one filled form about a player of the account and reads it back as listed. */
export async function insertResponse(
  tx: Executor,
  values: {
    surveyId: number;
    accountId: number;
    userId: number;
    playerId: number;
    playerName: string;
    payload: Record<string, unknown>;
  },
) {
  const [inserted] = await tx.insert(surveyResponses).values(values).returning({ id: surveyResponses.id });
  const rows = await tx
    .select(responseColumns)
    .from(surveyResponses)
    .innerJoin(surveys, eq(surveys.id, surveyResponses.surveyId))
    .where(eq(surveyResponses.id, inserted!.id));
  return rows[0]!;
}
