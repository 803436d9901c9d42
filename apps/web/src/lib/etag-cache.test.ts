import { describe, expect, it } from 'vitest';

import { EtagCache } from './etag-cache.ts';

const LIMITS = { maxEntries: 3, maxEntrySize: 100, maxTotalSize: 250 };

describe('etag cache', () => {
  it('gives back the kept tag and body, the same object', () => {
    const cache = new EtagCache(LIMITS);
    const body = { sessions: 3 };
    cache.set('/a', '"v1"', body, 10);
    expect(cache.get('/a')?.etag).toBe('"v1"');
    expect(cache.get('/a')?.body).toBe(body);
    expect(cache.get('/b')).toBeUndefined();
  });

  it('drops the least recently used address beyond the entry limit', () => {
    const cache = new EtagCache(LIMITS);
    cache.set('/a', '"a"', 'a', 10);
    cache.set('/b', '"b"', 'b', 10);
    cache.set('/c', '"c"', 'c', 10);
    cache.get('/a'); // now /b is the least recently used
    cache.set('/d', '"d"', 'd', 10);
    expect(cache.get('/b')).toBeUndefined();
    expect(['/a', '/c', '/d'].map((key) => cache.get(key)?.etag)).toEqual(['"a"', '"c"', '"d"']);
    expect(cache.size).toBe(3);
  });

  it('keeps no answer larger than the entry limit, and drops what it replaces', () => {
    const cache = new EtagCache(LIMITS);
    cache.set('/a', '"v1"', 'small', 10);
    cache.set('/a', '"v2"', 'huge', 101);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.totalSize).toBe(0);
  });

  it('drops the oldest answers to stay within the total size', () => {
    const cache = new EtagCache(LIMITS);
    cache.set('/a', '"a"', 'a', 100);
    cache.set('/b', '"b"', 'b', 100);
    cache.set('/c', '"c"', 'c', 100);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.size).toBe(2);
    expect(cache.totalSize).toBe(200);
  });

  it('replacing an address counts its size once', () => {
    const cache = new EtagCache(LIMITS);
    cache.set('/a', '"v1"', 'a', 60);
    cache.set('/a', '"v2"', 'a2', 40);
    expect(cache.totalSize).toBe(40);
    expect(cache.get('/a')?.etag).toBe('"v2"');
  });

  it('forgets everything on clear and keeps nothing asked for before it', () => {
    const cache = new EtagCache(LIMITS);
    cache.set('/a', '"a"', 'a', 10);
    const before = cache.generation;
    cache.clear();
    expect(cache.get('/a')).toBeUndefined();
    cache.set('/b', '"b"', 'b', 10, before);
    expect(cache.get('/b')).toBeUndefined();
    cache.set('/b', '"b"', 'b', 10, cache.generation);
    expect(cache.get('/b')?.etag).toBe('"b"');
  });
});
