/**
 * The user layout (SPEC §2): a top bar with the menu-open icon and a greeting by first name, a side
 * menu that expands over the page with an overlay, and the content — shown only once the user has
 * an id. The layout loads the account's players and tells the screens whether that has finished.
 * Up to 900 px the bar shows a hamburger that opens a full-screen menu. A parent whose household
 * has not agreed to the privacy policy in force is asked first (features/privacy ConsentDialog),
 * and the tag manager loads only with their consent (lib/analytics.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { deriveRole, menuEntriesFor } from '@grove/domain';
import { Trans, useLingui } from '@lingui/react/macro';

import { keepTabInside } from '../../components/focus-trap.ts';
import { CloseIcon, ExitIcon, MenuIcon, MenuOpenIcon } from '../../components/icons.tsx';
import { Logo } from '../../components/logo.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import type { UserInfo } from '@grove/domain/api/user';

import { ConsentDialog } from '../../features/privacy/consent-dialog.tsx';
import { syncAnalytics } from '../../lib/analytics.ts';
import { ANALYTICS_ID } from '../../lib/env.ts';
import { HOME_PATH, href } from '../../lib/paths.ts';
import { playersQuery } from '../../lib/queries/players.ts';
import { privacyStatusQuery } from '../../lib/queries/privacy.ts';
import { userInfoQuery } from '../../lib/queries/user.ts';
import { useIsMobileMenu } from '../../lib/use-media-query.ts';
import type { UserLayoutContext } from './layout-context.ts';
import { MenuList } from './menu-links.tsx';

const SIDE_MENU_ID = 'side-menu';

/**
 * The signed-in parent's consent status (issue 17): a household that has not agreed to the policy
 * in force is asked in a blocking dialog; the tag manager loads only once the parent's analytics
 * choice is known to be on. Staff and coaches without a family are never asked. A status that
 * cannot be read asks nothing and loads nothing.
 */
function usePrivacy(user: UserInfo | undefined) {
  const isParent = Boolean(user?.id && user.account && !user.is_staff);
  const query = useQuery({ ...privacyStatusQuery(), enabled: isParent });
  const status = isParent && query.isSuccess ? query.data : null;
  const analytics = status?.is_parent ? status.analytics : null;
  useEffect(() => syncAnalytics(ANALYTICS_ID, analytics), [analytics]);
  return status?.is_parent && status.must_consent ? { consentedVersion: status.consented_version } : null;
}

function usePlayers(user: UserInfo | undefined) {
  const accountId = user?.account?.id ?? null;
  const query = useQuery({ ...playersQuery(accountId ?? 0), enabled: accountId !== null });
  return {
    players: query.data?.results ?? [],
    loaded: accountId === null || query.isSuccess || query.isError,
    failed: query.isError,
    retry: query.refetch,
  };
}

export function UserLayout() {
  const { t } = useLingui();
  const { data: user } = useQuery(userInfoQuery());
  const { players, loaded, failed, retry } = usePlayers(user);
  const consentNeeded = usePrivacy(user);
  const isMobile = useIsMobileMenu();
  const location = useLocation();
  const [sideOpen, setSideOpen] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const hamburgerRef = useRef<HTMLButtonElement>(null);
  const mobileMenuRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  // Following a link, going back or changing the window size closes the menus.
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    setSideOpen(false);
    setMobileOpen(false);
  }
  const [seenMobile, setSeenMobile] = useState(isMobile);
  if (seenMobile !== isMobile) {
    setSeenMobile(isMobile);
    setSideOpen(false);
    setMobileOpen(false);
  }

  useEffect(() => {
    if (mobileOpen) closeRef.current?.focus();
  }, [mobileOpen]);

  useEffect(() => {
    if (!sideOpen && !mobileOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setSideOpen(false);
      if (mobileOpen) {
        setMobileOpen(false);
        hamburgerRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [sideOpen, mobileOpen]);

  if (!user?.id) return <PageSpinner label={t`Loading your account…`} />;

  const role = deriveRole(user);
  // Player Stats is disabled once the list is known to be empty, not while it loads.
  const entries = menuEntriesFor(role, { hasPlayers: !loaded || players.length > 0, isMobile });
  const context: UserLayoutContext = {
    user,
    role,
    players,
    playersLoaded: loaded,
    playersFailed: failed,
    retryPlayers: retry,
  };

  const firstName = user.first_name;
  const greeting = t`Hi, ${firstName}`;

  const closeMobile = () => {
    setMobileOpen(false);
    hamburgerRef.current?.focus();
  };

  return (
    <div className={`user-shell${isMobile ? ' user-shell--mobile' : ''}${sideOpen ? ' user-shell--menu-open' : ''}`}>
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <header className="top-bar" inert={mobileOpen || consentNeeded !== null}>
        {isMobile ? (
          <button
            ref={hamburgerRef}
            type="button"
            className="icon-button"
            aria-label={t`Open menu`}
            aria-haspopup="dialog"
            aria-expanded={mobileOpen}
            onClick={() => setMobileOpen(true)}
          >
            <MenuIcon />
          </button>
        ) : (
          <button
            type="button"
            className="icon-button"
            aria-label={sideOpen ? t`Close side menu` : t`Expand side menu`}
            aria-expanded={sideOpen}
            aria-controls={SIDE_MENU_ID}
            onClick={() => setSideOpen((open) => !open)}
          >
            {sideOpen ? <CloseIcon /> : <MenuOpenIcon />}
          </button>
        )}
        <Link to={HOME_PATH} className="top-bar__brand" aria-label={t`Grove home`}>
          <Logo size={32} />
        </Link>
        <p className="top-bar__greeting">{greeting}</p>
        {isMobile ? null : (
          <Link to={href('logout')} className="top-bar__signout">
            <ExitIcon size={20} />
            <span>
              <Trans>Sign out</Trans>
            </span>
          </Link>
        )}
      </header>

      {isMobile ? null : (
        <>
          <nav
            id={SIDE_MENU_ID}
            className={`side-menu${sideOpen ? ' side-menu--expanded' : ''}`}
            aria-label={t`Main menu`}
          >
            <MenuList entries={entries} variant="side" onNavigate={() => setSideOpen(false)} />
          </nav>
          {sideOpen ? (
            <div className="overlay" data-testid="menu-overlay" aria-hidden="true" onClick={() => setSideOpen(false)} />
          ) : null}
        </>
      )}

      {isMobile && mobileOpen ? (
        <div
          ref={mobileMenuRef}
          className="mobile-menu"
          role="dialog"
          aria-modal="true"
          aria-label={t`Menu`}
          onKeyDown={(event) => keepTabInside(event, mobileMenuRef.current)}
        >
          <div className="mobile-menu__head">
            <Logo size={32} />
            <button
              ref={closeRef}
              type="button"
              className="icon-button"
              aria-label={t`Close menu`}
              onClick={closeMobile}
            >
              <CloseIcon />
            </button>
          </div>
          <p className="mobile-menu__greeting">{greeting}</p>
          <nav aria-label={t`Main menu`}>
            <MenuList entries={entries} variant="mobile" onNavigate={() => setMobileOpen(false)} />
          </nav>
        </div>
      ) : null}

      <main id="main" className="user-shell__main" tabIndex={-1} inert={mobileOpen || consentNeeded !== null}>
        <Outlet context={context} />
      </main>
      {consentNeeded ? <ConsentDialog consentedVersion={consentNeeded.consentedVersion} /> : null}
    </div>
  );
}
