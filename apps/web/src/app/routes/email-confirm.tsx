/**
 * /email/confirm?o=<token> (issue 12): the link sent to a new e-mail address. Opening it sends the
 * token; the new address replaces the old one, or the page says why the link did not work.
 */
import { Link, useLoaderData, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES } from '@grove/domain';
import type { UserInfo } from '@grove/domain/api/user';

import { confirmEmail } from '../../features/account/account.api.ts';
import { LinkAnswer } from '../../features/account/link-answer.tsx';
import { href } from '../../lib/paths.ts';
import { authKeys } from '../../lib/queries/user.ts';
import { PublicLayout } from '../layouts/public-layout.tsx';

export function EmailConfirmRoute() {
  const { user } = useLoaderData() as { user: UserInfo | null };
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const token = search.get('o')?.trim() ?? '';
  return (
    <PublicLayout narrow user={user}>
      <LinkAnswer
        token={token}
        send={confirmEmail}
        missingToken={ACCOUNT_MESSAGES.emailLinkInvalid}
        titles={{
          working: 'Confirming your e-mail address…',
          done: 'Your e-mail address is confirmed',
          failed: 'We could not confirm your e-mail address',
        }}
        done={(answer) => answer.detail}
        // The signed-in person's record now has the new address.
        onDone={() => void queryClient.invalidateQueries({ queryKey: authKeys.userInfo() })}
        next={(answer) =>
          user ? (
            <Link
              className="button button--primary button--block"
              to={href('root.user.management', null, { segment: 'details' })}
            >
              <span className="button__label">Back to your account</span>
            </Link>
          ) : (
            <Link className="button button--primary button--block" to={href('login', null, { email: answer?.email })}>
              <span className="button__label">Log in</span>
            </Link>
          )
        }
      />
    </PublicLayout>
  );
}
