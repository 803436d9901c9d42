/**
 * Connecting a tablet (issue 25 item 3; docs/decisions/0042-device-pairing.md): RFC 8628's device
 * authorization grant with the game as the device. The game asks for a code and polls; a parent of
 * the account types the user code in Grove, names the tablet and approves (or declines). Approval
 * makes the device on the account in the path; the game's next poll receives its device token,
 * once. Codes a person types are guessable, so wrong ones are counted per account and per client
 * address (auth.throttle.ts, guessWithLimit).
 */
import { randomInt } from 'node:crypto';
import type { Device } from '@grove/domain/api/account';
import type { DeviceCodeAnswer, DeviceTokenAnswer, PendingPairing } from '@grove/domain/api/pairing';
import {
  CONNECT_PATH,
  DEVICE_CODE_GRANT_TYPE,
  formatUserCode,
  isUserCodeShape,
  normalizeUserCode,
  PAIRING,
  PAIRING_MESSAGES,
  USER_CODE_ALPHABET,
  USER_CODE_LENGTH,
  type DeviceTokenError,
} from '@grove/domain/pairing';
import type { Db, Tx } from '../../db/client.ts';
import { fieldError, HttpError } from '../../lib/errors.ts';
import { toDevice } from '../account/account.devices.service.ts';
import { assertMembersOrStaff } from '../auth/access.ts';
import { findOauthClient, type AuthUser } from '../auth/auth.repository.ts';
import { countAttempt, guessWithLimit, type Guess } from '../auth/auth.throttle.ts';
import { hashToken, newToken } from '../auth/auth.tokens.ts';
import { replaceDeviceToken } from '../game/game.service.ts';
import {
  consumePairing,
  decidePairing,
  findPairedDevice,
  insertDevice,
  insertPairing,
  lockPairingByDeviceCode,
  lockPairingByUserCode,
  recordPoll,
  removeExpiredPairings,
  type PairingRow,
} from './pairing.repository.ts';

export interface PairingDeps {
  db: Db;
  publicUrl: string;
}

/** RFC 8628 §3.5 and RFC 6749 §5.2: 400 { error, error_description }; an unknown client 401. */
export class DeviceFlowError extends HttpError {
  constructor(
    readonly error: DeviceTokenError,
    description: string,
  ) {
    super(error === 'invalid_client' ? 401 : 400, description, error, {}, { error, error_description: description });
  }
}

const DESCRIPTIONS: Record<Exclude<DeviceTokenError, 'invalid_request' | 'unsupported_grant_type'>, string> = {
  authorization_pending: PAIRING_MESSAGES.authorizationPending,
  slow_down: PAIRING_MESSAGES.slowDown,
  expired_token: PAIRING_MESSAGES.expiredToken,
  access_denied: PAIRING_MESSAGES.accessDenied,
  invalid_grant: PAIRING_MESSAGES.invalidGrant,
  invalid_client: PAIRING_MESSAGES.invalidClient,
};
const refusal = (error: keyof typeof DESCRIPTIONS) => new DeviceFlowError(error, DESCRIPTIONS[error]);

/** A pairing that expired more than a day ago is removed when the next code is asked for. */
const KEEP_EXPIRED_MS = 86_400_000;
/** User codes drawn before giving up: with 20⁸ codes, a second draw is already a rarity. */
const CODE_DRAWS = 5;

/** 8 letters of the user code alphabet, each from the system's cryptographic random source. */
export function randomUserCode(): string {
  let code = '';
  for (let i = 0; i < USER_CODE_LENGTH; i++) code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  return code;
}

/** The game's client: registered, with the device code grant (migration 0012); else 401 invalid_client. */
async function requireDeviceClient(db: Db, clientId: string) {
  const client = clientId ? await findOauthClient(db, clientId) : null;
  if (!client || !client.grantTypes.includes(DEVICE_CODE_GRANT_TYPE)) throw refusal('invalid_client');
}

/**
 * POST /api/v2/auth/device/code (RFC 8628 §3.1–3.2): a new pairing. The device code (256 random
 * bits) is stored as its hash; the user code is drawn again while it collides with a pending one.
 * Counted per client address (PAIRING.maxCodeRequests an hour), so nobody fills the table.
 */
