/**
 * The frame of the screens outside the signed-in area (checkout, package returns, password
 * screens): the Grove mark, the content and a footer with help.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';

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
  const { t } = useLingui();
  const email = user?.email;
  return (
    <div className="public-shell">
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <header className="public-bar">
        <Link to={href('root')} className="public-bar__brand" aria-label={t`Grove home`}>
          <Logo size={32} />
        </Link>
        {user ? (
          <p className="public-bar__user">
            <Trans>
              Signed in as {email} · <Link to={href('logout')}>Sign out</Link>
            </Trans>
          </p>
        ) : null}
      </header>
      <main id="main" className={`public-shell__main${narrow ? ' public-shell__main--narrow' : ''}`} tabIndex={-1}>
        {children}
      </main>
      <footer className="public-footer">
        <p>
          <Trans>
            Questions? Our{' '}
            <a href={EXTERNAL_LINKS.support} target="_blank" rel="noopener noreferrer">
              help centre<span className="visually-hidden"> (opens in a new tab)</span>
            </a>{' '}
            has answers, and a person if you need one.
          </Trans>
        </p>
      </footer>
    </div>
  );
}
