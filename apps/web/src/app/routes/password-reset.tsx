/** /password-reset?email= — asks for a link to choose a new password. */
import { Link, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';

import { usePageTitle } from '../../components/page.tsx';
import { requestPasswordReset } from '../../features/auth/auth.api.ts';
import { EmailRequestForm } from '../../features/auth/email-request-form.tsx';
import { href } from '../../lib/paths.ts';
import { PublicLayout } from '../layouts/public-layout.tsx';

export function PasswordResetRoute() {
  const { t } = useLingui();
  const [search] = useSearchParams();
  usePageTitle(t`Reset your password`);
  return (
    <PublicLayout narrow>
      <div className="auth-card">
        <h1 className="auth-card__title">
          <Trans>Reset your password</Trans>
        </h1>
        <p className="auth-card__intro">
          <Trans>Enter the email you log in with. We’ll send you a link to choose a new password.</Trans>
        </p>
        <EmailRequestForm
          initialEmail={search.get('email') ?? ''}
          submitLabel={t`Send reset link`}
          actionTitle={t`Requesting a password reset`}
          send={requestPasswordReset}
          sentText={(email) => (
            <Trans>
              If <strong>{email}</strong> belongs to a Grove account, a link to choose a new password is on its way. The
              link can be used once and expires after a while, so use it soon. Nothing arrived after a few minutes? Look
              in your spam folder, or ask again.
            </Trans>
          )}
        />
        <ul className="auth-card__links">
          <li>
            <Trans>
              Remembered it? <Link to={href('login')}>Log in</Link>
            </Trans>
          </li>
        </ul>
      </div>
    </PublicLayout>
  );
}
