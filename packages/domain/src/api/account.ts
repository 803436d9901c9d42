/**
 * The household (SPEC §3 Account, Device; §7 Account v1 and v2): the account with its people,
 * players and devices, caregivers, kiosk mode, the family's note to its coach, account data and
 * customer interactions. Rules and limits are in ../account.ts.
 */
import * as z from 'zod';

import {
  CUSTOM_NOTE_MAX,
  DEVICE_NAME_MAX,
  INTERACTION_DIRECTIONS,
  INTERACTION_KINDS,
  INTERACTION_OUTCOMES,
  INTERACTION_SUMMARY_MAX,
  INTERACTION_TOPICS,
} from '../account.ts';
import { ACCOUNT_STATUSES } from '../roles.ts';
import {
  API_MESSAGES,
  boolean,
  choice,
  count,
  detailAnswer,
  endpoint,
  idParam,
  page,
  pageQuery,
  text,
  timestamp,
  type Reply,
  type RequestBody,
} from './common.ts';

const tags = ['account'];
const accountParams = z.object({ id: idParam });
const accountUserParams = z.object({ id: idParam, userId: idParam });
const deviceParams = z.object({ id: idParam, deviceId: idParam });

/** A person who signs in to the account: the account holder or a caregiver. */
export const accountUser = z.object({
  id: count,
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  phonenumber: z.string(),
  country: z.string(),
  is_billing_user: z.boolean(),
  status: z
    .enum(['active', 'invited'])
    .describe('invited: the person has not set a password yet (their invitation link is waiting).'),
  last_login_at: timestamp.nullable(),
});

/**
 * A tablet or phone that runs the games. `kiosk_mode_pending` is true while the device has not yet
 * read a kiosk change (the game reads its settings with its device token).
 */
export const device = z.object({
  id: count,
  name: z.string(),
  platform: z.string(),
  is_kiosk_mode: z.boolean(),
  kiosk_mode_pending: z.boolean(),
  last_synced_at: timestamp.nullable().describe('When the device last uploaded play or read its settings.'),
  has_token: z.boolean().describe('Whether the device holds a working device token.'),
  connecting: z
    .boolean()
    .describe('A parent approved the tablet’s code and the tablet has not collected its token yet (a few seconds).'),
  created_at: timestamp,
});

export const account = z.object({
  id: count,
  account_status: z.string(),
  time_zone: z.string(),
  tags: z.array(z.string()),
  coach_user: z.object({ id: count, name: z.string() }).nullable(),
  users: z.array(accountUser),
  players: z.array(z.object({ id: count, name: z.string(), in_program: z.boolean() })),
  devices: z.array(device),
  created_at: timestamp,
});

/** Success of a call that changes an account user: `hasErrors` is false (SPEC §8). */
const accountUserAnswer = z.object({ hasErrors: z.boolean(), user: accountUser });
/** A refused change of an account user: the field messages, and `hasErrors: true` (SPEC §8). */
const accountUserErrors = z
  .object({ hasErrors: z.boolean() })
  .catchall(z.array(z.string()))
  .describe('Field messages by field name, as every 400 answer, plus hasErrors: true.');

const caregiverBody = z.object({
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  email: z.string().optional(),
  phonenumber: z.string().optional(),
  country: z.string().optional(),
});

export const accountStatus = z.object({
  id: count,
  account_status: z.string(),
  is_usable: z.boolean(),
  billing_status: z.string().describe('The billing status of the account holder (the billing user).'),
  subscription_status: z.string().nullable().describe('The running subscription’s status, if any.'),
});

export const customNote = z.object({
  custom_note: z.string(),
  updated_at: timestamp.nullable(),
  updated_by: z.object({ id: count, name: z.string() }).nullable(),
});

export const accountData = z.object({
  id: count,
  created_at: timestamp,
  users_count: count,
  players_count: count,
  devices_count: count,
  first_play_date: z.string().nullable(),
  last_played_at: timestamp.nullable(),
  total_seconds_played: count,
  sessions_count: count,
});

export const customerInteraction = z.object({
  id: count,
  kind: z.enum(INTERACTION_KINDS),
  direction: z.enum(INTERACTION_DIRECTIONS),
  topic: z
    .enum(INTERACTION_TOPICS)
    .nullable()
    .describe('What it was about; null on interactions logged before topics.'),
  outcome: z.enum(INTERACTION_OUTCOMES).nullable().describe('How it ended, when said.'),
  summary: z.string(),
  occurred_at: timestamp,
  created_at: timestamp,
  created_by: z.object({ id: count, name: z.string() }).nullable(),
});

