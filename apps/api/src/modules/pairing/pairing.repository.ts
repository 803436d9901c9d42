import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { PairingStatus } from '@grove/domain/pairing';
import type { Executor } from '../../db/client.ts';
import { deviceAuthorizations, devices } from '../../db/schema/index.ts';
import { deviceColumns } from '../account/account.repository.ts';

export type PairingRow = {
  id: number;
  clientId: string;
  userCode: string;
  suggestedName: string;
  platform: string;
  status: PairingStatus;
  intervalSeconds: number;
  expiresAt: Date;
  lastPolledAt: Date | null;
  accountId: number | null;
  deviceId: number | null;
};

const pairingColumns = {
  id: deviceAuthorizations.id,
  clientId: deviceAuthorizations.clientId,
  userCode: deviceAuthorizations.userCode,
  suggestedName: deviceAuthorizations.suggestedName,
  platform: deviceAuthorizations.platform,
  status: sql<PairingStatus>`${deviceAuthorizations.status}`,
  intervalSeconds: deviceAuthorizations.intervalSeconds,
  expiresAt: deviceAuthorizations.expiresAt,
  lastPolledAt: deviceAuthorizations.lastPolledAt,
  accountId: deviceAuthorizations.accountId,
  deviceId: deviceAuthorizations.deviceId,
};

/**
 * A new pending pairing, or null when its user code (or device code) is taken by another pending
 * one: the unique indexes decide, and the caller draws another code.
 */
export async function insertPairing(
  db: Executor,
  values: {
    deviceCodeHash: string;
    userCode: string;
    clientId: string;
    suggestedName: string;
    platform: string;
    intervalSeconds: number;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<{ id: number } | null> {
  const rows = await db
    .insert(deviceAuthorizations)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: deviceAuthorizations.id });
  return rows[0] ?? null;
}

/** Pairings that expired before `before` are of no use to anyone: removed. */
export async function removeExpiredPairings(db: Executor, before: Date) {
  await db.delete(deviceAuthorizations).where(lt(deviceAuthorizations.expiresAt, before));
}

/** The pairing of a device code (its hash), locked until the transaction ends. */
export async function lockPairingByDeviceCode(db: Executor, deviceCodeHash: string): Promise<PairingRow | null> {
  const rows = await db
    .select(pairingColumns)
    .from(deviceAuthorizations)
    .where(eq(deviceAuthorizations.deviceCodeHash, deviceCodeHash))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

/**
 * The pairing of a user code (normalised), locked until the transaction ends: the pending one if
 * there is one, else the latest (a code used before).
 */
export async function lockPairingByUserCode(db: Executor, userCode: string): Promise<PairingRow | null> {
  const rows = await db
    .select(pairingColumns)
    .from(deviceAuthorizations)
    .where(eq(deviceAuthorizations.userCode, userCode))
    .orderBy(desc(sql`${deviceAuthorizations.status} = 'pending'`), desc(deviceAuthorizations.id))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

/** The game polled: when, and the interval it must keep from now on. */
export async function recordPoll(db: Executor, id: number, now: Date, intervalSeconds: number) {
  await db
    .update(deviceAuthorizations)
    .set({ lastPolledAt: now, intervalSeconds })
    .where(eq(deviceAuthorizations.id, id));
}

/**
 * A pending pairing decided by a person: approved (with the device made for it, and who approved)
 * or denied. Only from pending (the row is locked; the condition keeps it so): true when it changed.
 */
export async function decidePairing(
  db: Executor,
  id: number,
  decision: { status: 'approved' | 'denied'; accountId: number; deviceId: number | null; userId: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(deviceAuthorizations)
    .set({
      status: decision.status,
      accountId: decision.accountId,
      deviceId: decision.deviceId,
      approvedBy: decision.status === 'approved' ? decision.userId : null,
      decidedAt: decision.now,
    })
    .where(and(eq(deviceAuthorizations.id, id), eq(deviceAuthorizations.status, 'pending')))
    .returning({ id: deviceAuthorizations.id });
  return rows.length === 1;
}

/** The token was handed out: the pairing is used up. */
export async function consumePairing(db: Executor, id: number, now: Date) {
  const rows = await db
    .update(deviceAuthorizations)
    .set({ status: 'consumed', lastPolledAt: now })
    .where(and(eq(deviceAuthorizations.id, id), eq(deviceAuthorizations.status, 'approved')))
    .returning({ id: deviceAuthorizations.id });
  return rows.length === 1;
}

/** The device a parent connects: on the account, without a token until the game picks it up. */
export async function insertDevice(
  db: Executor,
  values: { accountId: number; name: string; platform: string; now: Date },
) {
  const [row] = await db
    .insert(devices)
    .values({
      accountId: values.accountId,
      name: values.name,
      platform: values.platform,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning(deviceColumns);
  return row!;
}

/** The device of a pairing, when it still exists on the account. */
export async function findPairedDevice(db: Executor, deviceId: number, accountId: number) {
  const rows = await db
    .select({ id: devices.id, name: devices.name, accountId: devices.accountId })
    .from(devices)
    .where(and(eq(devices.id, deviceId), eq(devices.accountId, accountId)))
    .orderBy(asc(devices.id))
    .limit(1);
  return rows[0] ?? null;
}
