/**
 * Account details (dashboard/account?segment=details; SPEC §2, issue 12 item 7): the person's own
 * details, e-mail, password, language (issue 29), community name, e-mail settings, the game link and the orders on one
 * side; the family's shipping address, people, devices, the note to the coach, the support form
 * (features/support, which the account route passes in) and the way to Subscription & Billing on
 * the other. One column on phones, two from about 1000 px.
 *
 * Staff and coaches without an account of their own see only what is theirs.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UserInfo } from '@grove/domain/api/user';

import { AccountCard } from '../../components/account-card.tsx';
import { href } from '../../lib/paths.ts';
import { CoachNoteForm } from './coach-note-form.tsx';
import { CommunityForm } from './community-form.tsx';
import { DevicesCard } from './devices-card.tsx';
import { EmailCard } from './email-card.tsx';
import { EmailSettingsCard } from './email-settings-card.tsx';
import { GameLinkForm } from './game-link-form.tsx';
import { LanguageCard } from './language-card.tsx';
import { OrdersCard } from './orders-card.tsx';
import { PasswordForm } from './password-form.tsx';
import { PeopleCard } from './people-card.tsx';
import { ProfileForm } from './profile-form.tsx';
import { ShippingForm } from './shipping-form.tsx';
import './account.css';

function BillingLinkCard() {
  const { t } = useLingui();
  return (
    <AccountCard title={t`Subscription & Billing`} intro={t`Your plan, payment method, invoices and renewals.`}>
      <p>
        <Link className="button button--secondary" to={href('root.user.management', null, { segment: 'billing' })}>
          <span className="button__label">
            <Trans>Open Subscription & Billing</Trans>
          </span>
        </Link>
      </p>
    </AccountCard>
  );
}

export function AccountDetails({
  user,
  support,
}: {
  user: UserInfo;
  /** The form to contact support, below the note to the coach (for someone with an account). */
  support: ReactNode;
}) {
  const accountId = user.account?.id ?? null;
  const timeZone = user.account?.time_zone ?? null;
  return (
    <div className="account-columns">
      <div className="account-column">
        <ProfileForm user={user} />
        <EmailCard user={user} />
        <PasswordForm user={user} />
        <LanguageCard />
        {accountId !== null ? (
          <>
            <CommunityForm user={user} />
            <EmailSettingsCard />
            <GameLinkForm user={user} />
            <OrdersCard timeZone={timeZone} />
          </>
        ) : null}
      </div>
      {accountId !== null ? (
        <div className="account-column">
          <ShippingForm />
          <PeopleCard user={user} accountId={accountId} />
          <DevicesCard accountId={accountId} timeZone={timeZone} />
          <CoachNoteForm accountId={accountId} timeZone={timeZone} />
          {support}
          {user.is_billing_user ? <BillingLinkCard /> : null}
        </div>
      ) : null}
    </div>
  );
}
