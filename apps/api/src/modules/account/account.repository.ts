import { aliasedTable, and, asc, count, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { countRows } from '../../db/count.ts';
import {
  accounts,
  accountTags,
  customerInteractions,
  deviceAuthorizations,
  devices,
  oneTimeTokens,
  players,
  playSessions,
  subscriptions,
  userActions,
  users,
} from '../../db/schema/index.ts';

// Accounts

export async function findAccount(db: Executor, accountId: number) {
  const coach = aliasedTable(users, 'coach');
  const editor = aliasedTable(users, 'editor');
  const rows = await db
    .select({
      id: accounts.id,
      accountStatus: accounts.accountStatus,
      timeZone: accounts.timeZone,
      createdAt: accounts.createdAt,
      coachId: coach.id,
      coachFirstName: coach.firstName,
      coachLastName: coach.lastName,
      customNote: accounts.customNote,
      customNoteUpdatedAt: accounts.customNoteUpdatedAt,
      editorId: editor.id,
      editorFirstName: editor.firstName,
      editorLastName: editor.lastName,
    })
    .from(accounts)
    .leftJoin(coach, eq(coach.id, accounts.coachUserId))
    .leftJoin(editor, eq(editor.id, accounts.customNoteUpdatedBy))
    .where(eq(accounts.id, accountId))
    .limit(1);
  return rows[0] ?? null;
}

export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

export async function findAccountTags(db: Executor, accountId: number): Promise<string[]> {
  const rows = await db
    .select({ tag: accountTags.tag })
    .from(accountTags)
    .where(eq(accountTags.accountId, accountId))
    .orderBy(asc(accountTags.tag));
  return rows.map((row) => row.tag);
}

/** The account's row locked for the rest of the transaction; null when it does not exist. */
export async function lockAccount(tx: Executor, accountId: number): Promise<boolean> {
  const rows = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
  return rows.length === 1;
}

export async function setAccountStatus(db: Executor, accountId: number, status: string, now: Date) {
  await db.update(accounts).set({ accountStatus: status, updatedAt: now }).where(eq(accounts.id, accountId));
}

export async function setCustomNote(db: Executor, accountId: number, note: string, userId: number, now: Date) {
  await db
    .update(accounts)
    .set({ customNote: note, customNoteUpdatedAt: now, customNoteUpdatedBy: userId, updatedAt: now })
    .where(eq(accounts.id, accountId));
}

/** The account holder's billing status (the billing user's, else the first person's), or null. */
export async function accountBillingStatus(db: Executor, accountId: number): Promise<string | null> {
  const rows = await db
    .select({ status: users.billingStatus })
    .from(users)
    .where(eq(users.accountId, accountId))
    .orderBy(desc(users.isBillingUser), asc(users.id))
    .limit(1);
  return rows[0]?.status ?? null;
}

/** The status of the account's running subscription (not CANCELLED or RETURNED), or null. */
export async function runningSubscriptionStatus(db: Executor, accountId: number): Promise<string | null> {
  const rows = await db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(and(eq(subscriptions.accountId, accountId), notInArray(subscriptions.status, ['CANCELLED', 'RETURNED'])))
    .orderBy(desc(subscriptions.id))
    .limit(1);
  return rows[0]?.status ?? null;
}

export { playersOfAccount as accountPlayers } from '../players/players.repository.ts';

/** People, players and devices of the account, and its play in figures (index-only on play_sessions). */
export async function accountFigures(db: Executor, accountId: number) {
  const people = await countRows(db, users, eq(users.accountId, accountId));
  const children = await countRows(db, players, eq(players.accountId, accountId));
  const tablets = await countRows(db, devices, eq(devices.accountId, accountId));
  const accountPlayerIds = db.select({ id: players.id }).from(players).where(eq(players.accountId, accountId));
  const [play] = await db
    .select({
      sessions: count(),
      seconds: sql<number>`coalesce(sum(${playSessions.secondsPlayed}), 0)::bigint`.mapWith(Number),
      first: sql<Date | null>`min(${playSessions.periodDatetime})`.mapWith(playSessions.periodDatetime),
      last: sql<Date | null>`max(${playSessions.periodDatetime})`.mapWith(playSessions.periodDatetime),
    })
    .from(playSessions)
    .where(inArray(playSessions.playerId, accountPlayerIds));
  return {
    users: people,
    players: children,
    devices: tablets,
    sessions: play?.sessions ?? 0,
    seconds: play?.seconds ?? 0,
    firstPlayedAt: play?.first ?? null,
    lastPlayedAt: play?.last ?? null,
  };
}

// People of the account

const accountUserColumns = {
  id: users.id,
  accountId: users.accountId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phonenumber: users.phonenumber,
  country: users.country,
  isBillingUser: users.isBillingUser,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`.mapWith(Boolean),
  lastLoginAt: users.lastLoginAt,
};

export type AccountUserRow = {
  id: number;
  accountId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  phonenumber: string;
  country: string;
  isBillingUser: boolean;
  hasPassword: boolean;
  lastLoginAt: Date | null;
};

/** The account holder first, then caregivers in the order they were added. */
export async function accountUsers(db: Executor, accountId: number): Promise<AccountUserRow[]> {
  return db
    .select(accountUserColumns)
    .from(users)
    .where(eq(users.accountId, accountId))
    .orderBy(desc(users.isBillingUser), asc(users.id));
}

/** A person of this account, or null (another account's person is as missing as an unknown one). */
export async function findAccountUser(db: Executor, accountId: number, userId: number) {
  const rows = await db
    .select(accountUserColumns)
    .from(users)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function countAccountUsers(tx: Executor, accountId: number): Promise<number> {
  return countRows(tx, users, eq(users.accountId, accountId));
}

/**
 * A caregiver's login: no password (they set one through their invitation). Returns null when the
 * e-mail is already used by a login — the unique index users_email_uq decides, so two concurrent
 * requests cannot both succeed.
 */
export async function insertCaregiver(
  tx: Executor,
  values: {
    accountId: number;
    email: string;
    firstName: string;
    lastName: string;
    phonenumber: string;
    country: string;
    billingStatus: string;
  },
): Promise<number | null> {
  const rows = await tx
    .insert(users)
    .values({ ...values, isBillingUser: false, passwordHash: null })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return rows[0]?.id ?? null;
}

export async function updateAccountUser(
  tx: Executor,
  userId: number,
  patch: { firstName?: string; lastName?: string; phonenumber?: string; country?: string },
  now: Date,
) {
  await tx
    .update(users)
    .set({ ...patch, updatedAt: now })
    .where(eq(users.id, userId));
}

/** Removes the login; its sessions, tokens and links go with it (ON DELETE CASCADE). */
export async function deleteAccountUser(tx: Executor, accountId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .delete(users)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Earlier invitation links of the user stop working. */
export async function expireInvites(tx: Executor, userId: number, now: Date) {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, 'invite'), isNull(oneTimeTokens.usedAt)));
}

/** The first time counts (ON CONFLICT DO NOTHING). */
export async function recordUserAction(db: Executor, userId: number, action: string, at: Date) {
  await db.insert(userActions).values({ userId, action, createdAt: at }).onConflictDoNothing();
}

// Customer interactions

const creator = aliasedTable(users, 'creator');

export async function countInteractions(db: Executor, accountId: number): Promise<number> {
  return countRows(db, customerInteractions, eq(customerInteractions.accountId, accountId));
}

/** An interaction with the staff member who wrote it down (the list and the single read share it). */
const interactionQuery = (db: Executor) =>
  db
    .select({
      id: customerInteractions.id,
      kind: customerInteractions.kind,
      direction: customerInteractions.direction,
      topic: customerInteractions.topic,
      outcome: customerInteractions.outcome,
      summary: customerInteractions.summary,
      occurredAt: customerInteractions.occurredAt,
      createdAt: customerInteractions.createdAt,
      creatorId: creator.id,
      creatorFirstName: creator.firstName,
      creatorLastName: creator.lastName,
    })
    .from(customerInteractions)
    .leftJoin(creator, eq(creator.id, customerInteractions.createdByUserId));

/** Newest first. */
export async function listInteractions(db: Executor, accountId: number, limit: number, offset: number) {
  return interactionQuery(db)
    .where(eq(customerInteractions.accountId, accountId))
    .orderBy(desc(customerInteractions.occurredAt), desc(customerInteractions.id))
    .limit(limit)
    .offset(offset);
}

export type InteractionRow = Awaited<ReturnType<typeof listInteractions>>[number];

export async function insertInteraction(
  db: Executor,
  values: {
    accountId: number;
    kind: string;
    direction: string;
    topic: string | null;
    outcome: string | null;
    summary: string;
    occurredAt: Date;
    createdByUserId: number;
  },
): Promise<number> {
  const [row] = await db.insert(customerInteractions).values(values).returning({ id: customerInteractions.id });
  return row!.id;
}

export async function findInteraction(db: Executor, id: number): Promise<InteractionRow | null> {
  const rows = await interactionQuery(db).where(eq(customerInteractions.id, id)).limit(1);
  return rows[0] ?? null;
}

// Devices

/** A device's columns as the devices list reads them (also what a new device's insert returns). */
export const deviceColumns = {
  id: devices.id,
  accountId: devices.accountId,
  name: devices.name,
  platform: devices.platform,
  isKioskMode: devices.isKioskMode,
  kioskModeOnDevice: devices.kioskModeOnDevice,
  hasToken: sql<boolean>`${devices.tokenHash} is not null`.mapWith(Boolean),
  /** A parent approved the tablet's code; the tablet has not picked its token up yet (decision 0042). */
  // Qualified by hand: inside the subquery an unqualified "id" would be the pairing's own.
  connecting:
    sql<boolean>`exists (select 1 from ${deviceAuthorizations} where ${deviceAuthorizations}.device_id = ${devices}.id and ${deviceAuthorizations}.status = 'approved')`.mapWith(
      Boolean,
    ),
  lastSeenAt: devices.lastSeenAt,
  createdAt: devices.createdAt,
};

export type DeviceRow = {
  id: number;
  accountId: number;
  name: string;
  platform: string;
  isKioskMode: boolean;
  kioskModeOnDevice: boolean;
  hasToken: boolean;
  connecting: boolean;
  lastSeenAt: Date | null;
  createdAt: Date;
};

export async function countDevices(db: Executor, accountId: number): Promise<number> {
  return countRows(db, devices, eq(devices.accountId, accountId));
}

export async function listDevices(
  db: Executor,
  accountId: number,
  limit: number,
  offset: number,
): Promise<DeviceRow[]> {
  return db
    .select(deviceColumns)
    .from(devices)
    .where(eq(devices.accountId, accountId))
    .orderBy(asc(devices.id))
    .limit(limit)
    .offset(offset);
}

/**
 * Changes one device in one statement, only when it belongs to `accountId` (any account when null):
 * the changed device, or null when there is no such device there.
 */
export async function updateDevice(
  db: Executor,
  deviceId: number,
  accountId: number | null,
  patch: { isKioskMode?: boolean; name?: string; tokenHash?: null },
  now: Date,
): Promise<DeviceRow | null> {
  const rows = await db
    .update(devices)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(devices.id, deviceId), accountId === null ? undefined : eq(devices.accountId, accountId)))
    .returning(deviceColumns);
  return rows[0] ?? null;
}

/**
 * A revoked device's approved pairing, if its tablet has not picked the token up yet, is declined:
 * its next poll answers access_denied instead of handing out a token.
 */
export async function declineUnclaimedPairing(db: Executor, deviceId: number, now: Date): Promise<void> {
  await db
    .update(deviceAuthorizations)
    .set({ status: 'denied', decidedAt: now })
    .where(and(eq(deviceAuthorizations.deviceId, deviceId), eq(deviceAuthorizations.status, 'approved')));
}
