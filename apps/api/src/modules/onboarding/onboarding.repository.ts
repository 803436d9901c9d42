/**
 * Onboarding's queries: the steps an account finished by hand, and — read at request time — when
 * each automatic source first happened for the account (null when it has not).
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  accounts,
  coachingCalls,
  devices,
  onboardingSteps,
  players,
  playSessions,
  shipments,
  users,
  webinarRegistrations,
} from '../../db/schema/index.ts';

export type AutoSource = 'players' | 'kit' | 'device' | 'play' | 'webinar' | 'coaching';

/** `accounts.id`, qualified: inside a subquery a bare "id" would be the subquery's own table's. */
const accountRef = sql`${sql.identifier('accounts')}.${sql.identifier('id')}`;

const at = (query: ReturnType<typeof sql>) => sql<Date | null>`(${query})`.mapWith(onboardingSteps.passedAt);

/**
 * When each source first happened for the account, in one statement of scalar subqueries:
 * players — its first player; kit — its first delivered kit shipment, or its first device seen
 * by Grove; device — its first device holding a token or seen; play — its first play session;
 * webinar — the first registration of one of its users; coaching — its first call booked (still
 * scheduled, or completed). Null when there is no account.
 */
export async function autoSources(db: Executor, accountId: number): Promise<Record<AutoSource, Date | null> | null> {
  const [row] = await db
    .select({
      players: at(sql`select min(${players.createdAt}) from ${players} where ${players.accountId} = ${accountRef}`),
      kit: at(sql`select least(
          (select min(${shipments.updatedAt}) from ${shipments}
            where ${shipments.accountId} = ${accountRef} and upper(${shipments.status}) = 'DELIVERED'
              and ${shipments.kind} <> 'return'),
          (select min(${devices.createdAt}) from ${devices}
            where ${devices.accountId} = ${accountRef} and ${devices.lastSeenAt} is not null))`),
      device: at(
        sql`select min(${devices.createdAt}) from ${devices} where ${devices.accountId} = ${accountRef} and (${devices.tokenHash} is not null or ${devices.lastSeenAt} is not null)`,
      ),
      play: at(
        sql`select min(${playSessions.periodDatetime}) from ${playSessions} where ${playSessions.accountId} = ${accountRef}`,
      ),
      webinar: at(
        sql`select min(${webinarRegistrations.createdAt}) from ${webinarRegistrations} join ${users} on ${users.id} = ${webinarRegistrations.userId} where ${users.accountId} = ${accountRef}`,
      ),
      coaching: at(
        sql`select min(${coachingCalls.createdAt}) from ${coachingCalls} where ${coachingCalls.accountId} = ${accountRef} and ${coachingCalls.status} in ('scheduled', 'completed')`,
      ),
    })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row ?? null;
}

export async function finishedSteps(db: Executor, accountId: number) {
  return db
    .select({ step: onboardingSteps.step, passedAt: onboardingSteps.passedAt })
    .from(onboardingSteps)
    .where(eq(onboardingSteps.accountId, accountId));
}

/** Records a step finished by hand; a step already recorded keeps its first time. */
export async function finishStep(db: Executor, accountId: number, step: string, userId: number, now: Date) {
  await db
    .insert(onboardingSteps)
    .values({ accountId, step, passedAt: now, passedByUserId: userId })
    .onConflictDoNothing();
}
