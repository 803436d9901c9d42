/** consent_records: written only by insert (append-only), read newest first. */
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { countRows } from '../../db/count.ts';
import { accounts, consentRecords, players, users } from '../../db/schema/index.ts';

export interface ConsentInput {
  accountId: number;
  userId: number | null;
  playerId?: number | null;
  kind: string;
  granted: boolean;
  policyVersion: string;
  ip?: string | null;
  userAgent?: string | null;
  createdAt?: Date;
}

export async function insertConsent(db: Executor, input: ConsentInput) {
  const [row] = await db
    .insert(consentRecords)
    .values({
      accountId: input.accountId,
      userId: input.userId,
      playerId: input.playerId ?? null,
      kind: input.kind,
      granted: input.granted,
      policyVersion: input.policyVersion,
      ip: input.ip ?? null,
      userAgent: input.userAgent ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning({ id: consentRecords.id });
  return row!.id;
}

const recordColumns = {
  id: consentRecords.id,
  kind: consentRecords.kind,
  granted: consentRecords.granted,
  policyVersion: consentRecords.policyVersion,
  createdAt: consentRecords.createdAt,
  userId: consentRecords.userId,
  userFirstName: users.firstName,
  userLastName: users.lastName,
  playerId: consentRecords.playerId,
  playerName: players.name,
};

export type ConsentRow = Awaited<ReturnType<typeof listAccountConsents>>[number];

/** An account's records, newest first (id order: the order they were written). */
export async function listAccountConsents(db: Executor, accountId: number, limit: number, offset = 0) {
  return db
    .select(recordColumns)
    .from(consentRecords)
    .leftJoin(users, eq(users.id, consentRecords.userId))
    .leftJoin(players, eq(players.id, consentRecords.playerId))
    .where(eq(consentRecords.accountId, accountId))
    .orderBy(desc(consentRecords.id))
    .limit(limit)
    .offset(offset);
}

export async function countAccountConsents(db: Executor, accountId: number): Promise<number> {
  return countRows(db, consentRecords, eq(consentRecords.accountId, accountId));
}

/** The latest record of a kind in an account, granted ones only when `grantedOnly`. */
export async function latestAccountConsent(db: Executor, accountId: number, kind: string, grantedOnly: boolean) {
  const [row] = await db
    .select({ policyVersion: consentRecords.policyVersion, granted: consentRecords.granted })
    .from(consentRecords)
    .where(
      and(
        eq(consentRecords.accountId, accountId),
        eq(consentRecords.kind, kind),
        grantedOnly ? eq(consentRecords.granted, true) : undefined,
      ),
    )
    .orderBy(desc(consentRecords.id))
    .limit(1);
  return row ?? null;
}

/** A person's latest record of a kind (the analytics choice is each person's own). */
export async function latestUserConsent(db: Executor, userId: number, kind: string) {
  const [row] = await db
    .select({ granted: consentRecords.granted })
    .from(consentRecords)
    .where(and(eq(consentRecords.userId, userId), eq(consentRecords.kind, kind)))
    .orderBy(desc(consentRecords.id))
    .limit(1);
  return row ?? null;
}

export async function accountExists(db: Executor, accountId: number): Promise<boolean> {
  const rows = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return rows.length > 0;
}
