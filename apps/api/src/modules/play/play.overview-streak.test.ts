/**
 * Issue 27: the overview keeps each player's streak for its play data version, time zone and local
 * day (play.streak-cache.ts). A read that finds it runs the statement without the weeks of play and
 * answers the same figures; an upload, a staff edit of the play or a new local day counts it again.
 */
import { localDateKey, type PlayStreak } from '@grove/domain';
import { playApi } from '@grove/domain/api/play';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { playSessions } from '../../db/schema/index.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import { familyWithDevice, upload, session } from '../game/game.test-support.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createParent, createStaff } from '../../../test/factories.ts';
import { findPlayerForPlay } from './play.repository.ts';
import { overview } from './play.service.ts';
import { streakCacheOf } from './play.streak-cache.ts';

/** Wednesday 11 March 2026, 11:30 in New York: this week is the one of Monday 9 March. */
const NOW = new Date('2026-03-11T15:30:00Z');
const NY = 'America/New_York';

let t: TestContext;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const overviewUrl = (playerId: number) => `/api/v1/dashboard/player/${playerId}/overview/`;

async function read(playerId: number, headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: overviewUrl(playerId), headers });
  expect(res.statusCode).toBe(200);
  return playApi.overview.schema.response[200].parse(res.json());
}

let counter = 0;
/** Sessions stored as ingestion stores them (the rollups and the play version follow in the statement). */
async function play(accountId: number, playerId: number, sessions: { at: string; minutes: number }[]) {
  return t.db
    .insert(playSessions)
    .values(
      sessions.map((s) => ({
        accountId,
        playerId,
        gameSessionId: `overview-streak-${counter++}`,
        periodDatetime: new Date(s.at),
        secondsPlayed: s.minutes * 60,
      })),
    )
    .returning({ id: playSessions.id });
}

/** The key the overview looks the player's streak up with now. */
async function keyNow(playerId: number, timeZone = NY, today = new Date()) {
  const player = await findPlayerForPlay(t.db, playerId);
  return { version: player!.version, timeZone, dateKey: localDateKey(today, timeZone) };
}

