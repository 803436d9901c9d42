/**
 * The coach's caseload through the API (docs/coaching.md "Caseload"): the needs-attention order
 * from real play, a coach never sees another coach's family, staff name the coach, the filters and
 * the CSV (same order, formula guard).
 */
import { CASELOAD_MESSAGES as CASELOAD_REFUSALS } from '@grove/domain/caseload';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParent, createStaff } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { accounts, coachNotes, customerInteractions, playSessions } from '../../db/schema/index.ts';
import { coachWithCalendar, DAY, insertCall, slotIn } from './coaching.test-support.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const URL = '/api/v1/coach_booking/caseload/';
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

let sessions = 0;
/** A family of `coachUserId` named `lastName`, whose one player played `minutes` at each `daysAgo`. */
async function familyOf(
  coachUserId: number,
  lastName: string,
  play: { daysAgo: number; minutes: number }[],
  firstName = 'Pat',
) {
  const parent = await createParent(t.db, { players: ['Robin'], user: { firstName, lastName } });
  await t.db.update(accounts).set({ coachUserId }).where(eq(accounts.id, parent.account.id));
  const now = Date.now();
  if (play.length > 0) {
    await t.db.insert(playSessions).values(
      play.map((p) => ({
        accountId: parent.account.id,
        playerId: parent.players[0]!.id,
        gameSessionId: `caseload-${sessions++}`,
        periodDatetime: new Date(now - p.daysAgo * DAY),
        secondsPlayed: p.minutes * 60,
      })),
    );
  }
  return parent;
}

type Row = {
  account_id: number;
  family_name: string;
  status: string;
  needs_attention: boolean;
  minutes_this_week: number;
  minutes_last_week: number;
  goal_minutes: number;
  trend: string;
  days_since_play: number | null;
  next_call_at: string | null;
  last_interaction_at: string | null;
};

