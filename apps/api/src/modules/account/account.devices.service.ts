/**
 * The account's devices (SPEC §3 Device, §7 kiosk mode). Kiosk mode is asked for here and picked up
 * by the device itself when it next reads its settings with its device token (game module): until
 * then `kiosk_mode_pending` is true. The account's members and staff change devices; its coach
 * reads them only (a change answers 404, as access.ts decides for writes).
 */
import type { Device } from '@grove/domain/api/account';
import type { Paging } from '@grove/domain/api/common';
import type { Db, Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { assertAccountAccess } from '../auth/access.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import {
  countDevices,
  declineUnclaimedPairing,
  listDevices as listAccountDevices,
  updateDevice,
  type DeviceRow,
} from './account.repository.ts';

export function toDevice(row: DeviceRow): Device {
  return {
    id: row.id,
    name: row.name,
    platform: row.platform,
    is_kiosk_mode: row.isKioskMode,
    kiosk_mode_pending: row.isKioskMode !== row.kioskModeOnDevice,
    last_synced_at: row.lastSeenAt ? row.lastSeenAt.toISOString() : null,
    has_token: row.hasToken,
    connecting: row.connecting,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /api/v2/user/accounts/{id}/devices/: members, the coach, staff; oldest first. */
export async function listDevices(db: Db, user: AuthUser, accountId: number, paging: Paging) {
  await assertAccountAccess(db, user, accountId, 'read');
  const offset = (paging.page - 1) * paging.page_size;
  const [total, rows] = await Promise.all([
    countDevices(db, accountId),
    listAccountDevices(db, accountId, paging.page_size, offset),
  ]);
  return { count: total, page: paging.page, pageSize: paging.page_size, results: rows.map(toDevice) };
}

type DeviceChange = Parameters<typeof updateDevice>[3];

/** One change of one device of the account, in one statement; another account's device answers 404. */
async function changeDevice(db: Executor, user: AuthUser, accountId: number, deviceId: number, change: DeviceChange) {
  await assertAccountAccess(db, user, accountId, 'write');
  const device = await updateDevice(db, deviceId, accountId, change, new Date());
  if (!device) throw notFound();
  return toDevice(device);
}

export const toggleKiosk = (db: Db, user: AuthUser, accountId: number, deviceId: number, isKioskMode: boolean) =>
  changeDevice(db, user, accountId, deviceId, { isKioskMode });

export const renameDevice = (db: Db, user: AuthUser, accountId: number, deviceId: number, name: string) =>
  changeDevice(db, user, accountId, deviceId, { name });

/**
 * The device's token stops working: its uploads answer 401 until a new token is issued. A tablet
 * approved but still to collect its token is declined with it (its next poll: access_denied).
 */
export async function revokeDeviceToken(db: Db, user: AuthUser, accountId: number, deviceId: number) {
  return db.transaction(async (tx) => {
    const device = await changeDevice(tx, user, accountId, deviceId, { tokenHash: null });
    await declineUnclaimedPairing(tx, deviceId, new Date());
    return { ...device, connecting: false };
  });
}

/** PATCH /api/v2/admin/users/{id}/ (staff, the route's policy): kiosk mode by device id. */
export async function adminSetKiosk(db: Db, deviceId: number, isKioskMode: boolean): Promise<Device> {
  const device = await updateDevice(db, deviceId, null, { isKioskMode }, new Date());
  if (!device) throw notFound();
  return toDevice(device);
}
