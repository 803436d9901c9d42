/** Players and their staff-set values (SPEC §3 Player, §7 Player; docs/decisions/0006-play-data.md). */
import * as z from 'zod';

import { PAGE_SIZES } from '../constants.ts';
import { acornAmountSchema, fullNameSchema, statReasonSchema, statValueSchema } from '../field-schemas.ts';
import { MAX_ACORN_ADJUSTMENT, PLAYER_ROLES, STAT_RANGES, type StatSetting } from '../players.ts';
import { CONSENT_MESSAGES } from '../privacy.ts';
import { consentTick } from './privacy.ts';
import {
  boolean,
  choice,
  count,
  endpoint,
  id,
  idParams,
  INT4_MAX,
  int,
  page,
  pageQuery,
  timestamp,
  type Reply,
  type RequestBody,
} from './common.ts';

const tags = ['players'];

/** How many past changes a stat answer lists. */
export const STAT_HISTORY_LIMIT = 50;

export const player = z.object({
  id: count,
  account: count,
  name: z.string(),
  role: z.string(),
  in_program: z.boolean(),
  hr_gauge: count,
  chase_speed: count,
  acorns: count,
  first_play_date: timestamp.nullable().describe('Start of the first play session; null before any play.'),
  created_at: timestamp,
  updated_at: timestamp,
});

/** SPEC §3: the player as seen from its account (player, role, player_name, in_program). */
export const playerLink = z.object({
  id: count.describe('The player id.'),
  player,
  role: z.string(),
  player_name: z.string(),
  in_program: z.boolean(),
});

export const incompleteProfile = z.object({ id: count, player_name: z.string(), created_at: timestamp });

const statChange = z.object({
  id: count,
  old_value: count,
  new_value: count,
  reason: z.string(),
  changed_by: z.object({ id: count, name: z.string() }).nullable(),
  created_at: timestamp,
});

export type StatField = StatSetting | 'acorns';
export const STAT_FIELDS: readonly StatField[] = ['hr_gauge', 'chase_speed', 'acorns'];

/** A stat's value and its latest changes: `{ player_id, <field>: value, history }`. */
const statAnswer = <F extends StatField>(field: F) =>
  z.object({
    player_id: count,
    ...({ [field]: count } as Record<F, typeof count>),
    history: z.array(statChange).describe(`The latest ${STAT_HISTORY_LIMIT} changes, newest first.`),
  });

const editable = {
  role: choice(PLAYER_ROLES).optional(),
  in_program: boolean.optional(),
  hr_gauge: statValueSchema('hr_gauge').optional().describe('Staff only; 1–10.'),
  chase_speed: statValueSchema('chase_speed').optional().describe('Staff only; 1–10.'),
  acorns: int(0, INT4_MAX).optional().describe('Staff only; the new balance.'),
};
const patchBody = z.object({ name: fullNameSchema.optional(), ...editable });
const putBody = z.object({ name: fullNameSchema, ...editable });
const createBody = z.object({
  name: fullNameSchema,
  ...editable,
  account: id.optional().describe('Staff only: the account to add the player to. Others add to their own account.'),
  consent: consentTick(CONSENT_MESSAGES.playerRequired)
    .optional()
    .describe(
      'Required of parents (400 without it): they are the player’s parent or guardian and consent to the collection of the player’s play and heart-rate data. Staff adding a player for a family send none.',
    ),
});

const playerPageQuery = pageQuery(PAGE_SIZES.default, PAGE_SIZES.max);
const updateDescription =
  'Parents of the account and staff change name, role and in_program. hr_gauge, chase_speed and acorns may be sent back unchanged; changing them is staff-only (403) and is audited. A matching incomplete profile is resolved.';

