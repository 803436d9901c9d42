/**
 * The web compiles against the API contract's inferred types (packages/domain/src/api): the
 * answers it reads are the contract's, so a change of shape the web does not follow fails
 * `npm run typecheck` (these assertions run in the typecheck as well as here).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { FamilyWeek, PlayerOverview, WeeklyActivity } from '@grove/domain/api/play';
import type { Player, PlayerLink } from '@grove/domain/api/players';
import type { UserInfo } from '@grove/domain/api/user';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { userApi } from '@grove/domain/api/endpoints/user';

import { fakeApi } from '../../test/fake-api.ts';
import { USERS, overviewAnswer, playerPage, weeklyAnswer } from '../../test/fixtures.ts';
import { type familyWeekQuery, type overviewQuery, type weeklyActivityQuery } from '../features/play/play.api.ts';
import { type fetchAccountPlayers, toPlayer } from '../lib/queries/players.ts';
import { type userInfoQuery } from '../lib/queries/user.ts';

type QueryData<Q> = Q extends { queryFn?: infer F }
  ? F extends (...args: never[]) => infer R
    ? Awaited<R>
    : never
  : never;

describe('the web reads the contract’s answers', () => {
  it('types every query with the contract’s answer, not a shape of its own', () => {
    expectTypeOf<QueryData<ReturnType<typeof userInfoQuery>>>().toEqualTypeOf<UserInfo>();
    expectTypeOf<QueryData<ReturnType<typeof overviewQuery>>>().toEqualTypeOf<PlayerOverview>();
    expectTypeOf<QueryData<ReturnType<typeof familyWeekQuery>>>().toEqualTypeOf<FamilyWeek>();
    expectTypeOf<QueryData<ReturnType<typeof weeklyActivityQuery>>>().toEqualTypeOf<WeeklyActivity>();
    expectTypeOf<Awaited<ReturnType<typeof fetchAccountPlayers>>['results'][number]>().toEqualTypeOf<Player>();
    expectTypeOf(toPlayer).parameter(0).toEqualTypeOf<PlayerLink>();
  });

  it('builds the player from its link: the link’s name, role and in_program win (SPEC §3)', () => {
    const link = playerPage([{ id: 4, name: 'Maya' }]).results[0]!;
    const player = toPlayer({ ...link, player_name: 'Maya R.', role: 'sibling', in_program: false });
    expect(player).toEqual({ ...link.player, name: 'Maya R.', role: 'sibling', in_program: false });
  });

  it('keeps test answers to the contract: a field the contract does not know fails the typecheck', () => {
    // @ts-expect-error `nickname` is not part of the contract's user.
    const stray: UserInfo = { ...USERS.parent, nickname: 'J' };
    expect(stray.id).toBe(USERS.parent.id);
    expect(overviewAnswer({ id: 1, name: 'Maya' }).this_week.goal_minutes).toBe(45);
    expect(
      weeklyAnswer(1, '1W', [{ week_start: '2026-11-16', minutes: 30, sessions: 2 }]).weeks[0]!.seconds_played,
    ).toBe(1800);
  });
});

describe('the test fake is keyed on the same endpoints (issue 28)', () => {
  const maya = playerPage([{ id: 42, name: 'Maya' }]).results[0]!.player;
  const read = async (path: string) => {
    const answer = await fetch(path);
    return { status: answer.status, body: (await answer.json()) as unknown };
  };

  it('takes no URL as a route: a string key fails the typecheck', () => {
    // @ts-expect-error a route names an endpoint of the contract, never 'METHOD /api/path'.
    expect(() => fakeApi([['GET /api/v2/user/info/', { body: USERS.parent }]])).toThrow();
    // @ts-expect-error nor a table of URLs.
    expect(() => fakeApi({ 'GET /api/v2/user/info/': { body: USERS.parent } })).toThrow();
    // @ts-expect-error `set` and `callsTo`, which took URLs, are gone.
    expect(fakeApi([]).callsTo).toBeUndefined();
  });

  it('answers only the path parameters a route is narrowed to; other ids get the 404 of an unknown route', async () => {
    const api = fakeApi([[playersApi.get, { body: maya }, { id: 42 }]]);
    expect(await read('/api/v2/player/42/')).toEqual({ status: 200, body: maya });
    expect(await read('/api/v2/player/43/')).toEqual({
      status: 404,
      body: { detail: 'Not found.', code: 'not_found' },
    });
    expect(api.callsOf(playersApi.get, { id: 42 })).toHaveLength(1);
    expect(api.callsOf(playersApi.get, { id: 43 })[0]?.params).toEqual({});
    expect(api.callsOf(playersApi.get)).toHaveLength(2);
  });

  it('prefers the narrowed route to the open one, and a later route replaces the same endpoint and parameters', async () => {
    const api = fakeApi([
      [playersApi.get, { status: 403, body: { detail: 'Not yours.' } }],
      [playersApi.get, { body: maya }, { id: 42 }],
      [userApi.info, { body: USERS.coach }],
    ]);
    expect((await read('/api/v2/player/42/')).status).toBe(200);
    expect((await read('/api/v2/player/7/')).status).toBe(403);
    api.on(playersApi.get, { status: 410, body: { detail: 'Gone.' } }, { id: '42' });
    api.on(userApi.info, () => ({ body: USERS.parent }));
    expect((await read('/api/v2/player/42/')).status).toBe(410);
    expect((await read('/api/v2/player/7/')).status).toBe(403);
    expect(await read('/api/v2/user/info/')).toEqual({ status: 200, body: USERS.parent });
    expect(api.callsOf(playersApi.get, { id: 42 }).map((call) => call.params)).toEqual([{ id: '42' }, { id: '42' }]);
  });
});