export async function requestDeviceCode(
  deps: PairingDeps,
  input: { clientId: string; deviceName: string; platform: string; ip: string },
  now = new Date(),
): Promise<DeviceCodeAnswer> {
  const { db } = deps;
  await requireDeviceClient(db, input.clientId);
  await countAttempt(
    db,
    `pairing-code:${input.ip}`,
    PAIRING.maxCodeRequests,
    PAIRING.codeRequestWindowSeconds,
    PAIRING_MESSAGES.tooManyCodeRequests,
    now,
  );
  await removeExpiredPairings(db, new Date(now.getTime() - KEEP_EXPIRED_MS));
  const expiresAt = new Date(now.getTime() + PAIRING.expiresInSeconds * 1000);
  for (let draw = 0; draw < CODE_DRAWS; draw++) {
    const deviceCode = newToken();
    const userCode = randomUserCode();
    const inserted = await insertPairing(db, {
      deviceCodeHash: hashToken(deviceCode),
      userCode,
      clientId: input.clientId,
      suggestedName: input.deviceName,
      platform: input.platform,
      intervalSeconds: PAIRING.intervalSeconds,
      expiresAt,
      createdAt: now,
    });
    if (!inserted) continue;
    const verificationUri = `${deps.publicUrl}${CONNECT_PATH}`;
    const shown = formatUserCode(userCode);
    return {
      device_code: deviceCode,
      user_code: shown,
      verification_uri: verificationUri,
      verification_uri_complete: `${verificationUri}?code=${encodeURIComponent(shown)}`,
      expires_in: PAIRING.expiresInSeconds,
      interval: PAIRING.intervalSeconds,
    };
  }
  throw new Error(`no free user code after ${CODE_DRAWS} draws`);
}

/**
 * POST /api/v2/auth/device/token (RFC 8628 §3.4–3.5): the game polls with its device code. In one
 * transaction holding the pairing locked: an unknown code, another client's or one whose token was
 * handed out answers invalid_grant; declined, access_denied; approved, the device token (made now,
 * only its hash stored) and the pairing is used up; pending past its expiry, expired_token; pending,
 * authorization_pending, or slow_down when polled sooner than the interval (which then grows by
 * 5 s). A poll's record is written before its refusal is answered.
 *
 * An approved pairing hands out its token even after the code's 10 minutes (until the pairing is
 * removed, a day later): the parent has said yes, and the game proves it holds the device code.
 */
export async function pollDeviceToken(
  db: Db,
  input: { grantType: string; deviceCode: string; clientId: string },
  now = new Date(),
): Promise<DeviceTokenAnswer> {
  await requireDeviceClient(db, input.clientId);
  if (input.grantType === '') throw new DeviceFlowError('invalid_request', 'grant_type is required.');
  if (input.grantType !== DEVICE_CODE_GRANT_TYPE) {
    throw new DeviceFlowError('unsupported_grant_type', `grant_type must be ${DEVICE_CODE_GRANT_TYPE}.`);
  }
  if (input.deviceCode === '') throw new DeviceFlowError('invalid_request', 'device_code is required.');

  const outcome = await db.transaction(async (tx): Promise<DeviceTokenAnswer | DeviceFlowError> => {
    const pairing = await lockPairingByDeviceCode(tx, hashToken(input.deviceCode));
    if (!pairing || pairing.clientId !== input.clientId || pairing.status === 'consumed') {
      return refusal('invalid_grant');
    }
    if (pairing.status === 'denied') return refusal('access_denied');
    if (pairing.status === 'approved') return handOutToken(tx, pairing, now);
    if (pairing.expiresAt <= now) return refusal('expired_token');
    const last = pairing.lastPolledAt?.getTime();
    const tooSoon = last !== undefined && now.getTime() - last < pairing.intervalSeconds * 1000;
    await recordPoll(tx, pairing.id, now, pairing.intervalSeconds + (tooSoon ? PAIRING.slowDownSeconds : 0));
    return refusal(tooSoon ? 'slow_down' : 'authorization_pending');
  });
  if (outcome instanceof DeviceFlowError) throw outcome;
  return outcome;
}

/** The approved pairing's device gets its token (game.service's scheme); the pairing is used up. */
async function handOutToken(tx: Tx, pairing: PairingRow, now: Date): Promise<DeviceTokenAnswer | DeviceFlowError> {
  const device =
    pairing.deviceId !== null && pairing.accountId !== null
      ? await findPairedDevice(tx, pairing.deviceId, pairing.accountId)
      : null;
  // The device was removed since (the account closed): nothing to hand out.
  if (!device) return refusal('invalid_grant');
  const token = await replaceDeviceToken(tx, device.id);
  if (!(await consumePairing(tx, pairing.id, now))) throw new Error('the locked pairing changed');
  return {
    access_token: token,
    token_type: 'Bearer',
    device_id: device.id,
    device_name: device.name,
    account_id: device.accountId,
  };
}

