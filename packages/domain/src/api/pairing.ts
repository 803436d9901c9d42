/**
 * Connecting a tablet (docs/decisions/0042-device-pairing.md): the OAuth 2.0 Device Authorization
 * Grant (RFC 8628) with the game as the device. The game asks for a code (`deviceCode`) and polls
 * (`deviceToken`); a parent of the account looks the code up (`check`), then approves it with a
 * name for the tablet (`approve`) or declines it (`deny`).
 */
import * as z from 'zod';

import { DEVICE_NAME_MAX } from '../account.ts';
import { DEVICE_TOKEN_ERRORS, GAME_CLIENT_ID, PAIRING, PAIRING_MESSAGES, USER_CODE_LENGTH } from '../pairing.ts';
import { device } from './account.ts';
import { count, detailAnswer, endpoint, idParams, text, timestamp, type Reply, type RequestBody } from './common.ts';

const tags = ['pairing'];

/** What a person types: up to twice the code's length, so separators and spaces fit. */
const userCode = text({ max: USER_CODE_LENGTH * 2, required: PAIRING_MESSAGES.codeRequired });

const clientId = text({ max: 100, allowBlank: true }).default('');

/** RFC 8628 §3.1, as a form or as JSON; `device_name` and `platform` are Grove's: what the tablet calls itself. */
const codeRequest = z.object({
  client_id: clientId,
  scope: text({ max: 200, allowBlank: true }).optional(),
  device_name: text({ max: DEVICE_NAME_MAX, allowBlank: true }).optional(),
  platform: text({ max: 30, allowBlank: true }).optional(),
});

/** RFC 8628 §3.2. */
const codeAnswer = z.object({
  device_code: z.string().describe('The secret the game polls with; never shown to a person.'),
  user_code: z.string().describe(`${USER_CODE_LENGTH} consonants in two groups of four, e.g. WDJB-MJHT.`),
  verification_uri: z.string().describe('The Grove page where a parent types the code.'),
  verification_uri_complete: z.string().describe('The same page with the code filled in (for a QR code).'),
  expires_in: count.describe(`Seconds the codes live (${PAIRING.expiresInSeconds}).`),
  interval: count.describe(`Seconds to wait between polls (${PAIRING.intervalSeconds}).`),
});

/** RFC 8628 §3.4. */
const tokenRequest = z.object({
  grant_type: text({ max: 100, allowBlank: true }).default(''),
  device_code: text({ max: 200, allowBlank: true }).default(''),
  client_id: clientId,
});

/** RFC 6749 §5.1: the device token. It does not expire; a parent revokes it from Account → Devices. */
const tokenAnswer = z.object({
  access_token: z.string().describe('The device token: `Authorization: Bearer <token>` on the game routes.'),
  token_type: z.literal('Bearer'),
  device_id: count,
  device_name: z.string(),
  account_id: count,
});

/** RFC 8628 §3.5 / RFC 6749 §5.2. */
export const deviceTokenError = z.object({
  error: z.enum(DEVICE_TOKEN_ERRORS),
  error_description: z.string(),
});

/** The code a parent typed, as Grove found it. */
const pendingPairing = z.object({
  user_code: z.string().describe('Formatted, e.g. WDJB-MJHT.'),
  device_name: z.string().describe('What the tablet calls itself: the suggested name.'),
  platform: z.string(),
  expires_at: timestamp,
});

const checkBody = z.object({ user_code: userCode });
const approveBody = z.object({
  user_code: userCode,
  name: text({ max: DEVICE_NAME_MAX, required: PAIRING_MESSAGES.nameRequired }),
});

const guesses =
  `A code that is not the right shape, unknown, expired or already used answers 400 { user_code: [message] } and counts as a wrong guess. ` +
  `After ${PAIRING.maxWrongCodes} wrong guesses in ${PAIRING.wrongCodeWindowSeconds / 60} minutes, per account and per client address, ` +
  `429 { detail, code: "throttled" } with Retry-After. A code is attached only to the account in the path, which the person must belong to.`;

export const pairingApi = {
  deviceCode: endpoint('POST', '/api/v2/auth/device/code', {
    tags,
    summary: 'The game asks for a device code and a user code (RFC 8628 §3.1)',
    description:
      `No sign-in: the game names its OAuth client (\`${GAME_CLIENT_ID}\`). Unknown client (or one without the device grant): ` +
      `401 { error: "invalid_client", error_description }. More than ${PAIRING.maxCodeRequests} codes in an hour from one client address: ` +
      '429 { detail, code: "throttled" } with Retry-After.',
    body: codeRequest,
    response: { 200: codeAnswer },
  }),
  deviceToken: endpoint('POST', '/api/v2/auth/device/token', {
    tags,
    summary: 'The game polls for its device token (RFC 8628 §3.4)',
    description:
      'Until a parent approves: 400 { error: "authorization_pending" }; polling faster than `interval`: "slow_down" (wait 5 s longer from then on); ' +
      'after 10 minutes: "expired_token"; declined: "access_denied"; an unknown device code, or one whose token was already handed out: "invalid_grant"; ' +
      'another grant type: "unsupported_grant_type"; a missing or malformed field, or a body that is not a form or JSON: "invalid_request"; ' +
      'an unknown client: 401 "invalid_client". The token is handed out once.',
    body: tokenRequest,
    response: { 200: tokenAnswer, 400: deviceTokenError },
  }),
  check: endpoint('POST', '/api/v2/user/accounts/:id/devices/pair/check', {
    tags,
    summary: 'A parent looks up the code the tablet shows',
    description: guesses,
    params: idParams,
    body: checkBody,
    response: { 200: pendingPairing },
  }),
  approve: endpoint('POST', '/api/v2/user/accounts/:id/devices/pair', {
    tags,
    summary: 'A parent connects the tablet to the account, with a name; the game’s next poll gets its token',
    description: guesses,
    params: idParams,
    body: approveBody,
    response: { 201: device },
  }),
  deny: endpoint('POST', '/api/v2/user/accounts/:id/devices/pair/deny', {
    tags,
    summary: 'A parent declines the tablet: its next poll answers access_denied',
    description: guesses,
    params: idParams,
    body: checkBody,
    response: { 200: detailAnswer },
  }),
};

export type DeviceCodeAnswer = Reply<typeof pairingApi.deviceCode>;
export type DeviceCodeRequest = RequestBody<typeof pairingApi.deviceCode>;
export type DeviceTokenAnswer = Reply<typeof pairingApi.deviceToken>;
export type DeviceTokenRequest = RequestBody<typeof pairingApi.deviceToken>;
export type DeviceTokenErrorAnswer = z.input<typeof deviceTokenError>;
export type PendingPairing = Reply<typeof pairingApi.check>;
export type PairApproveBody = RequestBody<typeof pairingApi.approve>;
export type PairDenyBody = RequestBody<typeof pairingApi.deny>;
