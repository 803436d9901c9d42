/** The streak cache on its own (issue 27): valid for one version, zone and day; bounded, least recently used out. */
import type { PlayStreak } from '@grove/domain';
import { describe, expect, it } from 'vitest';
import { STREAK_CACHE_MAX, StreakCache, streakCacheOf, type StreakKey } from './play.streak-cache.ts';

const key: StreakKey = { version: '3.1234', timeZone: 'America/New_York', dateKey: '2026-03-11' };
const streak = (current: number): PlayStreak => ({ current, thisWeekMet: false, longest: current });

describe('the streak cache', () => {
  it('answers only for the version, time zone and local day the streak was counted for', () => {
    const cache = new StreakCache();
    expect(cache.get(1, key)).toBeUndefined();
    cache.set(1, key, streak(2));
    expect(cache.get(1, { ...key })).toEqual(streak(2));
    expect(cache.get(1, { ...key, version: '4.1240' })).toBeUndefined();
    expect(cache.get(1, { ...key, version: '3.1299' })).toBeUndefined();
    expect(cache.get(1, { ...key, timeZone: 'Europe/London' })).toBeUndefined();
    expect(cache.get(1, { ...key, dateKey: '2026-03-12' })).toBeUndefined();
    expect(cache.get(2, key)).toBeUndefined();
    // A newer count replaces the player's entry: one entry per player.
    cache.set(1, { ...key, version: '4.1240' }, streak(3));
    expect(cache.size).toBe(1);
    expect(cache.get(1, key)).toBeUndefined();
    expect(cache.get(1, { ...key, version: '4.1240' })).toEqual(streak(3));
  });

  it('keeps at most its bound, evicting the least recently used on insert', () => {
    const cache = new StreakCache(3);
    for (const id of [1, 2, 3]) cache.set(id, key, streak(id));
    expect(cache.size).toBe(3);
    cache.set(4, key, streak(4));
    expect(cache.size).toBe(3);
    expect(cache.get(1, key)).toBeUndefined(); // the oldest went
    expect(cache.get(2, key)).toEqual(streak(2)); // read: now the most recently used
    cache.set(5, key, streak(5));
    expect(cache.get(3, key)).toBeUndefined(); // 3 was then the least recently used
    expect([2, 4, 5].map((id) => cache.get(id, key)?.current)).toEqual([2, 4, 5]);
    // Storing a player again (a new version) takes no second place.
    cache.set(4, { ...key, version: '9.1' }, streak(40));
    expect(cache.size).toBe(3);
    expect([2, 4, 5].map((id) => cache.get(id, { ...key, version: id === 4 ? '9.1' : key.version })?.current)).toEqual([
      2, 40, 5,
    ]);
  });

  it('is bounded at 10 000 players by default, one cache per database handle', () => {
    const cache = new StreakCache();
    expect(cache.max).toBe(STREAK_CACHE_MAX);
    expect(STREAK_CACHE_MAX).toBe(10_000);
    for (let id = 1; id <= STREAK_CACHE_MAX + 5; id++) cache.set(id, key, streak(id));
    expect(cache.size).toBe(STREAK_CACHE_MAX);
    expect(cache.get(5, key)).toBeUndefined();
    expect(cache.get(6, key)).toEqual(streak(6));
    expect(cache.get(STREAK_CACHE_MAX + 5, key)).toEqual(streak(STREAK_CACHE_MAX + 5));

    const one = {};
    const other = {};
    expect(streakCacheOf(one)).toBe(streakCacheOf(one));
    streakCacheOf(one).set(1, key, streak(1));
    expect(streakCacheOf(other).get(1, key)).toBeUndefined();
  });
});
