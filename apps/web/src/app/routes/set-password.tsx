/**
 * /start?o=<token> (SPEC §2, issue 4): the one-time link from an invitation or a password reset.
 * A link that expired or was used already says so and offers a new one.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';

import { LoadError } from '../../components/load-state.tsx';
import { usePageTitle } from '../../components/page.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { setPasswordLinkQuery } from '../../features/auth/auth.api.ts';
import { SetPasswordForm } from '../../features/auth/set-password-form.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { href } from '../../lib/paths.ts';
import { PublicLayout } from '../layouts/public-layout.tsx';

function ExpiredLink() {
  const { t } = useLingui();
  usePageTitle(t`This link has expired`);
  return (
    <div className="auth-card">
      <h1 className="auth-card__title">
        <Trans>This link has expired</Trans>
      </h1>
      <p>
        <Trans>
          Links to set a password work once and only for a limited time. This one has expired or was already used.
        </Trans>
      </p>
      <p>
        <Trans>Ask for a fresh link and we’ll email it to you right away.</Trans>
      </p>
      <ul className="auth-card__links">
        <li>
          <Link to={href('password-reset')}>
            <Trans>Send me a new link</Trans>
          </Link>
        </li>
        <li>
          <Trans>
            Already set your password? <Link to={href('login')}>Log in</Link>
          </Trans>
        </li>
      </ul>
    </div>
  );
}

function SetPasswordScreen({ token }: { token: string }) {
  const { t } = useLingui();
  // Failures show on the page itself, so the query asks for no notification.
  const query = useQuery(setPasswordLinkQuery(token));
  const [doneFor, setDoneFor] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const invite = query.data?.purpose === 'invite';
  const title = invite ? t`Choose your password` : t`Choose a new password`;
  usePageTitle(title);

  if (expired || (query.error instanceof ApiError && query.error.status === 404)) return <ExpiredLink />;
  if (query.isPending) return <PageSpinner label={t`Checking your link…`} />;
  if (query.isError) {
    return (
      <div className="auth-card">
        <h1 className="auth-card__title">{title}</h1>
        <LoadError what={t`your link`} onRetry={query.refetch} />
      </div>
    );
  }
  if (doneFor !== null) {
    return (
      <div className="auth-card">
        <h1 className="auth-card__title">
          <Trans>Your password is set</Trans>
        </h1>
        <p role="status">
          <Trans>You can now log in to Grove with {doneFor} and your new password.</Trans>
        </p>
        <Link className="button button--primary button--block" to={href('login', null, { email: doneFor })}>
          <span className="button__label">
            <Trans>Log in</Trans>
          </span>
        </Link>
      </div>
    );
  }
  const link = query.data;
  const firstName = link.first_name;
  const email = link.email;
  return (
    <div className="auth-card">
      <h1 className="auth-card__title">{title}</h1>

      <p className="auth-card__intro">
        {firstName ? (
          <Trans>
            Hi {firstName}, choose the password for <strong>{email}</strong>.
          </Trans>
        ) : (
          <Trans>
            Choose the password for <strong>{email}</strong>.
          </Trans>
        )}
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
