/**
 * What the coaching tests share: coaches with a calendar, families, slots relative to the clock,
 * and reads of the rows a request wrote. Not a test file itself.
 */
import { and, eq } from 'drizzle-orm';
import { createCoach, createParent } from '../../../test/factories.ts';
import type { TestContext } from '../../../test/helpers.ts';
import {
  accounts,
  coachingCalls,
  coachProfiles,
  coachWorkingHours,
  emailOutbox,
  smsOutbox,
} from '../../db/schema/index.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const SLOT = 30 * 60_000;

let widgets = 0;

/** A coach with a profile and weekly hours (default: every day, all day, in UTC — any slot on the grid is open). */
export async function coachWithCalendar(
  t: TestContext,
  options: {
    timeZone?: string;
    hours?: { weekday: number; start: number; end: number }[];
    acceptsBookings?: boolean;
    firstName?: string;
  } = {},
) {
  const coach = await createCoach(t.db);
  const widgetId = `widget-${coach.user.id}-${widgets++}`;
  await t.db.insert(coachProfiles).values({
    userId: coach.user.id,
    widgetId,
    timeZone: options.timeZone ?? 'UTC',
    acceptsBookings: options.acceptsBookings ?? true,
    title: 'Family coach',
    bio: 'Helps families play together.',
  });
  const hours = options.hours ?? [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: 0, end: 1440 }));
  if (hours.length > 0) {
    await t.db
      .insert(coachWorkingHours)
      .values(
        hours.map((h) => ({ coachUserId: coach.user.id, weekday: h.weekday, startMinute: h.start, endMinute: h.end })),
      );
  }
  return { ...coach, widgetId };
}

/** A parent whose family has `coachUserId` as its coach (or none), in `timeZone`, with a US phone number. */
export async function family(
  t: TestContext,
  options: { coachUserId?: number | null; timeZone?: string; billingStatus?: string; phone?: string } = {},
) {
  const parent = await createParent(t.db, {
    players: ['Robin'],
    user: {
      phonenumber: options.phone ?? '2015550123',
      country: 'US',
      billingStatus: options.billingStatus ?? 'ACTIVE',
    },
  });
  await t.db
    .update(accounts)
    .set({ coachUserId: options.coachUserId ?? null, timeZone: options.timeZone ?? 'America/New_York' })
    .where(eq(accounts.id, parent.account.id));
  return parent;
}

/** The first start on the 30-minute grid at least `hours` from now, as ISO 8601. */
export function slotIn(hours: number, now = Date.now()): string {
  return new Date(Math.ceil((now + hours * HOUR) / SLOT) * SLOT).toISOString();
}

export async function callsOf(t: TestContext, coachUserId: number) {
  return t.db.select().from(coachingCalls).where(eq(coachingCalls.coachUserId, coachUserId));
}

export async function mailTo(t: TestContext, userId: number, template?: string) {
  return t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.userId, userId), template ? eq(emailOutbox.template, template) : undefined));
}

export async function textsTo(t: TestContext, userId: number, template?: string) {
  return t.db
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.userId, userId), template ? eq(smsOutbox.template, template) : undefined));
}

/** The reminder jobs of a call waiting in the queue. */
export async function reminderJobs(t: TestContext, callId: number) {
  const { rows } = await t.database.executeSql(
    `select data, start_after, state from pgboss.job where name = 'coaching.reminder' and (data->>'callId')::int = $1 order by created_on`,
    [callId],
  );
  return rows as { data: { callId: number; startsAt: string }; start_after: Date | string; state: string }[];
}

export async function accountCoach(t: TestContext, accountId: number) {
  const [row] = await t.db
    .select({ coachUserId: accounts.coachUserId })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.coachUserId ?? null;
}

/** Inserts a call directly (a past one, or one the rules would refuse now). */
export async function insertCall(
  t: TestContext,
  values: { accountId: number; coachUserId: number; startsAt: Date; status?: string; bookedByUserId?: number },
) {
  const [row] = await t.db
    .insert(coachingCalls)
    .values({ ...values, endsAt: new Date(values.startsAt.getTime() + SLOT) })
    .returning();
  return row!;
}
