import { eq, like } from 'drizzle-orm';
import {
  DEVICE_CODE_GRANT_TYPE,
  GAME_CLIENT_ID,
  PAIRING,
  PAIRING_MESSAGES,
  USER_CODE_ALPHABET,
  USER_CODE_LENGTH,
} from '@grove/domain/pairing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCoach, createParent, createStaff } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { accounts, deviceAuthorizations, devices, loginThrottles, playSessions } from '../../db/schema/index.ts';
import { hashToken } from '../auth/auth.tokens.ts';
import { session } from '../game/game.test-support.ts';
import { insertPairing } from './pairing.repository.ts';
import { randomUserCode } from './pairing.service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

// The pairing rules read the clock (expiry, polling interval, guess windows): the tests stop it
// (only Date; timers run) and move it on by hand.
let clock = 0;
const advance = (seconds: number) => {
  clock += seconds * 1000;
  vi.setSystemTime(clock);
};
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  clock = Date.now();
  vi.setSystemTime(clock);
});
afterEach(() => {
  vi.useRealTimers();
});

let addresses = 0;
/** Each test speaks from addresses of its own, so the per-address counts do not mix. */
const nextIp = () => `198.51.100.${++addresses}`;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** POST /api/v2/auth/device/code, as JSON or as a form. */
function askCode(fields: Record<string, string> = {}, options: { form?: boolean; ip?: string } = {}) {
  const body = { client_id: GAME_CLIENT_ID, device_name: 'Living room tablet', platform: 'android', ...fields };
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/auth/device/code',
    remoteAddress: options.ip ?? nextIp(),
    ...(options.form
      ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form(body) }
      : { payload: body }),
  });
}

/** A fresh code: the game's answer. */
async function newCode(fields: Record<string, string> = {}) {
  const res = await askCode(fields);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { device_code: string; user_code: string; interval: number; expires_in: number };
}

/** POST /api/v2/auth/device/token, as JSON or as a form. */
function poll(deviceCode: string, fields: Record<string, string> = {}, asForm = false) {
  const body = { grant_type: DEVICE_CODE_GRANT_TYPE, device_code: deviceCode, client_id: GAME_CLIENT_ID, ...fields };
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/auth/device/token',
    ...(asForm
      ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form(body) }
      : { payload: body }),
  });
}

type Action = 'check' | 'approve' | 'deny';
const actionUrl = (accountId: number, action: Action) =>
  `/api/v2/user/accounts/${accountId}/devices/pair${action === 'approve' ? '' : `/${action}`}`;

/** A parent's (or staff's) call on a typed code. */
function pair(
  action: Action,
  accountId: number,
  headers: Record<string, string>,
  body: Record<string, string>,
  ip = '192.0.2.1',
) {
  return t.app.inject({ method: 'POST', url: actionUrl(accountId, action), headers, payload: body, remoteAddress: ip });
}

const pairingOf = async (userCode: string) =>
  (
    await t.db
      .select()
      .from(deviceAuthorizations)
      .where(eq(deviceAuthorizations.userCode, userCode.replace('-', '')))
  )[0]!;
const devicesOf = (accountId: number) => t.db.select().from(devices).where(eq(devices.accountId, accountId));

/** RFC 6749 §5.2: exactly { error, error_description }, with the status. */
function expectRfcError(res: Awaited<ReturnType<typeof poll>>, error: string, status = 400) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.error).toBe(error);
  expect(typeof body.error_description).toBe('string');
  if (status === 400) expect(Object.keys(body).sort()).toEqual(['error', 'error_description']);
}

