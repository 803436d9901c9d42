import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, experimentVariants, remoteConfigs } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createCoach, createParent, createStaff } from '../../../test/factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const put = (url: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, headers, payload: payload as Record<string, unknown> });

describe('experiment variants', () => {
  it('answers the player’s variant, or 404 when there is none', async () => {
    const parent = await createParent(t.db, { players: ['Ada'] });
    const id = parent.players[0]!.id;
    const none = await get(`/api/v2/player/experiment_variant/?player_id=${id}`, parent.headers);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: 'This player is in no experiment.', code: 'not_found' });

    await t.db.insert(experimentVariants).values([
      {
        playerId: id,
        campaignName: 'goal_banner',
        variantName: 'streaks',
        assignedAt: new Date('2026-01-01T00:00:00Z'),
      },
      {
        playerId: id,
        campaignName: 'onboarding_video',
        variantName: 'short',
        assignedAt: new Date('2026-02-01T00:00:00Z'),
      },
    ]);
    const latest = await get(`/api/v2/player/experiment_variant/?player_id=${id}`, parent.headers);
    expect(latest.json()).toEqual({
      player_id: id,
      campaign_name: 'onboarding_video',
      variant_name: 'short',
      assigned_at: '2026-02-01T00:00:00.000Z',
    });
    const named = await get(
      `/api/v2/player/experiment_variant?player_id=${id}&campaign_name=goal_banner`,
      parent.headers,
    );
    expect(named.json()).toMatchObject({ campaign_name: 'goal_banner', variant_name: 'streaks' });

    const other = await createParent(t.db);
    expect((await get(`/api/v2/player/experiment_variant/?player_id=${id}`, other.headers)).statusCode).toBe(404);
    expect((await get('/api/v2/player/experiment_variant/', parent.headers)).json()).toHaveProperty('player_id');
  });

  it('gives an account’s experimental data with its players’ variants', async () => {
    const parent = await createParent(t.db, { players: ['Ben', 'Cy'] });
    await t.db
      .update(accounts)
      .set({ experimentalData: { new_home: true } })
      .where(eq(accounts.id, parent.account.id));
    await t.db
      .insert(experimentVariants)
      .values({ playerId: parent.players[1]!.id, campaignName: 'goal_banner', variantName: 'control' });
    const res = await get(`/api/v2/accounts/${parent.account.id}/experimental_data`, parent.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      account_id: parent.account.id,
      experimental_data: { new_home: true },
      experiment_variants: [
        { player_id: parent.players[1]!.id, campaign_name: 'goal_banner', variant_name: 'control' },
      ],
    });
    const other = await createParent(t.db);
    expect((await get(`/api/v2/accounts/${parent.account.id}/experimental_data/`, other.headers)).statusCode).toBe(404);
    const staff = await createStaff(t.db);
    expect((await get('/api/v2/accounts/2147483647/experimental_data/', staff.headers)).statusCode).toBe(404);
  });
});

describe('remote configurations', () => {
  it('lists them by name, paged', async () => {
    const parent = await createParent(t.db);
    await t.db.insert(remoteConfigs).values(
      ['sound', 'metagame', 'difficulty'].map((configName, i) => ({
        accountId: parent.account.id,
        configName,
        configValue: { v: i },
      })),
    );
    const res = await get(`/api/v2/accounts/${parent.account.id}/remote_configs/list/?page_size=2`, parent.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(3);
    expect(body.results.map((r: { config_name: string }) => r.config_name)).toEqual(['difficulty', 'metagame']);
    expect(Object.keys(body.results[0]).sort()).toEqual(['config_name', 'config_value', 'updated_at']);
    const rest = (await get(body.next.replace(/^http:\/\/[^/]+/, ''), parent.headers)).json();
    expect(rest.results.map((r: { config_name: string }) => r.config_name)).toEqual(['sound']);
    const other = await createParent(t.db);
    expect((await get(`/api/v2/accounts/${parent.account.id}/remote_configs/list/`, other.headers)).statusCode).toBe(
      404,
    );
  });

  it('replaces the metagame configuration as a whole', async () => {
    const parent = await createParent(t.db);
    const url = `/api/v2/accounts/${parent.account.id}/remote_configs/metagame/`;
    const created = await put(url, parent.headers, { config_value: { world: 2, unlocked: ['forest'] } });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ config_name: 'metagame', config_value: { world: 2, unlocked: ['forest'] } });
    const replaced = await put(url, parent.headers, { config_value: { world: 3 } });
    expect(replaced.json().config_value).toEqual({ world: 3 });
    const rows = await t.db.select().from(remoteConfigs).where(eq(remoteConfigs.accountId, parent.account.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.configValue).toEqual({ world: 3 });
    expect(new Date(replaced.json().updated_at).getTime()).toBeGreaterThanOrEqual(
      new Date(created.json().updated_at).getTime(),
    );
  });

  it('rejects a bad value, another account and a coach without changing anything', async () => {
    const parent = await createParent(t.db);
    const url = `/api/v2/accounts/${parent.account.id}/remote_configs/metagame`;
    await put(url, parent.headers, { config_value: { world: 1 } });
    for (const payload of [
      { config_value: [1, 2] },
      { config_value: 'x' },
      {},
      { config_value: { big: 'x'.repeat(70_000) } },
    ]) {
      const res = await put(url, parent.headers, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('config_value');
    }
    const other = await createParent(t.db);
    expect((await put(url, other.headers, { config_value: { world: 9 } })).statusCode).toBe(404);
    const coach = await createCoach(t.db);
    await t.db.update(accounts).set({ coachUserId: coach.user.id }).where(eq(accounts.id, parent.account.id));
    expect((await get(`/api/v2/accounts/${parent.account.id}/remote_configs/list/`, coach.headers)).statusCode).toBe(
      200,
    );
    expect((await put(url, coach.headers, { config_value: { world: 9 } })).statusCode).toBe(404);
    const staff = await createStaff(t.db);
    expect((await put(url, staff.headers, { config_value: { world: 5 } })).statusCode).toBe(200);
    const [row] = await t.db.select().from(remoteConfigs).where(eq(remoteConfigs.accountId, parent.account.id));
    expect(row!.configValue).toEqual({ world: 5 });
  });
});
