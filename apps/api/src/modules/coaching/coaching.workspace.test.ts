/**
 * Calls, notes and the coach's workspace through the API: who sees which call and note (another
 * coach's family is 404, a parent never writes notes), the coach's outcome of a call, calendar
 * links, coach assignment, the families list, the brief, working hours and time off.
 */
import { CHART, COACHING_MESSAGES, COACHING_REFUSALS } from '@grove/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  createCoach,
  createParent,
  createStaff,
  createUser,
  issueAccessToken,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import {
  accounts,
  coachingCalls,
  coachNotes,
  coachProfiles,
  coachTimeOff,
  coachWorkingHours,
  playerStatChanges,
  playSessions,
  surveyResponses,
  surveys,
} from '../../db/schema/index.ts';
import { addDays, isoWeekday, localDate } from './coaching.availability.ts';
import {
  accountCoach,
  coachWithCalendar,
  DAY,
  family,
  HOUR,
  insertCall,
  mailTo,
  slotIn,
} from './coaching.test-support.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** A coach, one of their families with a booked call, and another coach with a family of their own. */
async function twoCoaches() {
  const coach = await coachWithCalendar(t);
  const parent = await family(t, { coachUserId: coach.user.id });
  const otherCoach = await coachWithCalendar(t);
  const otherParent = await family(t, { coachUserId: otherCoach.user.id });
  const call = await insertCall(t, {
    accountId: parent.account.id,
    coachUserId: coach.user.id,
    startsAt: new Date(slotIn(72)),
    bookedByUserId: parent.user.id,
  });
  return { coach, parent, otherCoach, otherParent, call };
}

async function note(accountId: number, coachUserId: number | null, body: string, shared: boolean) {
  const [row] = await t.db.insert(coachNotes).values({ accountId, coachUserId, body, shared }).returning();
  return row!;
}

