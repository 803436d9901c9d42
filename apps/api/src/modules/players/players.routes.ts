import {
  MAX_ACORN_ADJUSTMENT,
  MESSAGES,
  PAGE_SIZES,
  PLAYER_MESSAGES,
  PLAYER_ROLES,
  STAT_RANGES,
  validateAcornAmount,
  validateName,
  validateStatReason,
  validateStatValue,
  type FieldRule,
  type StatSetting,
} from '@grove/domain';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { dbId, idParams } from '../../lib/ids.ts';
import { pageQuery, pageSchema, toPage } from '../../lib/pagination.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import {
  changeStat,
  createPlayer,
  getPlayer,
  getStat,
  listAccountIncompleteProfiles,
  listPlayerLinks,
  STAT_HISTORY_LIMIT,
  updatePlayer,
} from './players.service.ts';

const TAGS = ['players'];

/** The player's name: the domain's name rule (required, not blank, under 56, Latin-1). */
const nameField = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? MESSAGES.nameRequired : 'Not a valid string.') })
  .superRefine((value, ctx) => {
    const issue = validateName(value);
    if (issue?.severity === 'error') ctx.addIssue({ code: 'custom', message: issue.message });
  });

const roleField = z.enum(PLAYER_ROLES, { error: `Choose one of: ${PLAYER_ROLES.join(', ')}.` });
const booleanField = z.boolean({ error: 'Must be true or false.' });
/** A JSON number checked by a shared text rule (the staff editor uses the same rule). */
const numberBy = (rule: FieldRule) =>
  z.number({ error: PLAYER_MESSAGES.integerRequired }).superRefine((value, ctx) => {
    const issue = rule(String(value));
    if (issue?.severity === 'error') ctx.addIssue({ code: 'custom', message: issue.message });
  });
const statField = (setting: StatSetting) => numberBy(validateStatValue(setting));
const acornsField = z.number({ error: PLAYER_MESSAGES.integerRequired }).int(PLAYER_MESSAGES.integerRequired).min(0, 'May not be negative.');
const reasonField = z
  .string({ error: PLAYER_MESSAGES.reasonRequired })
  .superRefine((value, ctx) => {
    const issue = validateStatReason(value);
    if (issue?.severity === 'error') ctx.addIssue({ code: 'custom', message: issue.message });
  })
  .transform((value) => value.trim());

const editableFields = {
  role: roleField.optional(),
  in_program: booleanField.optional(),
  hr_gauge: statField('hr_gauge').optional().describe('Staff only; 1–10.'),
  chase_speed: statField('chase_speed').optional().describe('Staff only; 1–10.'),
  acorns: acornsField.optional().describe('Staff only; the new balance.'),
};
const patchBody = z.object({ name: nameField.optional(), ...editableFields });
const putBody = z.object({ name: nameField, ...editableFields });
const createBody = z.object({
  name: nameField,
  ...editableFields,
  account: dbId.optional().describe('Staff only: the account to add the player to. Others add to their own account.'),
});

const timestamp = z.string().describe('ISO 8601 date-time (UTC).');
export const playerSchema = z.object({
  id: z.number().int(),
  account: z.number().int(),
  name: z.string(),
  role: z.string(),
  in_program: z.boolean(),
  hr_gauge: z.number().int(),
  chase_speed: z.number().int(),
  acorns: z.number().int(),
  first_play_date: timestamp.nullable().describe('Start of the first play session; null before any play.'),
  created_at: timestamp,
  updated_at: timestamp,
});
const playerLinkSchema = z.object({
  id: z.number().int().describe('The player id.'),
  player: playerSchema,
  role: z.string(),
  player_name: z.string(),
  in_program: z.boolean(),
});
const incompleteProfileSchema = z.object({ id: z.number().int(), player_name: z.string(), created_at: timestamp });
const historySchema = z.array(
  z.object({
    id: z.number().int(),
    old_value: z.number().int(),
    new_value: z.number().int(),
    reason: z.string(),
    changed_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    created_at: timestamp,
  }),
);
const statSchema = (field: 'hr_gauge' | 'chase_speed' | 'acorns') =>
  z.object({ player_id: z.number().int(), [field]: z.number().int(), history: historySchema.describe(`The latest ${STAT_HISTORY_LIMIT} changes, newest first.`) });

const playerPageQuery = pageQuery(PAGE_SIZES.default, PAGE_SIZES.max);

