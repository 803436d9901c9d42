import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { countRows } from '../../db/count.ts';
import { accounts, experimentVariants, players, remoteConfigs } from '../../db/schema/index.ts';

export async function findPlayerAccountId(db: Executor, playerId: number): Promise<number | null> {
  const rows = await db.select({ accountId: players.accountId }).from(players).where(eq(players.id, playerId)).limit(1);
  return rows[0]?.accountId ?? null;
}

/** The player's latest assignment (of the campaign when named). */
export async function latestVariant(db: Executor, playerId: number, campaignName: string | null) {
  const rows = await db
    .select({
      campaignName: experimentVariants.campaignName,
      variantName: experimentVariants.variantName,
      assignedAt: experimentVariants.assignedAt,
    })
    .from(experimentVariants)
    .where(
      and(
        eq(experimentVariants.playerId, playerId),
        campaignName === null ? undefined : eq(experimentVariants.campaignName, campaignName),
      ),
    )
    .orderBy(desc(experimentVariants.assignedAt), desc(experimentVariants.id))
    .limit(1);
  return rows[0] ?? null;
}

export async function findExperimentalData(db: Executor, accountId: number) {
  const rows = await db
    .select({ experimentalData: accounts.experimentalData })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return rows[0] ?? null;
}

export async function accountVariants(db: Executor, accountId: number) {
  return db
    .select({
      playerId: experimentVariants.playerId,
      campaignName: experimentVariants.campaignName,
      variantName: experimentVariants.variantName,
      assignedAt: experimentVariants.assignedAt,
    })
    .from(experimentVariants)
    .innerJoin(players, eq(players.id, experimentVariants.playerId))
    .where(eq(players.accountId, accountId))
    .orderBy(asc(experimentVariants.playerId), asc(experimentVariants.campaignName));
}

export async function countRemoteConfigs(db: Executor, accountId: number): Promise<number> {
  return countRows(db, remoteConfigs, eq(remoteConfigs.accountId, accountId));
}

export async function listRemoteConfigs(db: Executor, accountId: number, limit: number, offset: number) {
  return db
    .select({
      configName: remoteConfigs.configName,
      configValue: remoteConfigs.configValue,
      updatedAt: remoteConfigs.updatedAt,
    })
    .from(remoteConfigs)
    .where(eq(remoteConfigs.accountId, accountId))
    .orderBy(asc(remoteConfigs.configName))
    .limit(limit)
    .offset(offset);
}

/** Replaces the named configuration of the account (creates it the first time). */
export async function upsertRemoteConfig(
  db: Executor,
  accountId: number,
  configName: string,
  configValue: Record<string, unknown>,
) {
  const [row] = await db
    .insert(remoteConfigs)
    .values({ accountId, configName, configValue })
    .onConflictDoUpdate({
      target: [remoteConfigs.accountId, remoteConfigs.configName],
      set: { configValue: sql`excluded.config_value`, updatedAt: sql`now()` },
    })
    .returning({
      configName: remoteConfigs.configName,
      configValue: remoteConfigs.configValue,
      updatedAt: remoteConfigs.updatedAt,
    });
  return row!;
}

export async function accountExists(db: Executor, accountId: number): Promise<boolean> {
  const rows = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return rows.length > 0;
}
