/**
 * The last answer of each GET address that came with an `ETag`, kept in memory only (the API
 * answers `Cache-Control: no-store`, so the browser keeps nothing on disk): the API client sends
 * the tag back as `If-None-Match` and, on `304 Not Modified`, answers with the kept body — the
 * same object, so TanStack Query's structural sharing has nothing to do.
 *
 * Bounded: at most `maxEntries` addresses, least recently used dropped first, and at most
 * `maxTotalSize` characters of answer text in all; an answer longer than `maxEntrySize` is not
 * kept. `clear()` forgets everything and starts a new generation, so an answer that was on its
 * way while the store was cleared (a sign-out) is not kept afterwards.
 */

export type KeptRead = {
  readonly etag: string;
  readonly body: unknown;
  /** Length of the answer's text, in characters. */
  readonly size: number;
};

export type EtagCacheLimits = {
  maxEntries: number;
  maxEntrySize: number;
  maxTotalSize: number;
};

export const ETAG_CACHE_LIMITS: Readonly<EtagCacheLimits> = {
  maxEntries: 200,
  maxEntrySize: 1_000_000,
  maxTotalSize: 8_000_000,
};

export class EtagCache {
  readonly #limits: Readonly<EtagCacheLimits>;
  /** Insertion order is recency order: the first key is the least recently used. */
  readonly #entries = new Map<string, KeptRead>();
  #totalSize = 0;
  #generation = 0;

  constructor(limits: Readonly<EtagCacheLimits> = ETAG_CACHE_LIMITS) {
    this.#limits = limits;
  }

  /** Number of addresses kept. */
  get size(): number {
    return this.#entries.size;
  }

  /** Characters of answer text kept in all. */
  get totalSize(): number {
    return this.#totalSize;
  }

  /** Changes on every `clear()`; pass it back to `set` to keep nothing from before a clear. */
  get generation(): number {
    return this.#generation;
  }

  /** The kept answer of `key`, now the most recently used; undefined when none is kept. */
  get(key: string): KeptRead | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /**
   * Keeps `body` under `key` with its tag, replacing what was kept. An answer too large to keep,
   * or one asked for before the store was cleared (`generation` no longer current), only drops
   * the old one.
   */
  set(key: string, etag: string, body: unknown, size: number, generation: number = this.#generation): void {
    this.delete(key);
    if (generation !== this.#generation || size > this.#limits.maxEntrySize) return;
    this.#entries.set(key, { etag, body, size });
    this.#totalSize += size;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.#limits.maxEntries && this.#totalSize <= this.#limits.maxTotalSize) break;
      if (oldest === key) break;
      this.#entries.delete(oldest);
      this.#totalSize -= entry.size;
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#totalSize -= entry.size;
  }

  clear(): void {
    this.#entries.clear();
    this.#totalSize = 0;
    this.#generation += 1;
  }
}
