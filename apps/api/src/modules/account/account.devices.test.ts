import { DEVICE_NAME_MAX } from '@grove/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, devices } from '../../db/schema/index.ts';
import { createCoach, createParent, createStaff } from '../../../test/factories.ts';
import { createTestContext, requester, type TestContext } from '../../../test/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const NOT_FOUND = { detail: 'Not found.', code: 'not_found' };
const base = (accountId: number | string) => `/api/v2/user/accounts/${accountId}/devices`;
const inject = requester(() => t);
const toggle = (
  accountId: number | string,
  deviceId: number | string,
  headers: Record<string, string>,
  payload: unknown,
) => inject('PUT', `${base(accountId)}/${deviceId}/toggle_kiosk_mode/`, headers, payload);
const stored = async (deviceId: number) => (await t.db.select().from(devices).where(eq(devices.id, deviceId)))[0]!;

async function addDevice(accountId: number, values: Partial<typeof devices.$inferInsert> = {}) {
  const [device] = await t.db
    .insert(devices)
    .values({ accountId, name: 'Family tablet', ...values })
    .returning();
  return device!;
}

/** A device token issued through the API, as the game app gets it. */
async function deviceToken(accountId: number, deviceId: number, headers: Record<string, string>) {
  const res = await inject('POST', `${base(accountId)}/${deviceId}/token/`, headers);
  expect(res.statusCode).toBe(201);
  return res.json().device_token as string;
}

const readSettings = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/game/device/settings/', headers: { authorization: `Bearer ${token}` } });

describe('GET /api/v2/user/accounts/{id}/devices/', () => {
  it('lists the account’s devices, paged, to members, the coach and staff', async () => {
    const coach = await createCoach(t.db);
    const family = await createParent(t.db);
    await t.db.update(accounts).set({ coachUserId: coach.user.id }).where(eq(accounts.id, family.account.id));
    const first = await addDevice(family.account.id, {
      name: 'Kitchen tablet',
      isKioskMode: true,
      kioskModeOnDevice: true,
    });
    await addDevice(family.account.id, { name: 'Dad’s phone', platform: 'phone' });
    const other = await createParent(t.db);
    await addDevice(other.account.id);

    for (const headers of [family.headers, coach.headers, (await createStaff(t.db)).headers]) {
      const res = await inject('GET', `${base(family.account.id)}/?page_size=1`, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        count: 2,
        next: expect.stringContaining('page=2'),
        previous: null,
        results: [
          {
            id: first.id,
            name: 'Kitchen tablet',
            platform: 'tablet',
            is_kiosk_mode: true,
            kiosk_mode_pending: false,
            last_synced_at: null,
            has_token: false,
            connecting: false,
            created_at: expect.any(String),
          },
        ],
      });
    }
    expect((await inject('GET', `${base(family.account.id)}/`, other.headers)).json()).toEqual(NOT_FOUND);
    expect((await inject('GET', `${base('2147483648')}/`, family.headers)).statusCode).toBe(400);
  });
});

