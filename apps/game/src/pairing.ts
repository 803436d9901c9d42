/**
 * Pairing the tablet: the OAuth 2.0 Device Authorization Grant (RFC 8628) from the device's side
 * (docs/decisions/0042-device-pairing.md). Ask for a code, show it, poll every `interval` seconds
 * (5 s more after each slow_down, §3.5) until a parent approves in Grove, then keep the token.
 */
import type { DeviceCodeAnswer, DeviceTokenAnswer, DeviceTokenErrorAnswer } from '@grove/domain/api/pairing';
import { pairingApi } from '@grove/domain/api/pairing';
import {
  DEVICE_CODE_GRANT_TYPE,
  GAME_CLIENT_ID,
  PAIRING,
  PAIRING_MESSAGES,
  formatUserCode,
} from '@grove/domain/pairing';

import { writeDeviceFile, type DeviceFile } from './device-file.ts';
import { failure, GameError, request } from './http.ts';

export const DEFAULT_DEVICE_NAME = 'Game tablet';
export const PLATFORM = 'cli';

export interface PairOptions {
  server: string;
  deviceName: string;
  deviceFile: string;
  out: (line: string) => void;
  /** Waits `ms` (tests may shorten nothing: the server enforces the interval). */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  fetch?: typeof fetch;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Pairs the tablet and writes the device file; returns what was written. */
export async function pair(options: PairOptions): Promise<DeviceFile> {
  const { server, out } = options;
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;

  const codeAnswer = await request<DeviceCodeAnswer>(server, pairingApi.deviceCode, {
    body: { client_id: GAME_CLIENT_ID, device_name: options.deviceName, platform: PLATFORM },
    fetch: options.fetch,
  });
  if (codeAnswer.status !== 200) throw new GameError(failure(codeAnswer, pairingApi.deviceCode));
  const code = codeAnswer.body;
  const expiresIn = code.expires_in > 0 ? code.expires_in : PAIRING.expiresInSeconds;
  const deadline = now() + expiresIn * 1000;

  for (const line of codeBox(code, expiresIn)) out(line);
  out(PAIRING_MESSAGES.authorizationPending);

  // RFC 8628 §3.5: wait `interval` seconds before each request; slow_down adds 5 s for good.
  let interval = code.interval > 0 ? code.interval : PAIRING.intervalSeconds;
  for (;;) {
    await sleep(interval * 1000);
    const answer = await request<DeviceTokenAnswer | DeviceTokenErrorAnswer>(server, pairingApi.deviceToken, {
      body: { grant_type: DEVICE_CODE_GRANT_TYPE, device_code: code.device_code, client_id: GAME_CLIENT_ID },
      fetch: options.fetch,
    });
    if (answer.status === 200 && 'access_token' in answer.body) {
      const token = answer.body;
      const device: DeviceFile = {
        server,
        access_token: token.access_token,
        device_id: token.device_id,
        device_name: token.device_name,
        account_id: token.account_id,
        paired_at: new Date(now()).toISOString(),
      };
      await writeDeviceFile(options.deviceFile, device);
      out(`Connected as ${device.device_name} to account ${device.account_id}.`);
      out(`The device token is kept in ${options.deviceFile}.`);
      return device;
    }
    const error = 'error' in answer.body ? answer.body.error : undefined;
    switch (error) {
      case 'authorization_pending':
        if (now() >= deadline) throw new GameError(`${PAIRING_MESSAGES.expiredToken} Run pair again.`);
        continue;
      case 'slow_down':
        interval += PAIRING.slowDownSeconds;
        continue;
      case 'expired_token':
        throw new GameError(`${PAIRING_MESSAGES.expiredToken} Run pair again.`);
      case 'access_denied':
        throw new GameError(`${PAIRING_MESSAGES.accessDenied} Run pair again to ask once more.`);
      case 'invalid_grant':
        throw new GameError(`${PAIRING_MESSAGES.invalidGrant} Run pair again.`);
      default:
        throw new GameError(failure(answer, pairingApi.deviceToken));
    }
  }
}

/** The code a parent types, in a box: the page to open, the code, and the page with the code filled in. */
export function codeBox(code: DeviceCodeAnswer, expiresIn: number): string[] {
  const minutes = Math.round(expiresIn / 60);
  const lines = [
    'To connect this tablet, a parent signs in to Grove, opens',
    `    ${code.verification_uri}`,
    'and types the code',
    '',
    `    ${formatUserCode(code.user_code)}`,
    '',
    'or opens this link, with the code filled in:',
    `    ${code.verification_uri_complete}`,
    '',
    `The code works for ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  ];
  const width = Math.max(...lines.map((line) => line.length));
  return [
    `┌${'─'.repeat(width + 4)}┐`,
    ...lines.map((line) => `│  ${line.padEnd(width)}  │`),
    `└${'─'.repeat(width + 4)}┘`,
  ];
}