describe('the caseload', () => {
  let coach: Awaited<ReturnType<typeof coachWithCalendar>>;
  let other: Awaited<ReturnType<typeof coachWithCalendar>>;
  let foreignAccount: number;

  beforeAll(async () => {
    coach = await coachWithCalendar(t);
    other = await coachWithCalendar(t);
    await familyOf(coach.user.id, 'Ontrack', [
      { daysAgo: 1, minutes: 30 },
      { daysAgo: 3, minutes: 30 },
      { daysAgo: 9, minutes: 50 },
    ]);
    await familyOf(coach.user.id, 'Stopped', [
      { daysAgo: 12, minutes: 40 },
      { daysAgo: 20, minutes: 40 },
    ]);
    const under = await familyOf(coach.user.id, 'Under', [
      { daysAgo: 2, minutes: 10 },
      { daysAgo: 8, minutes: 60 },
    ]);
    await familyOf(coach.user.id, 'Newkit', [], '=Kit');
    const foreign = await familyOf(other.user.id, 'Foreign', [{ daysAgo: 30, minutes: 5 }]);
    foreignAccount = foreign.account.id;
    await insertCall(t, {
      accountId: under.account.id,
      coachUserId: coach.user.id,
      startsAt: new Date(slotIn(48)),
      bookedByUserId: under.user.id,
    });
    await t.db
      .insert(coachNotes)
      .values({ accountId: under.account.id, coachUserId: coach.user.id, body: 'Talked', shared: false });
  });

  it('lists the coach’s families, who needs attention first, with their two weeks', async () => {
    const res = await get(URL, coach.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { count: number; goal_minutes: number; results: Row[] };
    expect(body.goal_minutes).toBe(45);
    expect(body.results.map((r) => [r.family_name, r.status])).toEqual([
      ['Pat Stopped', 'stopped'],
      ['=Kit Newkit', 'not_started'],
      ['Pat Under', 'under_goal'],
      ['Pat Ontrack', 'on_track'],
    ]);
    expect(body.count).toBe(4);
    const [stopped, , under, onTrack] = body.results;
    expect(stopped).toMatchObject({ days_since_play: 12, minutes_this_week: 0, minutes_last_week: 40, trend: 'down' });
    expect(under).toMatchObject({
      minutes_this_week: 10,
      minutes_last_week: 60,
      goal_minutes: 45,
      trend: 'down',
      needs_attention: true,
      days_since_play: 2,
    });
    expect(under!.next_call_at).not.toBeNull();
    expect(under!.last_interaction_at).not.toBeNull();
    expect(onTrack).toMatchObject({
      minutes_this_week: 60,
      minutes_last_week: 50,
      trend: 'flat',
      needs_attention: false,
    });
  });

  it('shows a logged customer interaction newer than the last call as the last interaction', async () => {
    const family = await familyOf(coach.user.id, 'Logged', [{ daysAgo: 1, minutes: 50 }]);
    const callAt = new Date(Date.now() - 5 * DAY);
    await insertCall(t, {
      accountId: family.account.id,
      coachUserId: coach.user.id,
      startsAt: callAt,
      status: 'completed',
      bookedByUserId: family.user.id,
    });
    const loggedAt = new Date(Date.now() - 2 * DAY);
    await t.db.insert(customerInteractions).values({
      accountId: family.account.id,
      kind: 'call',
      summary: 'Checked in about the sensor',
      occurredAt: loggedAt,
      createdByUserId: coach.user.id,
    });
    const body = (await get(`${URL}?search=logged`, coach.headers)).json() as { results: Row[] };
    expect(body.results).toHaveLength(1);
    expect(body.results[0]!.last_interaction_at).toBe(loggedAt.toISOString());
  });

  it('never shows another coach’s family, whatever the coach asks for', async () => {
    for (const url of [URL, `${URL}?coach=${other.user.id}`, `${URL}?search=Foreign`]) {
      const res = await get(url, coach.headers);
      expect(res.statusCode).toBe(200);
      const ids = (res.json() as { results: Row[] }).results.map((r) => r.account_id);
      expect(ids).not.toContain(foreignAccount);
    }
  });

  it('filters by attention and by name', async () => {
    const attention = (await get(`${URL}?attention=true`, coach.headers)).json() as { results: Row[] };
    expect(attention.results.map((r) => r.family_name)).toEqual(['Pat Stopped', '=Kit Newkit', 'Pat Under']);
    const search = (await get(`${URL}?search=under`, coach.headers)).json() as { results: Row[] };
    expect(search.results.map((r) => r.family_name)).toEqual(['Pat Under']);
  });

  it('lets staff read a named coach’s caseload, and asks them to name one', async () => {
    const staff = await createStaff(t.db);
    const named = await get(`${URL}?coach=${other.user.id}`, staff.headers);
    expect(named.statusCode).toBe(200);
    expect((named.json() as { results: Row[] }).results.map((r) => r.account_id)).toEqual([foreignAccount]);
    const unnamed = await get(URL, staff.headers);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toEqual({ coach: [CASELOAD_REFUSALS.nameACoach] });
    const notACoach = await get(`${URL}?coach=${staff.user.id}`, staff.headers);
    expect(notACoach.statusCode).toBe(400);
  });

  it('refuses parents', async () => {
    const parent = await createParent(t.db);
    expect((await get(URL, parent.headers)).statusCode).toBe(403);
    expect((await get(`${URL}export.csv`, parent.headers)).statusCode).toBe(403);
  });

  it('downloads the same list as CSV, in order, with the formula guard', async () => {
    const res = await get(`${URL}export.csv?attention=true`, coach.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="caseload-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'account_id,family_name,email,players,status,minutes_this_week,minutes_last_week,goal_minutes,trend,days_since_play,last_played_at,next_call_at,last_interaction_at',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(',Pat Stopped,');
    expect(lines[1]).toContain(',stopped,0,40,45,down,12,');
    expect(lines[2]).toContain(",'=Kit Newkit,");
    expect(lines[3]).toContain(',Pat Under,');
  });
});