describe('kiosk mode', () => {
  it('is asked for by a parent, pending until the device reads its settings', async () => {
    const family = await createParent(t.db);
    const device = await addDevice(family.account.id);
    const token = await deviceToken(family.account.id, device.id, family.headers);

    const res = await toggle(family.account.id, device.id, family.headers, { is_kiosk_mode: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: device.id, is_kiosk_mode: true, kiosk_mode_pending: true, has_token: true });
    expect(await stored(device.id)).toMatchObject({ isKioskMode: true, kioskModeOnDevice: false });

    const settings = await readSettings(token);
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toEqual({
      device_id: device.id,
      name: 'Family tablet',
      is_kiosk_mode: true,
      account_id: family.account.id,
      time_zone: 'America/New_York',
    });
    expect(await stored(device.id)).toMatchObject({ isKioskMode: true, kioskModeOnDevice: true });
    const listed = await inject('GET', `${base(family.account.id)}/`, family.headers);
    expect(listed.json().results[0]).toMatchObject({ kiosk_mode_pending: false, last_synced_at: expect.any(String) });

    // Turning it off is pending again until the next read.
    const off = await toggle(family.account.id, device.id, family.headers, { is_kiosk_mode: false });
    expect(off.json()).toMatchObject({ is_kiosk_mode: false, kiosk_mode_pending: true });
  });

  it('on another account’s device answers 404 and changes nothing, even through one’s own account id', async () => {
    const family = await createParent(t.db);
    const other = await createParent(t.db);
    const theirs = await addDevice(other.account.id);
    const direct = await toggle(other.account.id, theirs.id, family.headers, { is_kiosk_mode: true });
    expect(direct.statusCode).toBe(404);
    expect(direct.json()).toEqual(NOT_FOUND);
    const mixed = await toggle(family.account.id, theirs.id, family.headers, { is_kiosk_mode: true });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json()).toEqual(NOT_FOUND);
    expect((await stored(theirs.id)).isKioskMode).toBe(false);
  });

  it('the coach reads devices but changing one answers 404', async () => {
    const coach = await createCoach(t.db);
    const family = await createParent(t.db);
    await t.db.update(accounts).set({ coachUserId: coach.user.id }).where(eq(accounts.id, family.account.id));
    const device = await addDevice(family.account.id);
    expect((await toggle(family.account.id, device.id, coach.headers, { is_kiosk_mode: true })).statusCode).toBe(404);
    expect(
      (await inject('PATCH', `${base(family.account.id)}/${device.id}/`, coach.headers, { name: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await inject('POST', `${base(family.account.id)}/${device.id}/revoke_token/`, coach.headers)).statusCode,
    ).toBe(404);
    expect(await stored(device.id)).toMatchObject({ isKioskMode: false, name: 'Family tablet' });
  });

  it('refuses a body that is not a boolean, and ids past the integer range', async () => {
    const family = await createParent(t.db);
    const device = await addDevice(family.account.id);
    for (const payload of [{ is_kiosk_mode: 'yes' }, {}, { is_kiosk_mode: null }]) {
      const res = await toggle(family.account.id, device.id, family.headers, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ is_kiosk_mode: ['Must be true or false.'] });
    }
    const overflow = await toggle(family.account.id, '2147483648', family.headers, { is_kiosk_mode: true });
    expect(overflow.statusCode).toBe(400);
    expect(overflow.json()).toEqual({ deviceId: ['A valid integer is required.'] });
    expect((await stored(device.id)).isKioskMode).toBe(false);
  });

  it('staff set it by device id with PATCH /api/v2/admin/users/{id}/; others may not', async () => {
    const family = await createParent(t.db);
    const device = await addDevice(family.account.id);
    const staff = await createStaff(t.db);
    const res = await inject('PATCH', `/api/v2/admin/users/${device.id}/`, staff.headers, { is_kiosk_mode: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: device.id, is_kiosk_mode: true, kiosk_mode_pending: true });
    expect(
      (await inject('PATCH', `/api/v2/admin/users/${device.id}/`, family.headers, { is_kiosk_mode: false })).statusCode,
    ).toBe(403);
    expect(
      (await inject('PATCH', '/api/v2/admin/users/2147483647/', staff.headers, { is_kiosk_mode: true })).json(),
    ).toEqual(NOT_FOUND);
    expect((await stored(device.id)).isKioskMode).toBe(true);
  });
});

describe('rename and revoke', () => {
  it('renames a device with the text rules', async () => {
    const family = await createParent(t.db);
    const device = await addDevice(family.account.id);
    const url = `${base(family.account.id)}/${device.id}/`;
    const res = await inject('PATCH', url, family.headers, { name: '  Living room tablet ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Living room tablet');
    for (const [name, message] of [
      ['', 'May not be blank.'],
      ['a\u0000b', 'Remove the control characters (such as NUL) from this text.'],
      ['x'.repeat(DEVICE_NAME_MAX + 1), `At most ${DEVICE_NAME_MAX} characters.`],
    ]) {
      const refused = await inject('PATCH', url, family.headers, { name });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ name: [message] });
    }
    expect((await stored(device.id)).name).toBe('Living room tablet');
  });

  it('revoking the token makes the game’s uploads and settings reads answer 401', async () => {
    const family = await createParent(t.db, { players: ['Ada'] });
    const device = await addDevice(family.account.id);
    const token = await deviceToken(family.account.id, device.id, family.headers);
    expect((await readSettings(token)).statusCode).toBe(200);

    const res = await inject('POST', `${base(family.account.id)}/${device.id}/revoke_token/`, family.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: device.id, has_token: false });
    expect((await stored(device.id)).tokenHash).toBeNull();

    expect((await readSettings(token)).statusCode).toBe(401);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v1/game/sessions/',
      headers: { authorization: `Bearer ${token}` },
      payload: { sessions: [{}] },
    });
    expect(upload.statusCode).toBe(401);
  });
});
