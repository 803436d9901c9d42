/**
 * The route rules that depend on the signed-in user (SPEC §2, §4), as React Router loaders:
 * the user record is loaded before any signed-in screen; leaving the session or a 401 sends the
 * person to login.
 */
import { redirect, redirectDocument, replace, type LoaderFunctionArgs } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { isCancelledUser, isUsableAccount } from '@grove/domain';

import type { UserInfo } from '@grove/domain/api/user';

import { signOut } from '../features/auth/auth.api.ts';
import { activeLanguage, chooseLanguage } from '../lib/i18n.ts';
import { DEFAULT_AFTER_LOGIN, HOME_PATH, href, loginHref, safeNext } from '../lib/paths.ts';
import { userInfoQuery } from '../lib/queries/user.ts';
import { hasSession } from '../lib/session.ts';

/** Where a person goes after signing in (SPEC §4): checkout unless usable, else `next`, else home. */
export function destinationAfterLogin(user: UserInfo, next: string | null | undefined): string {
  if (!isUsableAccount(user)) return href('checkout');
  const target = safeNext(next);
  if (target) return target;
  // Staff work in the admin area; everyone else starts on the dashboard.
  return user.is_staff ? href('root.admin.accounts') : DEFAULT_AFTER_LOGIN;
}

function requestedPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

export function createSessionRules(queryClient: QueryClient) {
  /**
   * The user record (from the cache when fresh); null without a session or when the fetch fails.
   * A person who chose a language (on another device too) sees the screens in it from the first one.
   */
  async function loadUser(): Promise<UserInfo | null> {
    if (!hasSession()) return null;
    let user: UserInfo;
    try {
      user = await queryClient.ensureQueryData({ ...userInfoQuery(), revalidateIfStale: true });
    } catch {
      return null;
    }
    if (user.language && user.language !== activeLanguage()) await chooseLanguage(user.language).catch(() => undefined);
    return user;
  }

  async function requireUser(request: Request): Promise<UserInfo> {
    const user = await loadUser();
    if (!user) throw redirect(loginHref(requestedPath(request)));
    return user;
  }

  return {
    loadUser,
    requireUser,

    /** root: user fetch failed → login; account not usable → checkout with a reload; exactly / → home. */
    async root({ request }: LoaderFunctionArgs) {
      const user = await requireUser(request);
      if (!isUsableAccount(user)) throw redirectDocument(href('checkout'));
      if (new URL(request.url).pathname === '/') throw redirect(HOME_PATH);
      return null;
    },

    /** The admin area is for staff; anyone else goes home (the server guards the data itself). */
    async admin({ request }: LoaderFunctionArgs) {
      const user = await requireUser(request);
      if (!user.is_staff) throw redirect(HOME_PATH);
      return null;
    },

    /** /admin → the accounts list (once the person is known to be staff). */
    async adminIndex({ request }: LoaderFunctionArgs) {
      const user = await requireUser(request);
      if (!user.is_staff) throw redirect(HOME_PATH);
      return redirect(href('root.admin.accounts'));
    },

    /** Onboarding: cancelled or returned users go home. */
    async onboarding({ request }: LoaderFunctionArgs) {
      const user = await requireUser(request);
      if (isCancelledUser(user)) throw redirect(HOME_PATH);
      return null;
    },

    /**
     * Coaching: cancelled or returned users go home (SPEC §4). The §2 table's wording ("usable and
     * not cancelled → home") would leave the screen to nobody — not-usable accounts are already sent
     * to checkout — and contradict §1 (parents book calls, coaches follow families); we read it as
     * "coaching needs a usable, not cancelled account". See docs/decisions/0007-coaching-access.md.
     */
    async coaching({ request }: LoaderFunctionArgs) {
      const user = await requireUser(request);
      if (isCancelledUser(user) || !isUsableAccount(user)) throw redirect(HOME_PATH);
      return null;
    },

    /** dashboard/booking → dashboard/coaching, keeping `ref`. */
    async bookingRedirect({ request }: LoaderFunctionArgs) {
      await requireUser(request);
      const ref = new URL(request.url).searchParams.get('ref');
      return redirect(href('root.user.booking', null, { ref }));
    },

    /** account/manage/* → the account details page. */
    async managementRedirect({ request }: LoaderFunctionArgs) {
      await requireUser(request);
      return redirect(href('root.user.management', null, { segment: 'details' }));
    },

    /**
     * A signed-in person opening the login page goes straight on, in place of the login page in
     * the history (Back does not land on a page that forwards again).
     */
    async login({ request }: LoaderFunctionArgs) {
      const user = await loadUser();
      if (user) throw replace(destinationAfterLogin(user, new URL(request.url).searchParams.get('next')));
      return null;
    },

    /** Public screens show who is signed in, when someone is. */
    async optionalUser() {
      return { user: await loadUser() };
    },

    /** /logout ends the session and opens the login page. */
    async logout() {
      await signOut(queryClient);
      return redirect(href('login'));
    },
  };
}

export type SessionRules = ReturnType<typeof createSessionRules>;
