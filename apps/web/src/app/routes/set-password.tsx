/**
 * /start?o=<token> (SPEC §2, issue 4): the one-time link from an invitation or a password reset.
 * A link that expired or was used already says so and offers a new one.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';

import { LoadError } from '../../components/load-state.tsx';
import { usePageTitle } from '../../components/page.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { setPasswordLinkQuery } from '../../features/auth/auth.api.ts';
import { SetPasswordForm } from '../../features/auth/set-password-form.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { href } from '../../lib/paths.ts';
import { PublicLayout } from '../layouts/public-layout.tsx';

function ExpiredLink() {
  usePageTitle('This link has expired');
  return (
    <div className="auth-card">
      <h1 className="auth-card__title">This link has expired</h1>
      <p>Links to set a password work once and only for a limited time. This one has expired or was already used.</p>
      <p>Ask for a fresh link and we’ll email it to you right away.</p>
      <ul className="auth-card__links">
        <li>
          <Link to={href('password-reset')}>Send me a new link</Link>
        </li>
        <li>
          Already set your password? <Link to={href('login')}>Log in</Link>
        </li>
      </ul>
    </div>
  );
}

function SetPasswordScreen({ token }: { token: string }) {
  // Failures show on the page itself, so the query asks for no notification.
  const query = useQuery(setPasswordLinkQuery(token));
  const [doneFor, setDoneFor] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const invite = query.data?.purpose === 'invite';
  const title = invite ? 'Choose your password' : 'Choose a new password';
  usePageTitle(title);

  if (expired || (query.error instanceof ApiError && query.error.status === 404)) return <ExpiredLink />;
  if (query.isPending) return <PageSpinner label="Checking your link…" />;
  if (query.isError) {
    return (
      <div className="auth-card">
        <h1 className="auth-card__title">{title}</h1>
        <LoadError what="your link" onRetry={query.refetch} />
      </div>
    );
  }
  if (doneFor !== null) {
    return (
      <div className="auth-card">
        <h1 className="auth-card__title">Your password is set</h1>
        <p role="status">You can now log in to Grove with {doneFor} and your new password.</p>
        <Link className="button button--primary button--block" to={href('login', null, { email: doneFor })}>
          <span className="button__label">Log in</span>
        </Link>
      </div>
    );
  }
  const link = query.data;
  return (
    <div className="auth-card">
      <h1 className="auth-card__title">{title}</h1>

      <p className="auth-card__intro">
        {link.first_name ? `Hi ${link.first_name}, choose` : 'Choose'} the password for <strong>{link.email}</strong>.
      </p>
      <SetPasswordForm token={token} link={link} onDone={setDoneFor} onExpired={() => setExpired(true)} />
    </div>
  );
}

export function SetPasswordRoute() {
  const [search] = useSearchParams();
  const token = search.get('o')?.trim() ?? '';
  return <PublicLayout narrow>{token === '' ? <ExpiredLink /> : <SetPasswordScreen token={token} />}</PublicLayout>;
}
