/**
 * /unsubscribe?t=<token> (issue 12): the link at the foot of the weekly summary e-mail. Opening it
 * turns the weekly summary off; it can be turned on again from the account page.
 */
import { Link, useLoaderData, useSearchParams } from 'react-router';
import { ACCOUNT_MESSAGES } from '@grove/domain';
import type { UserInfo } from '@grove/domain/api/user';
import { Trans, useLingui } from '@lingui/react/macro';

import { unsubscribe } from '../../features/account/account.api.ts';
import { LinkAnswer } from '../../features/account/link-answer.tsx';
import { domainText } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { PublicLayout } from '../layouts/public-layout.tsx';

export function UnsubscribeRoute() {
  const { t } = useLingui();
  const { user } = useLoaderData() as { user: UserInfo | null };
  const [search] = useSearchParams();
  const token = search.get('t')?.trim() ?? '';
  return (
    <PublicLayout narrow user={user}>
      <LinkAnswer
        token={token}
        send={unsubscribe}
        missingToken={t`This link is incomplete. Please open it again from the e-mail, or change your e-mail settings from your account page.`}
        titles={{
          working: t`Turning off the weekly summary…`,
          done: t`You are unsubscribed`,
          failed: t`We could not unsubscribe you`,
        }}
        done={() => domainText(ACCOUNT_MESSAGES.unsubscribed)}
        next={() =>
          user ? (
            <Link
              className="button button--secondary button--block"
              to={href('root.user.management', null, { segment: 'details' })}
            >
              <span className="button__label">
                <Trans>Your e-mail settings</Trans>
              </span>
            </Link>
          ) : (
            <Link
              className="button button--secondary button--block"
              to={href('login', null, { next: href('root.user.management', null, { segment: 'details' }) })}
            >
              <span className="button__label">
                <Trans>Log in to change your e-mail settings</Trans>
              </span>
            </Link>
          )
        }
      />
    </PublicLayout>
  );
}
