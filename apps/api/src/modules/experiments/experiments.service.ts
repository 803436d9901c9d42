import type { Paging } from '@grove/domain/api/common';
import { EXPERIMENT_MESSAGES } from '@grove/domain/api/experiments';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import { assertAccountAccess } from '../auth/access.ts';
import {
  accountExists,
  accountVariants,
  countRemoteConfigs,
  findExperimentalData,
  findPlayerAccountId,
  latestVariant,
  listRemoteConfigs,
  upsertRemoteConfig,
} from './experiments.repository.ts';

/** SPEC §4: the one remote configuration that is replaced as a whole when updated. */
export const METAGAME_CONFIG = 'metagame';

async function readableAccount(db: Db, user: AuthUser, accountId: number, mode: 'read' | 'write' = 'read') {
  await assertAccountAccess(db, user, accountId, mode);
  if (user.isStaff && !(await accountExists(db, accountId))) throw notFound();
}

/**
 * GET /api/v2/player/experiment_variant/?player_id=: the player's variant (of campaign_name when
 * given, else the latest assignment); 404 when the player has none.
 */
export async function experimentVariant(db: Db, user: AuthUser, playerId: number, campaignName: string | null) {
  const accountId = await findPlayerAccountId(db, playerId);
  if (accountId === null) throw notFound();
  await assertAccountAccess(db, user, accountId, 'read');
  const variant = await latestVariant(db, playerId, campaignName);
  if (!variant) throw notFound(EXPERIMENT_MESSAGES.noVariant);
  return {
    player_id: playerId,
    campaign_name: variant.campaignName,
    variant_name: variant.variantName,
    assigned_at: variant.assignedAt.toISOString(),
  };
}

/** GET /api/v2/accounts/{id}/experimental_data: the account's experiment flags and its players' variants. */
export async function experimentalData(db: Db, user: AuthUser, accountId: number) {
  await assertAccountAccess(db, user, accountId, 'read');
  const row = await findExperimentalData(db, accountId);
  if (!row) throw notFound();
  const variants = await accountVariants(db, accountId);
  return {
    account_id: accountId,
    experimental_data: row.experimentalData,
    experiment_variants: variants.map((v) => ({
      player_id: v.playerId,
      campaign_name: v.campaignName,
      variant_name: v.variantName,
      assigned_at: v.assignedAt.toISOString(),
    })),
  };
}

const toConfigDto = (row: { configName: string; configValue: Record<string, unknown>; updatedAt: Date }) => ({
  config_name: row.configName,
  config_value: row.configValue,
  updated_at: row.updatedAt.toISOString(),
});

/** GET /api/v2/accounts/{id}/remote_configs/list/: the account's remote configurations by name (paged). */
export async function remoteConfigs(db: Db, user: AuthUser, accountId: number, paging: Paging) {
  await readableAccount(db, user, accountId);
  const offset = (paging.page - 1) * paging.page_size;
  const [count, rows] = await Promise.all([
    countRemoteConfigs(db, accountId),
    listRemoteConfigs(db, accountId, paging.page_size, offset),
  ]);
  return { count, page: paging.page, pageSize: paging.page_size, results: rows.map(toConfigDto) };
}

/** PUT /api/v2/accounts/{id}/remote_configs/metagame/: replaces the metagame configuration (parents, staff). */
export async function replaceMetagame(db: Db, user: AuthUser, accountId: number, value: Record<string, unknown>) {
  await readableAccount(db, user, accountId, 'write');
  return toConfigDto(await upsertRemoteConfig(db, accountId, METAGAME_CONFIG, value));
}