describe('the game asks for a code', () => {
  it('answers RFC 8628 §3.2: a user code from the alphabet, the verification address, 10 minutes, 5 s', async () => {
    const res = await askCode();
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    const letters = `[${USER_CODE_ALPHABET}]{4}`;
    expect(answer.user_code).toMatch(new RegExp(`^${letters}-${letters}$`));
    expect(answer.verification_uri).toBe(`${t.app.publicUrl}/dashboard/connect`);
    expect(answer.verification_uri_complete).toBe(`${t.app.publicUrl}/dashboard/connect?code=${answer.user_code}`);
    expect(answer).toMatchObject({ expires_in: 600, interval: 5 });
    expect(answer.device_code).toMatch(/^[\w-]{43}$/);

    // Only the device code's hash is stored; the user code normalised; nothing decided yet.
    const row = await pairingOf(answer.user_code);
    expect(row.deviceCodeHash).toBe(hashToken(answer.device_code));
    expect(JSON.stringify(row)).not.toContain(answer.device_code);
    expect(row).toMatchObject({
      userCode: answer.user_code.replace('-', ''),
      clientId: GAME_CLIENT_ID,
      suggestedName: 'Living room tablet',
      platform: 'android',
      status: 'pending',
      intervalSeconds: 5,
      accountId: null,
      deviceId: null,
    });
    expect(row.expiresAt.getTime()).toBe(clock + 600_000);
  });

  it('takes a form as RFC clients send it, as well as JSON', async () => {
    const res = await askCode({ device_name: 'Kitchen tablet' }, { form: true });
    expect(res.statusCode, res.body).toBe(200);
    expect((await pairingOf(res.json().user_code)).suggestedName).toBe('Kitchen tablet');
  });

  it('refuses an unknown client, and a client without the device grant, with 401 invalid_client', async () => {
    for (const clientId of ['someone-else', '', 'grove-web']) {
      const res = await askCode({ client_id: clientId });
      expectRfcError(res, 'invalid_client', 401);
    }
  });

  it('draws user codes from the alphabet only, uniformly enough that all letters appear', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const code = randomUserCode();
      expect(code).toHaveLength(USER_CODE_LENGTH);
      for (const char of code) seen.add(char);
    }
    expect([...seen].sort().join('')).toBe([...USER_CODE_ALPHABET].sort().join(''));
  });

  it('keeps a user code unique among pending codes only: a taken one is refused (and drawn again), a used one is free', async () => {
    const code = await newCode();
    const userCode = code.user_code.replace('-', '');
    const values = (deviceCodeHash: string) => ({
      deviceCodeHash,
      userCode,
      clientId: GAME_CLIENT_ID,
      suggestedName: '',
      platform: '',
      intervalSeconds: PAIRING.intervalSeconds,
      expiresAt: new Date(clock + 600_000),
      createdAt: new Date(clock),
    });
    expect(await insertPairing(t.db, values(hashToken('another device code')))).toBeNull();
    await t.db
      .update(deviceAuthorizations)
      .set({ status: 'denied' })
      .where(eq(deviceAuthorizations.userCode, userCode));
    expect(await insertPairing(t.db, values(hashToken('another device code')))).toEqual({ id: expect.any(Number) });
  });

  it(`answers 429 with Retry-After after ${PAIRING.maxCodeRequests} codes in an hour from one address`, async () => {
    const ip = nextIp();
    for (let i = 0; i < PAIRING.maxCodeRequests; i++) expect((await askCode({}, { ip })).statusCode).toBe(200);
    const refused = await askCode({}, { ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ detail: PAIRING_MESSAGES.tooManyCodeRequests, code: 'throttled' });
    expect((await askCode()).statusCode).toBe(200);
  });
});

