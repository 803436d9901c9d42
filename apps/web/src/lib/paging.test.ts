import { describe, expect, it, vi } from 'vitest';

import { MAX_PAGES, cursorFromNext, fetchAllPages, nextPageParam, pageFromNext } from './paging.ts';

describe('reading the next page from `next`', () => {
  it('takes `page` from a full link, a relative one, or none', () => {
    expect(pageFromNext('https://grove.example/api/v2/player/1/activity/?time_frame=1Mo&page=3')).toBe(3);
    expect(pageFromNext('/api/v2/x/?page=12&page_size=10')).toBe(12);
    expect(pageFromNext(null)).toBeUndefined();
    expect(pageFromNext('https://grove.example/api/v2/x/')).toBeUndefined();
    expect(pageFromNext('https://grove.example/api/v2/x/?page=0')).toBeUndefined();
    expect(pageFromNext('https://grove.example/api/v2/x/?page=two')).toBeUndefined();
    expect(pageFromNext('https://grove.example/api/v2/x/?page=-2')).toBeUndefined();
  });

  it('takes `cursor` from a keyset link', () => {
    expect(cursorFromNext('https://grove.example/api/v2/admin/accounts/?cursor=abc%3D%3D')).toBe('abc==');
    expect(cursorFromNext('https://grove.example/api/v2/admin/accounts/')).toBeUndefined();
  });

  it('asks for the page `next` names, not page + 1, and stops on a page already read or at the cap', () => {
    expect(nextPageParam('https://grove.example/x/?page=5', [1])).toBe(5);
    expect(nextPageParam(null, [1])).toBeUndefined();
    expect(nextPageParam('https://grove.example/x/?page=1', [1, 2])).toBeUndefined();
    expect(nextPageParam('https://grove.example/x/?page=4', [1, 2, 3], 3)).toBeUndefined();
  });
});

describe('fetchAllPages', () => {
  it('follows `next` until it is null', async () => {
    const fetchPage = vi.fn(async (page: number) =>
      page === 1
        ? { next: 'https://grove.example/x/?page=7', results: ['a', 'b'] }
        : { next: null, results: [`page ${page}`] },
    );
    const all = await fetchAllPages(fetchPage);
    expect(fetchPage.mock.calls.map(([page]) => page)).toEqual([1, 7]);
    expect(all.results).toEqual(['a', 'b', 'page 7']);
    expect(all.complete).toBe(true);
  });

  it('cannot spin on a `next` that loops or never ends', async () => {
    const looping = vi.fn(async () => ({ next: 'https://grove.example/x/?page=1', results: [1] }));
    expect((await fetchAllPages(looping)).complete).toBe(false);
    expect(looping).toHaveBeenCalledTimes(1);

    const endless = vi.fn(async (page: number) => ({
      next: `https://grove.example/x/?page=${page + 1}`,
      results: [page],
    }));
    const all = await fetchAllPages(endless);
    expect(endless).toHaveBeenCalledTimes(MAX_PAGES);
    expect(all.results).toHaveLength(MAX_PAGES);
    expect(all.complete).toBe(false);
  });
});
