/**
 * Audit specs of the staff writes (lib/contract.ts AuditSpec): which account a write concerns and
 * the state of the changed thing, read with one indexed query before and after the write.
 */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, devices, invoices, players, subscriptions, webinars } from '../../db/schema/index.ts';
import type { AuditTarget } from '../../lib/contract.ts';

type IdRequest = { params: { id: number } };

const idOf = (target: AuditTarget) => Number(target.entityId);

/** A write on an account, seen through some of its columns. */
export function accountSpec(
  db: Db,
  columns: readonly ('account_status' | 'coach_user_id' | 'game_version' | 'time_zone')[],
) {
  return {
    entity: 'account',
    target: ({ params }: IdRequest) => ({ accountId: params.id, entityId: params.id }),
    load: async (target: AuditTarget) => {
      const [row] = await db
        .select({
          account_status: accounts.accountStatus,
          coach_user_id: accounts.coachUserId,
          game_version: accounts.gameVersion,
          time_zone: accounts.timeZone,
        })
        .from(accounts)
        .where(eq(accounts.id, idOf(target)));
      return row ? Object.fromEntries(columns.map((column) => [column, row[column]])) : null;
    },
  };
}

/** A player's gauge, chase speed and acorns (SPEC §6: staff change them with a reason). */
export function playerSpec(db: Db) {
  return {
    entity: 'player',
    target: async ({ params }: IdRequest) => {
      const [row] = await db.select({ accountId: players.accountId }).from(players).where(eq(players.id, params.id));
      return { accountId: row?.accountId ?? null, entityId: params.id };
    },
    load: async (target: AuditTarget) => {
      const [row] = await db
        .select({ hr_gauge: players.hrGauge, chase_speed: players.chaseSpeed, acorns: players.acorns })
        .from(players)
        .where(eq(players.id, idOf(target)));
      return row ?? null;
    },
  };
}

/** What a player is to the family, and its game settings: the columns a staff write may change. */
async function loadPlayerRecord(db: Db, target: AuditTarget) {
  const [row] = await db
    .select({
      name: players.name,
      role: players.role,
      in_program: players.inProgram,
      hr_gauge: players.hrGauge,
      chase_speed: players.chaseSpeed,
      acorns: players.acorns,
    })
    .from(players)
    .where(eq(players.id, idOf(target)));
  return row ?? null;
}

/**
 * A staff member changing a player through the family's routes (PATCH and PUT /api/v2/player/{id}):
 * filed under the player's account, so the account's history lists it and an erasure redacts it.
 */
export function playerRecordSpec(db: Db) {
  return {
    entity: 'player',
    target: playerSpec(db).target,
    load: (target: AuditTarget) => loadPlayerRecord(db, target),
  };
}

/**
 * A staff member adding a player to a family (POST /api/v2/player with `account`): filed under that
 * account; the new player's id comes from the answer, and after holds its values.
 */
export function newPlayerSpec(db: Db) {
  return {
    entity: 'player',
    target: ({ body }: { body: { account?: number } }) => ({ accountId: body.account ?? null, entityId: null }),
    load: (target: AuditTarget) => loadPlayerRecord(db, target),
  };
}

export function invoiceSpec(db: Db) {
  return {
    entity: 'invoice',
    target: async ({ params }: IdRequest) => {
      const [row] = await db.select({ accountId: invoices.accountId }).from(invoices).where(eq(invoices.id, params.id));
      return { accountId: row?.accountId ?? null, entityId: params.id };
    },
    load: async (target: AuditTarget) => {
      const [row] = await db
        .select({ number: invoices.number, status: invoices.status, refunded_cents: invoices.refundedCents })
        .from(invoices)
        .where(eq(invoices.id, idOf(target)));
      return row ?? null;
    },
  };
}

/** A subscription flow on an account (the account's newest subscription). */
export function subscriptionSpec(db: Db) {
  return {
    entity: 'subscription',
    target: ({ params }: IdRequest) => ({ accountId: params.id, entityId: params.id }),
    load: async (target: AuditTarget) => {
      const [row] = await db
        .select({
          id: subscriptions.id,
          status: subscriptions.status,
          cancel_at: subscriptions.cancelAt,
          current_period_end: subscriptions.currentPeriodEnd,
        })
        .from(subscriptions)
        .where(eq(subscriptions.accountId, idOf(target)))
        .orderBy(desc(subscriptions.id))
        .limit(1);
      return row ?? null;
    },
  };
}

export function deviceSpec(db: Db) {
  return {
    entity: 'device',
    target: async ({ params }: IdRequest) => {
      const [row] = await db.select({ accountId: devices.accountId }).from(devices).where(eq(devices.id, params.id));
      return { accountId: row?.accountId ?? null, entityId: params.id };
    },
    load: async (target: AuditTarget) => {
      const [row] = await db
        .select({ name: devices.name, is_kiosk_mode: devices.isKioskMode })
        .from(devices)
        .where(eq(devices.id, idOf(target)));
      return row ?? null;
    },
  };
}

export function webinarSpec(db: Db) {
  return {
    entity: 'webinar',
    target: ({ params }: { params?: { id: number } }) => ({ accountId: null, entityId: params?.id ?? null }),
    load: async (target: AuditTarget) => {
      const [row] = await db
        .select({
          title: webinars.title,
          starts_at: webinars.startsAt,
          duration_minutes: webinars.durationMinutes,
          capacity: webinars.capacity,
          join_url: webinars.joinUrl,
          cancelled_at: webinars.cancelledAt,
        })
        .from(webinars)
        .where(eq(webinars.id, idOf(target)));
      return row ?? null;
    },
  };
}

/** A conversation logged with a family (customer interactions): the answer is what was logged. */
export function interactionSpec() {
  return {
    entity: 'interaction',
    target: ({ params }: IdRequest) => ({ accountId: params.id, entityId: null }),
  };
}
