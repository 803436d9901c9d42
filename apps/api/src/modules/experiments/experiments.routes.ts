import { PAGE_SIZES } from '@grove/domain';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { dbId, idParams } from '../../lib/ids.ts';
import { pageQuery, pageSchema, toPage } from '../../lib/pagination.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { experimentalData, experimentVariant, remoteConfigs, replaceMetagame } from './experiments.service.ts';

const TAGS = ['experiments and remote configuration'];
const timestamp = z.string().describe('ISO 8601 date-time (UTC).');
const jsonObject = z.record(z.string(), z.unknown());
/** Serialized size limit of one configuration value. */
const MAX_CONFIG_BYTES = 64 * 1024;

const variantSchema = z.object({
  player_id: z.number().int(),
  campaign_name: z.string(),
  variant_name: z.string(),
  assigned_at: timestamp,
});
const configSchema = z.object({ config_name: z.string(), config_value: jsonObject, updated_at: timestamp });

export function experimentRoutes(app: App, db: Db) {
  app.get(
    '/api/v2/player/experiment_variant',
    {
      config: { policy: 'user' },
      schema: {
        tags: TAGS,
        summary: "A player's experiment variant (404 when none)",
        description: 'Of campaign_name when given, else the latest assignment.',
        querystring: z.object({ player_id: dbId, campaign_name: z.string().trim().min(1).max(100).optional() }),
        response: { 200: variantSchema },
      },
    },
    async (request) => experimentVariant(db, requireUser(request), request.query.player_id, request.query.campaign_name ?? null),
  );

  app.get(
    '/api/v2/accounts/:id/experimental_data',
    {
      config: { policy: 'user' },
      schema: {
        tags: TAGS,
        summary: "An account's experiment flags and its players' variants",
        params: idParams,
        response: { 200: z.object({ account_id: z.number().int(), experimental_data: jsonObject, experiment_variants: z.array(variantSchema) }) },
      },
    },
    async (request) => experimentalData(db, requireUser(request), request.params.id),
  );

  app.get(
    '/api/v2/accounts/:id/remote_configs/list',
    {
      config: { policy: 'user' },
      schema: {
        tags: TAGS,
        summary: "An account's remote configurations, by name (paged)",
        params: idParams,
        querystring: pageQuery(PAGE_SIZES.default, PAGE_SIZES.max),
        response: { 200: pageSchema(configSchema) },
      },
    },
    async (request) => toPage(request, await remoteConfigs(db, requireUser(request), request.params.id, request.query)),
  );

  app.put(
    '/api/v2/accounts/:id/remote_configs/metagame',
    {
      config: { policy: 'user' },
      schema: {
        tags: TAGS,
        summary: 'Replace the metagame configuration (parents of the account, staff)',
        description: `config_value (a JSON object, at most ${MAX_CONFIG_BYTES / 1024} KiB) replaces the stored one as a whole.`,
        params: idParams,
        body: z.object({
          config_value: jsonObject
            .refine((value) => JSON.stringify(value).length <= MAX_CONFIG_BYTES, `At most ${MAX_CONFIG_BYTES / 1024} KiB.`)
            .describe('The new metagame configuration.'),
        }),
        response: { 200: configSchema },
      },
    },
    async (request) => replaceMetagame(db, requireUser(request), request.params.id, request.body.config_value),
  );
}