describe('the overview’s streak, kept per data version', () => {
  it('is kept: a second read takes it from the cache and answers the same figures', async () => {
    const parent = await createParent(t.db, { players: ['Ada'] });
    const ada = parent.players[0]!;
    await play(parent.account.id, ada.id, [
      { at: '2026-03-03T22:00:00Z', minutes: 50 }, // last week: a goal week
      { at: '2026-03-10T21:00:00Z', minutes: 30 },
    ]);
    const first = await read(ada.id, parent.headers);
    expect(first.streak).toEqual({ weeks: 1, this_week_met: false, longest_weeks: 1 });
    expect(await read(ada.id, parent.headers)).toEqual(first);

    // Proof that a read asks the cache first: a streak planted for the current key is what it answers,
    // with every other figure unchanged (the statement without the weeks of play).
    const planted: PlayStreak = { current: 7, thisWeekMet: true, longest: 9 };
    streakCacheOf(t.db).set(ada.id, await keyNow(ada.id), planted);
    expect(await read(ada.id, parent.headers)).toEqual({
      ...first,
      streak: { weeks: 7, this_week_met: true, longest_weeks: 9 },
    });
  });

  it('is counted again after an upload that completes this week (a new play version)', async () => {
    const { parent, player, token } = await familyWithDevice(t);
    await play(parent.account.id, player.id, [
      { at: '2026-03-03T22:00:00Z', minutes: 50 }, // last week: a goal week
      { at: '2026-03-10T21:00:00Z', minutes: 30 }, // this week: 30 of 45
    ]);
    expect((await read(player.id, parent.headers)).streak).toEqual({
      weeks: 1,
      this_week_met: false,
      longest_weeks: 1,
    });
    expect((await read(player.id, parent.headers)).streak.weeks).toBe(1); // from the cache
    const before = await keyNow(player.id);

    // 20 more minutes an hour ago: 50 this week, the goal reached.
    const sent = await upload(t, token, { sessions: [session(player.id, 60)] });
    expect(sent.statusCode).toBe(200);
    expect((await keyNow(player.id)).version).not.toBe(before.version);
    const after = await read(player.id, parent.headers);
    expect(after.this_week.seconds_played).toBe(50 * 60);
    expect(after.streak).toEqual({ weeks: 2, this_week_met: true, longest_weeks: 2 });
  });

  it('is counted again after staff change the family’s time zone and after a staff repair of the play', async () => {
    const parent = await createParent(t.db, { players: ['Bo'] });
    const bo = parent.players[0]!;
    const staff = await createStaff(t.db);
    const [, late] = await play(parent.account.id, bo.id, [
      { at: '2026-02-24T22:00:00Z', minutes: 50 }, // two weeks ago, in both zones
      // Sunday 8 March, 23:00 in New York (last week); Monday 9 March, 03:00 in London (this week).
      { at: '2026-03-09T03:00:00Z', minutes: 50 },
    ]);
    expect((await read(bo.id, parent.headers)).streak).toEqual({ weeks: 2, this_week_met: false, longest_weeks: 2 });
    expect((await read(bo.id, parent.headers)).streak.weeks).toBe(2); // from the cache

    // Staff move the family to London: the rollups are rebuilt in the new local weeks.
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/admin/accounts/${parent.account.id}`,
      headers: staff.headers,
      payload: { time_zone: 'Europe/London' },
    });
    expect(edit.statusCode).toBe(200);
    const london = await read(bo.id, parent.headers);
    expect(london.time_zone).toBe('Europe/London');
    expect(london.streak).toEqual({ weeks: 1, this_week_met: true, longest_weeks: 1 });
    expect((await read(bo.id, parent.headers)).streak.weeks).toBe(1); // from the cache

    // A staff repair in SQL (the same zone, the same day: only the play version moves).
    await t.db
      .update(playSessions)
      .set({ secondsPlayed: 20 * 60 })
      .where(eq(playSessions.id, late!.id));
    expect((await read(bo.id, parent.headers)).streak).toEqual({ weeks: 0, this_week_met: false, longest_weeks: 1 });
  });

  it('is counted again on a new local day, with no change of play', async () => {
    const parent = await createParent(t.db, { players: ['Cy'] });
    const cy = parent.players[0]!;
    await play(parent.account.id, cy.id, [
      { at: '2026-03-03T22:00:00Z', minutes: 50 }, // week of 2 March: a goal week
      { at: '2026-03-10T21:00:00Z', minutes: 20 }, // week of 9 March: under the goal
    ]);
    const user: AuthUser = {
      id: parent.user.id,
      email: parent.user.email,
      firstName: parent.user.firstName,
      lastName: parent.user.lastName,
      isStaff: false,
      isCoach: false,
      isBillingUser: true,
      accountId: parent.account.id,
      sessionId: 'test',
    };
    const streakOn = async (today: Date) => (await (await overview(t.db, user, cy.id, today)).answer()).streak;
    // Sunday 15 March, noon in New York: the week of 9 March may still reach the goal.
    const sunday = new Date('2026-03-15T16:00:00Z');
    expect(await streakOn(sunday)).toEqual({ weeks: 1, this_week_met: false, longest_weeks: 1 });
    expect(streakCacheOf(t.db).get(cy.id, await keyNow(cy.id, NY, sunday))).toEqual({
      current: 1,
      thisWeekMet: false,
      longest: 1,
    });
    expect(await streakOn(new Date('2026-03-15T23:00:00Z'))).toEqual({
      weeks: 1,
      this_week_met: false,
      longest_weeks: 1,
    });
    // Monday 16 March in New York: the week of 9 March ended under the goal, the run is broken.
    const monday = new Date('2026-03-16T04:30:00Z');
    expect((await keyNow(cy.id, NY, monday)).version).toBe((await keyNow(cy.id, NY, sunday)).version);
    expect(await streakOn(monday)).toEqual({ weeks: 0, this_week_met: false, longest_weeks: 1 });
  });
});
