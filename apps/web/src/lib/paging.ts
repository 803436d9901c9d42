/**
 * Paging by the answer's `next` (SPEC §3, §7, §9; ARCHITECTURE §3; docs/decisions/0053): a paged
 * answer `{ count, next, previous, results }` names its next page as a full link carrying `page`
 * (or `cursor` on keyset lists). The portal reads that parameter from the link and asks for it;
 * it never computes `page + 1` itself. The rest of the link is ignored: the request keeps its own
 * path and query, so a link to another host or path cannot redirect the call.
 *
 * A hard cap (MAX_PAGES) and a page already read stop the paging, so a `next` that loops cannot
 * spin forever.
 */

/** At most this many pages are read of one list. */
export const MAX_PAGES = 100;

/** The least a paged answer carries. */
export type NextLinked<T> = { next: string | null; results: T[] };

function searchParam(next: string | null | undefined, name: string): string | null {
  if (!next) return null;
  try {
    return new URL(next, 'http://grove.invalid').searchParams.get(name);
  } catch {
    return null;
  }
}

/** The `page` a `next` link names (a whole number from 1), or undefined when there is none. */
export function pageFromNext(next: string | null | undefined): number | undefined {
  const raw = searchParam(next, 'page');
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const page = Number(raw);
  return Number.isSafeInteger(page) && page >= 1 ? page : undefined;
}

/** The `cursor` a `next` link names (keyset lists), or undefined when there is none. */
export function cursorFromNext(next: string | null | undefined): string | undefined {
  const cursor = searchParam(next, 'cursor');
  return cursor === null || cursor === '' ? undefined : cursor;
}

/**
 * The page to ask for after the pages in `loaded`, read from the last answer's `next`; undefined
 * at the end, when `next` names no page or one already read, or once `maxPages` were read. Made
 * for TanStack Query's getNextPageParam: `(last, _all, _param, params) => nextPageParam(last.next, params)`.
 */
export function nextPageParam(
  next: string | null | undefined,
  loaded: readonly number[],
  maxPages: number = MAX_PAGES,
): number | undefined {
  if (loaded.length >= maxPages) return undefined;
  const page = pageFromNext(next);
  if (page === undefined || loaded.includes(page)) return undefined;
  return page;
}

/**
 * Reads every page of a list, from page 1 and then each page its answer's `next` names, until
 * `next` is null (or names nothing new, or `maxPages` were read). `complete` is false when the cap
 * or a looping link stopped it early.
 */
export async function fetchAllPages<P extends NextLinked<unknown>>(
  fetchPage: (page: number) => Promise<P>,
  maxPages: number = MAX_PAGES,
): Promise<{ first: P; results: P['results']; complete: boolean }> {
  const first = await fetchPage(1);
  const results: P['results'] = [...first.results];
  const loaded = [1];
  let last: P = first;
  for (;;) {
    const page = nextPageParam(last.next, loaded, maxPages);
    if (page === undefined) break;
    last = await fetchPage(page);
    loaded.push(page);
    results.push(...last.results);
  }
  return { first, results, complete: last.next === null };
}