export function playerRoutes(app: App, db: Db) {
  app.get(
    '/api/v2/player/accounts/:id',
    {
      config: { policy: 'user' },
      schema: {
        tags: TAGS,
        summary: "An account's players, ordered by id (paged)",
        params: idParams,
        querystring: playerPageQuery,
        response: { 200: pageSchema(playerLinkSchema) },
      },
    },
    async (request) => toPage(request, await listPlayerLinks(db, requireUser(request), request.params.id, request.query)),
  );

  app.get(
    '/api/v2/player/:id',
    {
      config: { policy: 'user' },
      schema: { tags: TAGS, summary: 'One player', params: idParams, response: { 200: playerSchema } },
    },
    async (request) => getPlayer(db, requireUser(request), request.params.id),
  );

  app.post(
    '/api/v2/player',
    {
      config: { policy: 'user' },
      schema: {
        tags: TAGS,
        summary: 'Add a player to an account',
        description:
          'Parents add to their own account; staff name the account. A matching incomplete profile (same name, ignoring case and surrounding spaces) is resolved: its survey responses are linked and the profile is removed.',
        body: createBody,
        response: { 201: playerSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createPlayer(db, requireUser(request), request.body)),
  );

  const updateDescription =
    "Parents of the account and staff change name, role and in_program. hr_gauge, chase_speed and acorns may be sent back unchanged; changing them is staff-only (403) and is audited. A matching incomplete profile is resolved.";
  for (const url of ['/api/v2/player/:id', '/api/v1/accounts/players/:id']) {
    app.patch(
      url,
      {
        config: { policy: 'user' },
        schema: { tags: TAGS, summary: 'Change a player', description: updateDescription, params: idParams, body: patchBody, response: { 200: playerSchema } },
      },
      async (request) => updatePlayer(db, requireUser(request), request.params.id, request.body),
    );
  }
  app.put(
    '/api/v2/player/:id',
    {
      config: { policy: 'user' },
      schema: {
        tags: TAGS,
        summary: 'Replace a player (name required; fields left out keep their values)',
        description: updateDescription,
        params: idParams,
        body: putBody,
        response: { 200: playerSchema },
      },
    },
    async (request) => updatePlayer(db, requireUser(request), request.params.id, request.body),
  );

  app.get(
    '/api/v2/accounts/:id/incomplete_profiles',
    {
      config: { policy: 'user' },
      schema: {
        tags: TAGS,
        summary: "An account's incomplete profiles (players named in survey forms but not created yet)",
        params: idParams,
        querystring: playerPageQuery,
        response: { 200: pageSchema(incompleteProfileSchema).extend({ prev: z.string().nullable().describe('Same as previous (SPEC §3).') }) },
      },
    },
    async (request) => {
      const page = toPage(request, await listAccountIncompleteProfiles(db, requireUser(request), request.params.id, request.query));
      return { ...page, prev: page.previous };
    },
  );

  for (const field of ['hr_gauge', 'chase_speed'] as const) {
    const range = STAT_RANGES[field];
    app.get(
      `/api/v1/accounts/players/:id/${field}`,
      {
        config: { policy: 'user' },
        schema: { tags: TAGS, summary: `The player's ${field} and its changes`, params: idParams, response: { 200: statSchema(field) } },
      },
      async (request) => getStat(db, requireUser(request), request.params.id, field),
    );
    app.post(
      `/api/v1/accounts/players/:id/${field}`,
      {
        config: { policy: 'staff' },
        schema: {
          tags: TAGS,
          summary: `Set the player's ${field} (staff)`,
          description: `value ${range.min}–${range.max}; the change is audited (who, when, old and new value, reason).`,
          params: idParams,
          body: z.object({ value: statField(field), reason: reasonField }),
          response: { 200: statSchema(field) },
        },
      },
      async (request) => changeStat(db, requireUser(request), request.params.id, field, request.body),
    );
  }

  app.get(
    '/api/v1/accounts/players/:id/acorns',
    {
      config: { policy: 'user' },
      schema: { tags: TAGS, summary: "The player's acorns and their staff adjustments", params: idParams, response: { 200: statSchema('acorns') } },
    },
    async (request) => getStat(db, requireUser(request), request.params.id, 'acorns'),
  );
  app.post(
    '/api/v1/accounts/players/:id/acorns',
    {
      config: { policy: 'staff' },
      schema: {
        tags: TAGS,
        summary: 'Add acorns to the player (staff)',
        description: `amount is added to the balance; a negative amount takes acorns back, never below 0. At most ${MAX_ACORN_ADJUSTMENT} either way. Audited.`,
        params: idParams,
        body: z.object({
          amount: numberBy(validateAcornAmount),
          reason: reasonField,
        }),
        response: { 200: statSchema('acorns') },
      },
    },
    async (request) => changeStat(db, requireUser(request), request.params.id, 'acorns', request.body),
  );
}
