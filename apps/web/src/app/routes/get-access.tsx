/** /get-access?email= — a family that has no password yet asks for a link to set one. */
import { Link, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';

import { usePageTitle } from '../../components/page.tsx';
import { requestAccess } from '../../features/auth/auth.api.ts';
import { EmailRequestForm } from '../../features/auth/email-request-form.tsx';
import { href } from '../../lib/paths.ts';
import { PublicLayout } from '../layouts/public-layout.tsx';

export function GetAccessRoute() {
  const { t } = useLingui();
  const [search] = useSearchParams();
  usePageTitle(t`Get access`);
  return (
    <PublicLayout narrow>
      <div className="auth-card">
        <h1 className="auth-card__title">
          <Trans>Get access</Trans>
        </h1>
        <p className="auth-card__intro">
          <Trans>
            Bought Grove or were invited by your family? Enter your email and we’ll send you a link to set your
            password.
          </Trans>
        </p>
        <EmailRequestForm
          initialEmail={search.get('email') ?? ''}
          submitLabel={t`Send my link`}
          actionTitle={t`Requesting access`}
          send={requestAccess}
          sentText={(email) => (
            <Trans>
              If <strong>{email}</strong> is on a Grove account, we’ve sent it a link to set your password. Nothing
              arrived after a few minutes? Look in your spam folder, or ask again.
            </Trans>
          )}
        />
        <ul className="auth-card__links">
          <li>
            <Trans>
              Not a Grove family yet? <Link to={href('checkout')}>See plans and sign up</Link>
            </Trans>
          </li>
          <li>
            <Trans>
              Already have a password? <Link to={href('login')}>Log in</Link>
            </Trans>
          </li>
        </ul>
      </div>
    </PublicLayout>
  );
}
