import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, incompleteProfiles, surveyResponses, surveys } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createCoach, createParent, createStaff, createUser } from '../../../test/factories.ts';

let t: TestContext;
let intakeId: number;
beforeAll(async () => {
  t = await createTestContext();
  const [intake] = await t.db
    .insert(surveys)
    .values([
      {
        slug: 'intake',
        title: 'Intake questionnaire',
        payload: { questions: [{ id: 'q1', text: 'How does your child handle frustration?' }] },
      },
      { slug: 'check-in', title: 'Monthly check-in', payload: { questions: [] } },
      { slug: 'retired', title: 'Old form', isActive: false },
    ])
    .returning();
  intakeId = intake!.id;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string>, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload });

async function respond(accountId: number, userId: number | null, playerName: string, playerId: number | null = null) {
  const [row] = await t.db
    .insert(surveyResponses)
    .values({ surveyId: intakeId, accountId, userId, playerName, playerId, payload: { q1: `About ${playerName}` } })
    .returning();
  return row!;
}

describe('surveys', () => {
  it('lists the active survey forms with created_at and payload', async () => {
    const parent = await createParent(t.db);
    const res = await get('/api/v2/player/surveys/', parent.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    expect(body.results.map((s: { slug: string }) => s.slug)).toEqual(['intake', 'check-in']);
    expect(body.results[0]).toMatchObject({ title: 'Intake questionnaire', payload: { questions: [{ id: 'q1' }] } });
    expect(typeof body.results[0].created_at).toBe('string');
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/player/surveys/' })).statusCode).toBe(401);
  });

  it('shows staff a player’s responses, paged; a parent gets 403', async () => {
    const parent = await createParent(t.db, { players: ['Ada'] });
    const player = parent.players[0]!;
    for (let i = 0; i < 3; i++) await respond(parent.account.id, parent.user.id, 'Ada', player.id);
    await respond(parent.account.id, parent.user.id, 'Someone else');
    const staff = await createStaff(t.db);
    const res = await get(`/api/v2/admin/players/${player.id}/responses/?page_size=2`, staff.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(3);
    expect(body.results).toHaveLength(2);
    expect(body.results[0]).toMatchObject({
      survey: { id: intakeId, slug: 'intake', title: 'Intake questionnaire' },
      account_id: parent.account.id,
      user_id: parent.user.id,
      player_id: player.id,
      player_name: 'Ada',
      payload: { q1: 'About Ada' },
    });
    expect(body.results[0].id).toBeGreaterThan(body.results[1].id);
    expect((await get(body.next.replace(/^http:\/\/[^/]+/, ''), staff.headers)).json().results).toHaveLength(1);
    expect((await get(`/api/v2/admin/players/${player.id}/responses/`, parent.headers)).statusCode).toBe(403);
    expect((await get('/api/v2/admin/players/2147483647/responses/', staff.headers)).statusCode).toBe(404);
  });

  it('lists a user’s responses for the user, their family, their coach and staff only', async () => {
    const parent = await createParent(t.db, { players: ['Ben'] });
    const partner = await createUser(t.db, { accountId: parent.account.id });
    await respond(parent.account.id, partner.id, 'Ben');
    await respond(parent.account.id, partner.id, 'Ben');
    await respond(parent.account.id, parent.user.id, 'Ben');

    const mine = (await get(`/api/v2/player/surveys/responses/?user=${parent.user.id}`, parent.headers)).json();
    expect(mine.count).toBe(1);
    const theirs = (await get(`/api/v2/player/surveys/responses/?user=${partner.id}`, parent.headers)).json();
    expect(theirs.count).toBe(2);
    expect(theirs.results.every((r: { user_id: number }) => r.user_id === partner.id)).toBe(true);

    const stranger = await createParent(t.db);
    expect((await get(`/api/v2/player/surveys/responses/?user=${partner.id}`, stranger.headers)).statusCode).toBe(404);
    const coach = await createCoach(t.db);
    await t.db.update(accounts).set({ coachUserId: coach.user.id }).where(eq(accounts.id, parent.account.id));
    expect((await get(`/api/v2/player/surveys/responses/?user=${partner.id}`, coach.headers)).json().count).toBe(2);
    const staff = await createStaff(t.db);
    expect((await get(`/api/v2/player/surveys/responses/?user=${partner.id}`, staff.headers)).json().count).toBe(2);
    const bad = await get('/api/v2/player/surveys/responses/', parent.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('user');
  });

  it('links a survey-form profile to a player and delinks it again', async () => {
    const parent = await createParent(t.db, { players: ['Cy'] });
    const player = parent.players[0]!;
    await respond(parent.account.id, parent.user.id, 'Cyrus');
    await respond(parent.account.id, parent.user.id, ' cyrus ');
    const [profile] = await t.db
      .insert(incompleteProfiles)
      .values({ accountId: parent.account.id, playerName: 'Cyrus' })
      .returning();

    const linked = await post(`/api/v2/player/${player.id}/link-profile/`, parent.headers, {
      incomplete_profile_id: profile!.id,
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toEqual({ player_id: player.id, player_name: 'Cyrus', linked_responses: 2 });
    expect(
      await t.db.select().from(incompleteProfiles).where(eq(incompleteProfiles.accountId, parent.account.id)),
    ).toHaveLength(0);
    expect(await t.db.select().from(surveyResponses).where(eq(surveyResponses.playerId, player.id))).toHaveLength(2);

    const delinked = await post(`/api/v2/player/${player.id}/delink-profile/`, parent.headers);
    expect(delinked.json()).toEqual({ player_id: player.id, delinked_responses: 2 });
    expect(await t.db.select().from(surveyResponses).where(eq(surveyResponses.playerId, player.id))).toHaveLength(0);
    const profiles = await t.db
      .select()
      .from(incompleteProfiles)
      .where(eq(incompleteProfiles.accountId, parent.account.id));
    expect(profiles.map((p) => p.playerName.toLowerCase())).toEqual(['cyrus']);

    const byName = await post(`/api/v2/player/${player.id}/link-profile`, parent.headers, { player_name: 'CYRUS' });
    expect(byName.json().linked_responses).toBe(2);
  });

  it('refuses another account’s profile or player', async () => {
    const parent = await createParent(t.db, { players: ['Dee'] });
    const other = await createParent(t.db, { players: ['Eve'] });
    const [foreign] = await t.db
      .insert(incompleteProfiles)
      .values({ accountId: other.account.id, playerName: 'Dee' })
      .returning();
    const res = await post(`/api/v2/player/${parent.players[0]!.id}/link-profile/`, parent.headers, {
      incomplete_profile_id: foreign!.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ incomplete_profile_id: ['No such incomplete profile on this account.'] });
    expect((await post(`/api/v2/player/${other.players[0]!.id}/link-profile/`, parent.headers)).statusCode).toBe(404);
    expect((await post(`/api/v2/player/${other.players[0]!.id}/delink-profile/`, parent.headers)).statusCode).toBe(404);
    expect(await t.db.select().from(incompleteProfiles).where(eq(incompleteProfiles.id, foreign!.id))).toHaveLength(1);
  });
});

describe('answering a survey', () => {
  let checkInId: number;
  let closedId: number;
  beforeAll(async () => {
    const [checkIn, closed] = await t.db
      .insert(surveys)
      .values([
        {
          slug: 'weekly-check-in',
          title: 'Weekly check-in',
          payload: {
            repeat_days: 7,
            questions: [
              { id: 'calm', text: 'How calm?', type: 'scale', min: 1, max: 5 },
              { id: 'hours', text: 'Hours of sleep', type: 'number', min: 0, max: 24 },
              { id: 'mood', text: 'Mood', type: 'choice', choices: ['good', 'mixed', 'hard'] },
              { id: 'notes', text: 'Notes', type: 'text', max_length: 20 },
            ],
          },
        },
        { slug: 'closed-check-in', title: 'Closed', isActive: false, payload: { questions: [] } },
      ])
      .returning();
    checkInId = checkIn!.id;
    closedId = closed!.id;
  });
  const url = (playerId: number, surveyId = checkInId) => `/api/v2/player/${playerId}/surveys/${surveyId}/responses/`;
  const good = { calm: 4, hours: 8.5, mood: 'good', notes: '  Slept well  ' };

  it('stores a parent’s answers about their player and lists them among the user’s responses', async () => {
    const parent = await createParent(t.db, { players: ['Fay'] });
    const player = parent.players[0]!;
    const res = await post(url(player.id), parent.headers, { answers: { ...good, extra: 'dropped' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      survey: { id: checkInId, slug: 'weekly-check-in', title: 'Weekly check-in' },
      account_id: parent.account.id,
      user_id: parent.user.id,
      player_id: player.id,
      player_name: 'Fay',
      payload: { calm: 4, hours: 8.5, mood: 'good', notes: 'Slept well' },
    });
    const rows = await t.db.select().from(surveyResponses).where(eq(surveyResponses.playerId, player.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payload).toEqual({ calm: 4, hours: 8.5, mood: 'good', notes: 'Slept well' });
    // The optional text may be left out; without the trailing slash too.
    expect(
      (await post(url(player.id).slice(0, -1), parent.headers, { answers: { calm: 1, hours: 0, mood: 'hard' } }))
        .statusCode,
    ).toBe(201);
    const mine = (await get(`/api/v2/player/surveys/responses/?user=${parent.user.id}`, parent.headers)).json();
    expect(mine.count).toBe(2);
    const staff = await createStaff(t.db);
    expect((await get(`/api/v2/admin/players/${player.id}/responses/`, staff.headers)).json().count).toBe(2);
  });

  it('answers 400 with a message per question for bad answers and stores nothing', async () => {
    const parent = await createParent(t.db, { players: ['Gil'] });
    const player = parent.players[0]!;
    const res = await post(url(player.id), parent.headers, {
      answers: { calm: 9, hours: 'lots', mood: 'great', notes: 'x'.repeat(21) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      'answers.calm': ['Must be between 1 and 5.'],
      'answers.hours': ['A valid number is required.'],
      'answers.mood': ['Choose one of: good, mixed, hard.'],
      'answers.notes': ['At most 20 characters.'],
    });
    const missing = await post(url(player.id), parent.headers, { answers: {} });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json()).sort()).toEqual(['answers.calm', 'answers.hours', 'answers.mood']);
    expect(missing.json()['answers.calm']).toEqual(['This field is required.']);
    const notObject = await post(url(player.id), parent.headers, { answers: [1] });
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json()).toHaveProperty('answers');
    expect(await t.db.select().from(surveyResponses).where(eq(surveyResponses.playerId, player.id))).toHaveLength(0);
  });

  it('refuses another family’s player, a closed form, coaches and staff', async () => {
    const parent = await createParent(t.db, { players: ['Hal'] });
    const other = await createParent(t.db, { players: ['Ivy'] });
    const player = parent.players[0]!;
    expect((await post(url(other.players[0]!.id), parent.headers, { answers: good })).statusCode).toBe(404);
    expect((await post(url(2147483647), parent.headers, { answers: good })).statusCode).toBe(404);
    expect((await post(url(player.id, closedId), parent.headers, { answers: good })).statusCode).toBe(404);
    expect((await post(url(player.id, 2147483647), parent.headers, { answers: good })).statusCode).toBe(404);
    const coach = await createCoach(t.db);
    await t.db.update(accounts).set({ coachUserId: coach.user.id }).where(eq(accounts.id, parent.account.id));
    expect((await post(url(player.id), coach.headers, { answers: good })).statusCode).toBe(404);
    const staff = await createStaff(t.db);
    const refused = await post(url(player.id), staff.headers, { answers: good });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/answered by the family/);
    expect((await t.app.inject({ method: 'POST', url: url(player.id), payload: { answers: good } })).statusCode).toBe(
      401,
    );
    expect(await t.db.select().from(surveyResponses).where(eq(surveyResponses.playerId, player.id))).toHaveLength(0);
  });
});
