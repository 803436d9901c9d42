/**
 * The web compiles against the API contract's inferred types (packages/domain/src/api): the
 * answers it reads are the contract's, so a change of shape the web does not follow fails
 * `npm run typecheck` (these assertions run in the typecheck as well as here).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { PlayerOverview, WeeklyActivity } from '@grove/domain/api/play';
import type { Player, PlayerLink } from '@grove/domain/api/players';
import type { UserInfo } from '@grove/domain/api/user';

import { USERS, overviewAnswer, playerPage, weeklyAnswer } from '../../test/fixtures.ts';
import { type overviewQuery, type weeklyActivityQuery } from '../features/play/play.api.ts';
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
