/**
 * Tutorials — webinars in the API (SPEC §3 Webinars, §4, §7; issue 13 item 7): the upcoming and
 * past lists, the family member's registrations, and registering or cancelling a registration.
 * Every shape comes from the API contract (packages/domain/src/api/webinars.ts).
 *
 * SPEC §3: the registered webinar ids come from each registration's webinar id, so the registered
 * state on screen is read from the registrations list (a webinar's own `is_registered` is only the
 * fallback while that list cannot be read). Registering adds the id at once and cancelling removes
 * it (SPEC §4 "Webinar delete removes it from the list"); both are rolled back when the server
 * refuses, and the answer's webinar (seats left, join link) replaces the one in the lists.
 */
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import { webinarsApi } from '@grove/domain/api/endpoints/webinars';
import type { RegistrationPage, Webinar, WebinarPage } from '@grove/domain/api/webinars';

import { call, unwrap } from '../../lib/api-client.ts';
import { i18n } from '../../lib/i18n.ts';
import { fetchAllPages, nextPageParam } from '../../lib/paging.ts';

/** One registration of the signed-in person. */
type Registration = RegistrationPage['results'][number];

/** Tutorials read per page; "Show more" reads the next. */
export const WEBINARS_PAGE_SIZE = 10;
/** Registrations read per page: a family member has a handful. */
export const REGISTRATIONS_PAGE_SIZE = 100;

export type WebinarWhen = 'upcoming' | 'past';

export const webinarKeys = {
  all: ['webinars'] as const,
  lists: () => [...webinarKeys.all, 'list'] as const,
  list: (when: WebinarWhen) => [...webinarKeys.lists(), when] as const,
  registrations: () => [...webinarKeys.all, 'registrations'] as const,
};

/** GET /api/v2/webinars/list?when=&page=: upcoming soonest first, past newest first. */
export function webinarsQuery(when: WebinarWhen) {
  return infiniteQueryOptions({
    queryKey: webinarKeys.list(when),
    queryFn: async ({ pageParam, signal }) =>
      unwrap(
        await call(webinarsApi.list, {
          query: { when, page: pageParam, page_size: WEBINARS_PAGE_SIZE },
          signal,
        }),
      ),
    initialPageParam: 1,
    // The page the answer's `next` names (lib/paging.ts), never page + 1.
    getNextPageParam: (last, _all, _lastPage, loaded) => nextPageParam(last.next, loaded),
    // In the page's language when the list is read (the notice shows the title as it is).
    meta: { errorTitle: i18n._(when === 'past' ? msg`Loading past tutorials` : msg`Loading tutorials`) },
  });
}

/** GET /api/v2/webinars/webinar_registrant/list: every registration of the signed-in person (all pages). */
export function registrationsQuery() {
  return queryOptions({
    queryKey: webinarKeys.registrations(),
    queryFn: async ({ signal }): Promise<Registration[]> => {
      // Page 1, then each page the answer's `next` names, until it is null (lib/paging.ts).
      const all = await fetchAllPages(async (page) =>
        unwrap(
          await call(webinarsApi.registrations, {
            query: { page, page_size: REGISTRATIONS_PAGE_SIZE },
            signal,
          }),
        ),
      );
      return all.results;
    },
    meta: { errorTitle: i18n._(msg`Loading your tutorial registrations`) },
  });
}

/** SPEC §3: the registered webinar ids, from each registration's webinar id. */
export function registeredWebinarIds(registrations: readonly Registration[]): ReadonlySet<number> {
  return new Set(registrations.map((registration) => registration.webinar_id));
}

/** POST /api/v1/webinars/register {webinar_id}: the webinar with its seats left and join link. */
export async function registerForWebinar(webinarId: number): Promise<Webinar> {
  return unwrap(await call(webinarsApi.register, { body: { webinar_id: webinarId } }));
}

/** POST /api/v1/webinars/delete {webinar_id}: the registration is cancelled; answers the webinar. */
export async function unregisterFromWebinar(webinarId: number): Promise<Webinar> {
  return unwrap(await call(webinarsApi.unregister, { body: { webinar_id: webinarId } }));
}

/**
 * What can be done to a tutorial: register (open), nothing (full, started, cancelled, past), or —
 * for a registrant — join and cancel (registered), or only join once it has begun (live).
 */
export type WebinarState = 'open' | 'full' | 'registered' | 'live' | 'started' | 'cancelled' | 'past';

export function webinarState(webinar: Webinar, registered: boolean, when: WebinarWhen, now = new Date()): WebinarState {
  if (webinar.cancelled) return 'cancelled';
  if (when === 'past') return 'past';
  const begun = new Date(webinar.starts_at).getTime() <= now.getTime();
  if (registered) return begun ? 'live' : 'registered';
  if (begun) return 'started';
  return webinar.seats_left <= 0 ? 'full' : 'open';
}

/** Replaces `webinar` wherever a cached list holds it. */
export function putWebinar(queryClient: QueryClient, webinar: Webinar): void {
  queryClient.setQueriesData<InfiniteData<WebinarPage>>({ queryKey: webinarKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            results: page.results.map((item) => (item.id === webinar.id ? webinar : item)),
          })),
        }
      : data,
  );
}

interface RegistrationChange {
  webinarId: number;
  register: boolean;
}

/**
 * Registers or cancels a registration. The registered ids change at once and are put back when the
 * server refuses (a 409 says why: the tutorial is full, has started or was cancelled); the answer's
 * webinar replaces the listed one, then lists and registrations are read again.
 */
export function useRegistrationChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ webinarId, register }: RegistrationChange) =>
      register ? registerForWebinar(webinarId) : unregisterFromWebinar(webinarId),
    onMutate: async ({ webinarId, register }) => {
      const key = webinarKeys.registrations();
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Registration[]>(key);
      if (previous) {
        const others = previous.filter((registration) => registration.webinar_id !== webinarId);
        const pending: Registration = { id: -webinarId, webinar_id: webinarId, created_at: new Date().toISOString() };
        queryClient.setQueryData<Registration[]>(key, register ? [...others, pending] : others);
      }
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(webinarKeys.registrations(), context.previous);
    },
    onSuccess: (webinar) => putWebinar(queryClient, webinar),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webinarKeys.registrations() }),
        queryClient.invalidateQueries({ queryKey: webinarKeys.lists() }),
      ]),
  });
}
