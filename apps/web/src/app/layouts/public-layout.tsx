/**
 * The frame of the screens outside the signed-in area (checkout, package returns, password
 * screens): the Grove mark, the content and a footer with help.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Logo } from '../../components/logo.tsx';
import { EXTERNAL_LINKS } from '../../lib/env.ts';
import type { UserInfo } from '@grove/domain/api/user';
import { href } from '../../lib/paths.ts';

export function PublicLayout({
  children,
  user,
  narrow = false,
}: {
  children: ReactNode;
  user?: UserInfo | null;
  narrow?: boolean;
}) {
  return (
    <div className="public-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="public-bar">
        <Link to={href('root')} className="public-bar__brand" aria-label="Grove home">
          <Logo size={32} />
        </Link>
        {user ? (
          <p className="public-bar__user">
            Signed in as {user.email} · <Link to={href('logout')}>Sign out</Link>
          </p>
        ) : null}
      </header>
      <main id="main" className={`public-shell__main${narrow ? ' public-shell__main--narrow' : ''}`} tabIndex={-1}>
        {children}
      </main>
      <footer className="public-footer">
        <p>
          Questions? Our{' '}
          <a href={EXTERNAL_LINKS.support} target="_blank" rel="noopener noreferrer">
            help centre<span className="visually-hidden"> (opens in a new tab)</span>
          </a>{' '}
          has answers, and a person if you need one.
        </p>
      </footer>
    </div>
  );
}