// A parent's side: look the code up, approve it, or decline it.

const GUESSES = { maxWrong: PAIRING.maxWrongCodes, windowSeconds: PAIRING.wrongCodeWindowSeconds } as const;
const waitMessage = (seconds: number) => PAIRING_MESSAGES.tooManyWrongCodes(Math.max(1, Math.ceil(seconds / 60)));
/** The counters a typed code is counted on: the account in the path, and the client address. */
export const pairingThrottleKeys = (accountId: number, ip: string) => [
  `pairing-account:${accountId}`,
  `pairing-ip:${ip}`,
];
const wrong = (message: string): Guess<never> => ({ right: false, refusal: fieldError('user_code', message) });

/**
 * The pending pairing of the code a person typed, for `act` to use in the transaction that holds it
 * locked (and holds the guess counters). The account is checked first: a coach, another family or a
 * missing account answers 404 and counts nothing. Then, unless the account or the address must wait
 * (429), a code of the wrong shape, unknown, used, or expired is a wrong guess: 400 { user_code }.
 */
async function withTypedCode<T>(
  db: Db,
  user: AuthUser,
  accountId: number,
  typed: { userCode: string; ip: string },
  now: Date,
  act: (tx: Tx, pairing: PairingRow) => Promise<T>,
): Promise<T> {
  await assertMembersOrStaff(db, user, accountId);
  const code = normalizeUserCode(typed.userCode);
  return guessWithLimit(
    db,
    pairingThrottleKeys(accountId, typed.ip),
    GUESSES,
    waitMessage,
    async (tx): Promise<Guess<T>> => {
      if (!isUserCodeShape(code)) return wrong(PAIRING_MESSAGES.codeShape);
      const pairing = await lockPairingByUserCode(tx, code);
      if (!pairing) return wrong(PAIRING_MESSAGES.codeUnknown);
      if (pairing.status !== 'pending') return wrong(PAIRING_MESSAGES.codeUsed);
      if (pairing.expiresAt <= now) return wrong(PAIRING_MESSAGES.codeUnknown);
      return { right: true, value: await act(tx, pairing) };
    },
    now,
  );
}

/** POST …/devices/pair/check: what the tablet said of itself, before the parent approves. */
export async function checkPairing(
  db: Db,
  user: AuthUser,
  accountId: number,
  typed: { userCode: string; ip: string },
  now = new Date(),
): Promise<PendingPairing> {
  return withTypedCode(db, user, accountId, typed, now, async (_tx, pairing) => ({
    user_code: formatUserCode(pairing.userCode),
    device_name: pairing.suggestedName,
    platform: pairing.platform,
    expires_at: pairing.expiresAt.toISOString(),
  }));
}

/**
 * POST …/devices/pair: the device is made on the account in the path, with the parent's name for
 * it, and the pairing approved, in one transaction holding the pairing locked: of two approvals of
 * one code, the second finds it used (400 codeUsed). The device has no token until the game's next
 * poll picks it up (`has_token` false until then).
 */
export async function approvePairing(
  db: Db,
  user: AuthUser,
  accountId: number,
  input: { userCode: string; name: string; ip: string },
  now = new Date(),
): Promise<Device> {
  return withTypedCode(db, user, accountId, input, now, async (tx, pairing) => {
    const device = await insertDevice(tx, {
      accountId,
      name: input.name,
      platform: pairing.platform || 'tablet',
      now,
    });
    const decided = await decidePairing(tx, pairing.id, {
      status: 'approved',
      accountId,
      deviceId: device.id,
      userId: user.id,
      now,
    });
    if (!decided) throw new Error('the locked pairing changed');
    return toDevice({ ...device, connecting: true });
  });
}

/** POST …/devices/pair/deny: the tablet's next poll answers access_denied. */
export async function denyPairing(
  db: Db,
  user: AuthUser,
  accountId: number,
  typed: { userCode: string; ip: string },
  now = new Date(),
): Promise<{ detail: string }> {
  return withTypedCode(db, user, accountId, typed, now, async (tx, pairing) => {
    const decided = await decidePairing(tx, pairing.id, {
      status: 'denied',
      accountId,
      deviceId: null,
      userId: user.id,
      now,
    });
    if (!decided) throw new Error('the locked pairing changed');
    return { detail: PAIRING_MESSAGES.denied };
  });
}
