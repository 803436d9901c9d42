/** /login?next=&email= (SPEC §2): logo, welcome heading, the login form, and the ways in for people without a password. */
import { Link, useNavigate, useSearchParams } from 'react-router';

import { AcornMascot } from '../../components/icons.tsx';
import { usePageTitle } from '../../components/page.tsx';
import { LoginForm } from '../../features/auth/login-form.tsx';
import { href } from '../paths.ts';
import { destinationAfterLogin } from '../session-rules.ts';

export function LoginRoute() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const next = search.get('next') ?? '';
  const email = search.get('email') ?? '';
  usePageTitle('Log in');

  return (
    <main className="auth-page" id="main">
      <div className="auth-card">
        <div className="auth-card__brand">
          <AcornMascot size={84} title="Grove" />
        </div>
        <h1 className="auth-card__title">Welcome to Grove</h1>
        <p className="auth-card__intro">Log in to follow your family’s play, progress and coaching.</p>
        <LoginForm
          initialEmail={email}
          onSignedIn={(user) => void navigate(destinationAfterLogin(user, next), { replace: true })}
        />
        <ul className="auth-card__links">
          <li>
            <Link to={href('password-reset', null, { email: email || undefined })}>Forgot your password?</Link>
          </li>
          <li>
            New to Grove or never set a password?{' '}
            <Link to={href('get-access', null, { email: email || undefined })}>Get access</Link>
          </li>
        </ul>
      </div>
    </main>
  );
}
