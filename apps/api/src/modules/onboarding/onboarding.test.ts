/**
 * Onboarding through the API: steps follow the family's real rows (players, deliveries, devices,
 * play sessions, tutorial registrations, coaching calls); finishing a step moves it and is recorded
 * once; unknown steps and people without a family are refused.
 */
import { ONBOARDING_STEPS } from '@grove/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  createCoach,
  createParent,
  createPlayer,
  createStaff,
  createUser,
  issueAccessToken,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import {
  coachingCalls,
  devices,
  onboardingSteps,
  playSessions,
  shipments,
  webinarRegistrations,
  webinars,
} from '../../db/schema/index.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
const ALL = ONBOARDING_STEPS.map((step) => step.id);

type Step = { id: string; passed_at: string | null; automatic: boolean };
async function state(headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: '/api/v2/onboarding', headers });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { passed: Step[]; to_pass: Step[] };
  return { ...body, passedIds: body.passed.map((s) => s.id), toPassIds: body.to_pass.map((s) => s.id) };
}

describe('onboarding', () => {
  it('starts with every step to pass, in order, with their words', async () => {
    const parent = await createParent(t.db);
    const s = await state(parent.headers);
    expect(s.passed).toEqual([]);
    expect(s.toPassIds).toEqual(ALL);
    expect(s.to_pass[0]).toEqual({
      id: 'add_players',
      title: ONBOARDING_STEPS[0].title,
      text: ONBOARDING_STEPS[0].text,
      passed_at: null,
      automatic: true,
    });
    // Grove sees only a sign of pairing and of joining: a parent may mark them as done.
    expect(s.to_pass.filter((step) => !step.automatic).map((step) => step.id)).toEqual(['pair_band', 'join_tutorial']);
  });

  it('passes steps from what the family really did', async () => {
    const parent = await createParent(t.db);
    const playerAt = new Date(Date.now() - 20 * DAY);
    const player = await createPlayer(t.db, parent.account.id, { createdAt: playerAt });
    let s = await state(parent.headers);
    expect(s.passedIds).toEqual(['add_players']);
    expect(s.passed[0]).toMatchObject({ automatic: true, passed_at: playerAt.toISOString() });

    const playedAt = new Date(Date.now() - 3 * DAY);
    await t.db.insert(playSessions).values({
      accountId: parent.account.id,
      playerId: player.id,
      gameSessionId: 'first',
      periodDatetime: playedAt,
      secondsPlayed: 600,
    });
    // A device registered but never seen does not pass the band yet; one with a token does.
    await t.db.insert(devices).values({ accountId: parent.account.id, name: 'Tablet' });
    s = await state(parent.headers);
    expect(s.passedIds).toEqual(['add_players', 'first_game']);
    expect(s.passed[1]).toMatchObject({ passed_at: playedAt.toISOString(), automatic: true });

    await t.db
      .insert(devices)
      .values({ accountId: parent.account.id, name: 'Paired tablet', tokenHash: `hash-${parent.account.id}` });
    await t.db.insert(shipments).values({
      accountId: parent.account.id,
      kind: 'kit',
      carrier: 'UPS',
      service: 'Ground',
      status: 'IN_TRANSIT',
      items: [],
      shipping: {} as never,
    });
    s = await state(parent.headers);
    expect(s.passedIds).toEqual(['add_players', 'pair_band', 'first_game']);
    await t.db.update(shipments).set({ status: 'DELIVERED' }).where(eq(shipments.accountId, parent.account.id));
    s = await state(parent.headers);
    expect(s.passedIds).toEqual(['add_players', 'kit_delivered', 'pair_band', 'first_game']);

    const coach = await createCoach(t.db);
    const start = new Date(Date.now() + 5 * DAY);
    await t.db.insert(coachingCalls).values({
      accountId: parent.account.id,
      coachUserId: coach.user.id,
      startsAt: start,
      endsAt: new Date(start.getTime() + 1_800_000),
      status: 'cancelled',
    });
    expect((await state(parent.headers)).toPassIds).toEqual(['join_tutorial', 'book_coaching']);
    await t.db.update(coachingCalls).set({ status: 'scheduled' }).where(eq(coachingCalls.accountId, parent.account.id));
    const [w] = await t.db
      .insert(webinars)
      .values({ title: 'Intro', startsAt: start, capacity: 5, joinUrl: 'https://meet.example.test/x' })
      .returning();
    await t.db.insert(webinarRegistrations).values({ webinarId: w!.id, userId: parent.user.id });
    s = await state(parent.headers);
    expect(s.passedIds).toEqual(ALL);
    expect(s.to_pass).toEqual([]);
    expect(s.passed.every((step) => step.automatic && step.passed_at !== null)).toBe(true);
    // Nothing was recorded by hand.
    expect(await t.db.select().from(onboardingSteps).where(eq(onboardingSteps.accountId, parent.account.id))).toEqual(
      [],
    );
  });

  it('finishing a step moves it to the passed steps, once', async () => {
    const parent = await createParent(t.db);
    const url = '/api/v2/onboarding/pair_band/finish';
    const res = await t.app.inject({ method: 'POST', url, headers: parent.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { passed: Step[]; to_pass: Step[] };
    expect(body.passed.map((s) => s.id)).toEqual(['pair_band']);
    expect(body.passed[0]!.automatic).toBe(false);
    expect(body.passed[0]!.passed_at).not.toBeNull();
    expect(body.to_pass.map((s) => s.id)).toEqual(ALL.filter((id) => id !== 'pair_band'));

    const rows = () =>
      t.db
        .select()
        .from(onboardingSteps)
        .where(and(eq(onboardingSteps.accountId, parent.account.id), eq(onboardingSteps.step, 'pair_band')));
    const [first] = await rows();
    expect(first).toMatchObject({ passedByUserId: parent.user.id });

    const again = await t.app.inject({ method: 'POST', url: `${url}/`, headers: parent.headers });
    expect(again.statusCode).toBe(200);
    expect(await rows()).toEqual([first]);
    expect((await state(parent.headers)).passedIds).toEqual(['pair_band']);
  });

  it('is the family’s own: shared by its members, invisible to another family', async () => {
    const family = await createParent(t.db);
    const caregiver = await createUser(t.db, { accountId: family.account.id });
    const caregiverHeaders = authHeaders(await issueAccessToken(t.db, caregiver.id));
    const other = await createParent(t.db);

    await createPlayer(t.db, family.account.id);
    // A device that synced: Grove knows the kit arrived, and the band was paired.
    await t.db
      .insert(devices)
      .values({ accountId: family.account.id, name: 'Tablet', lastSeenAt: new Date(Date.now() - DAY) });
    const finish = await t.app.inject({
      method: 'POST',
      url: '/api/v2/onboarding/book_coaching/finish',
      headers: caregiverHeaders,
    });
    expect(finish.statusCode).toBe(200);
    // A tutorial registered for by the caregiver counts for the family.
    const [w] = await t.db
      .insert(webinars)
      .values({
        title: 'Intro',
        startsAt: new Date(Date.now() + DAY),
        capacity: 5,
        joinUrl: 'https://meet.example.test/y',
      })
      .returning();
    await t.db.insert(webinarRegistrations).values({ webinarId: w!.id, userId: caregiver.id });

    const mine = await state(family.headers);
    expect(mine.passedIds).toEqual(['add_players', 'kit_delivered', 'pair_band', 'join_tutorial', 'book_coaching']);
    expect(mine.passed.find((step) => step.id === 'book_coaching')).toMatchObject({ automatic: false });
    expect(await state(caregiverHeaders)).toEqual(mine);
    expect(
      await t.db.select().from(onboardingSteps).where(eq(onboardingSteps.accountId, family.account.id)),
    ).toMatchObject([{ step: 'book_coaching', passedByUserId: caregiver.id }]);

    const theirs = await state(other.headers);
    expect(theirs.passed).toEqual([]);
    expect(theirs.toPassIds).toEqual(ALL);
  });

  it('accepts a finish by hand of an automatic step, and keeps the earlier time', async () => {
    const parent = await createParent(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/onboarding/first_game/finish',
      headers: parent.headers,
    });
    expect(res.statusCode).toBe(200);
    const clicked = (res.json() as { passed: Step[] }).passed;
    expect(clicked).toMatchObject([{ id: 'first_game', automatic: false }]);

    const player = await createPlayer(t.db, parent.account.id);
    const playedAt = new Date(Date.now() - 2 * DAY);
    await t.db.insert(playSessions).values({
      accountId: parent.account.id,
      playerId: player.id,
      gameSessionId: 'earlier',
      periodDatetime: playedAt,
      secondsPlayed: 300,
    });
    const s = await state(parent.headers);
    expect(s.passed.find((step) => step.id === 'first_game')).toEqual({
      id: 'first_game',
      title: ONBOARDING_STEPS[3].title,
      text: ONBOARDING_STEPS[3].text,
      passed_at: playedAt.toISOString(),
      automatic: true,
    });
  });

  it('refuses an unknown step and writes nothing', async () => {
    const parent = await createParent(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/onboarding/take_over/finish',
      headers: parent.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('step');
    expect(await t.db.select().from(onboardingSteps).where(eq(onboardingSteps.accountId, parent.account.id))).toEqual(
      [],
    );
  });

  it('answers 404 to people without a family, and 401 to nobody', async () => {
    const staff = await createStaff(t.db);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/onboarding', headers: staff.headers })).statusCode).toBe(
      404,
    );
    const coach = await createCoach(t.db);
    const finish = await t.app.inject({
      method: 'POST',
      url: '/api/v2/onboarding/pair_band/finish',
      headers: coach.headers,
    });
    expect(finish.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/onboarding' })).statusCode).toBe(401);
  });
});
