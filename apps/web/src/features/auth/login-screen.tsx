/**
 * The login screen (SPEC §2: /login?next=&email=): logo, welcome heading, the login form, and the
 * ways in for people without a password. It knows no router: the app's login route
 * (app/routes/login.tsx) gives it the router's links, the lightweight login entry (login-main.tsx)
 * plain ones.
 */
import type { ComponentType, ReactNode } from 'react';
import type { UserInfo } from '@grove/domain/api/user';
import { Trans, useLingui } from '@lingui/react/macro';

import { AcornMascot } from '../../components/icons.tsx';
import { LanguagePicker } from '../../components/language-picker.tsx';
import { usePageTitle } from '../../components/page.tsx';
import { href } from '../../lib/paths.ts';
import { LoginForm } from './login-form.tsx';

/** A link to another screen: the router's Link, or a plain anchor. */
export type ScreenLink = ComponentType<{ to: string; children: ReactNode }>;

export function LoginScreen({
  email,
  link: Link,
  onSignedIn,
}: {
  email: string;
  link: ScreenLink;
  onSignedIn: (user: UserInfo) => void;
}) {
  const { t } = useLingui();
  usePageTitle(t`Log in`);

  return (
    <main className="auth-page" id="main">
      <div className="auth-card">
        <div className="auth-card__brand">
          <AcornMascot size={84} title="Grove" />
        </div>
        <h1 className="auth-card__title">
          <Trans>Welcome to Grove</Trans>
        </h1>
        <p className="auth-card__intro">
          <Trans>Log in to follow your family’s play, progress and coaching.</Trans>
        </p>
        <LoginForm initialEmail={email} onSignedIn={onSignedIn} />
        <ul className="auth-card__links">
          <li>
            <Link to={href('password-reset', null, { email: email || undefined })}>
              <Trans>Forgot your password?</Trans>
            </Link>
          </li>
          <li>
            <Trans>
              New to Grove or never set a password?{' '}
              <Link to={href('get-access', null, { email: email || undefined })}>Get access</Link>
            </Trans>
          </li>
        </ul>
        <LanguagePicker className="auth-card__language" />
      </div>
    </main>
  );
}
