/**
 * The reads of the user layout and of Home, started by their routes' loaders (docs/decisions/0063).
 * On a first load they go out as soon as the user record is in, beside the screens' chunks, rather
 * than once the screens have rendered (and, for Home's cards and figures, once the reads they
 * wait for have answered). The loaders do not wait for them: the screens show their loading
 * states as before and read the answers from the cache. Each rule mirrors when the screen itself
 * reads, so nothing is read that the screen would not read. The welcome checklist is not among
 * them: it is read again on every visit (staleTime 0), so an answer that came before Home mounted
 * would be read a second time.
 */
import type { QueryClient } from '@tanstack/react-query';
import { isUsableAccount } from '@grove/domain';
import type { UserInfo } from '@grove/domain/api/user';
import type { LoaderFunctionArgs } from 'react-router';

import { coachProfileQuery, userBookingsQuery } from '../features/coaching/coaching.api.ts';
import { overviewQuery } from '../features/play/play.api.ts';
import { registrationsQuery, webinarsQuery } from '../features/webinars/webinars.api.ts';
import { accountDetailQuery } from '../lib/queries/account.ts';
import { incompleteProfilesQuery, playersQuery } from '../lib/queries/players.ts';
import { privacyStatusQuery } from '../lib/queries/privacy.ts';

const ignore = () => {};

export function createRoutePrefetch(queryClient: QueryClient, loadUser: () => Promise<UserInfo | null>) {
  /** The signed-in user, when the root rule lets them in (it sends the others elsewhere). */
  async function admittedUser(): Promise<UserInfo | null> {
    const user = await loadUser();
    return user?.id && isUsableAccount(user) ? user : null;
  }

  return {
    /** root.user (layouts/user-layout.tsx): the account's players, and a parent's privacy status. */
    async userLayout() {
      const user = await admittedUser();
      if (user?.account) {
        void queryClient.prefetchQuery(playersQuery(user.account.id));
        if (!user.is_staff) void queryClient.prefetchQuery(privacyStatusQuery());
      }
      return null;
    },

    /**
     * root.user.player.home (routes/home.tsx) of someone with an account of their own: the selected
     * player's week (`pid`, else the first player); for a family (not staff), the account and the
     * profiles to complete (features/home/home-leads.ts), the coach card's coach and calls (features/coaching) and the
     * next tutorial.
     */
    async home({ request }: LoaderFunctionArgs) {
      const user = await admittedUser();
      if (!user?.account) return null;
      const accountId = user.account.id;
      const pid = Number(new URL(request.url).searchParams.get('pid'));
      queryClient.ensureQueryData(playersQuery(accountId)).then((page) => {
        const player = page.results.find((candidate) => candidate.id === pid) ?? page.results[0];
        if (player) void queryClient.prefetchQuery(overviewQuery(player.id));
      }, ignore);
      if (user.is_staff) return null;
      queryClient.ensureQueryData(accountDetailQuery(accountId)).then((account) => {
        if (account.coach_user) void queryClient.prefetchQuery(coachProfileQuery(account.coach_user.id));
      }, ignore);
      void queryClient.prefetchQuery(incompleteProfilesQuery(accountId));
      void queryClient.prefetchQuery(userBookingsQuery('upcoming'));
      void queryClient.prefetchInfiniteQuery(webinarsQuery('upcoming'));
      void queryClient.prefetchQuery(registrationsQuery());
      return null;
    },
  };
}
