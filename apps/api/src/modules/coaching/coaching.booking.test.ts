/**
 * Coaches, calendars and booking through the API: profiles, the coaches list, available hours
 * (bookings and time off left out), booking with its rules — one family per slot whatever the
 * concurrency — cancelling and moving with the cutoff and the limit, the messages and the reminder.
 */
import { BOOKING_RULES, COACHING_MESSAGES, COACHING_REFUSALS } from '@grove/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createParent } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { coachingCalls, coachTimeOff } from '../../db/schema/index.ts';
import { isSlotTaken } from './coaching.repository.ts';
import { COACHING_REMINDER } from './coaching.jobs.ts';
import {
  accountCoach,
  callsOf,
  coachWithCalendar,
  DAY,
  family,
  HOUR,
  insertCall,
  mailTo,
  reminderJobs,
  slotIn,
  SLOT,
  textsTo,
} from './coaching.test-support.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const put = (url: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers, payload });
const book = (headers: Record<string, string>, widgetId: string, startsAt: string, ref?: string) =>
  post('/api/v1/coach_booking/book/', headers, { widget_id: widgetId, starts_at: startsAt, ...(ref ? { ref } : {}) });

describe('coach profiles and the coaches list', () => {
  it('answers a coach’s profile, and 404 for anyone else or no one', async () => {
    const coach = await coachWithCalendar(t, { timeZone: 'America/Los_Angeles' });
    const parent = await family(t);
    const res = await get(`/api/v2/coach/profile/${coach.user.id}/`, parent.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: coach.user.id,
      name: 'Coach Person',
      first_name: 'Coach',
      title: 'Family coach',
      bio: 'Helps families play together.',
      time_zone: 'America/Los_Angeles',
      widget_id: coach.widgetId,
      accepts_bookings: true,
    });
    expect((await get(`/api/v2/coach/profile/${parent.user.id}/`, parent.headers)).statusCode).toBe(404);
    expect((await get('/api/v2/coach/profile/999999/', parent.headers)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/coach/profile/${coach.user.id}/` })).statusCode).toBe(
      401,
    );
  });

  it('lists the coaches taking bookings, the family’s own coach first even when it takes none', async () => {
    const own = await coachWithCalendar(t, { acceptsBookings: false });
    const closed = await coachWithCalendar(t, { acceptsBookings: false });
    const open = await coachWithCalendar(t);
    const parent = await family(t, { coachUserId: own.user.id });
    const res = await get('/api/v1/coach_booking/coaches', parent.headers);
    expect(res.statusCode).toBe(200);
    const ids = (res.json().results as { id: number }[]).map((c) => c.id);
    expect(ids[0]).toBe(own.user.id);
    expect(ids).toContain(open.user.id);
    expect(ids).not.toContain(closed.user.id);
    expect(res.json().count).toBe(ids.length);
  });
});

describe('available hours', () => {
  it('leaves out booked slots and time off, in the family’s zone', async () => {
    const coach = await coachWithCalendar(t);
    const parent = await family(t, { coachUserId: coach.user.id, timeZone: 'Europe/London' });
    const other = await family(t, { coachUserId: coach.user.id });
    const booked = new Date(slotIn(48));
    await insertCall(t, { accountId: other.account.id, coachUserId: coach.user.id, startsAt: booked });
    const off = new Date(booked.getTime() + 4 * HOUR);
    await t.db
      .insert(coachTimeOff)
      .values({ coachUserId: coach.user.id, startsAt: off, endsAt: new Date(off.getTime() + 2 * HOUR) });
    const from = booked.toISOString().slice(0, 10);
    const res = await get(
      `/api/v1/coach_booking/calendar/available_hours?widget_id=${coach.widgetId}&from=${from}&days=2`,
      parent.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.time_zone).toBe('Europe/London');
    expect(body.slot_minutes).toBe(30);
    expect(body.coach).toEqual({ id: coach.user.id, name: 'Coach Person' });
    expect(body.days.map((d: { date: string }) => d.date)).toEqual([
      from,
      new Date(Date.parse(from) + DAY).toISOString().slice(0, 10),
    ]);
    const starts = new Set<string>(
      body.days.flatMap((d: { slots: { starts_at: string }[] }) => d.slots.map((s) => s.starts_at)),
    );
    expect(starts.has(booked.toISOString())).toBe(false);
    expect(starts.has(new Date(booked.getTime() + SLOT).toISOString())).toBe(true);
    for (let i = 0; i < 4; i++) expect(starts.has(new Date(off.getTime() + i * SLOT).toISOString())).toBe(false);
    expect(starts.has(new Date(off.getTime() + 2 * HOUR).toISOString())).toBe(true);
  });

  it('answers 404 for an unknown calendar and 400 for a bad query', async () => {
    const parent = await family(t);
    const missing = await get('/api/v1/coach_booking/calendar/available_hours?widget_id=nope', parent.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(COACHING_REFUSALS.noCalendar);
    const bad = await get(
      '/api/v1/coach_booking/calendar/available_hours?widget_id=x&days=40&from=tomorrow',
      parent.headers,
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['days', 'from']);
  });
});

describe('booking', () => {
  it('books a free slot: the call, the coach assigned, the confirmation and the reminder, in one go', async () => {
    const coach = await coachWithCalendar(t);
    const parent = await family(t, { timeZone: 'America/Chicago' });
    const startsAt = slotIn(72);
    const res = await book(parent.headers, coach.widgetId, startsAt, 'welcome-email');
    expect(res.statusCode, res.body).toBe(201);
    const call = res.json();
    expect(call).toMatchObject({
      account_id: parent.account.id,
      family_name: 'Test User',
      coach: { id: coach.user.id, name: 'Coach Person' },
      starts_at: startsAt,
      ends_at: new Date(Date.parse(startsAt) + SLOT).toISOString(),
      status: 'scheduled',
      summary: '',
      ref: 'welcome-email',
      reschedule_count: 0,
      can_change: true,
    });
    const [row] = await t.db.select().from(coachingCalls).where(eq(coachingCalls.id, call.id));
    expect(row).toMatchObject({ bookedByUserId: parent.user.id, status: 'scheduled', reminderSentAt: null });
    // A family without a coach gets the coach it booked with.
    expect(await accountCoach(t, parent.account.id)).toBe(coach.user.id);
    // The confirmation, in the family's time zone (Chicago), by e-mail and SMS.
    const [mail] = await mailTo(t, parent.user.id, 'coaching_booked');
    expect(mail!.subject).toBe('Your coaching call with Coach Person is booked');
    expect(mail!.status).toBe('queued');
    expect(mail!.textBody).toMatch(/booked for \d{2}-\d{2}-\d{4} \d{1,2}:\d{2}:00 (AM|PM) CST\./);
    const [text] = await textsTo(t, parent.user.id, 'coaching_booked');
    expect(text!.toNumber).toBe('+12015550123');
    expect(text!.body).toContain('CST');
    // The reminder waits until a day before the call.
    const jobs = await reminderJobs(t, call.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.data).toEqual({ callId: call.id, startsAt });
    expect(new Date(jobs[0]!.start_after).getTime()).toBe(Date.parse(startsAt) - 24 * HOUR);
    // The call shows in the family's bookings.
    const mine = await get('/api/v2/user/coach_bookings/', parent.headers);
    expect(mine.json().results.map((c: { id: number }) => c.id)).toEqual([call.id]);
  });

  it('twenty families booking one slot at once: one 201, nineteen 409, one row', async () => {
    const coach = await coachWithCalendar(t);
    const families = await Promise.all(Array.from({ length: 20 }, () => family(t)));
    const startsAt = slotIn(96);
    const answers = await Promise.all(families.map((f) => book(f.headers, coach.widgetId, startsAt)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json()).toEqual({ detail: COACHING_MESSAGES.slotTaken, code: 'slot_taken' });
    }
    const rows = await callsOf(t, coach.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.startsAt.toISOString()).toBe(startsAt);
    // Only the winner got the coach and the confirmation: the others' transactions left nothing.
    const winner = families[answers.findIndex((a) => a.statusCode === 201)]!;
    expect(rows[0]!.accountId).toBe(winner.account.id);
    for (const f of families) {
      expect(await accountCoach(t, f.account.id)).toBe(f === winner ? coach.user.id : null);
      expect(await mailTo(t, f.user.id, 'coaching_booked')).toHaveLength(f === winner ? 1 : 0);
    }
  });

  it('a family whose check passed still loses to a booking not yet committed: the index answers 409', async () => {
    const coach = await coachWithCalendar(t);
    const holder = await family(t);
    const late = await family(t);
    const startsAt = slotIn(120);
    let answer: Promise<{ statusCode: number; json(): unknown }> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.insert(coachingCalls).values({
        accountId: holder.account.id,
        coachUserId: coach.user.id,
        startsAt: new Date(startsAt),
        endsAt: new Date(Date.parse(startsAt) + SLOT),
      });
      // On PostgreSQL the request reads no call (this one is not committed), inserts, and waits on
      // the index until this transaction commits; on PGlite it waits for the one connection.
      answer = book(late.headers, coach.widgetId, startsAt);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const res = await answer!;
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: COACHING_MESSAGES.slotTaken, code: 'slot_taken' });
    expect(await accountCoach(t, late.account.id)).toBeNull();
    expect(await callsOf(t, coach.user.id)).toHaveLength(1);
  });

  it('the index allows one scheduled call per coach and start, cancelled ones aside', async () => {
    const coach = await coachWithCalendar(t);
    const a = await family(t);
    const startsAt = new Date(slotIn(130));
    await insertCall(t, { accountId: a.account.id, coachUserId: coach.user.id, startsAt, status: 'cancelled' });
    await insertCall(t, { accountId: a.account.id, coachUserId: coach.user.id, startsAt });
    const error = await insertCall(t, { accountId: a.account.id, coachUserId: coach.user.id, startsAt }).catch(
      (e) => e,
    );
    expect(isSlotTaken(error)).toBe(true);
    expect(isSlotTaken(new Error('other'))).toBe(false);
  });

  it('refuses starts that are not free slots, with the field message', async () => {
    const coach = await coachWithCalendar(t);
    const parent = await family(t, { coachUserId: coach.user.id });
    const cases: [string, string][] = [
      [slotIn(2), COACHING_MESSAGES.tooSoon],
      [slotIn((BOOKING_RULES.horizonDays + 1) * 24), COACHING_MESSAGES.tooFar],
      [new Date(Date.parse(slotIn(48)) + 10 * 60_000).toISOString(), COACHING_MESSAGES.slotUnavailable],
    ];
    const off = new Date(slotIn(60));
    await t.db
      .insert(coachTimeOff)
      .values({ coachUserId: coach.user.id, startsAt: off, endsAt: new Date(off.getTime() + HOUR) });
    cases.push([off.toISOString(), COACHING_MESSAGES.slotUnavailable]);
    for (const [startsAt, message] of cases) {
      const res = await book(parent.headers, coach.widgetId, startsAt);
      expect(res.statusCode, startsAt).toBe(400);
      expect(res.json()).toEqual({ starts_at: [message] });
    }
    expect(await callsOf(t, coach.user.id)).toHaveLength(0);
  });

  it('outside the coach’s working hours, and with a coach who takes no bookings, no start is free', async () => {
    const coach = await coachWithCalendar(t, { hours: [] });
    const closed = await coachWithCalendar(t, { acceptsBookings: false });
    const parent = await family(t);
    for (const widget of [coach.widgetId, closed.widgetId]) {
      const res = await book(parent.headers, widget, slotIn(48));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ starts_at: [COACHING_MESSAGES.slotUnavailable] });
    }
  });

  it('a slot already taken answers 409; a cancelled call frees it', async () => {
    const coach = await coachWithCalendar(t);
    const first = await family(t);
    const second = await family(t);
    const startsAt = slotIn(50);
    const booked = await book(first.headers, coach.widgetId, startsAt);
    expect(booked.statusCode).toBe(201);
    const taken = await book(second.headers, coach.widgetId, startsAt);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe(COACHING_MESSAGES.slotTaken);
    const cancel = await put(`/api/v1/coach_booking/coaching_call/${booked.json().id}/`, first.headers, {
      status: 'cancelled',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await book(second.headers, coach.widgetId, startsAt)).statusCode).toBe(201);
    const rows = await callsOf(t, coach.user.id);
    expect(rows.map((r) => r.status).sort()).toEqual(['cancelled', 'scheduled']);
  });

  it('at most two upcoming calls per family', async () => {
    const coach = await coachWithCalendar(t);
    const parent = await family(t, { coachUserId: coach.user.id });
    expect((await book(parent.headers, coach.widgetId, slotIn(30))).statusCode).toBe(201);
    expect((await book(parent.headers, coach.widgetId, slotIn(31))).statusCode).toBe(201);
    const third = await book(parent.headers, coach.widgetId, slotIn(32));
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ detail: COACHING_MESSAGES.tooManyUpcoming, code: 'too_many_upcoming' });
    expect(await callsOf(t, coach.user.id)).toHaveLength(2);
  });

  it('who may not book: cancelled and returned users, coaches, staff, another coach’s calendar', async () => {
    const coach = await coachWithCalendar(t);
    const otherCoach = await coachWithCalendar(t);
    for (const billingStatus of ['CANCELLED', 'RETURNED']) {
      const parent = await family(t, { billingStatus });
      const res = await book(parent.headers, coach.widgetId, slotIn(48));
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(COACHING_REFUSALS.programEnded);
    }
    const staff = await createStaff(t.db);
    const asStaff = await book(staff.headers, coach.widgetId, slotIn(48));
    expect(asStaff.statusCode).toBe(403);
    expect(asStaff.json().detail).toBe(COACHING_REFUSALS.notAFamily);
    const asCoach = await book(otherCoach.headers, coach.widgetId, slotIn(48));
    expect(asCoach.statusCode).toBe(403);
    const parent = await family(t, { coachUserId: coach.user.id });
    const elsewhere = await book(parent.headers, otherCoach.widgetId, slotIn(48));
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().detail).toBe(COACHING_REFUSALS.ownCoachOnly);
    expect((await book(parent.headers, 'no-such-widget', slotIn(48))).statusCode).toBe(404);
    expect(await callsOf(t, coach.user.id)).toHaveLength(0);
    expect(await callsOf(t, otherCoach.user.id)).toHaveLength(0);
  });

  it('refuses a malformed body with field messages', async () => {
    const parent = await family(t);
    const res = await post('/api/v1/coach_booking/book/', parent.headers, {
      widget_id: '',
      starts_at: '2026-12-01 10:00',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['starts_at', 'widget_id']);
  });
});

describe('cancelling and moving', () => {
  it('the family moves a call at most twice; the third move answers 409', async () => {
    const coach = await coachWithCalendar(t);
    const parent = await family(t, { coachUserId: coach.user.id });
    const first = slotIn(72);
    const id = (await book(parent.headers, coach.widgetId, first)).json().id as number;
    const url = `/api/v1/coach_booking/coaching_call/${id}/`;
    const second = slotIn(80);
    const moved = await put(url, parent.headers, { starts_at: second });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ starts_at: second, reschedule_count: 1, status: 'scheduled' });
    // The new time has its own reminder; the message tells both times.
    const jobs = await reminderJobs(t, id);
    expect(jobs.map((j) => j.data.startsAt)).toEqual([first, second]);
    const [changed] = await mailTo(t, parent.user.id, 'coaching_changed');
    expect(changed!.subject).toBe('Your coaching call with Coach Person was moved');
    expect(changed!.textBody).toContain('(it was on ');
    expect((await put(url, parent.headers, { starts_at: slotIn(90) })).json().reschedule_count).toBe(2);
    const third = await put(url, parent.headers, { starts_at: slotIn(100) });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ detail: COACHING_MESSAGES.rescheduleLimit, code: 'reschedule_limit' });
    const [row] = await t.db.select().from(coachingCalls).where(eq(coachingCalls.id, id));
    expect(row!.rescheduleCount).toBe(2);
    expect(row!.startsAt.toISOString()).toBe(slotIn(90));
  });

  it('after the cutoff the family can neither cancel nor move', async () => {
    const coach = await coachWithCalendar(t);
    const parent = await family(t, { coachUserId: coach.user.id });
    const soon = await book(parent.headers, coach.widgetId, slotIn(13));
    expect(soon.statusCode).toBe(201);
    expect(soon.json().can_change).toBe(false);
    const url = `/api/v1/coach_booking/coaching_call/${soon.json().id}/`;
    for (const body of [{ status: 'cancelled' }, { starts_at: slotIn(60) }]) {
      const res = await put(url, parent.headers, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: COACHING_MESSAGES.cutoffPassed, code: 'cutoff_passed' });
    }
    const [row] = await t.db.select().from(coachingCalls).where(eq(coachingCalls.id, soon.json().id));
    expect(row).toMatchObject({ status: 'scheduled', rescheduleCount: 0 });
  });

  it('a move must land on a free slot of the same coach', async () => {
    const coach = await coachWithCalendar(t);
    const a = await family(t, { coachUserId: coach.user.id });
    const b = await family(t, { coachUserId: coach.user.id });
    const mine = (await book(a.headers, coach.widgetId, slotIn(72))).json().id;
    const theirs = slotIn(75);
    expect((await book(b.headers, coach.widgetId, theirs)).statusCode).toBe(201);
    const url = `/api/v1/coach_booking/coaching_call/${mine}/`;
    const onto = await put(url, a.headers, { starts_at: theirs });
    expect(onto.statusCode).toBe(409);
    expect(onto.json().detail).toBe(COACHING_MESSAGES.slotTaken);
    expect((await put(url, a.headers, { starts_at: slotIn(3) })).json()).toEqual({
      starts_at: [COACHING_MESSAGES.tooSoon],
    });
    expect((await put(url, a.headers, { starts_at: slotIn(72) })).json()).toEqual({
      starts_at: [COACHING_REFUSALS.sameTime],
    });
    // A move to a later slot next to one's own time is fine (the call does not block itself).
    expect(
      (await put(url, a.headers, { starts_at: new Date(Date.parse(slotIn(72)) + SLOT).toISOString() })).statusCode,
    ).toBe(200);
  });

  it('a cancelled call cannot be changed again; the family cannot record an outcome', async () => {
    const coach = await coachWithCalendar(t);
    const parent = await family(t, { coachUserId: coach.user.id });
    const id = (await book(parent.headers, coach.widgetId, slotIn(72))).json().id;
    const url = `/api/v1/coach_booking/coaching_call/${id}/`;
    for (const body of [{ status: 'completed' }, { summary: 'We talked.' }]) {
      const res = await put(url, parent.headers, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(COACHING_REFUSALS.outcomeByCoach);
    }
    const both = await put(url, parent.headers, { status: 'cancelled', starts_at: slotIn(80) });
    expect(both.statusCode).toBe(400);
    const cancelled = await put(url, parent.headers, { status: 'cancelled' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', can_change: false });
    const [mail] = await mailTo(t, parent.user.id, 'coaching_changed');
    expect(mail!.subject).toBe('Your coaching call with Coach Person was cancelled');
    const again = await put(url, parent.headers, { status: 'cancelled' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(COACHING_MESSAGES.notScheduled);
  });
});

describe('the reminder', () => {
  it('a call sooner than a day is reminded at once; the job writes it once', async () => {
    const coach = await coachWithCalendar(t);
    const parent = await family(t, { coachUserId: coach.user.id, timeZone: 'America/Los_Angeles' });
    const startsAt = slotIn(13);
    const id = (await book(parent.headers, coach.widgetId, startsAt)).json().id as number;
    const [job] = await reminderJobs(t, id);
    expect(new Date(job!.start_after).getTime()).toBeLessThanOrEqual(Date.now());
    await t.app.jobs.drain(COACHING_REMINDER);
    const reminders = await mailTo(t, parent.user.id, 'coaching_reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.textBody).toMatch(/ P[SD]T\./);
    expect(await textsTo(t, parent.user.id, 'coaching_reminder')).toHaveLength(1);
    const [row] = await t.db.select().from(coachingCalls).where(eq(coachingCalls.id, id));
    expect(row!.reminderSentAt).not.toBeNull();
    // A second run of the same job (a retry, a duplicate) writes nothing.
    await t.app.jobs.send(COACHING_REMINDER, { callId: id, startsAt });
    expect(await t.app.jobs.drain(COACHING_REMINDER)).toBe(1);
    expect(await mailTo(t, parent.user.id, 'coaching_reminder')).toHaveLength(1);
  });

  it('a moved call’s old reminder and a cancelled call’s reminder do nothing', async () => {
    const coach = await coachWithCalendar(t);
    const parent = await family(t, { coachUserId: coach.user.id, phone: '' });
    const first = slotIn(60);
    const moved = (await book(parent.headers, coach.widgetId, first)).json().id as number;
    const second = slotIn(70);
    await put(`/api/v1/coach_booking/coaching_call/${moved}/`, parent.headers, { starts_at: second });
    const cancelled = (await book(parent.headers, coach.widgetId, slotIn(80))).json().id as number;
    await put(`/api/v1/coach_booking/coaching_call/${cancelled}/`, parent.headers, { status: 'cancelled' });
    // Every waiting reminder runs now, the first time's and the cancelled call's too.
    await t.app.jobs.drain(COACHING_REMINDER, { includeFuture: true });
    expect((await reminderJobs(t, moved)).map((j) => j.state)).toEqual(['completed', 'completed']);
    // Only the moved call, at its new time, was reminded; no phone number, no texts.
    const reminders = await mailTo(t, parent.user.id, 'coaching_reminder');
    expect(reminders).toHaveLength(1);
    const rows = await callsOf(t, coach.user.id);
    expect(rows.find((r) => r.id === moved)!.reminderSentAt).not.toBeNull();
    expect(rows.find((r) => r.id === cancelled)!.reminderSentAt).toBeNull();
    expect(await textsTo(t, parent.user.id)).toHaveLength(0);
  });
});

describe('the family’s bookings', () => {
  it('upcoming soonest first, past newest first, paged', async () => {
    const coach = await coachWithCalendar(t);
    const parent = await createParent(t.db);
    const now = Date.now();
    const past1 = await insertCall(t, {
      accountId: parent.account.id,
      coachUserId: coach.user.id,
      startsAt: new Date(now - 10 * DAY),
      status: 'completed',
    });
    const past2 = await insertCall(t, {
      accountId: parent.account.id,
      coachUserId: coach.user.id,
      startsAt: new Date(now - 3 * DAY),
      status: 'no_show',
    });
    const later = await insertCall(t, {
      accountId: parent.account.id,
      coachUserId: coach.user.id,
      startsAt: new Date(slotIn(100)),
    });
    const sooner = await insertCall(t, {
      accountId: parent.account.id,
      coachUserId: coach.user.id,
      startsAt: new Date(slotIn(50)),
    });
    const upcoming = await get('/api/v2/user/coach_bookings/?page_size=1', parent.headers);
    expect(upcoming.json().count).toBe(2);
    expect(upcoming.json().results[0].id).toBe(sooner.id);
    expect(upcoming.json().next).toContain('page=2');
    const page2 = await get('/api/v2/user/coach_bookings/?page_size=1&page=2', parent.headers);
    expect(page2.json().results[0].id).toBe(later.id);
    const past = await get('/api/v2/user/coach_bookings/?when=past', parent.headers);
    expect(past.json().results.map((c: { id: number }) => c.id)).toEqual([past2.id, past1.id]);
    expect(past.json().results[0].status).toBe('no_show');
  });
});
