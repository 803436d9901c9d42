/**
 * A back-office list's filters and page, kept in the URL (a link or a reload shows the same list):
 * `filters` are the search params the list reads; paging follows the API's links, taking their
 * `cursor` (keyset lists) or `page` (short lists).
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export function useListParams(filters: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const filterValues = Object.fromEntries(filters.map((name) => [name, params.get(name) ?? undefined]));
  const query = { ...filterValues, cursor: params.get('cursor') ?? undefined, page: params.get('page') ?? undefined };

  const setFilter = useCallback(
    (name: string, value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === '') next.delete(name);
          else next.set(name, value);
          next.delete('cursor');
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const follow = useCallback(
    (link: string | null) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete('cursor');
        next.delete('page');
        if (link) {
          const target = new URL(link, window.location.origin).searchParams;
          for (const name of ['cursor', 'page']) {
            const value = target.get(name);
            if (value) next.set(name, value);
          }
        }
        return next;
      }),
    [setParams],
  );

  const clear = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);
  const filtered = filters.some((name) => params.get(name));
  /** The filters only (what a CSV download takes). */
  const filterQuery = Object.fromEntries(Object.entries(filterValues).filter(([, value]) => value !== undefined));
  return { params, query, filterQuery, setFilter, follow, clear, filtered };
}
