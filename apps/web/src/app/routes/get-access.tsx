/** /get-access?email= — a family that has no password yet asks for a link to set one. */
import { Link, useSearchParams } from 'react-router';

import { usePageTitle } from '../../components/page.tsx';
import { requestAccess } from '../../features/auth/auth.api.ts';
import { EmailRequestForm } from '../../features/auth/email-request-form.tsx';
import { href } from '../../lib/paths.ts';
import { PublicLayout } from '../layouts/public-layout.tsx';

export function GetAccessRoute() {
  const [search] = useSearchParams();
  usePageTitle('Get access');
  return (
    <PublicLayout narrow>
      <div className="auth-card">
        <h1 className="auth-card__title">Get access</h1>
        <p className="auth-card__intro">
          Bought Grove or were invited by your family? Enter your email and we’ll send you a link to set your password.
        </p>
        <EmailRequestForm
          initialEmail={search.get('email') ?? ''}
          submitLabel="Send my link"
          actionTitle="Requesting access"
          send={requestAccess}
          sentText={(email) => (
            <>
              If <strong>{email}</strong> is on a Grove account, we’ve sent it a link to set your password. Nothing
              arrived after a few minutes? Look in your spam folder, or ask again.
            </>
          )}
        />
        <ul className="auth-card__links">
          <li>
            Not a Grove family yet? <Link to={href('checkout')}>See plans and sign up</Link>
          </li>
          <li>
            Already have a password? <Link to={href('login')}>Log in</Link>
          </li>
        </ul>
      </div>
    </PublicLayout>
  );
}
