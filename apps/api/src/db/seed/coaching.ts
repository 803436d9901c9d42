/**
 * Demo coaching data (docs/coaching.md), relative to the seed's "now":
 *
 * - a profile and booking calendar for each seeded coach: coach@example.com (Casey Morgan) works
 *   Monday–Friday 09:00–12:00 and 13:00–17:00 in New York, coach2 Monday–Thursday 10:00–16:00 in
 *   Los Angeles, coach3 Tuesday–Saturday mornings in Chicago;
 * - Casey's time off: the Friday of the week after next, and a week in a month;
 * - for each family coached by Casey (the core seeder assigned them): calls of the last months —
 *   completed ones with a summary and notes (shared with the parents, or private), one no-show —
 *   and two upcoming calls (parent@example.com in a few days, newkit@example.com next week);
 * - a past call and a note for the families of the other coaches, so their lists are not empty;
 * - one of Casey's families (the first numbered one with players) stopped playing 12 days ago, so
 *   her caseload has a family that needs attention first (its later sessions are removed).
 *
 * Deterministic: its own seeded generator, and times on the coaches' clocks.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { seededRandom } from '../../lib/random.ts';
import { addDays, isoWeekday, localDate, wallClockInstant } from '../../modules/coaching/coaching.availability.ts';
import {
  accounts,
  coachingCalls,
  coachNotes,
  coachProfiles,
  coachTimeOff,
  coachWorkingHours,
  players,
  users,
} from '../schema/index.ts';
import type { SeedContext } from './context.ts';

const SLOT_MS = 30 * 60_000;
/** How long ago the demo's stopped family last played (the caseload's "stopped" is 10 days). */
const STOPPED_DAYS = 12;

/** Removes an account's play of the last STOPPED_DAYS days: the sessions and their rises, cooldowns and events. */
async function stopPlay(db: SeedContext['db'], accountId: number, now: Date) {
  const since = new Date(now.getTime() - STOPPED_DAYS * 86_400_000);
  const recent = sql`(select id from play_sessions where account_id = ${accountId} and period_datetime >= ${since})`;
  for (const table of ['hr_rises', 'cool_downs', 'cooldown_events']) {
    await db.execute(sql`delete from ${sql.identifier(table)} where session_id in ${recent}`);
  }
  await db.execute(sql`delete from play_sessions where account_id = ${accountId} and period_datetime >= ${since}`);
}

const COACHES = [
  {
    email: 'coach@example.com',
    widgetId: 'casey-morgan',
    title: 'Lead family coach',
    bio: 'Casey has coached families through Grove for six years and loves helping children find their calm.',
    timeZone: 'America/New_York',
    acceptsBookings: true,
    hours: [1, 2, 3, 4, 5].flatMap((weekday) => [
      { weekday, startMinute: 9 * 60, endMinute: 12 * 60 },
      { weekday, startMinute: 13 * 60, endMinute: 17 * 60 },
    ]),
  },
  {
    email: 'coach2@example.com',
    widgetId: 'riley-okafor',
    title: 'Family coach',
    bio: 'Riley is a former school counsellor who coaches families on the West Coast.',
    timeZone: 'America/Los_Angeles',
    acceptsBookings: true,
    hours: [1, 2, 3, 4].map((weekday) => ({ weekday, startMinute: 10 * 60, endMinute: 16 * 60 })),
  },
  {
    email: 'coach3@example.com',
    widgetId: 'avery-lindqvist',
    title: 'Family coach',
    bio: 'Avery coaches families in the Midwest and in the mountains, mornings only.',
    timeZone: 'America/Chicago',
    acceptsBookings: true,
    hours: [2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 8 * 60, endMinute: 12 * 60 })),
  },
] as const;

const SUMMARIES = [
  'Talked through the first weeks: sessions after school work best. Agreed on three short sessions a week.',
  'Good progress on cooldowns. We practised the breathing game together and set a goal of 45 minutes a week.',
  'Discussed a tricky week with homework. Suggested playing before dinner instead of before bed.',
  'Reviewed the charts: more rises early in the session. Raised the chase speed a little.',
];
const SHARED_NOTES = [
  'Lovely call! Keep the sessions short and regular — three times a week is plenty.',
  'Try the cooldown game right after a rise: counting breaths out loud helps.',
  'Celebrate the acorns together at the end of each week; it keeps the motivation up.',
  'Next time, let’s look at how bedtime sessions compare with afternoon ones.',
];
const PRIVATE_NOTES = [
  'Parent mentioned screen-time worries; follow up gently next call.',
  'Younger sibling sometimes plays on the same profile — suggest a second player.',
  'Family had a busy month (moving house). Keep expectations light.',
];

