import { eq } from 'drizzle-orm';
import { MAX_WAITING_PROFILES, PROFILE_MESSAGES } from '@grove/domain/api/game';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParent } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { accounts, incompleteProfiles, players } from '../../db/schema/index.ts';
import { familyWithDevice } from './game.test-support.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const game = (token: string) => ({ authorization: `Bearer ${token}` });
const listPlayers = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/game/players', headers: game(token) });
const makeProfile = (token: string, name: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/game/players', headers: game(token), payload: { name } });

describe("the game's players", () => {
  it("lists the device's account players and its incomplete profiles, nothing of another account", async () => {
    const { token, parent, player } = await familyWithDevice(t, ['Ada', 'Bo']);
    await t.db.update(players).set({ inProgram: false }).where(eq(players.id, parent.players[1]!.id));
    await t.db.insert(incompleteProfiles).values({ accountId: parent.account.id, playerName: 'Cy' });
    const other = await createParent(t.db, { players: ['Other'] });
    await t.db.insert(incompleteProfiles).values({ accountId: other.account.id, playerName: 'Not ours' });

    const res = await listPlayers(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      players: [
        { id: player.id, name: 'Ada', in_program: true },
        { id: parent.players[1]!.id, name: 'Bo', in_program: false },
      ],
      incomplete_profiles: [{ id: expect.any(Number), player_name: 'Cy', created_at: expect.any(String) }],
    });
  });

  it('refuses a missing token and a person’s token', async () => {
    const { parent } = await familyWithDevice(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/game/players' })).statusCode).toBe(401);
    expect((await listPlayers(parent.token)).statusCode).toBe(401);
    expect((await makeProfile(parent.token, 'Nia')).statusCode).toBe(401);
  });

  it('a child makes a profile: 201 new, 200 the same one again (any case, spaces), 409 for a player’s name', async () => {
    const { token, parent } = await familyWithDevice(t, ['Ada']);
    const created = await makeProfile(token, 'Nia');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(Number), player_name: 'Nia', created_at: expect.any(String) });
    const again = await makeProfile(token, '  NIA ');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(created.json());

    const taken = await makeProfile(token, ' ada');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: PROFILE_MESSAGES.playerExists('Ada'), code: 'player_exists' });

    const bad = await makeProfile(token, '');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().name).toEqual([expect.any(String)]);
    const rows = await t.db
      .select()
      .from(incompleteProfiles)
      .where(eq(incompleteProfiles.accountId, parent.account.id));
    expect(rows.map((row) => row.playerName)).toEqual(['Nia']);
  });

  it('two tablets making the same profile at once make one', async () => {
    const { token, parent } = await familyWithDevice(t);
    const answers = await Promise.all([makeProfile(token, 'Remy'), makeProfile(token, 'remy')]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 201]);
    expect(answers[0]!.json().id).toBe(answers[1]!.json().id);
    const rows = await t.db
      .select()
      .from(incompleteProfiles)
      .where(eq(incompleteProfiles.accountId, parent.account.id));
    expect(rows).toHaveLength(1);
  });

  it(`a tablet cannot leave more than ${MAX_WAITING_PROFILES} profiles waiting: 409, and an existing one is still answered`, async () => {
    const { token, parent } = await familyWithDevice(t);
    await t.db.insert(incompleteProfiles).values(
      Array.from({ length: MAX_WAITING_PROFILES }, (_, index) => ({
        accountId: parent.account.id,
        playerName: `Kid ${String.fromCharCode(65 + index)}`,
      })),
    );
    const refused = await makeProfile(token, 'One more');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: PROFILE_MESSAGES.tooMany(MAX_WAITING_PROFILES),
      code: 'too_many_profiles',
    });
    expect((await makeProfile(token, 'kid a')).statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(incompleteProfiles)
      .where(eq(incompleteProfiles.accountId, parent.account.id));
    expect(rows).toHaveLength(MAX_WAITING_PROFILES);
  });

  it('the parent sees the profile, completes it with consent, and the game then finds the player', async () => {
    const { token, parent } = await familyWithDevice(t, ['Ada']);
    const profile = (await makeProfile(token, 'Juno')).json();
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/v2/accounts/${parent.account.id}/incomplete_profiles/`,
      headers: parent.headers,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({ count: 1, results: [{ id: profile.id, player_name: 'Juno' }] });

    const withoutConsent = await t.app.inject({
      method: 'POST',
      url: '/api/v2/player/',
      headers: parent.headers,
      payload: { name: 'Juno' },
    });
    expect(withoutConsent.statusCode).toBe(400);
    expect((await listPlayers(token)).json().incomplete_profiles).toHaveLength(1);

    const completed = await t.app.inject({
      method: 'POST',
      url: '/api/v2/player/',
      headers: parent.headers,
      payload: { name: 'juno', consent: true },
    });
    expect(completed.statusCode, completed.body).toBe(201);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/v2/accounts/${parent.account.id}/incomplete_profiles/`,
      headers: parent.headers,
    });
    expect(after.json()).toMatchObject({ count: 0, results: [] });
    const seen = (await listPlayers(token)).json();
    expect(seen.incomplete_profiles).toEqual([]);
    expect(seen.players.map((p: { name: string }) => p.name)).toEqual(['Ada', 'juno']);
    // The name is now a player's: the game cannot make the profile again.
    expect((await makeProfile(token, 'Juno')).statusCode).toBe(409);
  });
});

describe('device settings', () => {
  it("answer the account's time zone", async () => {
    const { token, parent, device } = await familyWithDevice(t);
    await t.db.update(accounts).set({ timeZone: 'America/Denver' }).where(eq(accounts.id, parent.account.id));
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/game/device/settings', headers: game(token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      device_id: device.id,
      name: 'Family tablet',
      is_kiosk_mode: false,
      account_id: parent.account.id,
      time_zone: 'America/Denver',
    });
  });
});
