/**
 * Demo data (db/seed FEATURE_SEEDERS): every seeded family that has bought Grove consented at
 * checkout to the policy in force, so no demo parent is asked again at sign-in. A family that has
 * not bought yet (NOT_PURCHASED) consents at its checkout.
 */
import { PRIVACY_POLICY_VERSION } from '@grove/domain/privacy';
import { and, asc, ne } from 'drizzle-orm';
import { consentRecords, users } from '../../db/schema/index.ts';
import { anyOf, type SeedContext } from '../../db/seed/context.ts';

const CHUNK = 1000;

export async function seedConsentRecords({ db, accountIds }: SeedContext): Promise<void> {
  if (accountIds.length === 0) return;
  const people = await db
    .select({ id: users.id, accountId: users.accountId, createdAt: users.createdAt })
    .from(users)
    .where(and(anyOf(users.accountId, accountIds), ne(users.billingStatus, 'NOT_PURCHASED')))
    .orderBy(asc(users.id));
  // The first person of each account checked out.
  const holders = new Map<number, { id: number; createdAt: Date }>();
  for (const person of people) {
    if (person.accountId !== null && !holders.has(person.accountId)) holders.set(person.accountId, person);
  }
  const rows = [...holders].map(([accountId, holder]) => ({
    accountId,
    userId: holder.id,
    kind: 'program_terms',
    granted: true,
    policyVersion: PRIVACY_POLICY_VERSION,
    createdAt: holder.createdAt,
  }));
  for (let i = 0; i < rows.length; i += CHUNK) await db.insert(consentRecords).values(rows.slice(i, i + CHUNK));
}
