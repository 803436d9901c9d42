/**
 * Demo data (db/seed FEATURE_SEEDERS): deletion requests as families make them. The cancelled demo
 * family (cancelled@example.com) has asked to close its account, and one generated family to
 * delete a child's data, both inside the grace period, so staff's Admin → Deletions lists them;
 * the Magellan family's history holds a child's data deleted months ago. The demo requests have no
 * job of their own: the nightly run carries out those whose date has come (runDueDeletions).
 */
import { deletionDueAt } from '@grove/domain/data-rights';
import { and, asc, eq, ne } from 'drizzle-orm';
import { deletionRequests, users } from '../../db/schema/index.ts';
import type { Executor } from '../../db/client.ts';
import type { SeedContext } from '../../db/seed/context.ts';
import { DEMO_LOGINS } from '../../db/seed/demo-logins.ts';

const DAY = 86_400_000;

/** The first parent of the account of `email`'s owner, or of `accountId`. */
async function holder(db: Executor, where: { email: string } | { accountId: number }) {
  const [row] = await db
    .select({ id: users.id, accountId: users.accountId, email: users.email })
    .from(users)
    .where(
      'email' in where
        ? eq(users.email, where.email)
        : and(eq(users.accountId, where.accountId), eq(users.isStaff, false), ne(users.billingStatus, 'NOT_PURCHASED')),
    )
    .orderBy(asc(users.id))
    .limit(1);
  return row && row.accountId !== null ? { ...row, accountId: row.accountId } : null;
}

/** Rows erased when a child of about eight months of play was deleted (the shape the job records). */
const REMOVED_FOR_A_CHILD = {
  share_link_views: 3,
  share_links: 1,
  hr_rises: 1_284,
  cool_downs: 702,
  cooldown_events: 1_436,
  play_sessions: 431,
  player_stat_changes: 6,
  experiment_variants: 1,
  survey_responses: 2,
  coach_notes: 4,
  consent_records: 1,
  email_outbox: 31,
  players: 1,
};

export async function seedDeletionRequests({ db, now, players }: SeedContext): Promise<void> {
  const rows: (typeof deletionRequests.$inferInsert)[] = [];

  const closing = await holder(db, { email: 'cancelled@example.com' });
  if (closing) {
    const requestedAt = new Date(now.getTime() - 2 * DAY);
    rows.push({
      accountId: closing.accountId,
      scope: 'account',
      requestedBy: closing.id,
      requestedAt,
      dueAt: deletionDueAt(requestedAt),
      notifyEmail: closing.email,
    });
  }

  const history = await holder(db, { email: 'magellan@example.com' });
  if (history) {
    const requestedAt = new Date(now.getTime() - 130 * DAY);
    const dueAt = deletionDueAt(requestedAt);
    rows.push({
      accountId: history.accountId,
      scope: 'player',
      playerName: 'Rowan',
      status: 'completed',
      requestedBy: history.id,
      requestedAt,
      dueAt,
      completedAt: new Date(dueAt.getTime() + 4 * 60_000),
      removed: REMOVED_FOR_A_CHILD,
    });
  }

  // A generated family (the last one seeded; never a demo login's) deleting one child's data.
  const generatedPlayer = players.at(-1);
  const parent = generatedPlayer ? await holder(db, { accountId: generatedPlayer.accountId }) : null;
  const demo = new Set<string>([
    ...DEMO_LOGINS.map((login) => login.email),
    closing?.email ?? '',
    history?.email ?? '',
  ]);
  if (generatedPlayer && parent && !demo.has(parent.email)) {
    const requestedAt = new Date(now.getTime() - 3 * DAY);
    rows.push({
      accountId: generatedPlayer.accountId,
      playerId: generatedPlayer.id,
      scope: 'player',
      playerName: generatedPlayer.name,
      requestedBy: parent.id,
      requestedAt,
      dueAt: deletionDueAt(requestedAt),
      notifyEmail: parent.email,
    });
  }

  if (rows.length > 0) await db.insert(deletionRequests).values(rows);
}
