import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sandboxOperations } from '../../db/schema/index.ts';

export type SandboxOperation = typeof sandboxOperations.$inferSelect;
export type NewSandboxOperation = typeof sandboxOperations.$inferInsert;

export async function insertOperation(db: Executor, row: NewSandboxOperation): Promise<SandboxOperation | null> {
  const [inserted] = await db.insert(sandboxOperations).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function findOperation(db: Executor, objectId: string): Promise<SandboxOperation | null> {
  const [row] = await db.select().from(sandboxOperations).where(eq(sandboxOperations.objectId, objectId));
  return row ?? null;
}

export async function findByIdempotencyKey(db: Executor, kind: string, key: string): Promise<SandboxOperation | null> {
  const [row] = await db
    .select()
    .from(sandboxOperations)
    .where(and(eq(sandboxOperations.kind, kind), eq(sandboxOperations.idempotencyKey, key)));
  return row ?? null;
}

export async function updateOperationDetail(
  db: Executor,
  objectId: string,
  detail: Record<string, unknown>,
): Promise<void> {
  await db.update(sandboxOperations).set({ detail }).where(eq(sandboxOperations.objectId, objectId));
}

/** How many charges to one card of a customer were declined. */
export async function countDeclinedCharges(db: Executor, customerId: string, methodId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(sandboxOperations)
    .where(
      and(
        eq(sandboxOperations.kind, 'charge'),
        eq(sandboxOperations.customerId, customerId),
        eq(sandboxOperations.status, 'declined'),
        sql`${sandboxOperations.detail}->>'method' = ${methodId}`,
      ),
    );
  return row?.value ?? 0;
}
