/**
 * /email/confirm?o=<token> (issue 12): the link sent to a new e-mail address. Opening it sends the
 * token; the new address replaces the old one, or the page says why the link did not work.
 */
import { Link, useLoaderData, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES } from '@grove/domain';
import type { UserInfo } from '@grove/domain/api/user';
import { Trans, useLingui } from '@lingui/react/macro';

import { confirmEmail } from '../../features/account/account.api.ts';
import { LinkAnswer } from '../../features/account/link-answer.tsx';
import { domainText } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { authKeys } from '../../lib/queries/user.ts';
import { PublicLayout } from '../layouts/public-layout.tsx';

export function EmailConfirmRoute() {
  const { t } = useLingui();
  const { user } = useLoaderData() as { user: UserInfo | null };
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const token = search.get('o')?.trim() ?? '';
  return (
    <PublicLayout narrow user={user}>
      <LinkAnswer
        token={token}
        send={confirmEmail}
        missingToken={domainText(ACCOUNT_MESSAGES.emailLinkInvalid)}
        titles={{
          working: t`Confirming your e-mail address…`,
          done: t`Your e-mail address is confirmed`,
          failed: t`We could not confirm your e-mail address`,
        }}
        done={(answer) => domainText(answer.detail)}
        // The signed-in person's record now has the new address.
        onDone={() => void queryClient.invalidateQueries({ queryKey: authKeys.userInfo() })}
        next={(answer) =>
          user ? (
            <Link
              className="button button--primary button--block"
              to={href('root.user.management', null, { segment: 'details' })}
            >
              <span className="button__label">
                <Trans>Back to your account</Trans>
              </span>
            </Link>
          ) : (
            <Link className="button button--primary button--block" to={href('login', null, { email: answer?.email })}>
              <span className="button__label">
                <Trans>Log in</Trans>
              </span>
            </Link>
          )
        }
      />
    </PublicLayout>
  );
}
