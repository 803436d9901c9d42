/**
 * A small stateful fake of the parent's pairing calls for component tests (apps/web/test/fake-api.ts),
 * answering as the contract says (packages/domain/src/api/pairing.ts): a code that is not the
 * right shape, unknown or already used answers 400 { user_code }, a blank name 400 { name }, and
 * after `maxWrongCodes` wrong codes 429 { detail, code: 'throttled' }.
 */
import { PAIRING, PAIRING_MESSAGES, formatUserCode, isUserCodeShape, normalizeUserCode } from '@grove/domain';
import type { Device } from '@grove/domain/api/account';
import type { PendingPairing } from '@grove/domain/api/pairing';
import { pairingApi } from '@grove/domain/api/endpoints/pairing';

import type { FakeAnswer, FakeRequest, FakeRoute } from '../../../test/fake-api.ts';

export type FakePairing = {
  /** Codes a tablet is showing, normalised ('WDJBMJHT'), with what the tablet says of itself. */
  waiting: Map<string, { device_name: string; platform: string }>;
  /** Codes already approved or declined. */
  used: Set<string>;
  devices: Device[];
  declined: string[];
  wrongCodes: number;
  /** Minutes a throttled family must wait. */
  waitMinutes: number;
};

/** A tablet showing WDJB-MJHT, calling itself "Living room tablet". */
export function fakePairing(overrides: Partial<FakePairing> = {}): FakePairing {
  return {
    waiting: new Map([['WDJBMJHT', { device_name: 'Living room tablet', platform: 'tablet' }]]),
    used: new Set(),
    devices: [],
    declined: [],
    wrongCodes: 0,
    waitMinutes: 15,
    ...overrides,
  };
}

function bodyText(request: FakeRequest, key: string): string {
  const value = (request.body as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' ? value : '';
}

/** The waiting tablet behind the request's code, or the refusal to answer. */
function lookUp(state: FakePairing, request: FakeRequest): { code: string } | { refusal: FakeAnswer } {
  if (state.wrongCodes >= PAIRING.maxWrongCodes) {
    return {
      refusal: {
        status: 429,
        headers: { 'Retry-After': String(state.waitMinutes * 60) },
        body: { detail: PAIRING_MESSAGES.tooManyWrongCodes(state.waitMinutes), code: 'throttled' },
      },
    };
  }
  const code = normalizeUserCode(bodyText(request, 'user_code'));
  if (isUserCodeShape(code) && state.waiting.has(code)) return { code };
  state.wrongCodes += 1;
  const message = !isUserCodeShape(code)
    ? PAIRING_MESSAGES.codeShape
    : state.used.has(code)
      ? PAIRING_MESSAGES.codeUsed
      : PAIRING_MESSAGES.codeUnknown;
  return { refusal: { status: 400, body: { user_code: [message] } } };
}

/** The pairing routes of account `accountId` over `state`. */
export function pairingRoutes(state: FakePairing, accountId = 1): FakeRoute[] {
  return [
    [
      pairingApi.check,
      (request) => {
        const found = lookUp(state, request);
        if ('refusal' in found) return found.refusal;
        const tablet = state.waiting.get(found.code)!;
        const pending: PendingPairing = {
          user_code: formatUserCode(found.code),
          device_name: tablet.device_name,
          platform: tablet.platform,
          expires_at: '2026-11-20T17:10:00.000Z',
        };
        return { body: pending };
      },
      { id: accountId },
    ],
    [
      pairingApi.approve,
      (request) => {
        const found = lookUp(state, request);
        if ('refusal' in found) return found.refusal;
        const name = bodyText(request, 'name').trim();
        if (name === '') return { status: 400, body: { name: [PAIRING_MESSAGES.nameRequired] } };
        const tablet = state.waiting.get(found.code)!;
        state.waiting.delete(found.code);
        state.used.add(found.code);
        const device: Device = {
          id: 70 + state.devices.length,
          name,
          platform: tablet.platform,
          is_kiosk_mode: false,
          kiosk_mode_pending: false,
          last_synced_at: null,
          has_token: false,
          connecting: true,
          created_at: '2026-11-20T17:05:00.000Z',
        };
        state.devices.push(device);
        return { status: 201, body: device };
      },
      { id: accountId },
    ],
    [
      pairingApi.deny,
      (request) => {
        const found = lookUp(state, request);
        if ('refusal' in found) return found.refusal;
        state.waiting.delete(found.code);
        state.used.add(found.code);
        state.declined.push(found.code);
        return { body: { detail: PAIRING_MESSAGES.denied } };
      },
      { id: accountId },
    ],
  ];
}
