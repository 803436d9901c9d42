/** Experiment variants, experimental data and remote configurations (SPEC §3 Account, §4, §7). */
import * as z from 'zod';

import { messages } from '../translation.ts';
import {
  count,
  endpoint,
  idParam,
  idParams,
  jsonObject,
  page,
  pageQuery,
  text,
  timestamp,
  type Reply,
} from './common.ts';

const tags = ['experiments and remote configuration'];
/** Serialised size limit of one configuration value. */
export const MAX_CONFIG_BYTES = 64 * 1024;
const storedObject = z.record(z.string(), z.unknown());

export const EXPERIMENT_MESSAGES = messages({
  /** 404 of a player's variant when the player has none. */
  noVariant: 'This player is in no experiment.',
});

export const experimentVariant = z.object({
  player_id: count,
  campaign_name: z.string(),
  variant_name: z.string(),
  assigned_at: timestamp,
});
export const remoteConfig = z.object({ config_name: z.string(), config_value: storedObject, updated_at: timestamp });

export const experimentsApi = {
  variant: endpoint('GET', '/api/v2/player/experiment_variant', {
    tags,
    summary: "A player's experiment variant (404 when none)",
    description: 'Of campaign_name when given, else the latest assignment.',
    querystring: z.object({ player_id: idParam, campaign_name: text({ max: 100 }).optional() }),
    response: { 200: experimentVariant },
  }),
  experimentalData: endpoint('GET', '/api/v2/accounts/:id/experimental_data', {
    tags,
    summary: "An account's experiment flags and its players' variants",
    params: idParams,
    response: {
      200: z.object({
        account_id: count,
        experimental_data: storedObject,
        experiment_variants: z.array(experimentVariant),
      }),
    },
  }),
  remoteConfigs: endpoint('GET', '/api/v2/accounts/:id/remote_configs/list', {
    tags,
    summary: "An account's remote configurations, by name (paged)",
    params: idParams,
    querystring: pageQuery(),
    response: { 200: page(remoteConfig) },
  }),
  replaceMetagame: endpoint('PUT', '/api/v2/accounts/:id/remote_configs/metagame', {
    tags,
    summary: 'Replace the metagame configuration (parents of the account, staff)',
    description: `config_value (a JSON object, at most ${MAX_CONFIG_BYTES / 1024} KiB) replaces the stored one as a whole.`,
    params: idParams,
    body: z.object({ config_value: jsonObject(MAX_CONFIG_BYTES).describe('The new metagame configuration.') }),
    response: { 200: remoteConfig },
  }),
};

export type ExperimentVariant = z.input<typeof experimentVariant>;
export type RemoteConfig = z.input<typeof remoteConfig>;
export type ExperimentalData = Reply<typeof experimentsApi.experimentalData>;
