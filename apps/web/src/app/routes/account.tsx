/**
 * root.user.management — /dashboard/account?segment= (SPEC §2): the account details
 * (features/account: profile, e-mail, password, shipping, people, devices, orders, settings) and,
 * for billing users, Subscription & Billing (features/billing). The side menu opens the details
 * segment; only billing users get the Subscription & Billing tab, and anyone else who opens
 * ?segment=billing is told why there is nothing to manage. Parents of a family account (billing
 * users and caregivers, not staff) also get Players (features/players, issue 25 item 2: add,
 * rename, in the program, complete an incomplete profile — `profile` names the one to complete)
 * and Privacy (features/privacy, issue 17): the policy, who receives data, the analytics choice and
 * the consent history. account/manage/* redirects here (session-rules.ts managementRedirect).
 */
import { Link, useSearchParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';

import { Page } from '../../components/page.tsx';
import { AccountDetails } from '../../features/account/account-details.tsx';
import { BillingSegment } from '../../features/billing/billing-segment.tsx';
import { DataRightsPanel } from '../../features/data-rights/data-rights-panel.tsx';
import { PlayersPanel } from '../../features/players/players-panel.tsx';
import { PrivacySegment } from '../../features/privacy/privacy-segment.tsx';
import { SharePanel } from '../../features/sharing/share-panel.tsx';
import { ContactSupportForm } from '../../features/support/contact-support-form.tsx';
import { href } from '../../lib/paths.ts';
import { useUserLayout } from '../layouts/layout-context.ts';

type Segment = 'details' | 'players' | 'billing' | 'privacy';

export function AccountRoute() {
  const { t } = useLingui();
  const { user } = useUserLayout();
  const [search] = useSearchParams();
  const asked = search.get('segment');
  // Players and Privacy are the family's: parents of an account (billing users and caregivers), not staff.
  const familyAccount = user.account && !user.is_staff ? user.account : null;
  const segment: Segment =
    asked === 'billing' ? 'billing' : (asked === 'players' || asked === 'privacy') && familyAccount ? asked : 'details';
  const segments: { id: Segment; label: string }[] = [{ id: 'details', label: t`Account details` }];
  if (familyAccount) segments.push({ id: 'players', label: t`Players` });
  if (user.is_billing_user) segments.push({ id: 'billing', label: t`Subscription & Billing` });
  if (familyAccount) segments.push({ id: 'privacy', label: t`Privacy` });

  return (
    <Page
      title={t`Account`}
      intro={t`Your players, contact details, shipping address, devices, subscription and privacy, in one place.`}
    >
      {segments.length > 1 ? (
        <nav className="segments" aria-label={t`Account sections`}>
          <ul>
            {segments.map((item) => (
              <li key={item.id}>
                <Link
                  className={`segments__link${segment === item.id ? ' segments__link--current' : ''}`}
                  aria-current={segment === item.id ? 'page' : undefined}
                  to={href('root.user.management', null, { segment: item.id })}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {segment === 'privacy' && familyAccount ? (
        <PrivacySegment
          timeZone={familyAccount.time_zone}
          dataRights={<DataRightsPanel accountId={familyAccount.id} timeZone={familyAccount.time_zone} />}
          sharing={<SharePanel accountId={familyAccount.id} timeZone={familyAccount.time_zone} />}
        />
      ) : segment === 'players' && familyAccount ? (
        <PlayersPanel accountId={familyAccount.id} />
      ) : segment === 'details' ? (
        <AccountDetails user={user} support={<ContactSupportForm user={user} />} />
      ) : (
        <BillingSegment user={user} />
      )}
    </Page>
  );
}