describe('another coach’s family is invisible', () => {
  it('its brief, notes, calls, call, calendar link, .ics and changes answer 404', async () => {
    const { parent, otherCoach, call } = await twoCoaches();
    await note(parent.account.id, null, 'Private', false);
    const h = otherCoach.headers;
    const callUrl = `/api/v1/coach_booking/coaching_call/${call.id}`;
    const answers = await Promise.all([
      get(`/api/v1/coach_booking/brief/${parent.account.id}/`, h),
      get(`/api/v1/coach_booking/coach_note/?user=${parent.user.id}`, h),
      get(`/api/v1/coach_booking/coaching_call/?account=${parent.account.id}`, h),
      get(`${callUrl}/`, h),
      get(`${callUrl}/calendar_link/`, h),
      get(`${callUrl}/ics/`, h),
      send('PUT', `${callUrl}/`, h, { status: 'completed' }),
      send('POST', '/api/v1/coach_booking/coach_note/', h, { user: parent.user.id, body: 'Hello' }),
    ]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
    // The same answers as for ids that do not exist.
    expect((await get('/api/v1/coach_booking/brief/999999/', h)).statusCode).toBe(404);
    expect((await get('/api/v1/coach_booking/coach_note/?user=999999', h)).statusCode).toBe(404);
    // Nor does the call show in their lists.
    const list = await get('/api/v1/coach_booking/coaching_call/', h);
    expect(list.json().results.map((c: { id: number }) => c.id)).not.toContain(call.id);
    const [row] = await t.db.select().from(coachingCalls).where(eq(coachingCalls.id, call.id));
    expect(row!.status).toBe('scheduled');
  });

  it('a parent reads their own family’s calls, not another’s', async () => {
    const { parent, otherParent, call } = await twoCoaches();
    expect((await get(`/api/v1/coach_booking/coaching_call/${call.id}/`, parent.headers)).statusCode).toBe(200);
    expect((await get(`/api/v1/coach_booking/coaching_call/${call.id}/`, otherParent.headers)).statusCode).toBe(404);
    const foreign = await get(`/api/v1/coach_booking/coaching_call/?account=${parent.account.id}`, otherParent.headers);
    expect(foreign.statusCode).toBe(404);
    const own = await get('/api/v1/coach_booking/coaching_call/', parent.headers);
    expect(own.json().results.map((c: { id: number }) => c.id)).toEqual([call.id]);
    // Staff see any family's calls; a coach sees the calls of their families.
    const staff = await createStaff(t.db);
    const asStaff = await get(`/api/v1/coach_booking/coaching_call/?account=${parent.account.id}`, staff.headers);
    expect(asStaff.json().results.map((c: { id: number }) => c.id)).toEqual([call.id]);
    const { coach } = await twoCoaches();
    const asCoach = await get('/api/v1/coach_booking/coaching_call/', coach.headers);
    expect(asCoach.json().count).toBe(1);
  });
});

describe('coach notes', () => {
  it('a parent cannot write, change or delete notes: 403 from the route’s policy, whatever the family', async () => {
    const { parent, otherParent, coach } = await twoCoaches();
    const existing = await note(parent.account.id, coach.user.id, 'Shared', true);
    const attempts = await Promise.all([
      send('POST', '/api/v1/coach_booking/coach_note/', parent.headers, { user: parent.user.id, body: 'Mine' }),
      send('POST', '/api/v1/coach_booking/coach_note/', parent.headers, { user: otherParent.user.id, body: 'Theirs' }),
      send('PUT', `/api/v1/coach_booking/coach_note/${existing.id}/`, parent.headers, { body: 'Changed' }),
      send('DELETE', `/api/v1/coach_booking/coach_note/${existing.id}/`, parent.headers),
    ]);
    for (const res of attempts) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('permission_denied');
    }
    const rows = await t.db.select().from(coachNotes).where(eq(coachNotes.accountId, parent.account.id));
    expect(rows.map((r) => r.body)).toEqual(['Shared']);
  });

  it('the coach writes notes about their family; parents read the shared ones only', async () => {
    const { parent, coach, call, otherParent } = await twoCoaches();
    const playerId = parent.players[0]!.id;
    const shared = await send('POST', '/api/v1/coach_booking/coach_note/', coach.headers, {
      user: parent.user.id,
      body: '  Great first call. Try two short sessions a day.  ',
      call_id: call.id,
      player_id: playerId,
    });
    expect(shared.statusCode, shared.body).toBe(201);
    expect(shared.json()).toMatchObject({
      account_id: parent.account.id,
      coach: { id: coach.user.id, name: 'Coach Person' },
      call_id: call.id,
      player: { id: playerId, name: 'Robin' },
      body: 'Great first call. Try two short sessions a day.',
      shared: true,
    });
    const secret = await send('POST', '/api/v1/coach_booking/coach_note/', coach.headers, {
      user: parent.user.id,
      body: 'Parent seemed stressed about screen time.',
      shared: false,
    });
    expect(secret.statusCode).toBe(201);

    const asParent = await get(`/api/v1/coach_booking/coach_note/?user=${parent.user.id}`, parent.headers);
    expect(asParent.statusCode).toBe(200);
    expect(asParent.json().count).toBe(1);
    expect(asParent.json().results.map((n: { id: number }) => n.id)).toEqual([shared.json().id]);
    const asCoach = await get(`/api/v1/coach_booking/coach_note/?user=${parent.user.id}`, coach.headers);
    expect(asCoach.json().results.map((n: { id: number }) => n.id)).toEqual([secret.json().id, shared.json().id]);
    // Another family's parent: 404, as for a user who does not exist.
    expect(
      (await get(`/api/v1/coach_booking/coach_note/?user=${parent.user.id}`, otherParent.headers)).statusCode,
    ).toBe(404);

    // A call or player of another family is refused by field.
    const wrong = await send('POST', '/api/v1/coach_booking/coach_note/', coach.headers, {
      user: parent.user.id,
      body: 'x',
      player_id: otherParent.players[0]!.id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ player_id: [COACHING_REFUSALS.notOfFamily] });
  });

  it('only its author or staff changes a note', async () => {
    const { parent, coach } = await twoCoaches();
    const staff = await createStaff(t.db);
    const byStaff = await note(parent.account.id, staff.user.id, 'From the office', false);
    const byCoach = (
      await send('POST', '/api/v1/coach_booking/coach_note/', coach.headers, { user: parent.user.id, body: 'Mine' })
    ).json();
    const refused = await send('PUT', `/api/v1/coach_booking/coach_note/${byStaff.id}/`, coach.headers, { body: 'No' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(COACHING_REFUSALS.noteAuthorOnly);
    const edited = await send('PUT', `/api/v1/coach_booking/coach_note/${byCoach.id}/`, coach.headers, {
      body: 'Mine, edited',
      shared: false,
    });
    expect(edited.json()).toMatchObject({ body: 'Mine, edited', shared: false });
    expect(
      (await send('PUT', `/api/v1/coach_booking/coach_note/${byCoach.id}/`, staff.headers, { shared: true })).json()
        .shared,
    ).toBe(true);
    expect((await send('DELETE', `/api/v1/coach_booking/coach_note/${byCoach.id}/`, coach.headers)).statusCode).toBe(
      200,
    );
    const left = await t.db.select().from(coachNotes).where(eq(coachNotes.accountId, parent.account.id));
    expect(left.map((n) => n.id)).toEqual([byStaff.id]);
  });
});

describe('the coach’s side of a call', () => {
  it('records the outcome and summary once the call has started', async () => {
    const { parent, coach, call } = await twoCoaches();
    const url = `/api/v1/coach_booking/coaching_call/${call.id}/`;
    const early = await send('PUT', url, coach.headers, { status: 'completed' });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe(COACHING_REFUSALS.notStarted);
    const moving = await send('PUT', url, coach.headers, { starts_at: slotIn(90) });
    expect(moving.statusCode).toBe(403);
    const past = await insertCall(t, {
      accountId: parent.account.id,
      coachUserId: coach.user.id,
      startsAt: new Date(Date.now() - 2 * DAY),
    });
    const done = await send('PUT', `/api/v1/coach_booking/coaching_call/${past.id}/`, coach.headers, {
      status: 'no_show',
      summary: 'Nobody joined; sent a text.',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'no_show', summary: 'Nobody joined; sent a text.', can_change: false });
    const corrected = await send('PUT', `/api/v1/coach_booking/coaching_call/${past.id}/`, coach.headers, {
      status: 'completed',
    });
    expect(corrected.json().status).toBe('completed');
  });

  it('the coach may cancel at any time, and the family is told', async () => {
    const coach = await coachWithCalendar(t);
    const parent = await family(t, { coachUserId: coach.user.id });
    const soon = await send('POST', '/api/v1/coach_booking/book/', parent.headers, {
      widget_id: coach.widgetId,
      starts_at: slotIn(13),
    });
    const res = await send('PUT', `/api/v1/coach_booking/coaching_call/${soon.json().id}/`, coach.headers, {
      status: 'cancelled',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled');
    const [mail] = await mailTo(t, parent.user.id, 'coaching_changed');
    expect(mail!.textBody).toContain('had to cancel');
  });
});

describe('calendar links', () => {
  it('gives a Google Calendar link and an .ics file for the call', async () => {
    const { parent, coach, call } = await twoCoaches();
    const link = await get(`/api/v1/coach_booking/coaching_call/${call.id}/calendar_link/`, parent.headers);
    expect(link.statusCode).toBe(200);
    const body = link.json();
    expect(body.title).toBe('Grove coaching call with Coach Person');
    expect(body.starts_at).toBe(call.startsAt.toISOString());
    const google = new URL(body.google_url);
    expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
    const compact = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('.000', '');
    expect(google.searchParams.get('dates')).toBe(`${compact(call.startsAt)}/${compact(call.endsAt)}`);
    expect(body.ics_url).toMatch(new RegExp(`/api/v1/coach_booking/coaching_call/${call.id}/ics/$`));

    const ics = await get(`/api/v1/coach_booking/coaching_call/${call.id}/ics/`, parent.headers);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(ics.headers['content-disposition']).toBe(`attachment; filename="grove-coaching-call-${call.id}.ics"`);
    const text = ics.body.replace(/\r\n /g, '');
    expect(text).toMatch(/^BEGIN:VCALENDAR/);
    expect(text).toContain(`UID:coaching-call-${call.id}@grove`);
    expect(text).toContain(`DTSTART:${compact(call.startsAt)}`);
    expect(text).toContain('STATUS:CONFIRMED');
    // The coach's copy names the family.
    const coachLink = await get(`/api/v1/coach_booking/coaching_call/${call.id}/calendar_link/`, coach.headers);
    expect(coachLink.json().title).toBe('Grove coaching call: Test User');
  });
});

describe('coach assignment', () => {
  it('staff assign a new coach; the upcoming call stays with its coach, who still sees it', async () => {
    const { parent, coach, otherCoach, call } = await twoCoaches();
    const staff = await createStaff(t.db);
    const url = `/api/v1/coach_booking/assign_coach/${parent.account.id}/`;
    expect((await send('PUT', url, coach.headers, { coach_user: otherCoach.user.id })).statusCode).toBe(403);
    expect((await send('PUT', url, parent.headers, { coach_user: otherCoach.user.id })).statusCode).toBe(403);
    const notCoach = await createUser(t.db);
    const refused = await send('PUT', url, staff.headers, { coach_user: notCoach.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ coach_user: [COACHING_REFUSALS.notACoach] });
    expect(
      (
        await send('PUT', '/api/v1/coach_booking/assign_coach/999999/', staff.headers, {
          coach_user: otherCoach.user.id,
        })
      ).statusCode,
    ).toBe(404);

    const res = await send('PUT', url, staff.headers, { coach_user: otherCoach.user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      account_id: parent.account.id,
      coach_user: { id: otherCoach.user.id, name: 'Coach Person' },
    });
    expect(await accountCoach(t, parent.account.id)).toBe(otherCoach.user.id);
    const [row] = await t.db.select().from(coachingCalls).where(eq(coachingCalls.id, call.id));
    expect(row!.coachUserId).toBe(coach.user.id);
    // The former coach keeps the call they hold, but no longer the family's brief or notes.
    expect((await get(`/api/v1/coach_booking/coaching_call/${call.id}/`, coach.headers)).statusCode).toBe(200);
    expect((await get(`/api/v1/coach_booking/brief/${parent.account.id}/`, coach.headers)).statusCode).toBe(404);
    // The new coach sees the family's call and brief.
    expect((await get(`/api/v1/coach_booking/coaching_call/${call.id}/`, otherCoach.headers)).statusCode).toBe(200);
    expect((await get(`/api/v1/coach_booking/brief/${parent.account.id}/`, otherCoach.headers)).statusCode).toBe(200);
  });
});

describe('the coach’s families', () => {
  it('lists the coach’s own families, those with a next call first', async () => {
    const coach = await coachWithCalendar(t);
    const quiet = await family(t, { coachUserId: coach.user.id });
    const later = await family(t, { coachUserId: coach.user.id });
    const sooner = await family(t, { coachUserId: coach.user.id, timeZone: 'Europe/London' });
    const elsewhere = await family(t);
    const laterCall = await insertCall(t, {
      accountId: later.account.id,
      coachUserId: coach.user.id,
      startsAt: new Date(slotIn(100)),
    });
    const soonerCall = await insertCall(t, {
      accountId: sooner.account.id,
      coachUserId: coach.user.id,
      startsAt: new Date(slotIn(50)),
    });
    const lastCall = new Date(Date.now() - 7 * DAY);
    await insertCall(t, {
      accountId: quiet.account.id,
      coachUserId: coach.user.id,
      startsAt: lastCall,
      status: 'completed',
    });
    const res = await get('/api/v1/coach_booking/families/', coach.headers);
    expect(res.statusCode).toBe(200);
    const results = res.json().results as {
      account_id: number;
      next_call: { id: number } | null;
      last_call_at: string | null;
      time_zone: string;
      players: { name: string }[];
    }[];
    expect(res.json().count).toBe(3);
    expect(results.map((f) => f.account_id)).toEqual([sooner.account.id, later.account.id, quiet.account.id]);
    expect(results[0]!.next_call!.id).toBe(soonerCall.id);
    expect(results[0]!.time_zone).toBe('Europe/London');
    expect(results[1]!.next_call!.id).toBe(laterCall.id);
    expect(results[2]!).toMatchObject({ next_call: null, last_call_at: lastCall.toISOString() });
    expect(results[2]!.players.map((p) => p.name)).toEqual(['Robin']);
    expect(results.map((f) => f.account_id)).not.toContain(elsewhere.account.id);
    expect((await get('/api/v1/coach_booking/families/', quiet.headers)).statusCode).toBe(403);
  });
});

describe('the brief', () => {
  it('shows each player’s last four weeks, setting changes, survey answers, notes and the next call', async () => {
    const { parent, coach, call } = await twoCoaches();
    const zone = 'America/New_York';
    await t.db.update(accounts).set({ customNote: 'Maya is shy at first.' }).where(eq(accounts.id, parent.account.id));
    const player = parent.players[0]!;
    const now = Date.now();
    const today = localDate(now, zone);
    const monday = addDays(today, 1 - isoWeekday(today));
    const sessions = [
      { at: new Date(now - HOUR), seconds: 600, rises: 3, coolDowns: 2 },
      { at: new Date(now - 2 * HOUR), seconds: 300, rises: 1, coolDowns: 1 },
      { at: new Date(now - 15 * DAY), seconds: 1200, rises: 4, coolDowns: 4 },
      { at: new Date(now - 40 * DAY), seconds: 9999, rises: 9, coolDowns: 9 },
    ];
    await t.db.insert(playSessions).values(
      sessions.map((s, i) => ({
        accountId: parent.account.id,
        playerId: player.id,
        gameSessionId: `brief-${i}`,
        periodDatetime: s.at,
        secondsPlayed: s.seconds,
        hrRiseCount: s.rises,
        coolDownCount: s.coolDowns,
      })),
    );
    await t.db.insert(playerStatChanges).values([
      { playerId: player.id, field: 'hr_gauge', oldValue: 5, newValue: 6, reason: 'Ready for more' },
      { playerId: player.id, field: 'acorns', oldValue: 0, newValue: 50, reason: 'Birthday' },
    ]);
    const [survey] = await t.db
      .insert(surveys)
      .values({ slug: `check-in-${now}`, title: 'Weekly check-in' })
      .returning();
    await t.db.insert(surveyResponses).values({
      surveyId: survey!.id,
      accountId: parent.account.id,
      playerId: player.id,
      playerName: player.name,
      payload: { mood: 'calmer' },
    });
    await note(parent.account.id, coach.user.id, 'Private thought', false);

    const res = await get(`/api/v1/coach_booking/brief/${parent.account.id}/`, coach.headers);
    expect(res.statusCode, res.body).toBe(200);
    const brief = res.json();
    expect(brief).toMatchObject({
      account_id: parent.account.id,
      family_name: 'Test User',
      time_zone: zone,
      custom_note: 'Maya is shy at first.',
      goal_minutes: CHART.goalMinutes,
      weeks: [addDays(monday, -21), addDays(monday, -14), addDays(monday, -7), monday],
    });
    expect(brief.upcoming_call.id).toBe(call.id);
    expect(brief.notes.map((n: { body: string }) => n.body)).toEqual(['Private thought']);
    const [p] = brief.players;
    expect(p).toMatchObject({ id: player.id, name: 'Robin', hr_gauge: 5, chase_speed: 5, acorns: 0 });
    const weekOf = (ms: number) => {
      const d = localDate(ms, zone);
      return addDays(d, 1 - isoWeekday(d));
    };
    // Sessions an hour or two ago are this week (or, early on a Monday, possibly last week's Sunday).
    const expected = new Map<string, { seconds: number; rises: number; coolDowns: number }>();
    for (const s of sessions.slice(0, 3)) {
      const key = weekOf(s.at.getTime());
      const sum = expected.get(key) ?? { seconds: 0, rises: 0, coolDowns: 0 };
      expected.set(key, {
        seconds: sum.seconds + s.seconds,
        rises: sum.rises + s.rises,
        coolDowns: sum.coolDowns + s.coolDowns,
      });
    }
    for (const week of p.weeks as {
      week_start: string;
      seconds_played: number;
      hr_rises: number;
      cool_downs: number;
    }[]) {
      const want = expected.get(week.week_start) ?? { seconds: 0, rises: 0, coolDowns: 0 };
      expect(week).toEqual({
        week_start: week.week_start,
        seconds_played: want.seconds,
        hr_rises: want.rises,
        cool_downs: want.coolDowns,
      });
    }
    expect(p.weeks.reduce((s: number, w: { seconds_played: number }) => s + w.seconds_played, 0)).toBe(2100);
    expect(p.setting_changes).toEqual([
      expect.objectContaining({ setting: 'hr_gauge', old_value: 5, new_value: 6, reason: 'Ready for more' }),
    ]);
    expect(p.survey_answers).toEqual([
      expect.objectContaining({ survey: 'Weekly check-in', payload: { mood: 'calmer' } }),
    ]);

    const staff = await createStaff(t.db);
    expect((await get(`/api/v1/coach_booking/brief/${parent.account.id}/`, staff.headers)).statusCode).toBe(200);
    expect((await get(`/api/v1/coach_booking/brief/${parent.account.id}/`, parent.headers)).statusCode).toBe(403);
  });
});

describe('working hours and time off', () => {
  it('replaces the coach’s hours after checking them; the calendar follows', async () => {
    const coach = await coachWithCalendar(t, { hours: [] });
    const url = '/api/v1/coach_booking/working_hours/';
    const bad = await send('PUT', url, coach.headers, {
      time_zone: 'Mars/Olympus',
      hours: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '11:00', end: '13:00' },
        { weekday: 2, start: '10:00', end: '09:00' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      time_zone: [COACHING_REFUSALS.unknownTimeZone],
      'hours.0': [`Monday: ${COACHING_MESSAGES.hoursOverlap}`],
      'hours.1': [`Monday: ${COACHING_MESSAGES.hoursOverlap}`],
      'hours.2.end': [COACHING_MESSAGES.endBeforeStart],
    });
    const format = await send('PUT', url, coach.headers, {
      time_zone: 'UTC',
      hours: [{ weekday: 8, start: '9:00', end: '25:00' }],
    });
    expect(Object.keys(format.json()).sort()).toEqual(['hours.0.end', 'hours.0.start', 'hours.0.weekday']);
    const good = await send('PUT', url, coach.headers, {
      time_zone: 'America/Los_Angeles',
      hours: [
        { weekday: 2, start: '13:00', end: '17:30' },
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 7, start: '20:00', end: '24:00' },
      ],
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toEqual({
      time_zone: 'America/Los_Angeles',
      hours: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 2, start: '13:00', end: '17:30' },
        { weekday: 7, start: '20:00', end: '24:00' },
      ],
    });
    expect(await get(url, coach.headers).then((r) => r.json())).toEqual(good.json());
    const rows = await t.db.select().from(coachWorkingHours).where(eq(coachWorkingHours.coachUserId, coach.user.id));
    expect(rows).toHaveLength(3);
    const [profile] = await t.db.select().from(coachProfiles).where(eq(coachProfiles.userId, coach.user.id));
    expect(profile!.timeZone).toBe('America/Los_Angeles');
    // The calendar now offers Monday 09:00 Pacific.
    const parent = await family(t, { coachUserId: coach.user.id, timeZone: 'America/Los_Angeles' });
    const next = await get(
      `/api/v1/coach_booking/calendar/available_hours?widget_id=${coach.widgetId}&days=14`,
      parent.headers,
    );
    const mondays = (next.json().days as { date: string; slots: { starts_at: string }[] }[]).filter(
      (d) => isoWeekday(d.date) === 1 && d.slots.length > 0,
    );
    expect(mondays.length).toBeGreaterThan(0);
    expect(mondays.every((d) => d.slots.length === 6)).toBe(true);

    // A coach without a profile gets one (with a calendar) from their first hours.
    const fresh = await createCoach(t.db);
    expect(await get(url, fresh.headers).then((r) => r.json())).toEqual({ time_zone: 'America/New_York', hours: [] });
    expect((await send('PUT', url, fresh.headers, { time_zone: 'Europe/Berlin', hours: [] })).statusCode).toBe(200);
    const profileRes = await get(`/api/v2/coach/profile/${fresh.user.id}/`, fresh.headers);
    expect(profileRes.json()).toMatchObject({
      time_zone: 'Europe/Berlin',
      widget_id: expect.stringMatching(/^coach-/),
    });
    // Parents and non-coach staff have no hours to set.
    expect((await send('PUT', url, parent.headers, { time_zone: 'UTC', hours: [] })).statusCode).toBe(403);
    const staff = await createStaff(t.db);
    const staffPut = await send('PUT', url, staff.headers, { time_zone: 'UTC', hours: [] });
    expect(staffPut.statusCode).toBe(403);
    expect(staffPut.json().detail).toBe(COACHING_REFUSALS.coachesOnly);
  });

  it('time off: added, listed, removed by its coach only', async () => {
    const coach = await coachWithCalendar(t);
    const other = await coachWithCalendar(t);
    const url = '/api/v1/coach_booking/time_off/';
    const start = new Date(slotIn(48));
    const end = new Date(start.getTime() + 3 * DAY);
    const backwards = await send('POST', url, coach.headers, {
      starts_at: end.toISOString(),
      ends_at: start.toISOString(),
    });
    expect(backwards.json()).toEqual({ ends_at: [COACHING_MESSAGES.endBeforeStart] });
    const past = await send('POST', url, coach.headers, {
      starts_at: new Date(Date.now() - 3 * DAY).toISOString(),
      ends_at: new Date(Date.now() - 2 * DAY).toISOString(),
    });
    expect(past.json()).toEqual({ ends_at: [COACHING_REFUSALS.timeOffPast] });
    const added = await send('POST', url, coach.headers, {
      starts_at: start.toISOString(),
      ends_at: end.toISOString(),
      reason: 'Conference',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      starts_at: start.toISOString(),
      ends_at: end.toISOString(),
      reason: 'Conference',
    });
    const listed = await get(url, coach.headers);
    expect(listed.json()).toEqual({ count: 1, results: [added.json()] });
    expect((await get(url, other.headers)).json().count).toBe(0);
    // The calendar has no slot in it.
    const parent = await family(t, { coachUserId: coach.user.id, timeZone: 'UTC' });
    const cal = await get(
      `/api/v1/coach_booking/calendar/available_hours?widget_id=${coach.widgetId}&from=${addDays(start.toISOString().slice(0, 10), 1)}&days=1`,
      parent.headers,
    );
    expect(cal.json().days[0].slots).toEqual([]);
    expect((await send('DELETE', `${url}${added.json().id}/`, other.headers)).statusCode).toBe(404);
    expect((await send('DELETE', `${url}${added.json().id}/`, coach.headers)).statusCode).toBe(200);
    expect(await t.db.select().from(coachTimeOff).where(eq(coachTimeOff.coachUserId, coach.user.id))).toHaveLength(0);
  });
});

describe('without a family', () => {
  it('a user without an account sees no bookings; an unauthenticated caller gets 401', async () => {
    const loner = await createUser(t.db);
    const headers = authHeaders(await issueAccessToken(t.db, loner.id));
    const res = await get('/api/v2/user/coach_bookings/', headers);
    expect(res.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/user/coach_bookings/' })).statusCode).toBe(401);
    const parent = await createParent(t.db);
    expect((await get('/api/v1/coach_booking/working_hours/', parent.headers)).statusCode).toBe(403);
  });
});