const statEndpoints = <F extends StatSetting>(field: F) => {
  const range = STAT_RANGES[field];
  return {
    get: endpoint('GET', `/api/v1/accounts/players/:id/${field}`, {
      tags,
      summary: `The player's ${field} and its changes`,
      params: idParams,
      response: { 200: statAnswer(field) },
    }),
    set: endpoint('POST', `/api/v1/accounts/players/:id/${field}`, {
      tags,
      summary: `Set the player's ${field} (staff)`,
      description: `value ${range.min}–${range.max}; the change is audited (who, when, old and new value, reason).`,
      params: idParams,
      body: z.object({ value: statValueSchema(field), reason: statReasonSchema }),
      response: { 200: statAnswer(field) },
    }),
  };
};

export const playersApi = {
  list: endpoint('GET', '/api/v2/player/accounts/:id', {
    tags,
    summary: "An account's players, ordered by id (paged)",
    params: idParams,
    querystring: playerPageQuery,
    response: { 200: page(playerLink) },
  }),
  get: endpoint('GET', '/api/v2/player/:id', {
    tags,
    summary: 'One player',
    params: idParams,
    response: { 200: player },
  }),
  create: endpoint('POST', '/api/v2/player', {
    tags,
    summary: 'Add a player to an account',
    description:
      'Parents add to their own account; staff name the account. A matching incomplete profile (same name, ignoring case and surrounding spaces) is resolved: its survey responses are linked and the profile is removed.',
    body: createBody,
    response: { 201: player },
  }),
  patch: endpoint(
    'PATCH',
    '/api/v2/player/:id',
    {
      tags,
      summary: 'Change a player',
      description: updateDescription,
      params: idParams,
      body: patchBody,
      response: { 200: player },
    },
    { aliases: ['/api/v1/accounts/players/:id'] },
  ),
  put: endpoint('PUT', '/api/v2/player/:id', {
    tags,
    summary: 'Replace a player (name required; fields left out keep their values)',
    description: updateDescription,
    params: idParams,
    body: putBody,
    response: { 200: player },
  }),
  incompleteProfiles: endpoint('GET', '/api/v2/accounts/:id/incomplete_profiles', {
    tags,
    summary: "An account's incomplete profiles (players named in survey forms but not created yet)",
    params: idParams,
    querystring: playerPageQuery,
    response: {
      200: page(incompleteProfile).extend({ prev: z.string().nullable().describe('Same as previous (SPEC §3).') }),
    },
  }),
  hrGauge: statEndpoints('hr_gauge'),
  chaseSpeed: statEndpoints('chase_speed'),
  acorns: {
    get: endpoint('GET', '/api/v1/accounts/players/:id/acorns', {
      tags,
      summary: "The player's acorns and their staff adjustments",
      params: idParams,
      response: { 200: statAnswer('acorns') },
    }),
    add: endpoint('POST', '/api/v1/accounts/players/:id/acorns', {
      tags,
      summary: 'Add acorns to the player (staff)',
      description: `amount is added to the balance; a negative amount takes acorns back, never below 0. At most ${MAX_ACORN_ADJUSTMENT} either way. Audited.`,
      params: idParams,
      body: z.object({ amount: acornAmountSchema, reason: statReasonSchema }),
      response: { 200: statAnswer('acorns') },
    }),
  },
};

export type Player = Reply<typeof playersApi.get>;
export type PlayerLink = z.input<typeof playerLink>;
export type PlayerPage = Reply<typeof playersApi.list>;
export type IncompleteProfilePage = Reply<typeof playersApi.incompleteProfiles>;
export type PlayerCreate = RequestBody<typeof playersApi.create>;
export type PlayerPatch = RequestBody<typeof playersApi.patch>;
export type StatHistoryEntry = z.input<typeof statChange>;
export type StatAnswer<F extends StatField = StatField> = { player_id: number; history: StatHistoryEntry[] } & Record<
  F,
  number
>;
export type StatSetBody = RequestBody<typeof playersApi.hrGauge.set>;
export type AcornsAddBody = RequestBody<typeof playersApi.acorns.add>;
