/**
 * Demo tutorials (webinars) and onboarding, relative to the seed's "now":
 *
 * - five upcoming tutorials over the next three weeks, in the US evening (23:00 UTC); "Q&A with a
 *   coach" is nearly full (19 of 20 seats, taken by generated families); parent@example.com is
 *   registered for the first one, so every demo family still finds others open;
 * - two past tutorials with a few registrations (their reminders sent);
 * - onboarding: parent@example.com finished every step; newfamily@example.com nothing by hand (its
 *   steps follow its rows: no players, kit, device, game or call yet, only a registration for the
 *   first tutorial — a family that has not bought yet may join "Getting started" — so five of the
 *   six steps are still to pass). The families the journeys use (parent2, magellan, paused) are never
 *   registered here, so a step is left for paused@example.com to mark as done.
 *
 * Registrations are rows only: no reminder jobs are enqueued by the seed (the first tutorial is two
 * days away at the earliest).
 */
import { ONBOARDING_STEPS } from '@grove/domain';
import { and, asc, eq, inArray, isNotNull, like } from 'drizzle-orm';
import { onboardingSteps, users, webinarRegistrations, webinars } from '../schema/index.ts';
import type { SeedContext } from './context.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const JOIN = 'https://meet.example.com/grove-tutorials';

interface Plan {
  title: string;
  description: string;
  hostName: string;
  days: number;
  durationMinutes: number;
  capacity: number;
  /** Registrations by generated families. */
  taken: number;
}

const UPCOMING: Plan[] = [
  {
    title: 'Getting started with Grove',
    description: 'Set up the tablet and the band, add your players, and see how a first game goes.',
    hostName: 'Casey Morgan',
    days: 2,
    durationMinutes: 30,
    capacity: 50,
    taken: 6,
  },
  {
    title: 'Calm-down skills at home',
    description: 'Breathing and counting games that help children calm down after a heart-rate rise.',
    hostName: 'Riley Okafor',
    days: 6,
    durationMinutes: 45,
    capacity: 40,
    taken: 4,
  },
  {
    title: 'Q&A with a coach',
    description: 'Bring your questions about the program; a coach answers them live.',
    hostName: 'Avery Lindqvist',
    days: 10,
    durationMinutes: 30,
    capacity: 20,
    taken: 19,
  },
  {
    title: 'Understanding Player Stats',
    description: 'What rises, cooldowns and weekly minutes say about your child’s progress.',
    hostName: 'Casey Morgan',
    days: 14,
    durationMinutes: 30,
    capacity: 40,
    taken: 3,
  },
  {
    title: 'Getting back on track after a break',
    description: 'Holidays, illness, a busy month: how to restart the games without pressure.',
    hostName: 'Riley Okafor',
    days: 19,
    durationMinutes: 30,
    capacity: 30,
    taken: 2,
  },
];

const PAST: Plan[] = [
  {
    title: 'Welcome to Grove: your first week',
    description: 'A tour of the portal and the games for new families.',
    hostName: 'Casey Morgan',
    days: -5,
    durationMinutes: 30,
    capacity: 50,
    taken: 8,
  },
  {
    title: 'Heart-rate basics for parents',
    description: 'How the band reads the heart rate, and why calming down is a skill that grows.',
    hostName: 'Avery Lindqvist',
    days: -12,
    durationMinutes: 45,
    capacity: 30,
    taken: 5,
  },
];

export async function seedWebinarData(ctx: SeedContext): Promise<void> {
  const { db, now, log } = ctx;
  const midnight = Math.floor(now.getTime() / DAY) * DAY;
  const startOf = (days: number) => new Date(midnight + days * DAY + 23 * HOUR);

  const staffUser = await db.select({ id: users.id }).from(users).where(eq(users.email, 'staff@example.com'));
  const named = await db
    .select({ id: users.id, email: users.email, accountId: users.accountId })
    .from(users)
    .where(inArray(users.email, ['parent@example.com', 'newfamily@example.com']));
  const parent = named.find((u) => u.email === 'parent@example.com');
  const newFamily = named.find((u) => u.email === 'newfamily@example.com');
  // Generated families (first.last.N@example.com) that are in the program: never a named demo login.
  const generated = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        like(users.email, '%.%.%@example.com'),
        isNotNull(users.accountId),
        eq(users.billingStatus, 'ACTIVE'),
        eq(users.isActive, true),
      ),
    )
    .orderBy(asc(users.id));

  const plans = [...UPCOMING, ...PAST];
  const created = await db
    .insert(webinars)
    .values(
      plans.map((p) => ({
        title: p.title,
        description: p.description,
        hostName: p.hostName,
        startsAt: startOf(p.days),
        durationMinutes: p.durationMinutes,
        capacity: p.capacity,
        joinUrl: `${JOIN}/${p.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
        createdByUserId: staffUser[0]?.id ?? null,
        createdAt: new Date(now.getTime() - 30 * DAY),
      })),
    )
    .returning({ id: webinars.id, startsAt: webinars.startsAt });

  const rows: (typeof webinarRegistrations.$inferInsert)[] = [];
  plans.forEach((p, i) => {
    const webinar = created[i]!;
    const past = webinar.startsAt.getTime() < now.getTime();
    // Each tutorial takes its registrants from its own place in the list, so they vary.
    const taken = Math.min(p.taken, generated.length);
    for (let n = 0; n < taken; n++) {
      const user = generated[(i * 7 + n) % generated.length]!;
      rows.push({
        webinarId: webinar.id,
        userId: user.id,
        createdAt: new Date(Math.min(now.getTime(), webinar.startsAt.getTime()) - (n + 2) * 7 * HOUR),
        reminderSentAt: past ? new Date(webinar.startsAt.getTime() - DAY) : null,
      });
    }
  });
  if (parent) {
    rows.push({ webinarId: created[0]!.id, userId: parent.id, createdAt: new Date(now.getTime() - 3 * DAY) });
  }
  if (newFamily) {
    rows.push({ webinarId: created[0]!.id, userId: newFamily.id, createdAt: new Date(now.getTime() - 2 * HOUR) });
  }
  // (i * 7 + n) can repeat a person only when there are fewer generated families than seats.
  if (rows.length) await db.insert(webinarRegistrations).values(rows).onConflictDoNothing();

  if (parent?.accountId) {
    await db
      .insert(onboardingSteps)
      .values(
        ONBOARDING_STEPS.map((step, n) => ({
          accountId: parent.accountId!,
          step: step.id,
          passedAt: new Date(now.getTime() - (60 - n * 7) * DAY),
          passedByUserId: parent.id,
        })),
      )
      .onConflictDoNothing();
  }
  log(`seeded ${created.length} tutorials with ${rows.length} registrations, and onboarding`);
}
