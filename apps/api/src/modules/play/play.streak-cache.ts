/**
 * The home screen's play streak per player, kept in this process (issue 27) so that the overview
 * does not aggregate every week of play into JSON and count it on every read.
 *
 * A streak depends on the player's weeks of play, on the family's time zone and on which week is
 * under way (`playStreak`, packages/domain/src/streaks.ts). An entry is therefore valid for:
 *
 * - the player's **play data version** (`players.play_version || '.' || xmin`, the ETag's): every
 *   change of play_sessions bumps `play_version` in its own transaction (the rollup triggers,
 *   migration 0015), and so do time-zone rebuilds and erasure; any other write of the player's row
 *   moves `xmin`;
 * - the **time zone** it was counted in;
 * - the **local date** it was counted on (`localDateKey(today, timeZone)`): a new day may be a new
 *   week, which the week under way depends on.
 *
 * Correct across instances without any notification: the version a read looks up with comes from
 * the player row read in the same request (`findPlayerForPlay`), so a write on another instance
 * changes the key and the old entry is never found again. The statement that counts the streak runs
 * after that row was read, so what it sees is at least as new as the version it is stored under; an
 * entry is never older than its key. Nothing is written through it and nothing needs forgetting:
 * entries of old versions simply age out.
 *
 * Bounded: at most `max` players (10 000 by default), least recently used evicted on insert. One
 * cache per database handle (as prepared statements are, db/prepared.ts), so two databases in one
 * process (tests) never share player ids.
 */
import type { PlayStreak } from '@grove/domain';

/** What a streak was counted for. */
export type StreakKey = { version: string; timeZone: string; dateKey: string };

export const STREAK_CACHE_MAX = 10_000;

type Entry = StreakKey & { streak: PlayStreak };

const sameKey = (a: StreakKey, b: StreakKey) =>
  a.version === b.version && a.timeZone === b.timeZone && a.dateKey === b.dateKey;

export class StreakCache {
  readonly #entries = new Map<number, Entry>();

  constructor(readonly max: number = STREAK_CACHE_MAX) {}

  get size() {
    return this.#entries.size;
  }

  /** The player's streak counted for `key`, or undefined (another version, zone or day is a miss). */
  get(playerId: number, key: StreakKey): PlayStreak | undefined {
    const entry = this.#entries.get(playerId);
    if (!entry || !sameKey(entry, key)) return undefined;
    // Most recently used last: the Map keeps insertion order.
    this.#entries.delete(playerId);
    this.#entries.set(playerId, entry);
    return entry.streak;
  }

  /** Keeps the player's streak counted for `key` (replacing any other), evicting the least recently used. */
  set(playerId: number, key: StreakKey, streak: PlayStreak): void {
    this.#entries.delete(playerId);
    while (this.#entries.size >= this.max) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
    this.#entries.set(playerId, {
      version: key.version,
      timeZone: key.timeZone,
      dateKey: key.dateKey,
      streak,
    });
  }
}

const caches = new WeakMap<object, StreakCache>();

/** The streak cache of a database handle (created on first use). */
export function streakCacheOf(db: object): StreakCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new StreakCache()));
  return cache;
}