describe('connecting a tablet from start to end', () => {
  it('pending, approved by a parent, the token handed out once; it uploads, reads settings, and a revocation ends it', async () => {
    const parent = await createParent(t.db, { players: ['Ada'] });
    await t.db.update(accounts).set({ timeZone: 'Europe/Paris' }).where(eq(accounts.id, parent.account.id));
    const code = await newCode();
    expectRfcError(await poll(code.device_code), 'authorization_pending');

    const checked = await pair('check', parent.account.id, parent.headers, { user_code: code.user_code.toLowerCase() });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toEqual({
      user_code: code.user_code,
      device_name: 'Living room tablet',
      platform: 'android',
      expires_at: new Date(clock + 600_000).toISOString(),
    });

    advance(PAIRING.intervalSeconds);
    const approved = await pair('approve', parent.account.id, parent.headers, {
      user_code: code.user_code.replace('-', ' '),
      name: 'Ada’s tablet',
    });
    expect(approved.statusCode, approved.body).toBe(201);
    expect(approved.json()).toMatchObject({
      name: 'Ada’s tablet',
      platform: 'android',
      is_kiosk_mode: false,
      has_token: false,
      connecting: true,
    });
    const deviceId = approved.json().id as number;
    const row = await pairingOf(code.user_code);
    expect(row).toMatchObject({
      status: 'approved',
      accountId: parent.account.id,
      deviceId,
      approvedBy: parent.user.id,
    });

    advance(PAIRING.intervalSeconds);
    const token = await poll(code.device_code);
    expect(token.statusCode, token.body).toBe(200);
    expect(token.json()).toEqual({
      access_token: expect.stringMatching(/^[\w-]{43}$/),
      token_type: 'Bearer',
      device_id: deviceId,
      device_name: 'Ada’s tablet',
      account_id: parent.account.id,
    });
    const accessToken = token.json().access_token as string;
    const [device] = await devicesOf(parent.account.id);
    expect(device!.tokenHash).toBe(hashToken(accessToken));
    expect((await pairingOf(code.user_code)).status).toBe('consumed');

    // Handed out once: the next poll, and any later one, is invalid_grant.
    advance(PAIRING.intervalSeconds);
    expectRfcError(await poll(code.device_code), 'invalid_grant');

    // The token works on the game routes.
    const game = { authorization: `Bearer ${accessToken}` };
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v1/game/sessions',
      headers: game,
      payload: { sessions: [session(parent.players[0]!.id)] },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json().accepted).toHaveLength(1);
    expect(await t.db.select().from(playSessions).where(eq(playSessions.deviceId, deviceId))).toHaveLength(1);
    const settings = await t.app.inject({ method: 'GET', url: '/api/v1/game/device/settings', headers: game });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json()).toEqual({
      device_id: deviceId,
      name: 'Ada’s tablet',
      is_kiosk_mode: false,
      account_id: parent.account.id,
      time_zone: 'Europe/Paris',
    });

    // A parent revokes the device's token: the game routes refuse it.
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/v2/user/accounts/${parent.account.id}/devices/${deviceId}/revoke_token`,
      headers: parent.headers,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/game/device/settings', headers: game })).statusCode).toBe(
      401,
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/game/sessions',
      headers: game,
      payload: { sessions: [session(parent.players[0]!.id, 30)] },
    });
    expect(refused.statusCode).toBe(401);
  });

  it('lists an approved tablet as connecting until it collects its token; revoked before that, its poll is access_denied', async () => {
    const parent = await createParent(t.db);
    const listed = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v2/user/accounts/${parent.account.id}/devices/`,
          headers: parent.headers,
        })
      ).json().results as { id: number; has_token: boolean; connecting: boolean }[];

    const first = await newCode();
    const tab = await pair('approve', parent.account.id, parent.headers, { user_code: first.user_code, name: 'Tab' });
    expect(tab.statusCode, tab.body).toBe(201);
    expect(await listed()).toMatchObject([{ has_token: false, connecting: true }]);
    advance(PAIRING.intervalSeconds);
    expect((await poll(first.device_code)).statusCode).toBe(200);
    expect(await listed()).toMatchObject([{ has_token: true, connecting: false }]);

    const second = await newCode();
    const other = await pair('approve', parent.account.id, parent.headers, {
      user_code: second.user_code,
      name: 'Two',
    });
    const otherId = other.json().id as number;
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/v2/user/accounts/${parent.account.id}/devices/${otherId}/revoke_token`,
      headers: parent.headers,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ has_token: false, connecting: false });
    advance(PAIRING.intervalSeconds);
    expectRfcError(await poll(second.device_code), 'access_denied');
    expect((await listed()).find((d) => d.id === otherId)).toMatchObject({ has_token: false, connecting: false });
  });

  it('takes the polls as forms too', async () => {
    const parent = await createParent(t.db);
    const code = await newCode();
    expectRfcError(await poll(code.device_code, {}, true), 'authorization_pending');
    expect(
      (await pair('approve', parent.account.id, parent.headers, { user_code: code.user_code, name: 'Tab' })).statusCode,
    ).toBe(201);
    advance(PAIRING.intervalSeconds);
    const token = await poll(code.device_code, {}, true);
    expect(token.statusCode, token.body).toBe(200);
    expect(token.json().token_type).toBe('Bearer');
  });

  it('a declined code answers access_denied, and cannot be approved afterwards', async () => {
    const parent = await createParent(t.db);
    const code = await newCode();
    const denied = await pair('deny', parent.account.id, parent.headers, { user_code: code.user_code });
    expect(denied.statusCode, denied.body).toBe(200);
    expect(denied.json()).toEqual({ detail: PAIRING_MESSAGES.denied });
    expect(await pairingOf(code.user_code)).toMatchObject({ status: 'denied', accountId: parent.account.id });
    expectRfcError(await poll(code.device_code), 'access_denied');
    advance(PAIRING.intervalSeconds);
    expectRfcError(await poll(code.device_code), 'access_denied');

    for (const action of ['approve', 'deny', 'check'] as const) {
      const again = await pair(action, parent.account.id, parent.headers, { user_code: code.user_code, name: 'Tab' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ user_code: [PAIRING_MESSAGES.codeUsed] });
    }
    expect(await devicesOf(parent.account.id)).toEqual([]);
  });

  it('a code is approved once: the second approval is refused as used, and makes no device', async () => {
    const parent = await createParent(t.db);
    const code = await newCode();
    const body = { user_code: code.user_code, name: 'Tab' };
    expect((await pair('approve', parent.account.id, parent.headers, body)).statusCode).toBe(201);
    const second = await pair('approve', parent.account.id, parent.headers, body);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ user_code: [PAIRING_MESSAGES.codeUsed] });
    expect(await devicesOf(parent.account.id)).toHaveLength(1);
  });

  it('two approvals of one code at the same time: exactly one device, the other answered as used', async () => {
    const a = await createParent(t.db);
    const b = await createParent(t.db);
    const code = await newCode();
    const [first, second] = await Promise.all([
      pair('approve', a.account.id, a.headers, { user_code: code.user_code, name: 'A' }, nextIp()),
      pair('approve', b.account.id, b.headers, { user_code: code.user_code, name: 'B' }, nextIp()),
    ]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([201, 400]);
    const loser = first!.statusCode === 400 ? first! : second!;
    expect(loser.json()).toEqual({ user_code: [PAIRING_MESSAGES.codeUsed] });
    const made = [...(await devicesOf(a.account.id)), ...(await devicesOf(b.account.id))];
    expect(made).toHaveLength(1);
    expect((await pairingOf(code.user_code)).deviceId).toBe(made[0]!.id);
  });

  it('invalid_grant for an unknown device code and for another client’s', async () => {
    expectRfcError(await poll('not-a-device-code'), 'invalid_grant');
    const code = await newCode();
    await t.db
      .update(deviceAuthorizations)
      .set({ clientId: 'grove-web' })
      .where(eq(deviceAuthorizations.deviceCodeHash, hashToken(code.device_code)));
    expectRfcError(await poll(code.device_code), 'invalid_grant');
  });
});

describe('polling', () => {
  it('slow_down when polled faster than the interval, which then grows by 5 s each time', async () => {
    const code = await newCode();
    expectRfcError(await poll(code.device_code), 'authorization_pending');
    expectRfcError(await poll(code.device_code), 'slow_down');
    expect((await pairingOf(code.user_code)).intervalSeconds).toBe(10);
    advance(6);
    expectRfcError(await poll(code.device_code), 'slow_down');
    expect((await pairingOf(code.user_code)).intervalSeconds).toBe(15);
    advance(15);
    expectRfcError(await poll(code.device_code), 'authorization_pending');
    expect((await pairingOf(code.user_code)).intervalSeconds).toBe(15);
  });

  it('expired_token after 10 minutes; the parent is told the code is unknown, which counts as a wrong guess', async () => {
    const parent = await createParent(t.db);
    const code = await newCode();
    advance(PAIRING.expiresInSeconds - 1);
    expectRfcError(await poll(code.device_code), 'authorization_pending');
    advance(1);
    expectRfcError(await poll(code.device_code), 'expired_token');
    const ip = nextIp();
    const late = await pair('approve', parent.account.id, parent.headers, { user_code: code.user_code, name: 'T' }, ip);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ user_code: [PAIRING_MESSAGES.codeUnknown] });
    const [counter] = await t.db
      .select()
      .from(loginThrottles)
      .where(eq(loginThrottles.key, `pairing-ip:${ip}`));
    expect(counter!.failures).toBe(1);
  });

  it('refuses another grant type, a missing field and a body it cannot read in RFC 6749 §5.2 words', async () => {
    const code = await newCode();
    expectRfcError(await poll(code.device_code, { grant_type: 'password' }), 'unsupported_grant_type');
    expectRfcError(await poll(code.device_code, { grant_type: '' }), 'invalid_request');
    expectRfcError(await poll(''), 'invalid_request');
    expectRfcError(await poll('x'.repeat(201)), 'invalid_request');
    expectRfcError(await poll('a\u0000b'), 'invalid_request');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/device/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"grant_type":',
    });
    expectRfcError(broken, 'invalid_request');
    const empty = await t.app.inject({ method: 'POST', url: '/api/v2/auth/device/token' });
    expectRfcError(empty, 'invalid_request');
    expectRfcError(await poll(code.device_code, { client_id: 'nobody' }), 'invalid_client', 401);
    // None of it touched the pairing.
    expect((await pairingOf(code.user_code)).lastPolledAt).toBeNull();
  });
});

describe('who may attach a code to an account', () => {
  it('another family’s account, a missing one and the coach answer 404 alike; the code stays pending', async () => {
    const parent = await createParent(t.db);
    const other = await createParent(t.db);
    const coach = await createCoach(t.db);
    await t.db.update(accounts).set({ coachUserId: coach.user.id }).where(eq(accounts.id, other.account.id));
    const code = await newCode();
    const body = { user_code: code.user_code, name: 'Not mine' };
    for (const action of ['check', 'approve', 'deny'] as const) {
      const foreign = await pair(action, other.account.id, parent.headers, body);
      const missing = await pair(action, 2_000_000_000, parent.headers, body);
      const byCoach = await pair(action, other.account.id, coach.headers, body);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).toBe(missing.body);
      expect(byCoach.statusCode).toBe(404);
    }
    expect(await pairingOf(code.user_code)).toMatchObject({ status: 'pending', accountId: null });
    expect(await devicesOf(other.account.id)).toEqual([]);
    // Nothing was counted against the account or the address.
    expect(
      await t.db
        .select()
        .from(loginThrottles)
        .where(eq(loginThrottles.key, `pairing-account:${other.account.id}`)),
    ).toEqual([]);
  });

  it('a parent attaches it to their own account; staff may attach it to any account', async () => {
    const parent = await createParent(t.db);
    const staff = await createStaff(t.db);
    const code = await newCode();
    const res = await pair('approve', parent.account.id, staff.headers, {
      user_code: code.user_code,
      name: 'By staff',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await pairingOf(code.user_code)).toMatchObject({ accountId: parent.account.id, approvedBy: staff.user.id });
    expect((await devicesOf(parent.account.id)).map((d) => d.name)).toEqual(['By staff']);
  });

  it('asks for a name when approving', async () => {
    const parent = await createParent(t.db);
    const code = await newCode();
    const res = await pair('approve', parent.account.id, parent.headers, { user_code: code.user_code, name: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().name).toEqual([expect.any(String)]);
    expect((await pairingOf(code.user_code)).status).toBe('pending');
  });
});

describe('wrong codes are throttled', () => {
  const wrongCodes = ['WDJB', 'AEIO-UAEI', 'BBBB-BBBB', 'CCCC-CCCC', 'DDDD-DDDD'];

  it(`per account: after ${PAIRING.maxWrongCodes} wrong codes, 429 with Retry-After, even from another address and for the right code`, async () => {
    const parent = await createParent(t.db);
    const code = await newCode();
    const ip = nextIp();
    for (const wrong of wrongCodes) {
      const res = await pair('check', parent.account.id, parent.headers, { user_code: wrong }, ip);
      expect(res.statusCode, wrong).toBe(400);
      expect(res.json().user_code).toHaveLength(1);
    }
    const refused = await pair(
      'approve',
      parent.account.id,
      parent.headers,
      { user_code: code.user_code, name: 'T' },
      nextIp(),
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(PAIRING.wrongCodeWindowSeconds));
    expect(refused.json()).toEqual({ detail: PAIRING_MESSAGES.tooManyWrongCodes(15), code: 'throttled' });
    expect((await pairingOf(code.user_code)).status).toBe('pending');

    // The window ends 15 minutes after the first wrong code.
    advance(PAIRING.wrongCodeWindowSeconds - 60);
    const later = await pair('check', parent.account.id, parent.headers, { user_code: code.user_code }, nextIp());
    expect(later.statusCode).toBe(429);
    expect(later.headers['retry-after']).toBe('60');
  });

  it('per address: wrong codes typed for one family hold up another family at the same address', async () => {
    const a = await createParent(t.db);
    const b = await createParent(t.db);
    const code = await newCode();
    const ip = nextIp();
    for (const wrong of wrongCodes) {
      expect((await pair('deny', a.account.id, a.headers, { user_code: wrong }, ip)).statusCode).toBe(400);
    }
    const sameAddress = await pair('check', b.account.id, b.headers, { user_code: code.user_code }, ip);
    expect(sameAddress.statusCode).toBe(429);
    expect(Number(sameAddress.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await pair('check', b.account.id, b.headers, { user_code: code.user_code }, nextIp());
    expect(elsewhere.statusCode).toBe(200);
  });

  it('counts a code of the wrong shape, an unknown, an expired and a used one; a right one counts nothing', async () => {
    const parent = await createParent(t.db);
    const ip = nextIp();
    const used = await newCode();
    expect(
      (await pair('approve', parent.account.id, parent.headers, { user_code: used.user_code, name: 'T' }, ip))
        .statusCode,
    ).toBe(201);
    const expired = await newCode();
    advance(PAIRING.expiresInSeconds);
    const live = await newCode();
    expect((await pair('check', parent.account.id, parent.headers, { user_code: live.user_code }, ip)).statusCode).toBe(
      200,
    );
    const answers: Record<string, string> = {
      'WDJB-MJH': PAIRING_MESSAGES.codeShape,
      'WDJB-MJH1': PAIRING_MESSAGES.codeShape,
      [used.user_code]: PAIRING_MESSAGES.codeUsed,
      [expired.user_code]: PAIRING_MESSAGES.codeUnknown,
    };
    let unknown = randomUserCode();
    while (unknown === live.user_code.replace('-', '')) unknown = randomUserCode();
    answers[unknown] = PAIRING_MESSAGES.codeUnknown;
    for (const [typed, message] of Object.entries(answers)) {
      const res = await pair('check', parent.account.id, parent.headers, { user_code: typed }, ip);
      expect(res.statusCode, typed).toBe(400);
      expect(res.json()).toEqual({ user_code: [message] });
    }
    const counters = await t.db
      .select({ key: loginThrottles.key, failures: loginThrottles.failures })
      .from(loginThrottles)
      .where(like(loginThrottles.key, 'pairing-%'));
    expect(counters).toEqual(
      expect.arrayContaining([
        { key: `pairing-account:${parent.account.id}`, failures: 5 },
        { key: `pairing-ip:${ip}`, failures: 5 },
      ]),
    );
    // The sixth attempt waits, whatever the code.
    expect((await pair('check', parent.account.id, parent.headers, { user_code: live.user_code }, ip)).statusCode).toBe(
      429,
    );
  });
});