export const accountApi = {
  detail: endpoint('GET', '/api/v2/accounts/:id', {
    tags,
    summary: 'The account with its people, players and devices',
    description: 'For its members, its coach and staff; another account answers 404.',
    params: accountParams,
    response: { 200: account },
  }),
  addUser: endpoint('POST', '/api/v2/accounts/:id/add_user', {
    tags,
    summary: 'Invite a caregiver: a login of their own, and an invitation e-mail to set a password',
    description:
      'Members and staff. The names, e-mail (unused by any other login) and, when given, phone and country follow the profile rules.',
    params: accountParams,
    body: caregiverBody,
    response: { 201: accountUserAnswer, 400: accountUserErrors },
  }),
  updateUser: endpoint('PATCH', '/api/v2/accounts/:id/users/:userId', {
    tags,
    summary: 'Change a caregiver’s names, phone and country',
    description:
      'Members and staff. The answer carries hasErrors (SPEC §8); a refused change answers 400 with hasErrors: true.',
    params: accountUserParams,
    body: caregiverBody.omit({ email: true }),
    response: { 200: accountUserAnswer, 400: accountUserErrors },
  }),
  removeUser: endpoint('DELETE', '/api/v2/accounts/:id/users/:userId', {
    tags,
    summary: 'Remove a caregiver from the account (their login ends)',
    params: accountUserParams,
    response: { 200: detailAnswer },
  }),
  resendInvite: endpoint('POST', '/api/v2/accounts/:id/users/:userId/resend_invite', {
    tags,
    summary: 'Send a caregiver’s invitation again (a new link; the earlier one stops working)',
    params: accountUserParams,
    response: { 200: detailAnswer },
  }),
  status: endpoint('GET', '/api/v1/accounts/:id/status', {
    tags,
    summary: 'Account status, whether it is usable, and the billing and subscription status',
    params: accountParams,
    response: { 200: accountStatus },
  }),
  setStatus: endpoint('PUT', '/api/v1/accounts/:id/status', {
    tags,
    summary: 'Set the account status (staff)',
    params: accountParams,
    body: z.object({ account_status: choice(ACCOUNT_STATUSES) }),
    response: { 200: accountStatus },
  }),
  customNote: endpoint('GET', '/api/v1/accounts/:id/custom_note', {
    tags,
    summary: 'The family’s note to its coach',
    description: 'Read by the account’s members, its coach and staff.',
    params: accountParams,
    response: { 200: customNote },
  }),
  setCustomNote: endpoint('PUT', '/api/v1/accounts/:id/custom_note', {
    tags,
    summary: 'Write the family’s note to its coach (members and staff; blank clears it)',
    params: accountParams,
    body: z.object({ custom_note: text({ max: CUSTOM_NOTE_MAX, multiline: true, allowBlank: true }) }),
    response: { 200: customNote },
  }),
  data: endpoint('GET', '/api/v1/accounts/:id/data', {
    tags,
    summary: 'The account in figures: people, players, devices and play',
    params: accountParams,
    response: { 200: accountData },
  }),
  interactions: endpoint('GET', '/api/v1/accounts/:id/customer_interactions', {
    tags,
    summary: 'Conversations staff and the coach had with the family, newest first (coach of the account, staff)',
    params: accountParams,
    querystring: pageQuery(),
    response: { 200: page(customerInteraction) },
  }),
  interactionOptions: endpoint('OPTIONS', '/api/v1/accounts/:id/customer_interactions', {
    tags,
    summary: 'What a customer interaction may hold (kinds, directions, topics, outcomes, summary length)',
    params: accountParams,
    response: {
      200: z.object({
        kinds: z.array(z.string()),
        directions: z.array(z.string()),
        topics: z.array(z.string()),
        outcomes: z.array(z.string()),
        summary_max_length: count,
      }),
    },
  }),
  addInteraction: endpoint('POST', '/api/v1/accounts/:id/customer_interactions', {
    tags,
    summary: 'Record a conversation with the family (coach of the account, staff)',
    params: accountParams,
    body: z.object({
      kind: choice(INTERACTION_KINDS),
      direction: choice(INTERACTION_DIRECTIONS).default('outbound'),
      topic: choice(INTERACTION_TOPICS).nullable().optional().describe('What it was about (its type).'),
      outcome: choice(INTERACTION_OUTCOMES).nullable().optional().describe('How it ended.'),
      summary: text({ max: INTERACTION_SUMMARY_MAX, multiline: true }),
      occurred_at: z.iso
        .datetime({ offset: true, error: API_MESSAGES.dateTime })
        .optional()
        .describe('When it happened (default: now); not in the future.'),
    }),
    response: { 201: customerInteraction },
  }),
  devices: endpoint('GET', '/api/v2/user/accounts/:id/devices', {
    tags,
    summary: 'The account’s devices',
    params: accountParams,
    querystring: pageQuery(),
    response: { 200: page(device) },
  }),
  toggleKiosk: endpoint('PUT', '/api/v2/user/accounts/:id/devices/:deviceId/toggle_kiosk_mode', {
    tags,
    summary: 'Turn kiosk mode on or off for a device (the device picks it up when it next reads its settings)',
    params: deviceParams,
    body: z.object({ is_kiosk_mode: boolean }),
    response: { 200: device },
  }),
  renameDevice: endpoint('PATCH', '/api/v2/user/accounts/:id/devices/:deviceId', {
    tags,
    summary: 'Rename a device',
    params: deviceParams,
    body: z.object({ name: text({ max: DEVICE_NAME_MAX }) }),
    response: { 200: device },
  }),
  revokeDevice: endpoint('POST', '/api/v2/user/accounts/:id/devices/:deviceId/revoke_token', {
    tags,
    summary: 'Revoke a device’s token: the device stops uploading until it gets a new one',
    params: deviceParams,
    response: { 200: device },
  }),
  adminDevice: endpoint('PATCH', '/api/v2/admin/users/:id', {
    tags: ['admin'],
    summary: 'Staff: set kiosk mode of a device (by device id)',
    description: 'SPEC §7 "PATCH /admin/users/{id}/ (is_kiosk_mode for devices)": the id is the device’s.',
    params: accountParams,
    body: z.object({ is_kiosk_mode: boolean }),
    response: { 200: device },
  }),
};

export type Account = Reply<typeof accountApi.detail>;
export type AccountUser = z.input<typeof accountUser>;
export type Device = z.input<typeof device>;
export type DevicePage = Reply<typeof accountApi.devices>;
export type AccountStatusAnswer = Reply<typeof accountApi.status>;
export type CustomNote = Reply<typeof accountApi.customNote>;
export type AccountData = Reply<typeof accountApi.data>;
export type CustomerInteraction = z.input<typeof customerInteraction>;
export type CaregiverBody = RequestBody<typeof accountApi.addUser>;
export type AccountUserAnswer = Reply<typeof accountApi.addUser, 201>;
