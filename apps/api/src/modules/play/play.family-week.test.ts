/**
 * Issue 29 item 2, siblings side by side: GET /api/v1/dashboard/account/{id}/this_week/ gives every
 * player of an account this week in one read — each player's figures exactly as its own overview
 * says them — in the family's time zone, to the account's members, its coach and staff only.
 */
import { playApi } from '@grove/domain/api/play';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts, playSessions } from '../../db/schema/index.ts';
import { createCoach, createParent, createStaff } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** The routes read "this week" from the clock: each test sets it. */
function clockAt(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const familyWeekUrl = (accountId: number | string) => `/api/v1/dashboard/account/${accountId}/this_week/`;

let counter = 0;
/** Stores sessions as ingestion would (the rollups follow in the same statement's transaction). */
async function play(
  accountId: number,
  playerId: number,
  sessions: { at: string; minutes: number; rises?: number; coolDowns?: number }[],
) {
  await t.db.insert(playSessions).values(
    sessions.map((s) => ({
      accountId,
      playerId,
      gameSessionId: `family-week-${counter++}`,
      periodDatetime: new Date(s.at),
      secondsPlayed: s.minutes * 60,
      hrRiseCount: s.rises ?? 0,
      coolDownCount: s.coolDowns ?? 0,
      coolDownSeconds: (s.coolDowns ?? 0) * 40,
    })),
  );
}

async function family(names: string[], timeZone = 'America/New_York') {
  const parent = await createParent(t.db, { players: names });
  await t.db.update(accounts).set({ timeZone }).where(eq(accounts.id, parent.account.id));
  return parent;
}

describe('the family’s week', () => {
  it('gives every player this week, each with the figures of its own overview', async () => {
    // Wednesday 11 March 2026, 11:30 in New York: the week of Monday 9 March.
    clockAt('2026-03-11T15:30:00Z');
    const parent = await family(['Ada', 'Bo', 'Cy']);
    const [ada, bo, cy] = parent.players;
    await play(parent.account.id, ada!.id, [
      { at: '2026-02-24T22:00:00Z', minutes: 50 }, // two weeks ago: a goal week
      { at: '2026-03-03T22:00:00Z', minutes: 46, rises: 2, coolDowns: 1 }, // last week: a goal week
      { at: '2026-03-09T21:00:00Z', minutes: 30, rises: 4, coolDowns: 3 },
      { at: '2026-03-10T21:00:00Z', minutes: 20, rises: 1, coolDowns: 2 },
    ]);
    await play(parent.account.id, bo!.id, [{ at: '2026-03-07T16:00:00Z', minutes: 12, rises: 1 }]);

    const res = await get(familyWeekUrl(parent.account.id), parent.headers);
    expect(res.statusCode).toBe(200);
    const body = playApi.familyWeek.schema.response[200].parse(res.json());
    expect(body).toEqual({
      account_id: parent.account.id,
      time_zone: 'America/New_York',
      week_start: '2026-03-09',
      goal_minutes: 45,
      players: [
        {
          player_id: ada!.id,
          name: 'Ada',
          this_week: {
            week_start: '2026-03-09',
            seconds_played: 3000,
            minutes: 50,
            sessions: 2,
            hr_rises: 5,
            cool_downs: 5,
            goal_minutes: 45,
          },
          last_play_date: '2026-03-10T21:00:00.000Z',
          streak: { weeks: 3, this_week_met: true, longest_weeks: 3 },
        },
        {
          player_id: bo!.id,
          name: 'Bo',
          this_week: {
            week_start: '2026-03-09',
            seconds_played: 0,
            minutes: 0,
            sessions: 0,
            hr_rises: 0,
            cool_downs: 0,
            goal_minutes: 45,
          },
          last_play_date: '2026-03-07T16:00:00.000Z',
          streak: { weeks: 0, this_week_met: false, longest_weeks: 0 },
        },
        {
          player_id: cy!.id,
          name: 'Cy',
          this_week: {
            week_start: '2026-03-09',
            seconds_played: 0,
            minutes: 0,
            sessions: 0,
            hr_rises: 0,
            cool_downs: 0,
            goal_minutes: 45,
          },
          last_play_date: null,
          streak: { weeks: 0, this_week_met: false, longest_weeks: 0 },
        },
      ],
    });

    // Each player's figures are what its own overview says.
    for (const player of body.players) {
      const overview = (await get(`/api/v1/dashboard/player/${player.player_id}/overview/`, parent.headers)).json();
      expect(player).toEqual({
        player_id: overview.player_id,
        name: overview.name,
        this_week: overview.this_week,
        last_play_date: overview.last_play_date,
        streak: overview.streak,
      });
    }
  });

  it('cuts the week at Monday midnight in the family’s time zone', async () => {
    // 03:30 UTC on Monday 16 March 2026: still Sunday 23:30 in New York, already Monday in London.
    clockAt('2026-03-16T03:30:00Z');
    const sessions = [
      { at: '2026-03-13T12:00:00Z', minutes: 20, rises: 2 }, // Friday everywhere
      { at: '2026-03-16T01:00:00Z', minutes: 10, rises: 1 }, // Sunday 21:00 in New York, Monday 01:00 in London
    ];
    const newYork = await family(['Ada', 'Bo'], 'America/New_York');
    const london = await family(['Ada', 'Bo'], 'Europe/London');
    for (const parent of [newYork, london]) await play(parent.account.id, parent.players[0]!.id, sessions);

    const week = async (parent: typeof newYork) =>
      playApi.familyWeek.schema.response[200].parse(
        (await get(familyWeekUrl(parent.account.id), parent.headers)).json(),
      );
    const inNewYork = await week(newYork);
    expect(inNewYork.week_start).toBe('2026-03-09');
    expect(inNewYork.players[0]!.this_week).toMatchObject({
      week_start: '2026-03-09',
      minutes: 30,
      sessions: 2,
      hr_rises: 3,
    });
    const inLondon = await week(london);
    expect(inLondon.time_zone).toBe('Europe/London');
    expect(inLondon.week_start).toBe('2026-03-16');
    expect(inLondon.players[0]!.this_week).toMatchObject({
      week_start: '2026-03-16',
      minutes: 10,
      sessions: 1,
      hr_rises: 1,
    });
    // Both say when the latest game started, whatever the zone.
    expect(inNewYork.players[0]!.last_play_date).toBe('2026-03-16T01:00:00.000Z');
    expect(inLondon.players[0]!.last_play_date).toBe('2026-03-16T01:00:00.000Z');
    for (const parent of [newYork, london]) {
      const overview = (
        await get(`/api/v1/dashboard/player/${parent.players[0]!.id}/overview/`, parent.headers)
      ).json();
      expect((await week(parent)).players[0]!.this_week).toEqual(overview.this_week);
    }
  });

  it('answers an account without players with none', async () => {
    const parent = await family([]);
    const res = await get(familyWeekUrl(parent.account.id), parent.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().players).toEqual([]);
  });
});

describe('who may read it', () => {
  it('lets the family, its coach and staff read it; another family and another coach get 404 as for a missing account', async () => {
    const parent = await family(['Ada', 'Bo']);
    const other = await createParent(t.db, { players: ['Zed'] });
    const coach = await createCoach(t.db);
    const otherCoach = await createCoach(t.db);
    await t.db.update(accounts).set({ coachUserId: coach.user.id }).where(eq(accounts.id, parent.account.id));
    const staff = await createStaff(t.db);
    const url = familyWeekUrl(parent.account.id);

    for (const reader of [parent, coach, staff]) {
      const res = await get(url, reader.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().players.map((p: { name: string }) => p.name)).toEqual(['Ada', 'Bo']);
    }
    const missing = await get(familyWeekUrl(2_147_483_647), staff.headers);
    expect(missing.statusCode).toBe(404);
    for (const stranger of [other, otherCoach]) {
      const res = await get(url, stranger.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    expect((await get(url)).statusCode).toBe(401);
  });

  it('refuses ids that are not account ids with a field message', async () => {
    const parent = await family(['Ada']);
    for (const id of ['abc', '1.5', '-1', '0', '2147483648', '99999999999999999999']) {
      const res = await get(familyWeekUrl(id), parent.headers);
      expect(res.statusCode, id).toBe(400);
      expect(res.json(), id).toEqual({ id: ['A valid integer is required.'] });
    }
  });
});
