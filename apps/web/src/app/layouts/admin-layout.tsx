/**
 * The admin layout (SPEC §2): a nav bar with Accounts, Orders, Outstanding Billing Requests,
 * Shipments and Deletions (issue 17), the user's name and Logout. Above 1165 px the links sit in
 * the bar; at 1165 px and below a menu button opens them, with Account Details and, for billing
 * users, Subscription & Billing.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_NAV, adminMobileExtras } from '@grove/domain';

import { CloseIcon, ExitIcon, MenuIcon, ProfileIcon } from '../../components/icons.tsx';
import { Logo } from '../../components/logo.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { href } from '../../lib/paths.ts';
import { userInfoQuery } from '../../lib/queries/user.ts';
import { useIsAdminDesktop } from '../../lib/use-media-query.ts';
import type { AdminLayoutContext } from './layout-context.ts';

const ADMIN_TARGETS: Record<string, string> = {
  accounts: href('root.admin.accounts'),
  orders: href('root.admin.orders'),
  'outstanding-billing-requests': href('root.admin.billing-requests'),
  shipments: href('root.admin.shipments'),
  deletions: href('root.admin.deletions'),
  'account-details': href('root.user.management', null, { segment: 'details' }),
  'subscription-billing': href('root.user.management', null, { segment: 'billing' }),
};

function targetOf(id: string): string {
  return ADMIN_TARGETS[id] ?? href('root.admin.accounts');
}

export function AdminLayout() {
  const { data: user } = useQuery(userInfoQuery());
  const isDesktop = useIsAdminDesktop();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    setMenuOpen(false);
  }
  const [seenDesktop, setSeenDesktop] = useState(isDesktop);
  if (seenDesktop !== isDesktop) {
    setSeenDesktop(isDesktop);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  if (!user?.id) return <PageSpinner label="Loading your account…" />;
  const context: AdminLayoutContext = { user };
  const name = user.full_name || user.name || `${user.first_name} ${user.last_name}`.trim();
  const navLinks = ADMIN_NAV.map((entry) => (
    <li key={entry.id}>
      <NavLink
        className={({ isActive }) => `admin-nav__link${isActive ? ' admin-nav__link--current' : ''}`}
        to={targetOf(entry.id)}
      >
        {entry.label}
      </NavLink>
    </li>
  ));
  // The person's name and Logout: in the bar on a desktop, at the foot of the menu otherwise.
  const whoAndLogout = (
    <>
      <span className="admin-bar__name">
        <ProfileIcon size={20} />
        {name}
      </span>
      <Link to={href('logout')} className="admin-bar__logout">
        <ExitIcon size={20} />
        <span>Logout</span>
      </Link>
    </>
  );

  return (
    <div className={`admin-shell${isDesktop ? '' : ' admin-shell--compact'}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="admin-bar">
        {/* Named by what it shows (WCAG 2.5.3, axe label-content-name-mismatch): "Grove Admin home". */}
        <Link to={href('root.admin.accounts')} className="admin-bar__brand">
          <Logo size={30} /> <span className="admin-bar__badge">Admin</span>
          <span className="visually-hidden"> home</span>
        </Link>
        {isDesktop ? (
          <>
            <nav className="admin-nav" aria-label="Admin menu">
              <ul className="admin-nav__list">{navLinks}</ul>
            </nav>
            <div className="admin-bar__user">{whoAndLogout}</div>
          </>
        ) : (
          <button
            ref={toggleRef}
            type="button"
            className="icon-button admin-bar__toggle"
            aria-label={menuOpen ? 'Close admin menu' : 'Open admin menu'}
            aria-expanded={menuOpen}
            aria-controls="admin-mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        )}
      </header>
      {!isDesktop && menuOpen ? (
        <nav id="admin-mobile-menu" className="admin-mobile-menu" aria-label="Admin menu">
          <ul className="admin-nav__list admin-nav__list--stacked">
            {navLinks}
            {adminMobileExtras(user).map((entry) => (
              <li key={entry.id}>
                <NavLink className="admin-nav__link" to={targetOf(entry.id)} end>
                  {entry.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="admin-mobile-menu__user">{whoAndLogout}</div>
        </nav>
      ) : null}
      <main id="main" className="admin-shell__main" tabIndex={-1}>
        <Outlet context={context} />
      </main>
    </div>
  );
}