/** The weekday on or after `date` (skipping Saturday and Sunday). */
function weekdayOnOrAfter(date: string): string {
  let day = date;
  while (isoWeekday(day) > 5) day = addDays(day, 1);
  return day;
}

/** `minute` after midnight of the weekday `daysFromNow` days away, on the coach's clock. */
function onCoachClock(now: Date, timeZone: string, daysFromNow: number, minute: number): Date {
  const date = weekdayOnOrAfter(addDays(localDate(now.getTime(), timeZone), daysFromNow));
  return new Date(wallClockInstant(date, minute, timeZone, 'shift')!);
}

/** `minute` after midnight of the weekday `daysAgo` days ago (or the Friday before), on the coach's clock. */
function pastOnCoachClock(now: Date, timeZone: string, daysAgo: number, minute: number): Date {
  let date = addDays(localDate(now.getTime(), timeZone), -daysAgo);
  while (isoWeekday(date) > 5) date = addDays(date, -1);
  return new Date(wallClockInstant(date, minute, timeZone, 'shift')!);
}

export async function seedCoachingData(ctx: SeedContext): Promise<void> {
  const { db, now, log } = ctx;
  const rng = seededRandom(1313);

  const coachRows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        COACHES.map((c) => c.email),
      ),
    );
  const idOf = new Map(coachRows.map((r) => [r.email, r.id]));
  const coaches = COACHES.filter((c) => idOf.has(c.email)).map((c) => ({ ...c, userId: idOf.get(c.email)! }));
  if (coaches.length === 0) return;

  await db.insert(coachProfiles).values(
    coaches.map((c) => ({
      userId: c.userId,
      title: c.title,
      bio: c.bio,
      timeZone: c.timeZone,
      widgetId: c.widgetId,
      acceptsBookings: c.acceptsBookings,
    })),
  );
  await db
    .insert(coachWorkingHours)
    .values(coaches.flatMap((c) => c.hours.map((h) => ({ coachUserId: c.userId, ...h }))));

  const casey = coaches.find((c) => c.email === 'coach@example.com');
  if (casey) {
    // The Friday of the week after next (after the upcoming calls below), and a week in a month.
    const today = localDate(now.getTime(), casey.timeZone);
    const nextFriday = addDays(today, 8 - isoWeekday(today) + 7 + 4);
    const inAMonth = addDays(today, 30);
    await db.insert(coachTimeOff).values([
      {
        coachUserId: casey.userId,
        startsAt: new Date(wallClockInstant(nextFriday, 0, casey.timeZone, 'shift')!),
        endsAt: new Date(wallClockInstant(addDays(nextFriday, 1), 0, casey.timeZone, 'shift')!),
        reason: 'Training day',
      },
      {
        coachUserId: casey.userId,
        startsAt: new Date(wallClockInstant(inAMonth, 0, casey.timeZone, 'shift')!),
        endsAt: new Date(wallClockInstant(addDays(inAMonth, 7), 0, casey.timeZone, 'shift')!),
        reason: 'Holiday',
      },
    ]);
  }

  // The families of each coach: their account holder, as the core seeder assigned them.
  let calls = 0;
  let notes = 0;
  for (const coach of coaches) {
    const families = await db
      .select({ accountId: accounts.id, userId: users.id, email: users.email, billingStatus: users.billingStatus })
      .from(accounts)
      .innerJoin(users, and(eq(users.accountId, accounts.id), eq(users.isBillingUser, true)))
      .where(eq(accounts.coachUserId, coach.userId))
      .orderBy(asc(accounts.id));
    const holders = new Map<number, (typeof families)[number]>();
    for (const f of families) if (!holders.has(f.accountId)) holders.set(f.accountId, f);
    const isCasey = coach === casey;
    // Casey's named families and a dozen more; one or two for the other coaches.
    const chosen = [...holders.values()].filter((f, i) =>
      isCasey ? f.email.endsWith('@example.com') && (!/\.\d+@/.test(f.email) || i < 16) : i < 2,
    );

    const playerRows = await db
      .select({ id: players.id, accountId: players.accountId, name: players.name })
      .from(players)
      .where(
        inArray(
          players.accountId,
          chosen.map((f) => f.accountId),
        ),
      )
      .orderBy(asc(players.id));

    if (isCasey) {
      const stopped = chosen.find((f) => /\.\d+@/.test(f.email) && playerRows.some((p) => p.accountId === f.accountId));
      if (stopped) await stopPlay(db, stopped.accountId, now);
    }

    for (const [index, fam] of chosen.entries()) {
      const kids = playerRows.filter((p) => p.accountId === fam.accountId);
      const pastCount = isCasey ? (fam.email === 'parent@example.com' ? 3 : rng.int(1, 3)) : 1;
      for (let n = 0; n < pastCount; n++) {
        const startsAt = pastOnCoachClock(now, coach.timeZone, 12 + n * 21 + rng.int(0, 6), (9 + rng.int(0, 2)) * 60);
        // One no-show among Casey's families (noplayers@example.com), the rest completed.
        const noShow = isCasey && fam.email === 'noplayers@example.com' && n === 0;
        const [call] = await db
          .insert(coachingCalls)
          .values({
            accountId: fam.accountId,
            coachUserId: coach.userId,
            bookedByUserId: fam.userId,
            startsAt,
            endsAt: new Date(startsAt.getTime() + SLOT_MS),
            status: noShow ? 'no_show' : 'completed',
            summary: noShow ? 'The family did not join; sent a text to rebook.' : rng.pick(SUMMARIES),
            reminderSentAt: new Date(startsAt.getTime() - 24 * 3_600_000),
            createdAt: new Date(startsAt.getTime() - 5 * 86_400_000),
            updatedAt: new Date(startsAt.getTime() + SLOT_MS),
          })
          .returning({ id: coachingCalls.id });
        calls++;
        if (noShow) continue;
        const written = new Date(startsAt.getTime() + 2 * SLOT_MS);
        const kid = kids.length > 0 ? rng.pick(kids) : null;
        await db.insert(coachNotes).values([
          {
            accountId: fam.accountId,
            coachUserId: coach.userId,
            callId: call!.id,
            playerId: kid?.id ?? null,
            body: kid ? `${kid.name}: ${rng.pick(SHARED_NOTES)}` : rng.pick(SHARED_NOTES),
            shared: true,
            createdAt: written,
            updatedAt: written,
          },
          ...(n === 0 || index % 3 === 0
            ? [
                {
                  accountId: fam.accountId,
                  coachUserId: coach.userId,
                  callId: call!.id,
                  body: rng.pick(PRIVATE_NOTES),
                  shared: false,
                  createdAt: written,
                  updatedAt: written,
                },
              ]
            : []),
        ]);
        notes += n === 0 || index % 3 === 0 ? 2 : 1;
      }
    }

    if (isCasey) {
      // Two upcoming calls, on Casey's hours and before her time off.
      const upcoming = [
        { email: 'parent@example.com', at: onCoachClock(now, coach.timeZone, 2, 10 * 60) },
        { email: 'newkit@example.com', at: onCoachClock(now, coach.timeZone, 4, 14 * 60 + 30) },
      ];
      for (const { email, at } of upcoming) {
        const fam = chosen.find((f) => f.email === email);
        if (!fam) continue;
        await db.insert(coachingCalls).values({
          accountId: fam.accountId,
          coachUserId: coach.userId,
          bookedByUserId: fam.userId,
          startsAt: at,
          endsAt: new Date(at.getTime() + SLOT_MS),
          ref: email === 'newkit@example.com' ? 'onboarding' : null,
          createdAt: new Date(now.getTime() - 2 * 86_400_000),
          updatedAt: new Date(now.getTime() - 2 * 86_400_000),
        });
        calls++;
      }
    }
  }
  log(`seeded ${coaches.length} coach calendars, ${calls} coaching calls and ${notes} coach notes`);
}
